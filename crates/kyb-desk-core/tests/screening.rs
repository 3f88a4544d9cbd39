//! Watchlists end to end on one desk, over the demo sandbox: a list imported from the
//! files a user picks, with its provenance; a review that finds a file's shareholder
//! on it; the hit disposed of as a false positive, kept in the audit log, and not
//! raised again when the list is imported again; a refused file that leaves the list
//! before it in place. Also: the sandbox's generated identifiers pass the desk's own
//! checks, as a real service's do.

mod common;

use common::DemoDesk;
use kyb_desk_core::desk::{DisposeHit, ImportProgress, ImportStage, ListImport, ReviewMaterial};
use kyb_desk_core::error::{DeskCode, Details};
use kyb_desk_core::evidence::FindingKind;
use kyb_desk_core::screening::ListFormat;
use kyb_desk_core::screening::dispositions::HitVerdict as Verdict;
use kyb_desk_core::screening::formats::ListProblem;

async fn review(demo: &DemoDesk) -> ReviewMaterial {
    demo.example_review(&demo.evidence_files()).await
}

/// A 69-B list in the SAT's layout and encoding, naming `name` (with another RFC, as
/// a namesake would have) presumed.
fn sat_list(dir: &std::path::Path, file: &str, name: &str) -> String {
    let text = format!(
        "\"INFORMACIÓN ACTUALIZADA AL 1 DE DICIEMBRE DE 2026\",,,\r\nNo,RFC,Nombre del Contribuyente,Situación del contribuyente\r\n1,ZZZZ800101AB1,\"{name}\",Presunto\r\n2,AAA080808HL8,\"ASESORES EN AVALÚOS, S.A. DE C.V.\",Definitivo\r\n"
    );
    let path = dir.join(file);
    std::fs::write(&path, encoding_rs::WINDOWS_1252.encode(&text).0).expect("written");
    path.display().to_string()
}

#[tokio::test]
async fn a_listed_shareholder_is_a_hit_disposed_of_once_and_not_raised_again() {
    let demo = DemoDesk::start().await;
    let before = review(&demo).await;
    let shareholder = before
        .evidence
        .ownership
        .as_ref()
        .and_then(|o| o.owners.first())
        .map(|o| o.name.clone())
        .expect("the example file's deed has shareholders");
    assert!(before.evidence.hits.is_empty(), "no list, no hit");
    let picked = tempfile::tempdir().expect("dir");
    let path = sat_list(
        picked.path(),
        "Listado_Completo_69-B.csv",
        &shareholder.to_uppercase(),
    );
    // The example file is followed, and its detail was kept when it was reviewed: the
    // import screens it again at once, and says the hit is new.
    demo.desk
        .watch_file(
            &demo.manifest().examples.flow_id,
            &demo.manifest().examples.rfc,
        )
        .expect("followed");
    let _ = review(&demo).await;
    let heard = std::sync::Mutex::new(Vec::<ImportProgress>::new());
    let imported = demo
        .desk
        .import_list(
            ListImport {
                format: ListFormat::Sat69b,
                paths: vec![path.clone()],
            },
            &|p| heard.lock().expect("heard").push(p),
        )
        .await
        .expect("imported");
    assert!(imported.rescreened >= 1, "{imported:?}");
    // The window hears each stage in order, and how far each has come.
    let heard = heard.into_inner().expect("heard");
    let stages: Vec<ImportStage> = heard.iter().map(|p| p.stage).fold(Vec::new(), |mut s, x| {
        if s.last() != Some(&x) {
            s.push(x);
        }
        s
    });
    assert_eq!(
        stages,
        [
            ImportStage::Reading,
            ImportStage::Checking,
            ImportStage::Rescreening
        ]
    );
    let size = std::fs::metadata(&path).expect("the file").len();
    assert!(
        heard
            .iter()
            .any(|p| p.stage == ImportStage::Reading && (p.done, p.total) == (size, size)),
        "{heard:?}"
    );
    let last = heard.last().expect("heard");
    assert_eq!(
        (last.done, last.total),
        (
            u64::from(imported.rescreened),
            u64::from(imported.rescreened)
        )
    );
    assert!(
        imported
            .new_hits
            .iter()
            .any(|h| h.party == shareholder && h.row == "ZZZZ800101AB1"),
        "{:?}",
        imported.new_hits
    );
    let followed = demo.desk.watchlist().expect("the watchlist");
    let risk = followed
        .iter()
        .find(|f| {
            f.document_id.as_deref() == Some(&demo.manifest().examples.document_id.to_string())
        })
        .and_then(|f| f.risk.clone())
        .expect("its risk is kept for the column");
    assert_eq!(
        (risk.level, risk.hits),
        (Some(kyb_desk_core::evidence::Severity::High), 1)
    );
    let info = imported.info;
    assert_eq!((info.rows, info.version), (2, 1));
    assert_eq!(
        info.published.as_deref(),
        Some("INFORMACIÓN ACTUALIZADA AL 1 DE DICIEMBRE DE 2026")
    );
    assert_eq!(
        info.sha256,
        kyb_desk_core::hash::sha256_hex(&std::fs::read(&path).expect("read"))
    );

    let listed = review(&demo).await;
    let deed = listed
        .evidence
        .sections
        .iter()
        .find(|s| {
            s.deed
                && s.findings
                    .iter()
                    .any(|f| f.kind == FindingKind::WatchlistHit)
        })
        .expect("the hit is on the deed's section");
    let finding = deed
        .findings
        .iter()
        .find(|f| f.kind == FindingKind::WatchlistHit)
        .expect("hit");
    let hit = finding.hit.as_ref().expect("its list and row");
    assert_eq!(
        (hit.list, hit.row.as_str(), hit.score),
        (ListFormat::Sat69b, "ZZZZ800101AB1", 100)
    );
    assert!(
        deed.needs_acknowledgement,
        "a presumed 69-B taxpayer is high"
    );
    assert!(listed.evidence.summary.high > before.evidence.summary.high);

    let document_id = demo.manifest().examples.document_id.to_string();
    // A reason is required.
    let false_positive = |reason: &str| {
        demo.desk.dispose_hit(DisposeHit {
            document_id: document_id.clone(),
            list: hit.list,
            row: hit.row.clone(),
            party_key: hit.party_key.clone(),
            party: hit.party.clone(),
            verdict: Verdict::FalsePositive,
            reason: reason.into(),
        })
    };
    let refused = false_positive("  ").await.expect_err("no reason");
    assert_eq!(refused.code, DeskCode::InvalidInput);
    false_positive("Homónimo: otro RFC y otra fecha de nacimiento")
        .await
        .expect("disposed");
    let log = demo.desk.audit_entries().expect("the log");
    let entry = log
        .entries
        .iter()
        .find(|e| e.record.operation == "desk: hit-disposed")
        .expect("the disposition is in the audit log");
    assert!(
        entry.record.summary.contains("falso positivo")
            && entry.record.summary.contains("Homónimo"),
        "{}",
        entry.record.summary
    );
    assert!(
        log.entries
            .iter()
            .any(|e| e.record.operation == "desk: list-imported")
    );

    // Imported again (a new publication): version 2, and nothing raised for it.
    let again = demo
        .desk
        .import_list(
            ListImport {
                format: ListFormat::Sat69b,
                paths: vec![path],
            },
            &|_| {},
        )
        .await
        .expect("imported again");
    assert_eq!(again.info.version, 2);
    assert!(again.new_hits.is_empty(), "{:?}", again.new_hits);
    let after = review(&demo).await;
    assert!(
        !after
            .evidence
            .sections
            .iter()
            .flat_map(|s| &s.findings)
            .any(|f| f.kind == FindingKind::WatchlistHit),
        "a false positive is not raised again"
    );
    let kept = after
        .evidence
        .hits
        .first()
        .expect("the hit is still listed, disposed of");
    assert_eq!(
        kept.disposition.as_ref().map(|d| d.verdict),
        Some(Verdict::FalsePositive)
    );

    // A file that is no list is refused, and version 2 stays.
    let broken = picked.path().join("broken.csv");
    std::fs::write(&broken, b"No,RFC,Nombre del Contribuyente\r\n1,AAA,\"cut").expect("written");
    let err = demo
        .desk
        .import_list(
            ListImport {
                format: ListFormat::Sat69b,
                paths: vec![broken.display().to_string()],
            },
            &|_| {},
        )
        .await
        .expect_err("refused");
    assert_eq!(err.code, DeskCode::ListUnreadable);
    assert!(
        matches!(
            err.details.as_deref(),
            Some(Details::ListUnreadable {
                problem: ListProblem::Truncated,
                ..
            })
        ),
        "{err:?}"
    );
    let lists = demo.desk.risk_lists().await.expect("lists");
    assert_eq!((lists.len(), lists[0].version), (1, 2));
}

#[tokio::test]
async fn the_sandboxs_identifiers_pass_the_desks_own_checks() {
    let demo = DemoDesk::start().await;
    let material = review(&demo).await;
    let own: Vec<FindingKind> = material
        .evidence
        .sections
        .iter()
        .flat_map(|s| &s.findings)
        .map(|f| f.kind)
        .filter(|k| {
            matches!(
                k,
                FindingKind::IdentifierMalformed
                    | FindingKind::IdentifierCheckDigit
                    | FindingKind::RfcCurpDisagree
                    | FindingKind::CurpNamesDisagree
                    | FindingKind::CompanyRfcDate
                    | FindingKind::DeedCompanyName
            )
        })
        .collect();
    assert_eq!(own, vec![]);
}

/// A list the policy (here, the demo's sandbox) offers by address: downloaded under the
/// evidence's rules only when asked, its origin kept. An address on a private network
/// is refused before any connection, and nothing is kept.
#[tokio::test]
async fn a_list_is_imported_from_the_address_offered_and_none_from_a_private_one() {
    use kyb_desk_core::images::ImageFetcher;
    use kyb_desk_core::policy::checks::ListSource;
    use kyb_desk_core::screening::store::ListOrigin;

    let demo = DemoDesk::start().await;
    let base = reqwest::Url::parse(&demo.manifest().base_url).expect("address");
    let fetcher = ImageFetcher::new(Some(&base)).expect("fetcher");
    let served = demo.sandbox.serve_demo_lists();
    let (_, _, url) = served
        .iter()
        .find(|(format, _, _)| *format == "sat69b")
        .expect("the demo's 69-B list is served")
        .clone();
    demo.desk.offer_list_sources(vec![
        ListSource {
            name: "SAT 69-B".into(),
            format: ListFormat::Sat69b,
            url: url.clone(),
            aliases_url: None,
        },
        ListSource {
            name: "Una intranet".into(),
            format: ListFormat::Sat69,
            url: "https://10.1.2.3/Listado_69.csv".into(),
            aliases_url: None,
        },
    ]);
    assert_eq!(demo.desk.list_sources().len(), 2);
    assert!(
        demo.desk.risk_lists().await.expect("lists").is_empty(),
        "nothing is fetched until the user asks"
    );

    let heard = std::sync::Mutex::new(Vec::<ImportProgress>::new());
    let imported = demo
        .desk
        .import_list_from(ListFormat::Sat69b, &fetcher, &|p| {
            heard.lock().expect("heard").push(p)
        })
        .await
        .expect("downloaded and imported");
    assert_eq!(imported.info.origin, ListOrigin::Address { url });
    assert!(imported.info.rows > 0);
    assert_eq!(
        heard.into_inner().expect("heard").first().map(|p| p.stage),
        Some(ImportStage::Downloading)
    );

    let refused = demo
        .desk
        .import_list_from(ListFormat::Sat69, &fetcher, &|_| {})
        .await
        .expect_err("a private address");
    assert_eq!(refused.code, DeskCode::UnsafeAddress, "{refused:?}");
    let lists = demo.desk.risk_lists().await.expect("lists");
    assert_eq!(
        lists.iter().map(|l| l.format).collect::<Vec<_>>(),
        [ListFormat::Sat69b]
    );
    // A format no address is offered for is not fetched from anywhere.
    let none = demo
        .desk
        .import_list_from(ListFormat::OpenSanctions, &fetcher, &|_| {})
        .await
        .expect_err("no address");
    assert_eq!(none.code, DeskCode::ListUnreadable);
}

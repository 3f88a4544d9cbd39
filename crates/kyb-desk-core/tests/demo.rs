//! The demo world as `kyb-desk --demo` opens it: followed files in every status, the
//! guide's leads, and a start afresh that leaves nothing of the previous run.

mod common;

use std::collections::BTreeSet;

use common::{DemoDesk, MemoryStore};
use kyb_api::file::DocumentStatus;
use kyb_api::verification::VerificationStatus;
use kyb_desk_core::demo;
use kyb_desk_core::desk::Desk;
use kyb_desk_core::secrets::KeyVault;

#[tokio::test]
async fn the_demo_follows_files_in_every_status_and_fills_them_in() {
    let demo = DemoDesk::start().await;
    let guide = demo::populate(&demo.desk, &demo.sandbox)
        .await
        .expect("populated");
    let rows = demo.desk.watchlist().expect("watchlist");
    assert!((15..=25).contains(&rows.len()), "{} files", rows.len());
    // Every row was asked at start: none waits for a first refresh.
    assert!(
        rows.iter()
            .all(|r| r.document_status.is_some() && r.last_error.is_none()),
        "{rows:#?}"
    );
    let seen: BTreeSet<&str> = rows
        .iter()
        .filter_map(|r| r.document_status.as_deref())
        .collect();
    // The seeded files use the tracking's name of the correction state; the other
    // name is what a correction sent in the demo leaves.
    for status in DocumentStatus::KNOWN
        .iter()
        .filter(|s| !matches!(s, DocumentStatus::PendienteDeCorreccion))
    {
        assert!(
            seen.contains(status.as_str()),
            "{status:?} missing: {seen:?}"
        );
    }
    let examples = &demo.manifest().examples;
    let followed = |rfc: &str| rows.iter().any(|r| r.rfc == rfc);
    assert!(followed(&examples.rfc), "the example file");
    assert!(followed(&examples.large_rfc), "the large file");
    assert!(followed(&examples.hostile_rfc), "hostile documents");
    let tenant = demo.manifest().tenants[0].workspace_id;
    let natural = demo
        .sandbox
        .files_of(tenant)
        .into_iter()
        .filter(|f| f.natural_person)
        .any(|f| followed(&f.rfc));
    assert!(natural, "a natural-person file");

    assert_eq!(guide.review.rfc, examples.rfc);
    assert_eq!(guide.review.document_id, examples.document_id.to_string());
    let statuses: BTreeSet<&str> = guide.folios.iter().map(|f| f.status.as_str()).collect();
    for status in VerificationStatus::KNOWN {
        assert!(statuses.contains(status.as_str()), "no folio {status:?}");
    }
    let resend = guide
        .folios
        .iter()
        .find(|f| f.folio == guide.resend_folio)
        .expect("the resend lead is one of the folios");
    assert!(resend.status.accepts_resend());

    // A fresh demo's dashboard shows a past month of decisions, not zeros: decisions on
    // working days, their times to decision, and the reasons given; the log that holds
    // them is whole.
    let dashboard = demo
        .desk
        .dashboard(&kyb_desk_core::dashboard::DashboardQuery {
            utc_offset_minutes: -360,
            ..Default::default()
        })
        .await
        .expect("the dashboard");
    assert!(dashboard.decisions_total >= 15, "{dashboard:?}");
    let days: BTreeSet<&str> = dashboard.decisions.iter().map(|d| d.day.as_str()).collect();
    assert!(days.len() >= 10, "{days:?}");
    assert_eq!(dashboard.time_to_decision.untimed, 0);
    assert!(dashboard.time_to_decision.median_seconds.is_some());
    assert!(!dashboard.reasons.top.is_empty());
    assert!(dashboard.queue.open > 0);
    let chain = demo.desk.verify_audit().expect("the chain");
    assert!(
        chain.breaks.is_empty() && chain.unreadable == 0,
        "{chain:?}"
    );
}

#[tokio::test]
async fn a_demo_start_leaves_nothing_of_the_previous_run() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let demo = DemoDesk::start_in(dir).await;
    demo::populate(&demo.desk, &demo.sandbox)
        .await
        .expect("populated");
    let path = demo.data_dir().to_path_buf();
    assert!(!demo.desk.watchlist().expect("watchlist").is_empty());
    let DemoDesk { desk, dir, .. } = demo;
    drop(desk);
    // The window's preferences are the user's, not the demo world's: they stay.
    let preferences = path.join(kyb_desk_core::store::PREFERENCES_FILE);
    std::fs::write(&preferences, br#"{"language":"en"}"#).expect("preferences");

    demo::start_afresh(&path, "kyb-desk-test-afresh").expect("started afresh");
    let mut left: Vec<String> = std::fs::read_dir(&path)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        vec![".lock".to_owned(), "preferences.json".to_owned()]
    );
    assert_eq!(
        std::fs::read(&preferences).expect("kept"),
        br#"{"language":"en"}"#
    );
    // A desk opened there starts with nothing: no profile, no watchlist, no audit.
    let desk = Desk::open(
        &path,
        Box::new(MemoryStore::default()),
        KeyVault::new("kyb-desk-test-afresh"),
        None,
    )
    .expect("desk opens");
    assert!(desk.profiles().profiles.is_empty());
    assert!(desk.audit_entries().expect("audit").entries.is_empty());
    drop(dir);
}

#[tokio::test]
async fn a_demo_folder_another_app_holds_is_left_as_it_is() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let demo = DemoDesk::start_in(dir).await;
    let path = demo.data_dir().to_path_buf();
    demo.desk
        .watch_file(
            &demo.manifest().examples.flow_id,
            &demo.manifest().examples.rfc,
        )
        .expect("followed");
    // The desk still holds the folder: starting afresh waits, then says so and removes nothing.
    let refused = demo::start_afresh(&path, "kyb-desk-test-held").expect_err("refused");
    assert_eq!(
        refused.code,
        kyb_desk_core::error::DeskCode::DataFolderInUse
    );
    assert_eq!(
        refused.details.as_deref(),
        Some(&kyb_desk_core::error::Details::Path {
            path: path.display().to_string()
        })
    );
    assert_eq!(demo.desk.watchlist().expect("watchlist").len(), 1);
    assert!(std::fs::read_dir(&path).expect("folder").count() > 1);
}

/// The demo's own checks at work: its risk lists are imported at start, the example
/// file's shareholder is a 69-B hit, its other person a near miss on the SDN list, and
/// the doubtful file has a shareholder that is a company and a CURP wrong on purpose.
#[tokio::test]
async fn the_demo_screens_against_its_lists_and_shows_its_planned_findings() {
    use kyb_desk_core::evidence::FindingKind;
    use kyb_desk_core::screening::ListFormat;

    let demo = DemoDesk::start().await;
    demo::populate(&demo.desk, &demo.sandbox)
        .await
        .expect("populated");
    let lists = demo.desk.risk_lists().await.expect("lists");
    let formats: Vec<ListFormat> = lists.iter().map(|l| l.format).collect();
    assert_eq!(formats, vec![ListFormat::Sat69b, ListFormat::OfacSdn]);
    // Populated again (the demo opened again on its folder): nothing imported twice.
    demo::populate(&demo.desk, &demo.sandbox)
        .await
        .expect("again");
    assert!(
        demo.desk
            .risk_lists()
            .await
            .expect("lists")
            .iter()
            .all(|l| l.version == 1)
    );

    let files = demo.evidence_files();
    let e = &demo.manifest().examples;
    let example = demo.example_review(&files).await;
    let on = |list: ListFormat| {
        example
            .evidence
            .hits
            .iter()
            .filter(|h| h.list == list)
            .map(|h| (h.roles.clone(), h.score))
            .collect::<Vec<_>>()
    };
    assert!(
        !on(ListFormat::Sat69b).is_empty(),
        "the shareholder on the 69-B list"
    );
    let near: Vec<u32> = on(ListFormat::OfacSdn)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    assert!(
        !near.is_empty() && near.iter().all(|s| (90..100).contains(s)),
        "a near miss: {near:?}"
    );

    let doubtful = demo
        .desk
        .review_material(
            &files,
            &e.flow_id_hostile,
            &e.hostile_rfc,
            &e.hostile_document_id.to_string(),
        )
        .await
        .expect("the doubtful file's review");
    let kinds: Vec<FindingKind> = doubtful
        .evidence
        .sections
        .iter()
        .flat_map(|s| &s.findings)
        .map(|f| f.kind)
        .collect();
    assert!(
        kinds.contains(&FindingKind::CompanyShareholder),
        "{kinds:?}"
    );
    assert!(
        kinds.contains(&FindingKind::IdentifierCheckDigit),
        "{kinds:?}"
    );
    assert!(
        doubtful
            .evidence
            .ownership
            .as_ref()
            .is_some_and(|o| o.owners.iter().any(|x| x.company)),
        "the company among the owners"
    );
}

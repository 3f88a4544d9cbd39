//! A dossier exported by the desk for the demo file over real loopback HTTP: after an
//! acknowledgement and a correction, the ZIP holds them, its check passes, and the log
//! records the export's digest, which a dossier rewritten whole no longer matches.

mod common;

use common::{DemoDesk, acceptance};
use kyb_desk_core::dossier::{self, Dossier, archive};

#[tokio::test]
async fn the_demo_file_s_dossier_holds_its_decisions_and_the_log_records_it() {
    let demo = DemoDesk::start().await;
    let (files, flagged) = demo.example_flagged_section().await;
    let examples = &demo.manifest().examples;
    let document_id = examples.document_id.to_string();
    demo.desk
        .acknowledge_findings(&document_id, &flagged.section)
        .await
        .expect("acknowledged");
    common::send_correction(&demo.desk, acceptance(&document_id, &flagged.section))
        .await
        .expect("sent");

    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("expediente.zip");
    let exported = demo
        .export_example_dossier(&files, &path, true)
        .await
        .expect("exported");
    let bytes = std::fs::read(&path).expect("the ZIP is where it was asked");
    let audit = demo.desk.audit_dossier(&bytes).expect("checked");
    assert!(audit.check.holds(), "{:?}", audit.check.problems);
    assert!(audit.recorded, "the log names its digest");
    assert_eq!(
        audit.check.digest.as_deref(),
        Some(exported.digest.as_str())
    );

    let json = archive::members(&bytes)
        .expect("a ZIP")
        .into_iter()
        .find(|m| m.name == archive::JSON)
        .expect("its JSON")
        .bytes;
    let mut read: Dossier = serde_json::from_slice(&json).expect("a dossier");
    assert_eq!(read.acknowledged.len(), 1);
    let section = read
        .sections
        .iter()
        .find(|s| s.section == flagged.section)
        .expect("the section decided");
    assert!(section.decided_at_utc.is_some() && section.trail_seq.is_some());
    assert!(
        read.documents.iter().any(|d| d.sha256.is_some()),
        "the evidence's files hashed: {:?}",
        read.documents
    );
    assert!(read.trail.entries.len() >= 2);

    // The documents themselves, asked for: each in the ZIP under the name its entry
    // gives, its bytes those its SHA-256 names; `unzip` and `sha256sum -c`, which the
    // desk did not write, agree.
    let included: Vec<&dossier::model::DocumentHash> = read
        .documents
        .iter()
        .filter(|d| d.member.is_some())
        .collect();
    assert!(!included.is_empty(), "{:?}", read.documents);
    assert_eq!(
        included.len(),
        read.documents.iter().filter(|d| d.sha256.is_some()).count(),
        "every document fetched is included"
    );
    let unzipped = tempfile::tempdir().expect("tempdir");
    let run = |program: &str, args: &[&str]| {
        let out = std::process::Command::new(program)
            .args(args)
            .current_dir(unzipped.path())
            .output()
            .unwrap_or_else(|e| panic!("{program} runs (scripts/install-deps.sh): {e}"));
        assert!(
            out.status.success(),
            "{program}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    run("unzip", &["-q", path.to_str().expect("a path")]);
    let said = run("sha256sum", &["-c", "SHA256SUMS"]);
    for doc in &included {
        let member = doc.member.as_deref().expect("a member");
        assert!(said.contains(&format!("{member}: OK")), "{said}");
        let on_disk = std::fs::read(unzipped.path().join(member)).expect("unzipped");
        assert_eq!(
            Some(kyb_desk_core::hash::sha256_hex(&on_disk)),
            doc.sha256.clone()
        );
    }
    // One document swapped in the ZIP (its JSON and sums as they were): caught, named.
    let members = archive::members(&bytes).expect("a ZIP");
    let first = included[0].member.as_deref().expect("a member");
    let swapped: Vec<(String, Vec<u8>)> = members
        .iter()
        .map(|m| {
            let content = if m.name == first {
                b"%PDF-1.4 otro documento %%EOF".to_vec()
            } else if m.name.starts_with(archive::DOCUMENTS) {
                std::fs::read(unzipped.path().join(&m.name)).expect("unzipped")
            } else {
                m.bytes.clone()
            };
            (m.name.clone(), content)
        })
        .collect();
    let zip = |extra: Option<(&str, &[u8])>| {
        let mut all: Vec<(&str, &[u8])> = swapped
            .iter()
            .map(|(n, b)| (n.as_str(), b.as_slice()))
            .collect();
        all.extend(extra);
        archive::zip_members(&all).expect("zipped")
    };
    let check = dossier::verify(&zip(None));
    assert_eq!(
        check.problems,
        [dossier::DossierProblem::SumMismatch {
            name: first.to_owned()
        }]
    );
    // A document the JSON does not name is one too many.
    let check = dossier::verify(&zip(Some(("documentos/999-extra.pdf", b"%PDF-1.4"))));
    assert!(
        check
            .problems
            .contains(&dossier::DossierProblem::ExtraMember {
                name: "documentos/999-extra.pdf".to_owned()
            })
    );

    // Rewritten whole: consistent in itself, but the log never recorded it.
    read.file.company_name = Some("Otra compañía".into());
    for document in &mut read.documents {
        document.member = None;
    }
    let forged = archive::build(&read).expect("built");
    let audit = demo.desk.audit_dossier(&forged.bytes).expect("checked");
    assert!(audit.check.holds());
    assert!(!audit.recorded);
    assert!(dossier::verify(&forged.bytes).digest != Some(exported.digest));
}

/// A destination that cannot be written: the error reaches the analyst, no file is
/// left, and the log says the export was begun for that digest and failed (an intent
/// and its failed outcome), not that a dossier exists, nor nothing at all.
#[tokio::test]
async fn a_dossier_that_cannot_be_saved_is_logged_as_failed_and_leaves_no_file() {
    let demo = DemoDesk::start().await;
    let files = demo.evidence_files();
    let dir = tempfile::tempdir().expect("tempdir");
    // A file where the folder should be: refused whoever runs the test (root too).
    std::fs::write(dir.path().join("carpeta"), b"x").expect("a file");
    let path = dir.path().join("carpeta/expediente.zip");
    let error = demo
        .export_example_dossier(&files, &path, false)
        .await
        .expect_err("nowhere to save it");
    assert_eq!(error.code.to_string(), "storage", "{error:?}");
    assert!(!path.exists());
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .expect("listing")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(leftovers, ["carpeta"]);

    let entries = demo.desk.audit_entries().expect("the log").entries;
    let [.., intent, outcome] = entries.as_slice() else {
        panic!("two entries at least: {entries:?}")
    };
    for entry in [intent, outcome] {
        assert_eq!(entry.record.operation, "desk: dossier-exported");
        assert!(entry.record.summary.contains("sha256"), "{entry:?}");
    }
    assert_eq!(
        intent.record.outcome.code.as_ref().map(ToString::to_string),
        Some("intent".to_owned())
    );
    assert_eq!(outcome.record.completes, Some(intent.record.seq));
    assert!(!outcome.record.outcome.ok);
    assert_eq!(
        outcome
            .record
            .outcome
            .code
            .as_ref()
            .map(ToString::to_string),
        Some("storage".to_owned())
    );
}

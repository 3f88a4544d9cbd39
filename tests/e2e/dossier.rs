//! The auditor's dossier, in the real window: the demo file is followed and opened,
//! its dossier exported from its page with its documents; the ZIP is where the save
//! went, the documents in it, its check
//! (docs/DOSSIER.md) passes, the digest the window shows is its own, and its PDF reads
//! back with the file's name.
//!
//! The export skips the save dialog: `scripts/session.sh --driver` names a folder in
//! `KYB_DESK_TEST_SAVE_DIR`, where the debug build saves instead of asking.

use std::path::PathBuf;

use kyb_desk_core::dossier::{self, archive};
use kyb_e2e::{demo_examples, with_demo_app};

#[tokio::test]
async fn the_demo_file_s_dossier_is_exported_and_its_check_passes() {
    let saves = PathBuf::from(std::env::var("KYB_DESK_TEST_SAVE_DIR").expect(
        "KYB_DESK_TEST_SAVE_DIR names where the app saves exports (scripts/session.sh --driver sets it)",
    ));
    let examples = demo_examples().await;
    let document_id = examples.document_id.to_string();
    let exported = saves.join(format!("expediente-auditoria-{document_id}.zip"));
    // An export of an earlier journey in this session is not this one's.
    let _ = std::fs::remove_file(&exported);
    let file = exported.clone();
    with_demo_app(move |app| async move {
        app.follow_and_open(&examples.rfc).await;
        app.text_of("[data-testid=tracking-person]").await;

        // With the documents themselves.
        app.click("[data-testid=dossier-with-documents]").await;
        app.click("[data-testid=export-dossier]").await;
        let saved = app
            .wait_for_text(
                "[data-testid=dossier-saved]",
                "Expediente para auditoría guardado en",
            )
            .await;
        assert!(saved.contains(&document_id), "{saved}");
        let shown = app.text_of("[data-testid=dossier-digest]").await;

        let bytes = std::fs::read(&file).expect("the dossier is where the save went");
        let check = dossier::verify(&bytes);
        assert!(check.holds(), "{:?}", check.problems);
        assert_eq!(check.document_id.as_deref(), Some(document_id.as_str()));
        let documents = archive::members(&bytes)
            .expect("a ZIP")
            .into_iter()
            .filter(|m| m.name.starts_with(archive::DOCUMENTS))
            .count();
        assert!(documents > 0, "the documents are in the ZIP");
        let digest = check.digest.expect("its digest");
        assert!(shown.contains(&digest), "{shown} names {digest}");

        // Its report reads back, accents and all.
        let pdf = archive::members(&bytes)
            .expect("a ZIP")
            .into_iter()
            .find(|m| m.name == archive::PDF)
            .expect("its report")
            .bytes;
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("informe.pdf");
        std::fs::write(&path, pdf).expect("written");
        let text = std::process::Command::new("pdftotext")
            .args(["-enc", "UTF-8"])
            .arg(&path)
            .arg("-")
            .output()
            .expect("pdftotext (poppler-utils)");
        let text = String::from_utf8_lossy(&text.stdout).into_owned();
        assert!(text.contains("Expediente para auditoría"), "{text}");
        assert!(text.contains(&document_id), "{text}");
    })
    .await;
    let _ = std::fs::remove_file(&exported);
}

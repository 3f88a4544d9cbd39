//! "Export diagnostics" in the real window: after a little demo work (a file followed,
//! its tracking read), the About page's dialog shows every section of the bundle, and
//! "Guardar…" writes it: the file is there, with its sections, and holds neither the
//! file's RFC nor its DocumentId nor the demo analyst's e-mail.
//!
//! The save skips the native dialog: `scripts/session.sh --driver` names a folder in
//! `KYB_DESK_TEST_SAVE_DIR`, where the debug build saves instead of asking.

use std::path::PathBuf;

use kyb_e2e::{demo_examples, with_demo_app};

const FILE_NAME: &str = "kyb-desk-diagnostico.json";

#[tokio::test]
async fn the_diagnostics_are_shown_then_saved_with_their_sections_and_no_one_s_data() {
    let saves = PathBuf::from(std::env::var("KYB_DESK_TEST_SAVE_DIR").expect(
        "KYB_DESK_TEST_SAVE_DIR names where the app saves exports (scripts/session.sh --driver sets it)",
    ));
    let saved = saves.join(FILE_NAME);
    // A bundle of an earlier journey in this session is not this one's.
    let _ = std::fs::remove_file(&saved);
    let examples = demo_examples().await;
    let file = saved.clone();
    with_demo_app(move |app| async move {
        app.follow_and_open(&examples.rfc).await;
        app.text_of("[data-testid=tracking-person]").await;

        app.click("[data-testid=nav-about]").await;
        app.click("[data-testid=open-diagnostics]").await;
        app.wait_for_text("[data-testid=diagnostics] h3", "Diagnóstico para soporte")
            .await;
        // Every section shown before anything is written; the day's calls among the logs.
        app.wait_for_text("[data-testid=diagnostics-logs]", "service call")
            .await;
        for section in ["version", "platform", "drift", "recoveries", "withheld"] {
            app.text_of(&format!("[data-testid=diagnostics-{section}]"))
                .await;
        }
        assert!(!file.exists(), "nothing is written before the user saves");
        let shown = app.text_of("[data-testid=diagnostics]").await;
        assert!(!shown.contains(&examples.rfc), "the RFC on the preview");

        app.click("[data-testid=diagnostics-save]").await;
        let told = app
            .wait_for_text("[data-testid=diagnostics-saved]", FILE_NAME)
            .await;
        assert!(told.contains(&file.display().to_string()), "{told}");
        let written = std::fs::read_to_string(&file).expect("the saved bundle");
        let bundle: serde_json::Value = serde_json::from_str(&written).expect("JSON");
        assert_eq!(bundle["kind"], "kyb-desk-diagnostics");
        for section in [
            "version",
            "platform",
            "logs",
            "drift",
            "recoveries",
            "withheld",
        ] {
            assert!(!bundle[section].is_null(), "no {section}: {written}");
        }
        assert!(
            written.contains("service call"),
            "the day's calls are in it"
        );
        let lower = written.to_lowercase();
        for datum in [examples.rfc.as_str(), &examples.document_id.to_string()] {
            assert!(
                !lower.contains(&datum.to_lowercase()),
                "{datum} is in the bundle"
            );
        }
        // The demo analyst's e-mail, and any other: none is left.
        assert!(!written.contains('@'), "an e-mail is in the bundle");
        // Escape, pressed, closes the dialog.
        app.press(fantoccini::key::Key::Escape).await;
        app.wait_until_gone("[data-testid=diagnostics]").await;
    })
    .await;
    let _ = std::fs::remove_file(&saved);
}

//! Learning from production, in the real window: a tracking answer the sandbox alters
//! (a null string, unknown fields, one of them holding someone's data) shows in "Acerca
//! del servicio", and the file exported from there holds no name, e-mail, RFC or CURP.
//!
//! The export skips the save dialog: `scripts/session.sh --driver` names a folder in
//! `KYB_DESK_TEST_SAVE_DIR`, where the debug build saves instead of asking.

use std::path::PathBuf;

use kyb_e2e::{alter_tracking, connect, raw_tracking, with_app};
use kyb_sandbox::altered::{ADDED_PERSONAL, personal_data};
use kyb_sandbox::{Sandbox, SandboxConfig};

const EXPORT_NAME: &str = "kyb-desk-respuestas-del-servicio.json";

#[tokio::test]
async fn an_altered_answer_shows_in_about_the_service_and_exports_without_personal_data() {
    let saves = PathBuf::from(std::env::var("KYB_DESK_TEST_SAVE_DIR").expect(
        "KYB_DESK_TEST_SAVE_DIR names where the app saves exports (scripts/session.sh --driver sets it)",
    ));
    let exported = saves.join(EXPORT_NAME);
    // An export of an earlier journey in this session is not this one's.
    let _ = std::fs::remove_file(&exported);
    let sandbox = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let manifest = sandbox.manifest.clone();
    let original = raw_tracking(&manifest).await;
    let mut personal = personal_data(&original);
    assert!(
        personal.contains(&manifest.examples.rfc),
        "the answer's data is found: {personal:?}"
    );
    personal.extend(ADDED_PERSONAL.map(String::from));

    let rfc = manifest.examples.rfc.clone();
    let file = exported.clone();
    with_app(move |app| async move {
        connect(&app, &manifest).await;
        // Nothing read yet: the connection check's answers name no file.
        app.click("[data-testid=nav-about]").await;
        app.wait_for_text("h2", "Acerca del servicio").await;
        app.wait_for_text("[data-testid=drift-empty]", "Aún no se ha leído")
            .await;

        // From now on the service answers the tracking with what the spec does not say.
        alter_tracking(&sandbox);
        app.click("[data-testid=nav-watchlist]").await;
        app.follow_and_open(&rfc).await;
        app.text_of("[data-testid=tracking-person]").await;

        app.click("[data-testid=nav-about]").await;
        let card = "[data-testid=drift-operation][data-route='POST /expedientes/v1/tracking']";
        let heading = app
            .wait_for_text(&format!("{card} h3"), "Seguimiento")
            .await;
        assert!(
            heading.contains("POST /expedientes/v1/tracking"),
            "{heading}"
        );
        app.wait_for_text("[data-testid=drift-null]", "Person[].FaceKeyId")
            .await;
        app.wait_for_text("[data-testid=drift-unknown-field]", "CampoNuevo")
            .await;
        let unknown = app.texts_of("[data-testid=drift-unknown-field]").await;
        assert!(
            unknown.iter().any(|u| u.contains("omitido")),
            "the member named by an RFC is counted, its name withheld: {unknown:?}"
        );
        // The About page's own text: the app's notices (a file "por vencer", named by
        // its RFC, depending on the hour the journey runs) are the user's own files.
        let shown = app
            .texts_of("section[aria-labelledby=about-title]")
            .await
            .join("\n");
        assert!(shown.contains("CampoNuevo"), "the panel was read: {shown}");
        for data in &personal {
            assert!(
                !shown.contains(data.as_str()),
                "{data:?} on the panel: {shown}"
            );
        }

        app.click("[data-testid=export-drift]").await;
        let saved = app
            .wait_for_text("[data-testid=drift-saved]", EXPORT_NAME)
            .await;
        assert!(saved.contains(&file.display().to_string()), "{saved}");
        let written = std::fs::read_to_string(&file).expect("the exported file");
        let export: serde_json::Value = serde_json::from_str(&written).expect("JSON");
        let tracking = &export["report"]["operations"]["POST /expedientes/v1/tracking"];
        assert!(
            tracking["nulls"]["Person[].FaceKeyId"].as_u64() >= Some(1),
            "{written}"
        );
        assert!(
            tracking["unknownFields"]["CampoNuevo"].as_u64() >= Some(1),
            "{written}"
        );
        let lower = written.to_lowercase();
        for data in &personal {
            assert!(
                !lower.contains(&data.to_lowercase()),
                "{data:?} is in the export: {written}"
            );
        }
    })
    .await;
    let _ = std::fs::remove_file(&exported);
}

//! In demo mode: review a file — two sections accepted, one rejected — send it, and see
//! its tracking return it to the user; and a rejection comment being typed when the
//! app closes is there when it opens again, until the analyst starts over.

use kyb_e2e::{App, DataDir, connect, demo_examples, with_app_at, with_demo_app};
use kyb_sandbox::{Sandbox, SandboxConfig};
use serde_json::{Value, json};

const COMMENT: &str = "El comprobante tiene más de 3 meses: suba uno reciente";

/// A part of one section's row in the review (or the row itself with `""`).
fn section(name: &str, part: &str) -> String {
    let row = format!("[data-testid=review-section][data-section={name}]");
    if part.is_empty() {
        row
    } else {
        format!("{row} [data-testid={part}]")
    }
}

/// From the watchlist: follows the file (when it is not followed yet), opens its
/// tracking and starts the review.
async fn open_review(app: &App, rfc: &str, follow: bool) {
    app.wait_for_text("[data-testid=active-profile]", "").await;
    if follow {
        app.follow(rfc).await;
    }
    app.wait_for_text("[data-testid=watch-row]", rfc).await;
    app.click("[data-testid=open-file]").await;
    app.click("[data-testid=start-review]").await;
    app.text_of(&section("ProofAddressObligatorio", "")).await;
}

/// Rejects the proof of address and types the comment, as the analyst does.
async fn reject_proof_of_address(app: &App) {
    app.click(&section("ProofAddressObligatorio", "reject"))
        .await;
    app.type_into(
        &section("ProofAddressObligatorio", "review-comment"),
        COMMENT,
    )
    .await;
}

#[tokio::test]
async fn a_review_with_a_rejection_returns_the_file_to_the_user() {
    let examples = demo_examples().await;
    let rfc = examples.rfc.clone();
    let document_id = examples.document_id.to_string();
    with_demo_app(move |app| async move {
        open_review(&app, &rfc, true).await;
        // Nothing moves under the pointer as the draft is written: the note saying so
        // appears a moment after a decision and must not wrap the bar (it moved every
        // row, and the next click landed on another row's button).
        let bar_height = || async {
            app.run_script(
                "return document.querySelector('.review-bar').getBoundingClientRect().height",
            )
            .await
        };
        app.accept_section("OpinionObligatorio").await;
        app.wait_for_text("[data-testid=review-tally]", "Aceptadas: 1")
            .await;
        let before = bar_height().await;
        app.wait_for_text("[data-testid=draft-status]", "Borrador guardado")
            .await;
        assert_eq!(
            bar_height().await,
            before,
            "the review's bar changed height as the draft's note appeared"
        );
        // The file has one branch: it is chosen for the branch's section already. Its
        // proof of address was edited: accepting it asks first.
        app.accept_section("Sucursal").await;
        app.wait_for_text("[data-testid=review-tally]", "Aceptadas: 2")
            .await;
        reject_proof_of_address(&app).await;
        app.wait_for_text(
            &section("ProofAddressObligatorio", "counter"),
            &format!("{} / 500", COMMENT.chars().count()),
        )
        .await;
        app.wait_for_text("[data-testid=review-tally]", "Aceptadas: 2 · Rechazadas: 1")
            .await;

        // The preview shows exactly what goes out, and what the user will read.
        app.click("[data-testid=open-preview]").await;
        let payload: Value =
            serde_json::from_str(&app.text_of("[data-testid=preview-payload]").await)
                .expect("the preview shows the request as JSON");
        assert_eq!(payload["documentId"], json!(document_id));
        assert_eq!(payload["notificarUsuario"], json!(true));
        let sent = payload["secciones"].as_array().expect("secciones");
        let verdicts: Vec<(&str, &str)> = sent
            .iter()
            .map(|s| {
                (
                    s["seccion"].as_str().unwrap_or_default(),
                    s["estatus"].as_str().unwrap_or_default(),
                )
            })
            .collect();
        assert_eq!(
            verdicts,
            [
                ("ProofAddressObligatorio", "Rechazada"),
                ("OpinionObligatorio", "Aceptada"),
                ("Sucursal", "Aceptada"),
            ]
        );
        assert_eq!(sent[0]["comentario"], json!(COMMENT));
        assert_eq!(sent[2]["entidadReferencia"], json!("Sucursal Matriz"));
        app.wait_for_text("[data-testid=preview-user-message]", COMMENT)
            .await;

        app.click("[data-testid=send-correction]").await;
        let outcome = app
            .wait_for_text("[data-testid=correction-result]", "Aceptadas: 2")
            .await;
        assert!(outcome.contains("Rechazadas: 1"), "{outcome}");
        assert!(outcome.contains("sucursales: 1"), "{outcome}");
        assert!(outcome.contains("Se notificó al usuario."), "{outcome}");
        let link = app.text_of("[data-testid=correction-link]").await;
        assert!(link.starts_with("http://127.0.0.1:"), "{link}");

        // The tracking now shows the rejection, its comment and the new file status.
        app.click("[data-testid=result-done]").await;
        app.wait_for_text(".page-actions .status", "Corrección por el Usuario")
            .await;
        let rejected = app
            .wait_for_text(
                "[data-testid=tracking-section][data-section=ProofAddressObligatorio]",
                "Rechazado",
            )
            .await;
        assert!(rejected.contains(COMMENT), "{rejected}");
        for accepted in ["OpinionObligatorio", "Sucursal"] {
            app.wait_for_text(
                &format!("[data-testid=tracking-section][data-section={accepted}]"),
                "Aceptado",
            )
            .await;
        }
    })
    .await;
}

#[tokio::test]
async fn a_comment_kept_as_a_draft_is_there_when_the_app_opens_again() {
    // Not the demo, which starts afresh at every start: a profile of the tester's own
    // on a sandbox that outlives both runs of the app.
    let sandbox = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let manifest = sandbox.manifest.clone();
    let rfc = manifest.examples.rfc.clone();
    let data = DataDir::new();
    let first = rfc.clone();
    with_app_at(&data, move |app| async move {
        connect(&app, &manifest).await;
        open_review(&app, &first, true).await;
        reject_proof_of_address(&app).await;
        // The draft is written a moment after the typing stops; then the session ends,
        // which closes the app.
        app.wait_for_text("[data-testid=draft-status]", "Borrador guardado")
            .await;
    })
    .await;

    with_app_at(&data, move |app| async move {
        open_review(&app, &rfc, false).await;
        app.wait_for_text("[data-testid=draft-status]", "Borrador recuperado")
            .await;
        assert_eq!(
            app.value_of(&section("ProofAddressObligatorio", "review-comment"))
                .await,
            COMMENT
        );
        app.wait_for_text("[data-testid=review-tally]", "Aceptadas: 0 · Rechazadas: 1")
            .await;

        // Starting over throws the draft away: the review opens again with nothing decided.
        app.click("[data-testid=start-over]").await;
        app.wait_for_text("[data-testid=draft-status]", "Decisiones descartadas")
            .await;
        app.wait_for_text("[data-testid=review-tally]", "Rechazadas: 0")
            .await;
        app.click_button("← Seguimiento").await;
        app.click("[data-testid=start-review]").await;
        app.wait_for_text("[data-testid=review-tally]", "Aceptadas: 0 · Rechazadas: 0")
            .await;
        let status = app
            .run_script("return document.querySelector('[data-testid=draft-status]').textContent")
            .await;
        assert_eq!(status, json!(""), "no draft is recovered");
    })
    .await;
}

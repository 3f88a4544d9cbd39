//! In demo mode, a supervisor's day: revive an expired verification by resending its
//! link (billable, so confirmed first), find resend impossible on a completed one, see
//! one not yet sent claim no dates and no place, cancel one in progress, see a photo
//! that was altered after capture flagged, and find both operations in the audit log.

use kyb_e2e::{App, demo_examples, with_demo_app};

async fn look_up(app: &App, folio: &str) {
    app.replace_text("[data-testid=folio-input]", folio).await;
    app.click("[data-testid=folio-search]").await;
    app.wait_for_text("[data-testid=verification] h3", folio)
        .await;
}

/// Looks up a folio the service does not know: the notice says what to check.
async fn look_up_missing(app: &App, folio: &str) {
    app.replace_text("[data-testid=folio-input]", folio).await;
    app.click("[data-testid=folio-search]").await;
    app.wait_for_text("[data-testid=error-notice]", "Revise el folio")
        .await;
}

#[tokio::test]
async fn a_supervisor_resends_cancels_and_checks_photos() {
    let examples = demo_examples().await;
    let folio = move |status: &str| examples.folios[status].clone();
    let altered = demo_examples().await.altered_photo_folio;
    with_demo_app(move |app| async move {
        app.click("[data-testid=nav-verifications]").await;
        app.wait_for_text(".empty", "Escriba un folio").await;

        // An expired verification is revived by a resend, after a confirmation that
        // says it is billable and counts the resends so far.
        look_up(&app, &folio("Expirado")).await;
        app.wait_for_text("[data-testid=verification-status]", "Vencida")
            .await;
        app.click("[data-testid=resend]").await;
        let asked = app
            .wait_for_text("[data-testid=confirm]", "facturable")
            .await;
        assert!(
            asked.contains("Reenvíos previos de este folio desde KYB Desk: 0."),
            "{asked}"
        );
        app.click("[data-testid=confirm-action]").await;
        app.wait_for_text("[data-testid=action-done]", "Enlace reenviado")
            .await;
        app.wait_for_text("[data-testid=verification-status]", "Enviada")
            .await;
        // The next confirmation knows about it.
        app.click("[data-testid=resend]").await;
        app.wait_for_text("[data-testid=resend-count]", "KYB Desk: 1.")
            .await;
        app.click_button("Volver").await;

        // A completed one cannot be resent nor cancelled, and says why.
        look_up(&app, &folio("Completado")).await;
        app.wait_for_text("[data-testid=verification-status]", "Completada")
            .await;
        assert!(!app.is_enabled("[data-testid=resend]").await);
        assert!(!app.is_enabled("[data-testid=cancel-verification]").await);
        app.wait_for_text("[data-testid=action-reasons]", "ya se completó")
            .await;
        // One whose link has not gone out claims nothing: neither sent nor completed,
        // and no place judged (the service's 0 m measured nothing).
        look_up(&app, &folio("NoIniciado")).await;
        app.wait_for_text("[data-testid=geo-diagram]", "aún no se ha capturado")
            .await;
        let shown = app
            .run_script(
                "const figure = document.querySelector('[data-testid=geo-diagram]');
                 const steps = [...document.querySelectorAll('.timeline-step')];
                 return {
                   band: figure.dataset.band,
                   marker: figure.querySelector('.geo-marker') !== null,
                   texts: steps.map((s) => s.textContent),
                 };",
            )
            .await;
        assert_eq!(shown["band"], "", "{shown}");
        assert_eq!(shown["marker"], false, "{shown}");
        let texts = shown["texts"].to_string();
        assert!(
            texts.contains("\"Enviada—\"") && texts.contains("\"Completada—\""),
            "{shown}"
        );
        assert!(!texts.contains("0001"), "{shown}");
        // A cancelled one says its own reason.
        look_up(&app, &folio("Rechazado")).await;
        app.wait_for_text("[data-testid=action-reasons]", "está cancelada")
            .await;

        // A folio that is not found says what to check, and does not join the recent ones.
        look_up_missing(&app, "VD-99999999").await;
        let recent = app
            .run_script("return document.querySelector('[aria-label=\"Folios recientes\"]')?.textContent ?? ''")
            .await;
        assert!(!recent.to_string().contains("VD-99999999"), "{recent}");

        // One in progress is cancelled.
        look_up(&app, &folio("Abierto")).await;
        app.click("[data-testid=cancel-verification]").await;
        app.wait_for_text("[data-testid=confirm]", "No se puede deshacer")
            .await;
        app.click("[data-testid=confirm-action]").await;
        app.wait_for_text("[data-testid=action-done]", "Verificación cancelada")
            .await;
        // Cancelled reads as such, with no pending verdict.
        app.wait_for_text("[data-testid=verification-status]", "Cancelada")
            .await;
        app.wait_for_text("[data-testid=verdict]", "Sin veredicto").await;

        // Each photo is downloaded and hashed: the altered one is flagged.
        look_up(&app, &altered).await;
        app.wait_for_text("[data-testid=verification-photo]", "Archivo íntegro")
            .await;
        let flagged = app
            .wait_for_text(
                "[data-testid=verification-photo]",
                "no coincide con su SHA-256",
            )
            .await;
        assert!(flagged.contains("Interior"), "{flagged}");
        // The mismatch chip wraps inside its photo card.
        let inside = app
            .run_script(
                "const chip = document.querySelector('[data-testid=hash-mismatch]');
                 const card = chip.closest('[data-testid=verification-photo]').getBoundingClientRect();
                 const box = chip.getBoundingClientRect();
                 return box.left >= card.left - 0.5 && box.right <= card.right + 0.5;",
            )
            .await;
        assert_eq!(inside, serde_json::json!(true), "the SHA-256 chip overflows its card");

        // The audit log has both (each an intent written before it left, then its
        // result) beside the demo's key entered at start; its chain verifies, and it
        // filters by target.
        app.click("[data-testid=nav-audit]").await;
        app.wait_for_text("[data-testid=chain-badge]", "Cadena íntegra (5 entradas)")
            .await;
        app.wait_for_text("[data-testid=audit-row]", "Cancelación de verificación")
            .await;
        app.type_into("[data-testid=audit-target]", &folio("Expirado"))
            .await;
        app.wait_for_text(".toolbar", "2 de 5").await;
        let row = app.text_of("[data-testid=audit-row]").await;
        assert!(row.contains("Reenvío de verificación"), "{row}");
        // An entry's folio opens its verification.
        app.click("[data-testid=audit-row] [data-testid=audit-open]")
            .await;
        app.wait_for_text("[data-testid=verification] h3", &folio("Expirado"))
            .await;
    })
    .await;
}

//! The review beside its evidence, in the real window: the demo's file whose proof of
//! address was altered shows the finding on that section's row, the PDF itself drawn
//! in the evidence pane, the alteration's indicators; accepting it asks for an
//! acknowledgement that the audit log keeps; j/k switches the evidence, and a second
//! window follows it. Then the demo's hostile files, each ending in its message.

use std::time::Duration;

use kyb_e2e::{App, poll, with_demo_world};

fn row(section: &str, part: &str) -> String {
    format!("[data-testid=review-section][data-section={section}] [data-testid={part}]")
}

/// Painted pixels of the evidence's PDF canvas that are not white (or transparent).
async fn inked_pixels(app: &App) -> u64 {
    app.run_script(
        "const canvas = document.querySelector('[data-testid=evidence-pane] [data-testid=pdf-canvas]');
         if (!canvas || canvas.width === 0) return 0;
         const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
         let inked = 0;
         for (let i = 0; i < data.length; i += 4) {
           if (data[i + 3] > 0 && (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200)) inked += 1;
         }
         return inked;",
    )
    .await
    .as_u64()
    .unwrap_or_default()
}

async fn wait_for_ink(app: &App) -> u64 {
    poll(Duration::from_secs(20), || async {
        let inked = inked_pixels(app).await;
        (inked > 500).then_some(inked)
    })
    .await
    .expect("the PDF is drawn in the evidence pane")
}

#[tokio::test]
async fn the_altered_proof_of_address_is_flagged_shown_and_acknowledged_before_it_is_accepted() {
    with_demo_world(move |app| async move {
        app.click("[data-testid=try-review]").await;
        let proof = "ProofAddressObligatorio";
        // The finding's badge is on the proof's row.
        app.wait_for_text(&row(proof, "finding-badge"), "Documento editado")
            .await;
        // Its evidence beside the decisions: the PDF drawn, with its pages counted, and
        // the alteration's indicators.
        app.click(&format!("[data-testid=review-section][data-section={proof}]"))
            .await;
        app.wait_for_text(
            "[data-testid=evidence-pane] [data-testid=evidence-finding]",
            "Documento editado",
        )
        .await;
        let inked = wait_for_ink(&app).await;
        assert!(inked > 500, "{inked} pixels inked");
        app.wait_for_text("[data-testid=evidence-pane] [data-testid=pdf-pages]", "de 1")
            .await;
        let indicators = app
            .text_of("[data-testid=evidence-pane] [data-testid=alteration]")
            .await;
        assert!(
            indicators.contains("FONT-02") && indicators.contains("EDIT-01"),
            "{indicators}"
        );
        app.wait_for_text("[data-testid=evidence-sha256]", "SHA-256")
            .await;

        // j/k switch the evidence: the deed's several pages, then back.
        app.run_script("document.querySelector('[data-testid=review-section][data-section=ActaConstitutivaObligatorio]').focus()")
            .await;
        app.wait_for_text(
            "[data-testid=evidence-pane][data-section=ActaConstitutivaObligatorio] [data-testid=pdf-pages]",
            "de 7",
        )
        .await;

        // A second window follows the focused section.
        let main = app.current_window().await;
        app.click("[data-testid=evidence-window]").await;
        let second = poll(Duration::from_secs(10), || async {
            let all = app.windows().await;
            all.into_iter().find(|w| *w != main)
        })
        .await
        .expect("the evidence window opens");
        app.switch_to_window(&second).await;
        app.wait_for_text(
            "[data-testid=evidence-pane][data-section=ActaConstitutivaObligatorio]",
            "",
        )
        .await;
        app.switch_to_window(&main).await;
        app.run_script(&format!(
            "document.querySelector('[data-testid=review-section][data-section={proof}]').focus()"
        ))
        .await;
        app.switch_to_window(&second).await;
        app.wait_for_text(
            &format!("[data-testid=evidence-pane][data-section={proof}] [data-testid=evidence-finding]"),
            "Documento editado",
        )
        .await;
        wait_for_ink(&app).await;
        app.switch_to_window(&main).await;

        // Accepting it asks first; the acknowledgement is in the audit log.
        app.click(&row(proof, "accept")).await;
        app.wait_for_text("[data-testid=ack-findings]", "Documento editado")
            .await;
        assert!(!app.is_enabled("[data-testid=confirm-action]").await);
        app.click("[data-testid=ack-seen]").await;
        app.click("[data-testid=confirm-action]").await;
        app.wait_for_text("[data-testid=review-tally]", "Aceptadas: 1")
            .await;
        app.click("[data-testid=nav-audit]").await;
        app.wait_for_text("[data-testid=audit-table]", "Hallazgos reconocidos al aceptar")
            .await;
        // The review closed: so did its evidence window.
        let left = poll(Duration::from_secs(10), || async {
            let all = app.windows().await;
            (all.len() == 1).then_some(all)
        })
        .await;
        assert!(left.is_some(), "the evidence window closes with the review");
    })
    .await;
}

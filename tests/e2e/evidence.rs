//! The review beside its evidence, in the real window: the demo's file whose proof of
//! address was altered shows the finding on that section's row, the PDF itself drawn
//! in the evidence pane, the alteration's indicators; accepting it asks for an
//! acknowledgement that the audit log keeps; j/k switches the evidence, and a second
//! window follows it. Then the demo's hostile files, each ending in its message.

use std::time::Duration;

use kyb_e2e::{poll, with_demo_world};

fn row(section: &str, part: &str) -> String {
    format!("[data-testid=review-section][data-section={section}] [data-testid={part}]")
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
        app.wait_for_pdf_ink(500).await;
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

        // j walks the sections: each comes into view below the review's sticky bar,
        // never under it, and its evidence follows.
        for _ in 0..7 {
            app.type_into("[data-testid=review-section][aria-current=true]", "j")
                .await;
            let under = app
                .run_script(
                    "const row = document.querySelector('[data-testid=review-section][aria-current=true]');
                     const bar = document.querySelector('.review-bar').getBoundingClientRect();
                     const top = row.getBoundingClientRect().top;
                     return [top < bar.bottom - 1, row.dataset.section,
                             document.querySelector('[data-testid=evidence-pane]').dataset.section];",
                )
                .await;
            assert_eq!(under[0], serde_json::json!(false), "a row under the bar: {under}");
            assert_eq!(under[1], under[2], "the evidence follows the focused row: {under}");
        }
        // Down at the general message, in a short window (more than one window's height
        // of scrolling), the bar with its counts and buttons is still in view.
        app.set_window_size(1280, 560).await;
        app.focus("[data-testid=review-message]").await;
        let bar = app
            .run_script(
                "const content = document.querySelector('.content').getBoundingClientRect();
                 const bar = document.querySelector('.review-bar').getBoundingClientRect();
                 return [document.querySelector('.content').scrollTop, bar.top - content.top, bar.bottom > content.top];",
            )
            .await;
        assert!(bar[0].as_f64().unwrap_or_default() > 0.0, "the review scrolled: {bar}");
        assert!(
            bar[1].as_f64().unwrap_or(f64::MAX).abs() < 24.0 && bar[2] == serde_json::json!(true),
            "the sticky bar stays at the top: {bar}"
        );
        app.set_window_size(1280, 800).await;
        // j/k switch the evidence: the deed's several pages, then back.
        app.show_section_pdf("ActaConstitutivaObligatorio", 7).await;

        // A second window follows the focused section.
        let main = app.open_evidence_window().await;
        let second = app.current_window().await;
        app.wait_for_text(
            "[data-testid=evidence-pane][data-section=ActaConstitutivaObligatorio]",
            "",
        )
        .await;
        app.switch_to_window(&main).await;
        app.focus(&format!(
            "[data-testid=review-section][data-section={proof}]"
        ))
        .await;
        app.switch_to_window(&second).await;
        app.wait_for_text(
            &format!("[data-testid=evidence-pane][data-section={proof}] [data-testid=evidence-finding]"),
            "Documento editado",
        )
        .await;
        app.wait_for_pdf_ink(500).await;
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

#[tokio::test]
async fn each_hostile_file_ends_in_its_message_and_nothing_runs_or_hangs() {
    with_demo_world(move |app| async move {
        // The demo's file whose five proofs of address are hostile files.
        app.click("[data-testid=quick-open-button]").await;
        app.type_into("[data-testid=quick-query]", "Archivos Dudosos")
            .await;
        app.click("[data-testid=quick-item]").await;
        app.click("[data-testid=start-review]").await;
        // The section focused as j/k would (its row may sit below the window's edge).
        app.focus("[data-testid=review-section][data-section=ProofAddressMultiple]")
            .await;
        let tab = |n: usize| {
            format!(
                "[data-testid=evidence-pane] [data-testid=evidence-document-tab]:nth-child({n})"
            )
        };
        // A PDF carrying JavaScript and a launch action: drawn, said, nothing run.
        app.click(&tab(1)).await;
        app.wait_for_pdf_ink(500).await;
        app.wait_for_text("[data-testid=evidence-scripts]", "no se ejecuta")
            .await;
        app.wait_for_text("[data-testid=evidence-launch]", "no se sigue")
            .await;
        // A truncated PDF.
        app.click(&tab(2)).await;
        app.wait_for_text("[data-testid=evidence-file-error]", "incompleto")
            .await;
        // A PDF of 2,000 pages: opened at once, one page drawn at a time.
        app.click(&tab(3)).await;
        app.wait_for_text(
            "[data-testid=evidence-pane] [data-testid=pdf-pages]",
            "de 2000",
        )
        .await;
        app.wait_for_text("[data-testid=pdf-long]", "2000").await;
        // One short line a page.
        app.wait_for_pdf_ink(20).await;
        // HTML served as a PDF.
        app.click(&tab(4)).await;
        app.wait_for_text("[data-testid=evidence-file-error]", "una página web (HTML)")
            .await;
        // A file over the cap.
        app.click(&tab(5)).await;
        app.wait_for_text("[data-testid=evidence-file-error]", "pesa más de 25 MB")
            .await;
        // The window still answers: the review goes on.
        app.click(
            "[data-testid=review-section][data-section=ProofAddressMultiple] [data-testid=reject]",
        )
        .await;
        app.wait_for_text("[data-testid=review-tally]", "Rechazadas: 1")
            .await;
        let title = app.title().await;
        assert!(title.contains("KYB Desk"), "{title}");
    })
    .await;
}

/// A section switch draws its page once, at the width the stage keeps: each drawing sets
/// the canvas's size, so the canvas's sizes are counted (a scrollbar that appeared under a
/// page fitted to the width would narrow the stage and have the page drawn again).
#[tokio::test]
async fn a_section_switch_draws_its_page_once() {
    with_demo_world(move |app| async move {
        app.click("[data-testid=try-review]").await;
        app.show_section_pdf("ProofAddressObligatorio", 1).await;
        app.run_script(
            "window.kybDraws = [];
             const own = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'width');
             Object.defineProperty(HTMLCanvasElement.prototype, 'width', {
               configurable: true,
               get() { return own.get.call(this); },
               set(value) {
                 if (this.dataset.testid === 'pdf-canvas') window.kybDraws.push(value);
                 own.set.call(this, value);
               },
             });
             return true;",
        )
        .await;
        for (section, pages) in [
            ("ActaConstitutivaObligatorio", 7),
            ("ProofAddressObligatorio", 1),
            ("ActaConstitutivaObligatorio", 7),
        ] {
            app.run_script("window.kybDraws = []; return true;").await;
            app.show_section_pdf(section, pages).await;
            // A late resize (a scrollbar that came with the page) would have drawn again
            // within a few frames.
            app.frames(10).await;
            let seen = app
                .run_script(
                    "const stage = document.querySelector('[data-testid=evidence-pane] .pdf-stage');
                     const canvas = stage.querySelector('[data-testid=pdf-canvas]');
                     const style = getComputedStyle(stage);
                     const inner = stage.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
                     // CSS pixels; the page's width at the fitted zoom may round one below.
                     return [window.kybDraws, Math.abs(parseFloat(canvas.style.width) - Math.floor(inner)) <= 1, canvas.style.width, inner];",
                )
                .await;
            assert_eq!(seen[0].as_array().map(Vec::len), Some(1), "{section}: drawings {seen}");
            assert_eq!(seen[1], serde_json::json!(true), "{section}: the page fits the stage's width {seen}");
        }
    })
    .await;
}

//! In demo mode: follow a file by its RFC and refresh, as an analyst starts the day,
//! then open its tracking and its detail.

use kyb_e2e::{App, demo_examples, with_demo_app};

#[tokio::test]
async fn follow_a_file_and_refresh_it() {
    let rfc = demo_examples().await.rfc;
    with_demo_app(move |app| async move {
        app.wait_for_text("[data-testid=demo-banner]", "demostración")
            .await;
        app.wait_for_text(".empty", "No sigue ningún expediente")
            .await;
        // A file the service does not know is said at once, and the follow undone.
        app.follow("ZZZ010101ZZ9").await;
        app.wait_for_text(
            "[data-testid=watch-notice]",
            "El servicio no conoce el RFC ZZZ010101ZZ9",
        )
        .await;
        app.click("[data-testid=watch-undo-follow]").await;
        app.wait_for_text(".empty", "No sigue ningún expediente")
            .await;
        // A file it knows is asked about at once: the row shows its first answer.
        app.follow(&rfc).await;
        let row = app
            .wait_for_text("[data-testid=watch-row]", "aceptadas")
            .await;
        assert!(row.contains(&rfc) && !row.contains("Sin consultar"), "{row}");
        app.click_button("Actualizar todo").await;
        // The refreshed row shows the company, its status and its sections.
        let refreshed = app
            .wait_for_text("[data-testid=watch-row]", "aceptadas")
            .await;
        assert!(!refreshed.contains("Sin consultar"), "{refreshed}");
        app.text_of("[data-testid=row-status] .status").await;
        // Its tracking, opened from the keyboard (Ctrl+K, part of the company's name,
        // Enter): every section with its status, and its persons.
        app.press_with_control("input[type=search]", 'k').await;
        app.type_into("[data-testid=quick-query]", "importaciones")
            .await;
        app.wait_for_inner_text("[data-testid=quick-item]", &rfc)
            .await;
        app.type_into("[data-testid=quick-query]", "\u{E007}").await;
        app.text_of("[data-testid=tracking-section] .chip").await;
        app.text_of("[data-testid=tracking-person]").await;
        // And its version-2 detail: representatives with their validations.
        app.click("[data-testid=view-detail]").await;
        app.click("[data-testid=tab-entities]").await;
        app.wait_for_text("[data-testid=entity-card]", "CURP · RENAPO").await;
        // The branch's photos, fetched by the backend, open in the viewer and turn.
        app.click("[data-testid=photo-thumb]").await;
        app.wait_for_text("[data-testid=photo-viewer]", "100 % · 0°")
            .await;
        let src = app
            .attribute_of("[data-testid=viewer-stage] img", "src")
            .await;
        assert!(src.starts_with("data:image/png;base64,"), "{src:.40}");
        // At fit the whole photo is drawn inside its stage, filling it one way; turned
        // a quarter, too.
        assert_photo_fits(&app).await;
        app.click("[data-testid=rotate]").await;
        app.wait_for_text("[data-testid=photo-viewer]", "100 % · 90°")
            .await;
        assert_photo_fits(&app).await;
        app.click("[data-testid=zoom-in]").await;
        app.wait_for_text("[data-testid=photo-viewer]", "125 % · 90°")
            .await;
        // Past the fit the photo is larger than its stage, which then scrolls to it.
        let scrolls = kyb_e2e::poll(std::time::Duration::from_secs(5), || async {
            let overflow = app
                .run_script(
                    "const stage = document.querySelector('[data-testid=viewer-stage]');
                    return Math.max(stage.scrollWidth - stage.clientWidth, stage.scrollHeight - stage.clientHeight);",
                )
                .await;
            (overflow.as_f64()? > 0.0).then_some(())
        })
        .await;
        assert!(scrolls.is_some(), "the stage does not scroll to a photo zoomed past it");
    })
    .await;
}

/// The open photo's drawn box against its stage's: inside it (to a pixel) and as wide
/// or as tall as it (to two), with nothing for the stage to scroll, once the photo is
/// drawn and its turn has settled.
async fn assert_photo_fits(app: &App) {
    let measure = "const stage = document.querySelector('[data-testid=viewer-stage]');
        const img = stage.querySelector('img');
        if (!img || !img.complete || img.naturalWidth === 0 || getComputedStyle(img).visibility !== 'visible') return null;
        const s = stage.getBoundingClientRect(), i = img.getBoundingClientRect();
        const overflow = Math.max(stage.scrollWidth - stage.clientWidth, stage.scrollHeight - stage.clientHeight);
        return [s.left, s.top, s.right, s.bottom, i.left, i.top, i.right, i.bottom, overflow];";
    let fits = kyb_e2e::poll(std::time::Duration::from_secs(5), || async move {
        let boxes: Vec<f64> = serde_json::from_value(app.run_script(measure).await).ok()?;
        let [sl, st, sr, sb, il, it, ir, ib, overflow] = boxes[..] else {
            return None;
        };
        let inside = il >= sl - 1.0 && it >= st - 1.0 && ir <= sr + 1.0 && ib <= sb + 1.0;
        let fills = ((ir - il) - (sr - sl)).abs() <= 2.0 || ((ib - it) - (sb - st)).abs() <= 2.0;
        (inside && fills && overflow <= 0.0).then_some(())
    })
    .await;
    if fits.is_none() {
        let last = app.run_script(measure).await;
        panic!(
            "the photo is not drawn whole within its stage at fit: [stage, image, overflow] = {last}"
        );
    }
}

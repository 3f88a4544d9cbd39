//! In demo mode: follow a file by its RFC and refresh, as an analyst starts the day,
//! then open its tracking and its detail.

use kyb_e2e::{demo_examples, with_demo_app};

#[tokio::test]
async fn follow_a_file_and_refresh_it() {
    let rfc = demo_examples().await.rfc;
    with_demo_app(move |app| async move {
        app.wait_for_text("[data-testid=demo-banner]", "demostración")
            .await;
        app.wait_for_text(".empty", "No sigue ningún expediente")
            .await;
        app.type_into("[data-testid=add-rfc]", &rfc).await;
        app.click_button("Seguir").await;
        let row = app.wait_for_text("[data-testid=watch-row]", &rfc).await;
        assert!(row.contains("Sin consultar"), "{row}");
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
        app.wait_for_text("[data-testid=entity-card]", "Curp").await;
        // The branch's photos, fetched by the backend, open in the viewer and turn.
        app.click("[data-testid=photo-thumb]").await;
        app.wait_for_text("[data-testid=photo-viewer]", "100 % · 0°")
            .await;
        let src = app
            .attribute_of("[data-testid=viewer-stage] img", "src")
            .await;
        assert!(src.starts_with("data:image/png;base64,"), "{src:.40}");
        app.click("[data-testid=rotate]").await;
        app.click("[data-testid=zoom-in]").await;
        app.wait_for_text("[data-testid=photo-viewer]", "125 % · 90°")
            .await;
    })
    .await;
}

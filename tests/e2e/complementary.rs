//! In demo mode, an analyst adds to a file the sections of another flow: the sections
//! added are listed and appear in the tracking; asking again says nothing was missing;
//! a flow of the other person type is explained.

use kyb_e2e::{App, demo_examples, with_demo_app};

async fn add_from(app: &App, flow_id: &str) {
    app.click("[data-testid=open-complementary]").await;
    app.choose("[data-testid=comp-flow]", flow_id).await;
    app.type_into(
        "[data-testid=comp-message]",
        "Nos faltan sus estados de cuenta.",
    )
    .await;
    app.click("[data-testid=comp-send]").await;
}

#[tokio::test]
async fn an_analyst_adds_the_sections_of_another_flow() {
    let examples = demo_examples().await;
    with_demo_app(move |app| async move {
        app.follow_and_open(&examples.rfc).await;
        app.text_of("[data-testid=tracking-section]").await;

        add_from(&app, &examples.flow_id_complementary).await;
        let added = app
            .wait_for_text("[data-testid=complementary-result]", "Se agregaron")
            .await;
        assert!(added.contains("BankStatement"), "{added}");
        // The flow's new dynamic form reads as a form, and the count is said once.
        assert!(added.contains("Formulario dinámico"), "{added}");
        assert_eq!(added.matches("Se agregaron").count(), 1, "{added}");
        app.click_button("Cerrar").await;
        app.wait_for_text("[data-testid=tracking-sections]", "BankStatement")
            .await;

        add_from(&app, &examples.flow_id_complementary).await;
        app.wait_for_text("[data-testid=complementary-result]", "No faltaba nada")
            .await;
        app.click_button("Cerrar").await;

        // A flow of the other person type is not offered; typed, it is refused in one
        // notice, in the user's words.
        app.click("[data-testid=open-complementary]").await;
        let offered = app
            .run_script(
                "return [...document.querySelectorAll('[data-testid=comp-flow] option')].map((o) => o.value)",
            )
            .await;
        assert!(
            !offered.to_string().contains(&examples.flow_id_fisica),
            "{offered}"
        );
        app.choose("[data-testid=comp-flow]", "__other__").await;
        app.type_into("[placeholder=FlowID]", &examples.flow_id_fisica)
            .await;
        app.click("[data-testid=comp-send]").await;
        app.wait_for_text("[data-testid=comp-mismatch]", "tipo de persona")
            .await;
        let alerts = app
            .run_script("return document.querySelectorAll('[data-testid=complementary] [role=alert]').length")
            .await;
        assert_eq!(alerts, serde_json::json!(1));
    })
    .await;
}

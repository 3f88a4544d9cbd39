//! In demo mode, an agent generates a biometric enrollment link for the person the
//! service allows, with its QR code, and finds the button disabled, with the reason,
//! for the person it does not; the link is then listed from the audit log.

use kyb_e2e::{demo_examples, with_demo_app};

#[tokio::test]
async fn an_agent_generates_an_enrollment_link_only_where_allowed() {
    let examples = demo_examples().await;
    let rfc = examples.rfc.clone();
    let allowed = format!("[data-person='{}']", examples.person_id_enrollment_allowed);
    let denied = format!("[data-person='{}']", examples.person_id_enrollment_denied);
    with_demo_app(move |app| async move {
        app.follow_and_open(&rfc).await;
        app.wait_for_text("[data-testid=issued-links-empty]", "Aún no se ha generado")
            .await;

        assert!(
            !app.is_enabled(&format!("{denied} [data-testid=generate-link]"))
                .await
        );
        app.wait_for_text(
            &format!("{denied} [data-testid=enroll-reason]"),
            "ya completó su enrolamiento",
        )
        .await;

        app.click(&format!("{allowed} [data-testid=generate-link]"))
            .await;
        let url = app.text_of("[data-testid=enrollment-url]").await;
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        let qr = app.attribute_of("[data-testid=qr]", "src").await;
        assert!(qr.starts_with("data:image/svg+xml"), "{qr:.40}");
        app.click_button("Cerrar").await;
        let issued = app
            .wait_for_text("[data-testid=issued-links]", "Emitido")
            .await;
        assert!(issued.contains("analista.demo@kybdesk.mx"), "{issued}");
    })
    .await;
}

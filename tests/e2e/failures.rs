//! Journeys when things go wrong, against a sandbox this test owns (reached as a custom
//! address, so the test can inject faults into it and stop it): a wrong key and an
//! inactive workspace say what to fix; a correction request whose answer is lost after
//! the service acted is "outcome unknown", re-read, sent once and loses nothing; the network going away mid-review is reported and what was
//! typed stays; a watchlist refresh with 30 % of reads failing and all of them slowed
//! ends with every file fresh or marked, and a retry that finishes the job.

use kyb_e2e::{
    App, ProfileEntry, REVIEW_COMMENT, connect, reject_and_preview, send_and_lose_the_answer,
    with_app,
};
use kyb_sandbox::{Fault, Manifest, Sandbox, SandboxConfig};

const CORRECTION: &str = "POST /expedientes/solicitar-correccion";

async fn sandbox() -> kyb_sandbox::RunningSandbox {
    Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts")
}

/// After a failed send: back to editing, the comment is still there.
async fn comment_is_intact(app: &App) {
    app.click_button("Seguir editando").await;
    let row = "[data-testid=review-section][data-section=ProofAddressObligatorio]";
    assert_eq!(
        app.value_of(&format!("{row} [data-testid=review-comment]"))
            .await,
        REVIEW_COMMENT
    );
}

#[tokio::test]
async fn a_wrong_key_and_an_inactive_workspace_say_what_to_fix() {
    let sandbox = sandbox().await;
    let manifest = sandbox.manifest.clone();
    with_app(move |app| async move {
        ProfileEntry {
            api_key: manifest.revoked_api_key.clone(),
            ..ProfileEntry::for_tenant(&manifest)
        }
        .fill(&app)
        .await;
        app.click_button("Guardar y probar conexión").await;
        let refused = app
            .wait_for_text("[data-testid=error-notice]", "API Key ha sido denegada")
            .await;
        assert!(
            refused.contains("Revise la API Key del perfil"),
            "{refused}"
        );

        app.replace_text("[data-testid=profile-key]", &manifest.tenants[0].api_key)
            .await;
        app.replace_text(
            "[data-testid=profile-workspace]",
            &manifest.inactive_workspace_id.to_string(),
        )
        .await;
        app.click_button("Guardar y probar conexión").await;
        let inactive = app
            .wait_for_text(
                "[data-testid=error-notice]",
                "no es válido o no está activo",
            )
            .await;
        assert!(
            inactive.contains("Corrija el Workspace del perfil"),
            "{inactive}"
        );

        app.replace_text(
            "[data-testid=profile-workspace]",
            &manifest.tenants[0].workspace_id.to_string(),
        )
        .await;
        app.click_button("Guardar y probar conexión").await;
        app.wait_for_text("[role=status]", "Conexión verificada")
            .await;
    })
    .await;
    sandbox.stop().await;
}

/// The service applies the correction, and its answer comes after the client has
/// given up (20 s): the window says the outcome is unknown (not "try again"), re-reads
/// the tracking and shows what the service did, offers to send again only then, and
/// the service received the request once.
#[tokio::test]
async fn a_correction_that_times_out_after_the_service_acted_is_outcome_unknown() {
    let sandbox = std::sync::Arc::new(sandbox().await);
    let manifest = sandbox.manifest.clone();
    let server = sandbox.clone();
    with_app(move |app| async move {
        connect(&app, &manifest).await;
        reject_and_preview(&app, &manifest.examples.rfc).await;
        send_and_lose_the_answer(&app, &server).await;
        assert!(
            !app.page_text().await.contains("intente de nuevo"),
            "a lost answer must not read as a failure to retry"
        );
        // The re-read shows the service did act.
        app.wait_for_text("[data-testid=reread-sections]", "Rechazado")
            .await;
        app.wait_for_text("[data-testid=send-correction]", "Enviar de nuevo")
            .await;
        assert_eq!(
            server.requests(CORRECTION),
            1,
            "a state change is never retried"
        );
        comment_is_intact(&app).await;
        // Leaving and coming back finds the draft.
        app.click_button("← Seguimiento").await;
        app.click("[data-testid=start-review]").await;
        app.wait_for_text("[data-testid=draft-status]", "Borrador recuperado")
            .await;
    })
    .await;
    assert_eq!(sandbox.requests(CORRECTION), 1);
}

#[tokio::test]
async fn the_network_going_away_mid_review_is_reported_and_nothing_is_lost() {
    let sandbox = sandbox().await;
    let manifest = sandbox.manifest.clone();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (stopped_tx, stopped_rx) = tokio::sync::oneshot::channel::<()>();
    // The sandbox stops when the journey asks, as a network outage would.
    tokio::spawn(async move {
        let _ = stop_rx.await;
        sandbox.stop().await;
        let _ = stopped_tx.send(());
    });
    with_app(move |app| async move {
        connect(&app, &manifest).await;
        reject_and_preview(&app, &manifest.examples.rfc).await;
        let _ = stop_tx.send(());
        let _ = stopped_rx.await;
        app.click("[data-testid=send-correction]").await;
        let reported = app
            .wait_for_text(
                "[data-testid=preview] [data-testid=error-notice]",
                "conexión",
            )
            .await;
        assert!(reported.contains("Qué hacer"), "{reported}");
        comment_is_intact(&app).await;
        app.wait_for_text("[data-testid=draft-status]", "Borrador guardado")
            .await;
    })
    .await;
}

/// Creates `count` files with RFCs of their own on the sandbox, through the client.
async fn create_files(manifest: &Manifest, count: u32) -> Vec<String> {
    let base = kyb_api::client::parse_base_url(&manifest.base_url).expect("base URL");
    let tenant = &manifest.tenants[0];
    let client = kyb_api::Client::new(kyb_api::ClientConfig::new(
        base,
        kyb_api::Credentials {
            api_key: kyb_api::Secret::new(tenant.api_key.clone()),
            workspace_id: tenant.workspace_id.to_string(),
        },
    ))
    .expect("a client");
    let mut rfcs = Vec::new();
    for n in 1..=count {
        let rfc = format!("FLT1501{n:02}AB1");
        client
            .create_file(&kyb_api::requests::CreateFileRequest {
                flow_id: manifest.examples.flow_id.clone(),
                company: Some(kyb_api::requests::Company {
                    company_name: format!("Falla Controlada {n} S.A. de C.V."),
                    company_rfc: Some(rfc.clone()),
                }),
                ..Default::default()
            })
            .await
            .expect("created");
        rfcs.push(rfc);
    }
    rfcs
}

#[tokio::test]
async fn a_refresh_with_failing_reads_marks_each_file_and_a_retry_finishes() {
    let sandbox = std::sync::Arc::new(sandbox().await);
    let manifest = sandbox.manifest.clone();
    let rfcs = create_files(&manifest, 12).await;
    let server = sandbox.clone();
    with_app(move |app| async move {
        connect(&app, &manifest).await;
        for rfc in &rfcs {
            app.follow(rfc).await;
            app.wait_for_text("[data-testid=watch-row]", rfc).await;
        }
        let tracking = "POST /expedientes/v1/tracking";
        // The first read fails for sure, then 30 % fail; every answer is slowed. A
        // server error is not retried by the client, so failures reach the screen.
        for fault in [
            Fault {
                route: tracking.into(),
                error_rate: 1.0,
                times: Some(1),
                ..Fault::default()
            },
            Fault {
                route: tracking.into(),
                error_rate: 0.3,
                latency_ms: 150,
                ..Fault::default()
            },
        ] {
            server.add_fault(fault).expect("a valid fault");
        }
        app.click_button("Actualizar todo").await;
        app.wait_for_text("[data-testid=retry-failed]", "Reintentar los")
            .await;
        app.wait_until_gone("[role=progressbar]").await;
        let rows = app.texts_of("[data-testid=watch-row]").await;
        assert_eq!(rows.len(), 12);
        for row in &rows {
            assert!(
                row.contains("aceptadas") || row.contains("Sin actualizar"),
                "neither fresh nor marked: {row}"
            );
        }
        assert!(rows.iter().any(|r| r.contains("Sin actualizar")));

        server.clear_faults();
        app.click("[data-testid=retry-failed]").await;
        app.wait_until_gone("[data-testid=retry-failed]").await;
        for row in app.texts_of("[data-testid=watch-row]").await {
            assert!(
                row.contains("aceptadas"),
                "not fresh after the retry: {row}"
            );
        }
    })
    .await;
}

//! The states that need a service of the test's own or a managed policy: an error
//! notice, an "outcome unknown" notice, deleting a profile, a key bound to another
//! address; a preset profile, its form with fixed fields and team, and the notice of a
//! refused policy.

use std::sync::Arc;

use kyb_e2e::policy::{managed_production, policy_file};
use kyb_e2e::{DataDir, ProfileEntry, reject_and_preview, with_app, with_app_given};
use kyb_sandbox::{Fault, Sandbox, SandboxConfig};

use super::{Findings, escape, scan};

async fn sandbox() -> Arc<kyb_sandbox::RunningSandbox> {
    Arc::new(
        Sandbox::start(SandboxConfig::default())
            .await
            .expect("a sandbox starts"),
    )
}

/// A refused key on the first run; a correction whose answer is a gateway's 502 (the
/// service may have acted: outcome unknown); the profile's deletion asked; the profile
/// moved to another address, its key held back (the form's notice, the card's warning).
#[tokio::test]
async fn errors_an_unknown_outcome_and_a_moved_key_have_no_serious_violation() {
    let service = sandbox().await;
    let elsewhere = sandbox().await;
    let manifest = service.manifest.clone();
    let new_address = elsewhere.manifest.base_url.clone();
    let server = service.clone();
    with_app(move |app| async move {
        let mut found = Findings::default();
        let f = &mut found;
        ProfileEntry {
            api_key: manifest.revoked_api_key.clone(),
            ..ProfileEntry::for_tenant(&manifest)
        }
        .fill(&app)
        .await;
        app.click_button("Guardar y probar conexión").await;
        app.wait_for_text("[data-testid=error-notice]", "API Key")
            .await;
        scan(&app, "first run, error notice (key refused)", f).await;
        app.replace_text("[data-testid=profile-key]", &manifest.tenants[0].api_key)
            .await;
        app.click_button("Guardar y probar conexión").await;
        app.wait_for_text(".empty", "No sigue ningún expediente")
            .await;

        reject_and_preview(&app, &manifest.examples.rfc).await;
        server
            .add_fault(Fault {
                route: "POST /expedientes/solicitar-correccion".into(),
                error_rate: 1.0,
                error_status: Some(502),
                times: Some(1),
                ..Fault::default()
            })
            .expect("a valid fault");
        app.click("[data-testid=send-correction]").await;
        app.wait_for_text("[data-testid=outcome-unknown]", "").await;
        app.text_of("[data-testid=reread-sections]").await;
        scan(&app, "correction preview, outcome unknown", f).await;
        escape(&app, "[data-testid=preview]").await;

        app.click("[data-testid=nav-profiles]").await;
        let card = "[data-testid=profile-card][data-name='Pruebas']";
        app.click(&format!("{card} [data-testid=profile-delete]"))
            .await;
        app.text_of("[data-testid=confirm]").await;
        scan(&app, "confirmation dialog (delete the last profile)", f).await;
        escape(&app, "[data-testid=confirm]").await;

        app.click(&format!("{card} [data-testid=profile-edit]"))
            .await;
        app.replace_text("[data-testid=profile-base-url]", &new_address)
            .await;
        app.click_button("Guardar y probar conexión").await;
        app.wait_for_text(
            "[data-testid=error-notice][data-code=key_origin_changed]",
            &new_address,
        )
        .await;
        app.click_button("← Perfiles").await;
        app.wait_for_text(
            &format!("{card} [data-testid=key-origin-warning]"),
            &new_address,
        )
        .await;
        scan(&app, "profiles, key given for another address", f).await;
        found.assert_none_serious();
    })
    .await;
    drop(elsewhere);
}

/// Under the company's policy: the preset profile's card and form (its fields and team
/// database fixed, with the reason); then a malformed policy's notice.
#[tokio::test]
async fn a_managed_desk_has_no_serious_violation() {
    let service = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let manifest = service.manifest.clone();
    let (_folder, path) = managed_production(&manifest);
    let data = DataDir::new();
    with_app_given(
        &["--demo", "--test-policy", &path],
        &data,
        |app| async move {
            let mut found = Findings::default();
            let f = &mut found;
            app.wait_for_text("[data-testid=active-profile]", "Producción")
                .await;
            app.click("[data-testid=active-profile]").await;
            let card = "[data-testid=profile-card][data-name='Producción']";
            app.text_of(&format!("{card} [data-testid=profile-fixed]"))
                .await;
            scan(&app, "profiles, a preset profile (policy)", f).await;
            app.click(&format!("{card} [data-testid=profile-edit]"))
                .await;
            app.text_of("[data-testid=profile-team-fixed]").await;
            scan(&app, "a preset profile's form, fields and team fixed", f).await;
            found.assert_none_serious();
        },
    )
    .await;
    service.stop().await;

    let (_bad_folder, bad) = policy_file("{\n  \"demo\": false,\n  \"apiKey\": \"sk-1\"\n}\n");
    let data = DataDir::new();
    with_app_given(
        &["--demo", "--test-policy", &bad],
        &data,
        |app| async move {
            let mut found = Findings::default();
            app.wait_for_text("[data-testid=policy-notice]", "línea 3")
                .await;
            scan(&app, "notice of a refused policy", &mut found).await;
            found.assert_none_serious();
        },
    )
    .await;
}

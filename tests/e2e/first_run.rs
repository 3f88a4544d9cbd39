//! First run against a service (a sandbox started here, reached as a custom address):
//! the analyst sets up a profile, the key goes to the session's keyring, one tracking
//! call confirms the connection, and the watchlist opens.

use kyb_e2e::{ProfileEntry, with_app};
use kyb_sandbox::{Sandbox, SandboxConfig};

#[tokio::test]
async fn a_new_profile_is_checked_saved_and_connected() {
    let sandbox = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let manifest = sandbox.manifest.clone();
    with_app(move |app| async move {
        ProfileEntry {
            name: "Operación Norte".into(),
            workspace: "no-es-uuid".into(),
            ..ProfileEntry::for_tenant(&manifest)
        }
        .fill(&app)
        .await;
        // A wrong Workspace is pointed out as soon as the field is left.
        app.wait_for_text(".field-problem", "El Workspace debe ser un UUID.")
            .await;
        app.replace_text(
            "[data-testid=profile-workspace]",
            &manifest.tenants[0].workspace_id.to_string(),
        )
        .await;
        app.click_button("Guardar y probar conexión").await;
        app.wait_for_text("[role=status]", "Conexión verificada")
            .await;
        app.wait_for_text("[data-testid=active-profile]", "Operación Norte")
            .await;
        app.wait_for_text(".empty", "No sigue ningún expediente")
            .await;
    })
    .await;
    sandbox.stop().await;
}

//! The desk under its company's managed policy, in the real window (the file as the
//! administrator's: `kyb_e2e::policy`).
//!
//! A preset profile shows its fields fixed, with the reason, and cannot be deleted, and
//! the team database its workspace is held to fixed too; the demo the policy turns off
//! does not start; a malformed policy is refused in the
//! window, naming its line.

use kyb_e2e::policy::{managed_production, policy_file};
use kyb_e2e::{DataDir, with_app_given};
use kyb_sandbox::{Sandbox, SandboxConfig};

const FIXED: &str = "Fijado por la política de su empresa";

#[tokio::test]
async fn a_preset_profile_is_fixed_and_the_demo_is_off() {
    let sandbox = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let manifest = sandbox.manifest.clone();
    let (_folder, path) = managed_production(&manifest);
    let data = DataDir::new();
    // Asked for the demo: the policy says no, so the preset profile opens instead.
    with_app_given(
        &["--demo", "--test-policy", &path],
        &data,
        |app| async move {
            app.wait_for_text("[data-testid=active-profile]", "Producción")
                .await;
            app.wait_until_gone("[data-testid=demo-banner]").await;
            app.click("[data-testid=active-profile]").await;
            let card = "[data-testid=profile-card][data-name='Producción']";
            app.wait_for_text(&format!("{card} [data-testid=profile-fixed]"), FIXED)
                .await;
            assert_eq!(
                app.attribute_of(&format!("{card} [data-testid=profile-delete]"), "disabled")
                    .await,
                "true",
                "a preset profile cannot be deleted"
            );
            app.click(&format!("{card} [data-testid=profile-edit]"))
                .await;
            app.wait_for_text("form [data-testid=profile-fixed]", FIXED)
                .await;
            // The name, address, Workspace and e-mail sit in disabled fieldsets.
            for field in ["profile-name", "profile-workspace", "profile-email"] {
                let fieldset = format!("fieldset.fixed-field:has([data-testid={field}])");
                assert_eq!(
                    app.attribute_of(&fieldset, "disabled").await,
                    "true",
                    "{field}"
                );
            }
            // The team database the policy holds the workspace to: filled in, read-only,
            // with the reason; the login is the member's to give.
            app.wait_for_text(
                "[data-testid=profile-team-fixed]",
                "fija la base de datos del equipo",
            )
            .await;
            assert_eq!(
                app.value_of("[data-testid=profile-team-host]").await,
                "db.empresa.mx"
            );
            assert_eq!(
                app.value_of("[data-testid=profile-team-database]").await,
                "kyb_team"
            );
            assert_eq!(
                app.attribute_of("[data-testid=profile-team-host]", "readonly")
                    .await,
                "true"
            );
            assert_eq!(
                app.attribute_of("[data-testid=profile-team]", "disabled")
                    .await,
                "true",
                "the team cannot be left"
            );
            assert_eq!(app.value_of("[data-testid=profile-team-user]").await, "");
        },
    )
    .await;
    sandbox.stop().await;
}

#[tokio::test]
async fn a_malformed_policy_is_refused_in_the_window_naming_its_line() {
    let (_folder, path) = policy_file("{\n  \"demo\": false,\n  \"apiKey\": \"sk-1\"\n}\n");
    let data = DataDir::new();
    with_app_given(
        &["--demo", "--test-policy", &path],
        &data,
        |app| async move {
            let notice = app
                .wait_for_text("[data-testid=policy-notice]", "línea 3")
                .await;
            assert!(notice.contains("apiKey"), "{notice}");
            assert!(
                notice.contains("ningún Workspace puede enviar cambios"),
                "{notice}"
            );
            // The safest state: no demo.
            app.wait_until_gone("[data-testid=demo-banner]").await;
        },
    )
    .await;
}

//! The desk under its company's managed policy, in the real window. The policy file is
//! root's (these journeys run as root), mode 0644 in a folder of mode 0755, so the
//! app's ownership check holds; the journeys' build reads it from there
//! (`--test-policy`), the packaged app only from `/etc/kyb-desk/policy.json`.
//!
//! A preset profile shows its fields fixed, with the reason, and cannot be deleted; the
//! demo the policy turns off does not start; a malformed policy is refused in the
//! window, naming its line.

use std::os::unix::fs::PermissionsExt;

use kyb_e2e::{DataDir, with_app_given};
use kyb_sandbox::{Sandbox, SandboxConfig};

const FIXED: &str = "Fijado por la política de su empresa";

/// `text` as the administrator's policy: root's, 0644, in root's 0755 folder.
fn policy_file(text: &str) -> (tempfile::TempDir, String) {
    let folder = tempfile::tempdir().expect("a folder");
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o755))
        .expect("the folder's mode");
    let path = folder.path().join("policy.json");
    std::fs::write(&path, text).expect("the policy written");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644))
        .expect("the file's mode");
    let shown = path.to_string_lossy().into_owned();
    (folder, shown)
}

#[tokio::test]
async fn a_preset_profile_is_fixed_and_the_demo_is_off() {
    let sandbox = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let manifest = sandbox.manifest.clone();
    let (_folder, path) = policy_file(
        &serde_json::json!({
            "profiles": [{
                "name": "Producción",
                "baseUrl": manifest.base_url,
                "workspace": manifest.tenants[0].workspace_id.to_string(),
                "agentEmail": "mesa@empresa.mx",
            }],
            "demo": false,
            "minAutoRefreshMinutes": 15,
        })
        .to_string(),
    );
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

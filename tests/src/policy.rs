//! The company's managed policy for a journey: a file the app's ownership check takes
//! for the administrator's. The journeys run as root, so a file written here is root's;
//! it is left mode 0644 in a folder of mode 0755, as IT installs `/etc/kyb-desk/`. The
//! journeys' build reads it from where `--test-policy` says; the packaged app only from
//! `/etc/kyb-desk/policy.json`.

use std::os::unix::fs::PermissionsExt;

/// `text` as the administrator's policy: the folder that holds it (removed when
/// dropped) and the file's path.
pub fn policy_file(text: &str) -> (tempfile::TempDir, String) {
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

/// The company's policy the journeys run under: a preset production profile on
/// `manifest`'s service and first workspace (its agent's e-mail fixed too), that
/// workspace held to the team database `db.empresa.mx/kyb_team`, no demo, and the
/// watchlist's refresh held to every 15 minutes at least. Written as the
/// administrator's (`policy_file`).
pub fn managed_production(manifest: &kyb_sandbox::Manifest) -> (tempfile::TempDir, String) {
    let workspace = manifest.tenants[0].workspace_id.to_string();
    policy_file(
        &serde_json::json!({
            "profiles": [{
                "name": "Producción",
                "baseUrl": manifest.base_url,
                "workspace": workspace,
                "agentEmail": "mesa@empresa.mx",
            }],
            "teams": [{"workspace": workspace, "host": "db.empresa.mx", "database": "kyb_team"}],
            "demo": false,
            "minAutoRefreshMinutes": 15,
        })
        .to_string(),
    )
}

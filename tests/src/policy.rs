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

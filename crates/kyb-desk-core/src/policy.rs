//! The company's managed policy: a file IT installs where only the system's
//! administrator can write (`/etc/kyb-desk/policy.json`, owned by root, writable by
//! no one else, in a folder alike). Today it names the workspaces that work as a team:
//! in those, a profile without its team database sends no state-changing call, so
//! leaving the team in one's own profile does not leave four eyes and the team's trail
//! behind. (What remains: every member holds the same service key, and a person who
//! copies it out of the keyring can call the service with another program; full
//! enforcement needs a key per member from the service. README, threat model.)
//!
//! A file that is not the administrator's (a user's own, or writable by others) is no
//! policy and is ignored, with a warning in the log. A root-owned file that cannot be
//! read as a policy closes every workspace to state changes until IT mends it: a
//! control that fails open would be no control.

use std::path::Path;

use serde::Deserialize;

/// Where IT installs the policy.
pub const MANAGED_PATH: &str = "/etc/kyb-desk/policy.json";

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Policy {
    /// No managed policy: every profile decides for itself.
    #[default]
    None,
    /// These workspaces (lower case) work as a team.
    TeamWorkspaces(Vec<String>),
    /// The administrator's file could not be read: no workspace changes state.
    Unreadable,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PolicyFile {
    #[serde(default)]
    team_workspaces: Vec<String>,
}

impl Policy {
    /// The policy at [`MANAGED_PATH`], if the administrator's.
    pub fn managed() -> Self {
        Self::load(Path::new(MANAGED_PATH), true)
    }

    /// The policy at `path`; with `administrators_only`, only a file (and folder)
    /// owned by root and writable by no one else counts.
    pub fn load(path: &Path, administrators_only: bool) -> Self {
        let Ok(bytes) = std::fs::read(path) else {
            return Self::None;
        };
        if administrators_only && !administrators(path) {
            tracing::warn!("{} is not the administrator's: ignored", path.display());
            return Self::None;
        }
        match serde_json::from_slice::<PolicyFile>(&bytes) {
            Ok(file) => Self::TeamWorkspaces(
                file.team_workspaces
                    .iter()
                    .map(|w| w.trim().to_lowercase())
                    .collect(),
            ),
            Err(error) => {
                tracing::error!(
                    "the managed policy {} cannot be read: {error}",
                    path.display()
                );
                Self::Unreadable
            }
        }
    }

    /// Whether state changes in `workspace` need the team.
    pub fn requires_team(&self, workspace: &str) -> bool {
        match self {
            Self::None => false,
            Self::TeamWorkspaces(listed) => listed.contains(&workspace.trim().to_lowercase()),
            Self::Unreadable => true,
        }
    }
}

/// Owned by root and writable by no one else, the file and its folder.
#[cfg(unix)]
fn administrators(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let held = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.uid() == 0 && m.mode() & 0o022 == 0);
    held(path) && path.parent().is_some_and(held)
}

#[cfg(not(unix))]
fn administrators(_path: &Path) -> bool {
    // The deployment issue brings the other systems' managed settings.
    false
}

#[cfg(test)]
mod tests {
    use super::Policy;

    #[test]
    fn a_policy_names_the_team_workspaces_and_an_unreadable_one_closes_them_all() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("policy.json");
        assert_eq!(Policy::load(&path, false), Policy::None);
        std::fs::write(&path, r#"{"teamWorkspaces": [" 0B5F2C1E-AAAA "]}"#).expect("written");
        let policy = Policy::load(&path, false);
        assert!(policy.requires_team("0b5f2c1e-aaaa"));
        assert!(!policy.requires_team("otro"));
        std::fs::write(&path, r#"{"teamWorkspace": []}"#).expect("written");
        assert!(
            Policy::load(&path, false).requires_team("otro"),
            "fails closed"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_file_writable_by_others_is_no_policy() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("policy.json");
        std::fs::write(&path, r#"{"teamWorkspaces": ["w"]}"#).expect("written");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666)).expect("permissions");
        assert_eq!(Policy::load(&path, true), Policy::None);
    }
}

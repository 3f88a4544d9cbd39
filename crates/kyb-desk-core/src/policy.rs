//! The company's managed policy: a file IT installs where only the system's
//! administrator can write (`/etc/kyb-desk/policy.json`, owned by root, writable by
//! no one else, in a folder alike). Today it names the workspaces that work as a team,
//! each with its team's database (host, port, database): in those, a profile whose
//! team is not that database (none, or a PostgreSQL of the member's own, where they
//! would be their own supervisor) sends no state-changing call, so leaving the team in
//! one's own profile does not leave four eyes and the team's trail behind. (What remains: every member holds the same service key, and a person who
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
    /// These workspaces work as a team, each on its database.
    Teams(Vec<TeamOf>),
    /// The administrator's file could not be read: no workspace changes state.
    Unreadable,
}

/// A workspace and the team database it works on.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TeamOf {
    pub workspace: String,
    pub host: String,
    #[serde(default = "default_port")]
    pub port: u16,
    pub database: String,
}

fn default_port() -> u16 {
    kyb_team::DEFAULT_PORT
}

impl TeamOf {
    fn names(&self, workspace: &str) -> bool {
        self.workspace.trim().eq_ignore_ascii_case(workspace.trim())
    }

    /// Whether `team` is this database (the login is the member's own).
    fn is(&self, team: &kyb_team::TeamAddress) -> bool {
        self.host.trim().eq_ignore_ascii_case(team.host.trim())
            && self.port == team.port
            && self.database.trim() == team.database.trim()
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PolicyFile {
    #[serde(default)]
    teams: Vec<TeamOf>,
}

impl Policy {
    /// The policy at [`MANAGED_PATH`], if the administrator's.
    pub fn managed() -> Self {
        Self::load(Path::new(MANAGED_PATH), true)
    }

    /// The policy at `path`; with `administrators_only`, only a file (and folder)
    /// owned by root and writable by no one else counts.
    pub fn load(path: &Path, administrators_only: bool) -> Self {
        // No file is no policy; a file there that cannot be read (its permissions, a
        // folder in its place) is an unreadable policy, not none.
        if std::fs::symlink_metadata(path).is_err() {
            return Self::None;
        }
        if administrators_only && !administrators(path) {
            tracing::warn!("{} is not the administrator's: ignored", path.display());
            return Self::None;
        }
        let Ok(bytes) = std::fs::read(path) else {
            tracing::error!("the managed policy {} cannot be read", path.display());
            return Self::Unreadable;
        };
        match serde_json::from_slice::<PolicyFile>(&bytes) {
            Ok(file) => Self::Teams(file.teams),
            Err(error) => {
                tracing::error!(
                    "the managed policy {} cannot be read: {error}",
                    path.display()
                );
                Self::Unreadable
            }
        }
    }

    /// Whether a profile of `workspace` working with `team` may change state: where
    /// the policy names the workspace, only with the team database it names.
    pub fn allows(&self, workspace: &str, team: Option<&kyb_team::TeamAddress>) -> bool {
        match self {
            Self::None => true,
            Self::Teams(teams) => match teams.iter().find(|t| t.names(workspace)) {
                None => true,
                Some(required) => team.is_some_and(|team| required.is(team)),
            },
            Self::Unreadable => false,
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

    fn team(host: &str, database: &str) -> kyb_team::TeamAddress {
        kyb_team::TeamAddress {
            host: host.into(),
            port: kyb_team::DEFAULT_PORT,
            database: database.into(),
            user: "ana".into(),
        }
    }

    #[test]
    fn a_workspace_the_policy_names_changes_state_only_on_its_own_team_database() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("policy.json");
        assert_eq!(Policy::load(&path, false), Policy::None);
        std::fs::write(
            &path,
            r#"{"teams": [{"workspace": " 0B5F2C1E-AAAA ", "host": "db.empresa.mx", "database": "kyb_team"}]}"#,
        )
        .expect("written");
        let policy = Policy::load(&path, false);
        let ours = team("DB.empresa.mx", "kyb_team");
        assert!(policy.allows("0b5f2c1e-aaaa", Some(&ours)));
        assert!(!policy.allows("0b5f2c1e-aaaa", None), "no team");
        assert!(
            !policy.allows("0b5f2c1e-aaaa", Some(&team("/run/postgresql", "kyb_team"))),
            "a PostgreSQL of the member's own"
        );
        assert!(policy.allows("otro", None), "a workspace it does not name");
        std::fs::write(&path, r#"{"teamWorkspaces": []}"#).expect("written");
        assert!(
            !Policy::load(&path, false).allows("otro", None),
            "fails closed"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_file_writable_by_others_is_no_policy_and_one_that_cannot_be_read_closes_all() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("policy.json");
        std::fs::write(&path, r#"{"teams": []}"#).expect("written");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666))
            .expect("permissions");
        assert_eq!(Policy::load(&path, true), Policy::None);
        // A folder where the file goes cannot be read as one.
        let folder = dir.path().join("folder.json");
        std::fs::create_dir(&folder).expect("a folder");
        assert_eq!(Policy::load(&folder, false), Policy::Unreadable);
    }
}

//! The company's managed policy: a file IT installs where only the system's
//! administrator can write (`/etc/kyb-desk/policy.json`: root's, writable by no one
//! else, in a folder alike). Its keys, in docs/OPERATIONS.md, "The managed policy": `profiles`
//! (presets, never an API key: created or set back at start, fixed in the window,
//! [`presets`]); `teams` (a workspace's team database: there a profile pointing
//! elsewhere sends no state-changing call, so leaving the team does not leave four eyes
//! and the trail behind; the shared service key still escapes this, docs/SECURITY.md); `demo`; `minAutoRefreshMinutes` (a minimum frequency: "off" and longer
//! intervals are not offered, a stored one reads as the minimum, [`AutoRefreshRule`]).
//!
//! A file that is not the administrator's is ignored, with a warning. A root-owned file
//! that cannot be read as a policy is refused, naming its line, and the desk takes its
//! safest state until IT mends it (no demo, no workspace changes state): a control that
//! fails open would be no control.

pub mod checks;
mod file;
mod load;
pub mod presets;
pub mod teams;

use std::path::Path;

use serde::Serialize;
use ts_rs::TS;

pub use file::{
    AUTO_REFRESH_CHOICES, MIN_AUTO_REFRESH_RANGE, Preset, Refusal, Rules, TeamOf, parse,
};

/// Where IT installs the policy.
pub const MANAGED_PATH: &str = "/etc/kyb-desk/policy.json";

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Policy {
    /// No managed policy: every profile decides for itself.
    #[default]
    None,
    /// A file at `path` that is not the administrator's: no policy, and the window
    /// says it was ignored.
    Ignored { path: String },
    /// The administrator's policy.
    Managed(Rules),
    /// The administrator's file could not be read as a policy: no demo, and no
    /// workspace changes state.
    Refused { path: String, refusal: Refusal },
}

/// The watchlist's automatic refresh as the policy leaves it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AutoRefreshRule {
    /// The intervals offered, in minutes (0: off), shortest first.
    pub choices: Vec<u32>,
    /// What a stored choice that is not offered reads as.
    pub fallback: u32,
    /// The policy's minimum frequency, when it sets one (the window says so).
    #[ts(optional)]
    pub minimum: Option<u32>,
}

/// How the window finds the policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum PolicyState {
    None,
    Ignored,
    Managed,
    Refused,
}

/// What the policy fixes, for the window: it shows these as fixed, with the reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PolicyView {
    pub state: PolicyState,
    /// The file the state is about.
    pub path: String,
    #[ts(optional)]
    pub refusal: Option<Refusal>,
    /// Whether the embedded demo may run.
    pub demo: bool,
    /// False when no workspace may change state (a refused policy).
    pub state_changes: bool,
    pub auto_refresh: AutoRefreshRule,
    /// The workspaces held to a team, and its database.
    pub teams: Vec<TeamOf>,
}

impl Policy {
    /// The policy at [`MANAGED_PATH`], if the administrator's.
    pub fn managed() -> Self {
        Self::load(Path::new(MANAGED_PATH), true)
    }

    /// A policy of team workspaces alone (tests).
    pub fn teams(teams: Vec<TeamOf>) -> Self {
        Self::Managed(Rules {
            teams,
            ..Rules::default()
        })
    }

    /// The policy at `path`; with `administrators_only`, only a file owned by root and
    /// writable by no one else, in folders alike ([`load`]).
    pub fn load(path: &Path, administrators_only: bool) -> Self {
        Self::load_as(path, administrators_only.then_some(0))
    }

    /// [`Self::load`] with `administrator` the user taken for the administrator (root,
    /// but in tests, which cannot make root's files).
    fn load_as(path: &Path, administrator: Option<u32>) -> Self {
        let shown = path.display().to_string();
        let unreadable = |detail: String| Refusal {
            line: None,
            column: None,
            detail,
        };
        // No file is no policy; a file there that cannot be read (its permissions, a
        // folder in its place) is a refused policy, not none.
        let read = match load::read(path, administrator) {
            load::Found::Missing => return Self::None,
            load::Found::NotTheAdministrators => {
                tracing::warn!("{shown} is not the administrator's: ignored");
                return Self::Ignored { path: shown };
            }
            load::Found::Unreadable(detail) => Err(unreadable(detail)),
            load::Found::Bytes(bytes) => Ok(bytes),
        };
        match read.and_then(|bytes| parse(&bytes)) {
            Ok(rules) => Self::Managed(rules),
            Err(refusal) => {
                tracing::error!("the managed policy {shown} is refused: {refusal:?}");
                Self::Refused {
                    path: shown,
                    refusal,
                }
            }
        }
    }

    /// Whether a profile of `workspace` working with `team` may change state: where
    /// the policy names the workspace, only with the team database it names.
    pub fn allows(&self, workspace: &str, team: Option<&kyb_team::TeamAddress>) -> bool {
        match self {
            Self::None | Self::Ignored { .. } => true,
            Self::Managed(rules) => match teams::held(&rules.teams, workspace) {
                None => true,
                Some(required) => team.is_some_and(|team| required.is(team)),
            },
            Self::Refused { .. } => false,
        }
    }

    /// The thresholds of the desk's own checks and the lists it may fetch: the
    /// defaults without a policy, and under a refused one (thresholds are no
    /// permission, and the checks still run).
    pub fn checks(&self) -> checks::CheckRules {
        match self {
            Self::Managed(rules) => rules.checks.clone(),
            _ => checks::CheckRules::default(),
        }
    }

    /// Whether the embedded demo may run: not where the policy says no, nor under a
    /// refused one (it may have meant no).
    pub fn demo(&self) -> bool {
        match self {
            Self::None | Self::Ignored { .. } => true,
            Self::Managed(rules) => rules.demo,
            Self::Refused { .. } => false,
        }
    }

    /// The workspaces the policy holds to a team, and its database.
    pub fn held_teams(&self) -> &[TeamOf] {
        match self {
            Self::Managed(rules) => &rules.teams,
            _ => &[],
        }
    }

    /// The profiles the policy presets.
    pub fn presets(&self) -> &[Preset] {
        match self {
            Self::Managed(rules) => &rules.profiles,
            _ => &[],
        }
    }

    pub fn auto_refresh(&self) -> AutoRefreshRule {
        let minimum = match self {
            Self::Managed(rules) => rules.min_auto_refresh_minutes,
            _ => None,
        };
        match minimum {
            None => AutoRefreshRule {
                choices: AUTO_REFRESH_CHOICES.to_vec(),
                fallback: 0,
                minimum: None,
            },
            Some(minimum) => {
                let mut choices: Vec<u32> = AUTO_REFRESH_CHOICES
                    .into_iter()
                    .filter(|&m| m > 0 && m < minimum)
                    .collect();
                choices.push(minimum);
                AutoRefreshRule {
                    choices,
                    fallback: minimum,
                    minimum: Some(minimum),
                }
            }
        }
    }

    pub fn view(&self) -> PolicyView {
        let (state, path, refusal) = match self {
            Self::None => (PolicyState::None, MANAGED_PATH.to_owned(), None),
            Self::Ignored { path } => (PolicyState::Ignored, path.clone(), None),
            Self::Managed(_) => (PolicyState::Managed, MANAGED_PATH.to_owned(), None),
            Self::Refused { path, refusal } => {
                (PolicyState::Refused, path.clone(), Some(refusal.clone()))
            }
        };
        PolicyView {
            state,
            path,
            refusal,
            demo: self.demo(),
            state_changes: !matches!(self, Self::Refused { .. }),
            auto_refresh: self.auto_refresh(),
            teams: self.held_teams().to_vec(),
        }
    }
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
            r#"{"teams": [{"workspace": " 0B5F2C1E-AAAA-4C7E-9D55-7D2B3B1A9E10 ", "host": "db.empresa.mx", "database": "kyb_team"}]}"#,
        )
        .expect("written");
        let policy = Policy::load(&path, false);
        let ours = team("DB.empresa.mx", "kyb_team");
        let held = "0b5f2c1e-aaaa-4c7e-9d55-7d2b3b1a9e10";
        assert!(policy.allows(held, Some(&ours)));
        assert!(policy.allows(&format!("\u{a0}{}\t", held.to_uppercase()), Some(&ours)));
        assert!(!policy.allows(held, None), "no team");
        assert!(
            !policy.allows(held, Some(&team("/run/postgresql", "kyb_team"))),
            "a PostgreSQL of the member's own"
        );
        assert!(policy.allows("otro", None), "a workspace it does not name");
        std::fs::write(&path, r#"{"teamWorkspaces": []}"#).expect("written");
        // An unknown key is refused: closed.
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
        // Ignored, and said: the window tells the user the file was not the
        // administrator's.
        let ignored = Policy::load(&path, true);
        assert!(matches!(ignored, Policy::Ignored { .. }), "{ignored:?}");
        assert!(ignored.allows("otro", None) && ignored.demo());
        assert_eq!(ignored.view().state, super::PolicyState::Ignored);
        // A folder where the file goes cannot be read as one: refused, closing all.
        let folder = dir.path().join("folder.json");
        std::fs::create_dir(&folder).expect("a folder");
        let refused = Policy::load(&folder, false);
        assert!(matches!(refused, Policy::Refused { .. }), "{refused:?}");
        assert!(!refused.allows("otro", None));
    }

    #[test]
    fn a_malformed_policy_is_refused_naming_its_line_and_the_desk_takes_its_safest_state() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("policy.json");
        for (text, line, says) in [
            ("{\n  \"demo\": false,\n  \"teams\": [\n", 4, "EOF"),
            (
                "{\n  \"demo\": false,\n  \"apiKey\": \"sk-1\"\n}",
                3,
                "unknown field `apiKey`",
            ),
            ("{\n  \"demo\": \"no\"\n}", 2, "invalid type"),
            (
                "{\n\n  \"minAutoRefreshMinutes\": 2\n}",
                3,
                "minutes from 5 to 1440",
            ),
            // A team's workspace mistyped would hold nothing: refused, not ignored.
            (
                "{\"teams\": [\n {\"workspace\": \"0b5f2c1e-aaaa\",\n  \"host\": \"db\", \"database\": \"k\"}]}",
                2,
                "expected a WorkspaceID",
            ),
            (
                "{\"teams\": [{\"workspace\": \"0b5f2c1e-aaaa-4c7e-9d55-7d2b3b1a9e10\",\n  \"host\": \" \", \"database\": \"k\"}]}",
                2,
                "expected a host",
            ),
            (
                "{\"teams\": [\n{\"workspace\": \"0b5f2c1e-aaaa-4c7e-9d55-7d2b3b1a9e10\", \"host\": \"a\", \"database\": \"k\"},\n{\"workspace\": \"0B5F2C1E-AAAA-4C7E-9D55-7D2B3B1A9E10\", \"host\": \"b\", \"database\": \"k\"}\n]}",
                4,
                "is held twice",
            ),
            // Repeated keys, and nesting deeper than any policy: refused, not guessed.
            (
                "{\"demo\": true,\n\"demo\": false}",
                2,
                "duplicate field `demo`",
            ),
            (
                format!("{{\"profiles\": {}", "[".repeat(200)).as_str(),
                1,
                "invalid type: sequence",
            ),
            (
                "{\"profiles\": [\n {\"name\": \"Prod\", \"environment\": \"production\",\n  \"workspace\": \"abc\"}\n]}",
                3,
                "expected a WorkspaceID",
            ),
            (
                "{\"profiles\": [\n {\"name\": \"Prod\", \"environment\": \"production\",\n  \"workspace\": \"2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10\", \"apiKey\": \"x\"}\n]}",
                3,
                "unknown field `apiKey`",
            ),
        ] {
            std::fs::write(&path, text).expect("written");
            let policy = Policy::load(&path, false);
            let Policy::Refused { refusal, .. } = &policy else {
                panic!("{text}: not refused: {policy:?}");
            };
            assert_eq!(refusal.line, Some(line), "{text}: {refusal:?}");
            assert!(refusal.detail.contains(says), "{text}: {refusal:?}");
            assert!(
                !refusal.detail.contains(" at line "),
                "the line is its own field"
            );
            let view = policy.view();
            assert_eq!(view.state, super::PolicyState::Refused);
            assert!(
                !view.demo && !view.state_changes,
                "no demo, no state change"
            );
            assert!(!policy.allows("2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10", None));
            assert!(policy.presets().is_empty());
        }
    }

    #[test]
    fn a_profiles_own_checks_are_placed_where_the_profile_ends() {
        let refused = super::parse(
            b"{\"profiles\": [{\"name\": \"P\", \"environment\": \"production\",\n  \"workspace\": \"2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10\",\n  \"flows\": [{\"flowId\": \" \", \"label\": \"M\", \"personType\": \"Moral\"}]}\n]}",
        )
        .expect_err("a flow without its id");
        assert_eq!(refused.line, Some(3), "{refused:?}");
        assert!(refused.detail.contains("flowId"), "{refused:?}");
    }

    #[test]
    fn every_key_is_read_and_the_refresh_is_held_to_its_minimum() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("policy.json");
        std::fs::write(
            &path,
            r#"{
              "profiles": [{"name": "Producción", "environment": "production",
                "workspace": "2F1D0C1E-5B0A-4C7E-9D55-7D2B3B1A9E10", "agentEmail": "mesa@empresa.mx",
                "flows": [{"flowId": "flujo-moral", "label": "Morales", "personType": "Moral"}]},
                {"name": "Propio", "baseUrl": "https://kyb.empresa.mx/api",
                "workspace": "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10"}],
              "demo": false,
              "minAutoRefreshMinutes": 30
            }"#,
        )
        .expect("written");
        let policy = Policy::load(&path, false);
        assert!(!policy.demo());
        let presets = policy.presets();
        assert_eq!(presets.len(), 2);
        assert_eq!(presets[0].workspace, "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10");
        assert_eq!(presets[1].agent_email, None);
        assert_eq!(
            super::presets::fixed_fields(&presets[1]),
            ["name", "environment", "workspaceId"]
        );
        let refresh = policy.auto_refresh();
        assert_eq!(refresh.choices, [5, 15, 30], "no 'off', nothing rarer");
        assert_eq!((refresh.fallback, refresh.minimum), (30, Some(30)));
        assert_eq!(Policy::None.auto_refresh().choices, [0, 5, 15, 60]);
        assert_eq!(Policy::None.auto_refresh().fallback, 0);
        // Both an environment and an address is one too many.
        std::fs::write(
            &path,
            r#"{"profiles": [{"name": "P", "environment": "production", "baseUrl": "https://a.mx",
                "workspace": "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10"}]}"#,
        )
        .expect("written");
        assert!(matches!(Policy::load(&path, false), Policy::Refused { .. }));
    }
}

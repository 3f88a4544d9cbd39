//! Versions in the team: a desk records its version at every connection (the Team
//! screen lists each member's), and a supervisor sets the lowest version the team
//! needs. The comparison is here, once (`semver`); the window gets it as [`DeskVersion`].
//!
//! A desk older than the team needs keeps reading (the queue, the trail, the Team
//! screen that tells it how to update) but changes nothing of the team's work nor of
//! the service's from a team profile: every such call is refused with `desk_outdated`
//! before it leaves ([`Desk::team_for_change`], [`refuse_outdated`]), since an old desk
//! may not know the team's newer rules. Still allowed, as they change no one's work:
//! sharing the statuses its refreshes read, the member's own saved views and mentions
//! seen, recording its own version, and a supervisor setting the need (so one set too
//! high by mistake can be lowered from any desk, this one included).

use kyb_team::Team;
use serde::Serialize;
use ts_rs::TS;

use super::{TeamCode, team_error};
use crate::desk::Desk;
use crate::error::{AppError, AppResult, DeskCode};

/// This desk's version: the workspace's, which the app (`kyb-desk`) shares.
pub const DESK_VERSION: &str = env!("CARGO_PKG_VERSION");

/// This desk's version beside the one its team needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DeskVersion {
    pub mine: String,
    /// The lowest version the team needs, if a supervisor set one.
    pub needed: Option<String>,
    /// This desk is older than `needed`: it says how to update and changes nothing.
    pub outdated: bool,
}

impl DeskVersion {
    pub fn of(mine: &str, needed: Option<String>) -> Self {
        let outdated = needed.as_deref().is_some_and(|needed| older(mine, needed));
        Self {
            mine: mine.to_owned(),
            needed,
            outdated,
        }
    }
}

/// Whether `mine` is older than `needed`, by semantic-version precedence (1.2.3-rc.1
/// before 1.2.3, build metadata ignored). A version that is not one (the database keeps
/// only semantic versions; tolerant reading) makes no desk outdated.
pub fn older(mine: &str, needed: &str) -> bool {
    match (
        semver::Version::parse(mine.trim()),
        semver::Version::parse(needed.trim()),
    ) {
        (Ok(mine), Ok(needed)) => mine.cmp_precedence(&needed).is_lt(),
        _ => false,
    }
}

/// A version a supervisor may set as the team's need: a semantic version of at most
/// [`kyb_team::VERSION_MAX`] characters, trimmed; blank clears the need.
pub fn version_needed(text: &str) -> AppResult<Option<String>> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if text.len() > kyb_team::VERSION_MAX || semver::Version::parse(text).is_err() {
        return Err(AppError::of(DeskCode::InvalidInput));
    }
    Ok(Some(text.to_owned()))
}

impl Desk {
    /// This desk's version beside the team's need, read now.
    pub(super) async fn desk_version_of(team: &Team) -> AppResult<DeskVersion> {
        let needed = team.desk_version_needed().await.map_err(team_error)?;
        Ok(DeskVersion::of(DESK_VERSION, needed))
    }

    /// The active profile's team for a change of state: refused with `desk_outdated`
    /// while this desk is older than the team needs (the need is read at each change,
    /// so a need set a moment ago holds at once).
    pub(in crate::desk) async fn team_for_change(&self) -> AppResult<Team> {
        let team = self.team().await?;
        refuse_outdated(&team).await?;
        Ok(team)
    }

    /// A supervisor sets (blank: clears) the lowest desk version the team needs.
    pub async fn set_desk_version_needed(&self, version: &str) -> AppResult<DeskVersion> {
        let needed = version_needed(version)?;
        let team = self.team().await?;
        team.set_desk_version_needed(needed.as_deref())
            .await
            .map_err(team_error)?;
        Self::desk_version_of(&team).await
    }
}

/// `desk_outdated` when this desk is older than `team` needs.
pub(in crate::desk) async fn refuse_outdated(team: &Team) -> AppResult<()> {
    if Desk::desk_version_of(team).await?.outdated {
        return Err(AppError::of(TeamCode::DeskOutdated));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_desk_is_older_by_semantic_precedence() {
        assert!(older("0.1.0", "0.2.0"));
        assert!(older("0.9.0", "0.10.0"), "numbers, not text");
        assert!(older("1.2.3-rc.1", "1.2.3"), "a pre-release comes first");
        assert!(older("1.2.3-alpha", "1.2.3-beta"));
        assert!(!older("1.2.3", "1.2.3"));
        assert!(!older("1.2.3+deb12", "1.2.3"), "build metadata is no newer");
        assert!(!older("2.0.0", "1.99.99"));
        assert!(!older("0.1.0", "not a version"), "tolerant: no lock-out");
    }

    #[test]
    fn the_desk_version_says_outdated_only_below_the_need() {
        assert!(DeskVersion::of("0.1.0", Some("0.2.0".into())).outdated);
        assert!(!DeskVersion::of("0.2.0", Some("0.2.0".into())).outdated);
        assert!(!DeskVersion::of("0.1.0", None).outdated, "no need set");
    }

    #[test]
    fn a_need_is_a_semantic_version_or_blank() {
        assert_eq!(
            version_needed(" 1.4.0 ").expect("a version").as_deref(),
            Some("1.4.0")
        );
        assert_eq!(version_needed("  ").expect("blank clears"), None);
        assert_eq!(
            version_needed("1.4.0-rc.2+b7")
                .expect("a pre-release")
                .as_deref(),
            Some("1.4.0-rc.2+b7")
        );
        for wrong in ["1.4", "v1.4.0", "01.4.0", "1.4.0.1", "latest"] {
            let error = version_needed(wrong).expect_err(wrong);
            assert_eq!(error.code, DeskCode::InvalidInput, "{wrong}");
        }
        let long = format!("1.2.{}", "3".repeat(61));
        assert!(version_needed(&long).is_err(), "65 characters");
    }

    #[test]
    fn this_desk_s_version_is_the_app_s() {
        assert!(
            semver::Version::parse(DESK_VERSION).is_ok(),
            "{DESK_VERSION}"
        );
    }
}

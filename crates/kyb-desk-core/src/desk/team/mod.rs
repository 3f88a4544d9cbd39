//! The desk in a team: a profile that names a team database works with the team's
//! queue, claims, notes, trail and approvals (`kyb_team`). The desk connects on first
//! need as the login the profile's team address names, in the profile's workspace,
//! with the password the keyring holds for that address; who the member is (e-mail,
//! role) is the database's answer, never the profile's. A one-time password (a new
//! member's, or one a supervisor reset) is replaced at once by a strong one this desk
//! makes and keeps in the keyring. A failed connection is tried again on the next
//! need, so a database that comes back is found without a restart.
//!
//! When the database cannot be reached, the service's reads go on; what needs the
//! team (a claim, an approval, the central trail's intent) is refused with
//! `team_unreachable`, and nothing typed is lost: drafts stay on this desk.

mod approvals;
mod code;
mod history;
mod joined;
mod listening;
mod members;
mod pending;
mod queue;
mod service_calls;
mod sla;
mod trail;
mod translate;
mod versions;
mod workload;

use kyb_team::{FourEyes, Role, Team, TeamAddress};
use serde::Serialize;
use ts_rs::TS;

use super::Desk;
use crate::error::{AppError, AppResult, DeskCode, Details};
use crate::profiles::Profile;
use crate::secrets::{BoundKey, KeyStatus};
pub use code::TeamCode;
pub use history::{HistoryItem, HistoryWhat, history};
pub(super) use joined::Joined;
pub use listening::TeamListening;
pub use members::AddedMember;
pub(super) use pending::{PendingOutcomes, pending_path};
pub use queue::{CLAIM_LEASE, TeamQueue};
pub(super) use service_calls::TeamCall;
pub use trail::{AnchorAlarm, ExportedCheckpoint, TeamTrail};
pub use translate::team_error;
use versions::refuse_outdated;
pub use versions::{DESK_VERSION, DeskVersion};
pub use workload::{FileKey, ReassignSelection};

/// The keyring entry of a profile's team password, beside its API key's.
fn password_entry(profile_id: &str) -> String {
    format!("{profile_id}.team")
}

/// What the window knows of the team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamStatus {
    /// The profile names a team database.
    pub configured: bool,
    pub address: Option<TeamAddress>,
    pub password: KeyStatus,
    /// Connected now; `problem` says why not.
    pub connected: bool,
    pub problem: Option<AppError>,
    /// The login this desk acts as, and its e-mail, as the database says.
    pub member: Option<String>,
    pub email: Option<String>,
    pub role: Option<Role>,
    pub four_eyes: Option<FourEyes>,
    /// The team's trail is not the one this desk saw before (its keyring's anchor).
    pub trail_alarm: Option<AnchorAlarm>,
    /// This desk's version beside the one the team needs (connected only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub desk_version: Option<DeskVersion>,
}

impl Desk {
    /// Keeps a profile's team password, bound to its database's address; the next
    /// need connects with it.
    pub async fn set_team_password(
        &self,
        profile_id: &str,
        password: &str,
    ) -> AppResult<KeyStatus> {
        let profile = self.profile(profile_id)?;
        let address = profile
            .team
            .clone()
            .ok_or_else(|| AppError::of(TeamCode::NoTeam))?;
        if password.is_empty() {
            return Err(AppError::of(DeskCode::InvalidInput));
        }
        let entry = password_entry(&profile.id);
        self.vault.set(&entry, password, &address.origin())?;
        if let Some(old) = self.team.lock().await.take() {
            old.team.close().await;
        }
        Ok(self.vault.status(&entry))
    }

    fn team_status_now(&self, profile: &Profile) -> TeamStatus {
        TeamStatus {
            configured: profile.team.is_some(),
            address: profile.team.clone(),
            password: self.vault.status(&password_entry(&profile.id)),
            connected: false,
            problem: None,
            member: None,
            email: None,
            role: None,
            four_eyes: None,
            trail_alarm: None,
            desk_version: None,
        }
    }

    /// The team as the window shows it: connected or why not, who, what role.
    pub async fn team_status(&self) -> AppResult<TeamStatus> {
        let profile = self.active_profile()?;
        let mut status = self.team_status_now(&profile);
        if profile.team.is_none() {
            return Ok(status);
        }
        match self.team_of(&profile).await {
            Ok(team) => {
                self.tell_owed(&profile, &team).await;
                status.member = Some(team.member().to_owned());
                match (team.whoami().await, team.four_eyes().await) {
                    (Ok(me), Ok(four_eyes)) => {
                        status.connected = true;
                        status.email = Some(me.email);
                        status.role = Some(me.role);
                        status.four_eyes = Some(four_eyes);
                        status.desk_version = Self::desk_version_of(&team).await.ok();
                        // The chain is checked against this desk's anchor on every look
                        // at the team, not only on the audit screen.
                        if let Ok(head) = team.head().await {
                            status.trail_alarm = self
                                .check_anchor(&profile, &team, &head)
                                .await
                                .ok()
                                .flatten();
                        }
                    }
                    (Err(error), _) | (_, Err(error)) => status.problem = Some(team_error(error)),
                }
            }
            Err(error) => status.problem = Some(error),
        }
        Ok(status)
    }

    /// The active profile's team, connected (and joined) on first need.
    pub(super) async fn team(&self) -> AppResult<Team> {
        let profile = self.active_profile()?;
        self.team_of(&profile).await
    }

    /// The active profile's team when it has one; `None` for one person on one desk.
    pub(super) async fn team_if_any(&self, profile: &Profile) -> AppResult<Option<Team>> {
        if profile.team.is_none() {
            return Ok(None);
        }
        self.team_of(profile).await.map(Some)
    }

    async fn team_of(&self, profile: &Profile) -> AppResult<Team> {
        let address = profile
            .team
            .clone()
            .ok_or_else(|| AppError::of(TeamCode::NoTeam))?;
        let origin = address.origin();
        let mut slot = self.team.lock().await;
        if let Some(joined) = slot.as_ref()
            && joined.profile_id == profile.id
            && joined.origin == origin
        {
            return Ok(joined.team.clone());
        }
        if let Some(old) = slot.take() {
            old.team.close().await;
        }
        let password = match self.vault.get(&password_entry(&profile.id))? {
            Some(BoundKey { key, origin: bound })
                if crate::secrets::may_go_to(bound.as_deref(), &origin) =>
            {
                Some(key)
            }
            // A database on this computer may trust its local users (no password).
            None if address.is_local() => None,
            _ => {
                return Err(AppError::of(TeamCode::NoTeamPassword)
                    .with_details(Details::NoTeamPassword { address: origin }));
            }
        };
        let options = address.connect_options(password.as_ref().map(|p| p.expose()));
        let mut team = Team::connect(options, &profile.workspace_id)
            .await
            .map_err(team_error)?;
        if team.me().must_change {
            team = self
                .replace_one_time_password(profile, &address, team)
                .await?;
        }
        // The Team screen lists it; a refusal (a database that cannot keep it) costs
        // the member nothing but the list's line.
        if let Err(error) = team.record_desk_version(DESK_VERSION).await {
            tracing::warn!("the team did not record this desk's version: {error}");
        }
        *slot = Some(Joined {
            profile_id: profile.id.clone(),
            origin,
            team: team.clone(),
        });
        Ok(team)
    }

    /// A one-time password is replaced by a strong one made here (the member never
    /// needs to know it) and kept in the keyring, bound to the same address; the desk
    /// connects again with it.
    async fn replace_one_time_password(
        &self,
        profile: &Profile,
        address: &TeamAddress,
        team: Team,
    ) -> AppResult<Team> {
        let chosen = format!(
            "{}{}",
            uuid::Uuid::new_v4().simple(),
            uuid::Uuid::new_v4().simple()
        );
        team.change_password(&chosen).await.map_err(team_error)?;
        team.close().await;
        self.vault
            .set(&password_entry(&profile.id), &chosen, &address.origin())?;
        Team::connect(
            address.connect_options(Some(&chosen)),
            &profile.workspace_id,
        )
        .await
        .map_err(team_error)
    }
}

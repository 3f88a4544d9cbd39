//! The team's members, as a supervisor manages them: roles, logins added or bound,
//! one-time passwords, removals.

use kyb_team::{Member, Role};
use serde::Serialize;
use ts_rs::TS;

use super::team_error;
use super::versions::older;
use crate::desk::Desk;
use crate::error::AppResult;
use kyb_team::Team;

/// The team's members, each marked when their desk is older than the team needs (a
/// desk that never connected, or whose version is no semantic one, is not).
async fn members_of(team: &Team) -> AppResult<Vec<Member>> {
    let needed = team.desk_version_needed().await.map_err(team_error)?;
    let mut members = team.members().await.map_err(team_error)?;
    if let Some(needed) = needed {
        for member in &mut members {
            member.below_need = member
                .desk_version
                .as_deref()
                .is_some_and(|v| older(v, &needed));
        }
    }
    Ok(members)
}

/// A member added (or given a new password): the team's members now, and the
/// one-time password to hand over, shown once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AddedMember {
    pub members: Vec<Member>,
    pub one_time_password: Option<String>,
}

impl Desk {
    pub async fn team_members(&self) -> AppResult<Vec<Member>> {
        members_of(&self.team().await?).await
    }

    pub async fn set_member_role(&self, login: &str, role: Role) -> AppResult<Vec<Member>> {
        let team = self.team_for_change().await?;
        team.set_role(login, role).await.map_err(team_error)?;
        members_of(&team).await
    }

    /// A supervisor adds a member: a new login, whose one-time password is returned
    /// here once (to hand over; the member's desk replaces it at the first sign-in),
    /// or with `bind` an existing login of the company's directory (no password).
    pub async fn add_member(
        &self,
        login: &str,
        email: &str,
        role: Role,
        bind: bool,
    ) -> AppResult<AddedMember> {
        let team = self.team_for_change().await?;
        let one_time_password = team
            .add_member(login, email, role, bind)
            .await
            .map_err(team_error)?;
        Ok(AddedMember {
            members: members_of(&team).await?,
            one_time_password,
        })
    }

    /// A supervisor gives a member a new one-time password.
    pub async fn reset_member_password(&self, login: &str) -> AppResult<AddedMember> {
        let team = self.team_for_change().await?;
        let password = team.reset_password(login).await.map_err(team_error)?;
        Ok(AddedMember {
            members: members_of(&team).await?,
            one_time_password: Some(password),
        })
    }

    /// A supervisor removes a member: their access ends at once.
    pub async fn remove_member(&self, login: &str) -> AppResult<Vec<Member>> {
        let team = self.team_for_change().await?;
        team.remove_member(login).await.map_err(team_error)?;
        members_of(&team).await
    }
}

//! The team's members, as a supervisor manages them: roles, logins added or bound,
//! one-time passwords, removals.

use kyb_team::{Member, Role};
use serde::Serialize;
use ts_rs::TS;

use super::team_error;
use crate::desk::Desk;
use crate::error::AppResult;

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
        self.team().await?.members().await.map_err(team_error)
    }

    pub async fn set_member_role(&self, login: &str, role: Role) -> AppResult<Vec<Member>> {
        let team = self.team_for_change().await?;
        team.set_role(login, role).await.map_err(team_error)?;
        team.members().await.map_err(team_error)
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
            members: team.members().await.map_err(team_error)?,
            one_time_password,
        })
    }

    /// A supervisor gives a member a new one-time password.
    pub async fn reset_member_password(&self, login: &str) -> AppResult<AddedMember> {
        let team = self.team_for_change().await?;
        let password = team.reset_password(login).await.map_err(team_error)?;
        Ok(AddedMember {
            members: team.members().await.map_err(team_error)?,
            one_time_password: Some(password),
        })
    }

    /// A supervisor removes a member: their access ends at once.
    pub async fn remove_member(&self, login: &str) -> AppResult<Vec<Member>> {
        let team = self.team_for_change().await?;
        team.remove_member(login).await.map_err(team_error)?;
        team.members().await.map_err(team_error)
    }
}

//! The team's members: a login each, with the e-mail and role a supervisor gave it.
//! Who a desk is comes from the database (`session_user`), never from the desk. A
//! supervisor adds a member (a new login with a one-time password shown once, or an
//! existing login of the company's directory bound to the team), changes roles, and
//! removes members; each change is in the trail, written by the database. Roles guide
//! the work and the database enforces them for the team's own rules (approvals, roles,
//! take-overs); the service itself sees one key (docs/SECURITY.md, threat model).

use serde::Serialize;
use ts_rs::TS;

use crate::me::{Me, whoami};
use crate::{Role, Team, TeamError, TeamResult};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    pub login: String,
    pub email: String,
    pub role: Role,
    /// The member has not yet signed in to replace their one-time password.
    pub must_change: bool,
    /// The version of the member's desk when it last connected (none before it did).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub desk_version: Option<String>,
    /// When that was (RFC 3339, UTC).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub seen_at: Option<String>,
    /// The member's desk is older than the team needs. Versions' order is the desk's
    /// rule (`kyb_desk_core`'s `versions::older`), which sets it; false as read here.
    pub below_need: bool,
}

/// A member with their desk's version and when it was seen.
type MemberVersionRow = (String, String, String, bool, Option<String>, Option<String>);

impl Team {
    /// This member as the database says now (a supervisor may have changed the role,
    /// or removed them: `NotMember`).
    pub async fn whoami(&self) -> TeamResult<Me> {
        whoami(&self.pool, &self.workspace).await
    }

    /// This member's role now.
    pub async fn role(&self) -> TeamResult<Role> {
        Ok(self.whoami().await?.role)
    }

    pub async fn members(&self) -> TeamResult<Vec<Member>> {
        let rows: Vec<MemberVersionRow> = sqlx::query_as(
            "SELECT m.login, m.email, m.role, m.must_change, v.version,
                    to_char(v.seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')
             FROM team_members_v m
             LEFT JOIN team_desk_versions_v v
               ON v.workspace_id = m.workspace_id AND v.login = m.login
             WHERE m.workspace_id = $1 ORDER BY m.login",
        )
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(rows
            .into_iter()
            .map(
                |(login, email, role, must_change, desk_version, seen_at)| Member {
                    login,
                    email,
                    role: Role::of(&role),
                    must_change,
                    desk_version,
                    seen_at,
                    below_need: false,
                },
            )
            .collect())
    }

    /// A supervisor adds a member. A new login gets a one-time password, returned
    /// here once (valid for 7 days, replaced at the member's first sign-in); with
    /// `bind`, an existing login of the company's directory joins and `None` returns.
    pub async fn add_member(
        &self,
        login: &str,
        email: &str,
        role: Role,
        bind: bool,
    ) -> TeamResult<Option<String>> {
        sqlx::query_scalar("SELECT team_add_member($1, $2, $3, $4, $5)")
            .bind(&self.workspace)
            .bind(login)
            .bind(email)
            .bind(role.as_str())
            .bind(bind)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)
    }

    /// A supervisor gives a member a new one-time password (a new desk, a lost one).
    pub async fn reset_password(&self, login: &str) -> TeamResult<String> {
        sqlx::query_scalar("SELECT team_reset_password($1, $2)")
            .bind(&self.workspace)
            .bind(login)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)
    }

    /// This member replaces their one-time password (the desk makes a strong one and
    /// keeps it in the keyring). The pool's connections keep working; new ones need
    /// the new password.
    pub async fn change_password(&self, password: &str) -> TeamResult<()> {
        sqlx::query("SELECT team_change_password($1)")
            .bind(password)
            .execute(&self.pool)
            .await
            .map_err(TeamError::of)?;
        Ok(())
    }

    /// A supervisor removes a member: their claims end, their files go back to the
    /// queue, and their login's sessions end (when no other workspace keeps them).
    pub async fn remove_member(&self, login: &str) -> TeamResult<()> {
        sqlx::query("SELECT team_remove_member($1, $2)")
            .bind(&self.workspace)
            .bind(login)
            .execute(&self.pool)
            .await
            .map_err(TeamError::of)?;
        Ok(())
    }

    /// A supervisor changes a member's role; the last supervisor keeps it.
    pub async fn set_role(&self, login: &str, role: Role) -> TeamResult<()> {
        sqlx::query("SELECT team_set_role($1, $2, $3)")
            .bind(&self.workspace)
            .bind(login)
            .bind(role.as_str())
            .execute(&self.pool)
            .await
            .map_err(TeamError::of)?;
        Ok(())
    }
}

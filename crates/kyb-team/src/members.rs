//! The team's members (each profile's agent e-mail) and their roles. The first member
//! of a workspace starts it as its supervisor; everyone else joins as an analyst until
//! a supervisor says otherwise. Roles guide the work and show each member their
//! screens; they are not a security boundary, since every member holds the same
//! service key.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{Team, TeamError, TeamResult};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    Analyst,
    Agent,
    Supervisor,
}

impl Role {
    fn as_str(self) -> &'static str {
        match self {
            Self::Analyst => "analyst",
            Self::Agent => "agent",
            Self::Supervisor => "supervisor",
        }
    }

    fn of(text: &str) -> Self {
        match text {
            "supervisor" => Self::Supervisor,
            "agent" => Self::Agent,
            _ => Self::Analyst,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    pub email: String,
    pub role: Role,
}

/// One member, one spelling: e-mails compare without case or blanks.
pub(crate) fn normalised(email: &str) -> String {
    email.trim().to_lowercase()
}

impl Team {
    /// Joins the team (once; later calls change nothing) and says the member's role.
    pub async fn join(&self) -> TeamResult<Role> {
        let mut tx = self.pool.begin().await.map_err(TeamError::of)?;
        // Two first members at once: one of them is the first.
        self.lock_members(&mut tx).await?;
        let role: String = sqlx::query_scalar(
            "INSERT INTO team_member (workspace_id, email, role)
             SELECT $1, $2, CASE WHEN EXISTS (SELECT 1 FROM team_member WHERE workspace_id = $1)
                                 THEN 'analyst' ELSE 'supervisor' END
             ON CONFLICT (workspace_id, email) DO UPDATE SET email = EXCLUDED.email
             RETURNING role",
        )
        .bind(&self.workspace)
        .bind(&self.member)
        .fetch_one(&mut *tx)
        .await
        .map_err(TeamError::of)?;
        tx.commit().await.map_err(TeamError::of)?;
        Ok(Role::of(&role))
    }

    /// Member changes of a workspace one at a time (until the transaction ends).
    async fn lock_members(&self, tx: &mut sqlx::PgTransaction<'_>) -> TeamResult<()> {
        sqlx::query("SELECT pg_advisory_xact_lock(hashtext('team_member:' || $1))")
            .bind(&self.workspace)
            .execute(&mut **tx)
            .await
            .map_err(TeamError::of)?;
        Ok(())
    }

    pub async fn members(&self) -> TeamResult<Vec<Member>> {
        let rows: Vec<(String, String)> = sqlx::query_as(
            "SELECT email, role FROM team_member WHERE workspace_id = $1 ORDER BY email",
        )
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(rows
            .into_iter()
            .map(|(email, role)| Member {
                email,
                role: Role::of(&role),
            })
            .collect())
    }

    /// This member's role now (a supervisor may have changed it), or `NotMember`.
    pub async fn role(&self) -> TeamResult<Role> {
        self.role_of(&self.member)
            .await?
            .ok_or_else(|| TeamError::NotMember(self.member.clone()))
    }

    async fn role_of(&self, email: &str) -> TeamResult<Option<Role>> {
        let role: Option<String> = sqlx::query_scalar(
            "SELECT role FROM team_member WHERE workspace_id = $1 AND email = $2",
        )
        .bind(&self.workspace)
        .bind(email)
        .fetch_optional(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(role.as_deref().map(Role::of))
    }

    pub(crate) async fn is_member(&self, email: &str) -> TeamResult<bool> {
        Ok(self.role_of(email).await?.is_some())
    }

    pub(crate) async fn is_supervisor(&self) -> TeamResult<bool> {
        Ok(self.role_of(&self.member).await? == Some(Role::Supervisor))
    }

    /// A supervisor adds a member or changes their role; the last supervisor keeps it.
    pub async fn set_role(&self, email: &str, role: Role) -> TeamResult<()> {
        let email = normalised(email);
        if !email.contains('@') {
            return Err(TeamError::NotMember(email));
        }
        let mut tx = self.pool.begin().await.map_err(TeamError::of)?;
        self.lock_members(&mut tx).await?;
        let mine: Option<String> = sqlx::query_scalar(
            "SELECT role FROM team_member WHERE workspace_id = $1 AND email = $2",
        )
        .bind(&self.workspace)
        .bind(&self.member)
        .fetch_optional(&mut *tx)
        .await
        .map_err(TeamError::of)?;
        if mine.as_deref() != Some("supervisor") {
            return Err(TeamError::NotSupervisor);
        }
        if role != Role::Supervisor {
            let others: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM team_member
                 WHERE workspace_id = $1 AND role = 'supervisor' AND email <> $2",
            )
            .bind(&self.workspace)
            .bind(&email)
            .fetch_one(&mut *tx)
            .await
            .map_err(TeamError::of)?;
            if others == 0 {
                return Err(TeamError::LastSupervisor);
            }
        }
        sqlx::query(
            "INSERT INTO team_member (workspace_id, email, role, set_by) VALUES ($1, $2, $3, $4)
             ON CONFLICT (workspace_id, email)
             DO UPDATE SET role = EXCLUDED.role, set_by = EXCLUDED.set_by, set_at = now()",
        )
        .bind(&self.workspace)
        .bind(&email)
        .bind(role.as_str())
        .bind(&self.member)
        .execute(&mut *tx)
        .await
        .map_err(TeamError::of)?;
        tx.commit().await.map_err(TeamError::of)
    }
}

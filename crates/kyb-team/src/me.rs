//! Who a login is in a workspace: its role, and this desk's own login as the database
//! says when the desk connects (`team_whoami`).

use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use ts_rs::TS;

use crate::{TeamError, TeamResult};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    Analyst,
    Agent,
    Supervisor,
}

impl Role {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Analyst => "analyst",
            Self::Agent => "agent",
            Self::Supervisor => "supervisor",
        }
    }

    pub(crate) fn of(text: &str) -> Self {
        match text {
            "supervisor" => Self::Supervisor,
            "agent" => Self::Agent,
            _ => Self::Analyst,
        }
    }
}

/// This desk's login in its workspace, as the database says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Me {
    pub login: String,
    pub email: String,
    pub role: Role,
    pub must_change: bool,
}

/// A login as `team_whoami` gives it: login, e-mail, role, and whether the one-time
/// password is still to be changed.
type MemberRow = (String, String, String, bool);

pub(crate) async fn whoami(pool: &PgPool, workspace: &str) -> TeamResult<Me> {
    let (login, email, role, must_change): MemberRow =
        sqlx::query_as("SELECT login, email, role, must_change FROM team_whoami($1)")
            .bind(workspace)
            .fetch_one(pool)
            .await
            .map_err(TeamError::of)?;
    Ok(Me {
        login,
        email,
        role: Role::of(&role),
        must_change,
    })
}

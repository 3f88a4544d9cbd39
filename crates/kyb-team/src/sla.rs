//! The workspace's SLA (migration 0007): its policy, which every desk of the team counts
//! its clocks with (set by a supervisor only; the desk validates it as its typed
//! policy before it is sent, the database checks its shape), and the status history of
//! the queue's files, written by a trigger, so every desk computes the same spans.

use serde::Serialize;
use sqlx::FromRow;

use crate::{Team, TeamError, TeamResult};

/// One status a queue file was set to, since when (the service's time when the desk
/// gave one, else when the database learnt it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, FromRow)]
pub struct StatusChange {
    pub flow_id: String,
    pub rfc: String,
    pub status: String,
    /// RFC 3339, UTC.
    pub since: String,
}

impl Team {
    /// The workspace's SLA policy as the desk wrote it (a JSON object), or none yet.
    pub async fn sla_policy(&self) -> TeamResult<Option<serde_json::Value>> {
        sqlx::query_scalar("SELECT policy FROM team_sla_policy_v WHERE workspace_id = $1")
            .bind(&self.workspace)
            .fetch_optional(&self.pool)
            .await
            .map_err(TeamError::of)
    }

    /// Sets the workspace's SLA policy: a supervisor only (`NotSupervisor` otherwise).
    pub async fn set_sla_policy(&self, policy: &serde_json::Value) -> TeamResult<()> {
        sqlx::query("SELECT team_set_sla_policy($1, $2)")
            .bind(&self.workspace)
            .bind(policy)
            .execute(&self.pool)
            .await
            .map(|_| ())
            .map_err(TeamError::of)
    }

    /// Every status the workspace's files were set to, by file, oldest first.
    pub async fn status_history(&self) -> TeamResult<Vec<StatusChange>> {
        sqlx::query_as::<_, StatusChange>(
            "SELECT flow_id, rfc, status,
                    to_char(since AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') AS since
             FROM team_status_history_v WHERE workspace_id = $1
             ORDER BY flow_id, rfc, id",
        )
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)
    }
}

//! Live notice of the team's changes: every change to the team's tables notifies the
//! `kyb_team` channel (a trigger, see the migration) with its workspace and table; a
//! desk listens on a connection of its own, outside its pool, and hears only its
//! workspace.

use serde::Serialize;
use sqlx::postgres::{PgConnectOptions, PgListener};
use ts_rs::TS;

use crate::{Team, TeamError, TeamResult};

pub const CHANNEL: &str = "kyb_team";

/// What changed, for the window to read again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "TeamChange")]
pub enum Change {
    Queue,
    Members,
    Claims,
    Notes,
    Audit,
    Settings,
    Approvals,
    Mentions,
    /// Not a table's: the desk's first word on a subscription, once it listens. A
    /// change made before that was not heard, so the window reads everything again
    /// (a note written between the window's first read and the LISTEN would otherwise
    /// wait for the next read).
    Listening,
}

impl Change {
    fn of_table(table: &str) -> Option<Self> {
        Some(match table {
            "team_file" => Self::Queue,
            "team_member" => Self::Members,
            "team_claim" => Self::Claims,
            "team_note" => Self::Notes,
            "team_audit" => Self::Audit,
            "team_setting" => Self::Settings,
            "team_approval" => Self::Approvals,
            "team_checkpoint" => Self::Audit,
            // A note named someone: each desk reads its own mentions again.
            "team_mention" => Self::Mentions,
            _ => return None,
        })
    }
}

pub struct Listener {
    listener: PgListener,
    workspace: String,
}

impl Team {
    /// Starts listening; changes made after this returns are heard.
    pub async fn listen(&self) -> TeamResult<Listener> {
        Listener::start(self.options.clone(), &self.workspace).await
    }
}

impl Listener {
    async fn start(options: PgConnectOptions, workspace: &str) -> TeamResult<Self> {
        // The listener's own connection is given up as soon as the desk's pool's: a
        // database still down says so in seconds, not after sqlx's default of 30.
        let pool = sqlx::postgres::PgPoolOptions::new()
            .max_connections(1)
            .acquire_timeout(crate::CONNECT_TIMEOUT)
            .connect_lazy_with(options);
        let mut listener = PgListener::connect_with(&pool)
            .await
            .map_err(TeamError::Unreachable)?;
        listener.listen(CHANNEL).await.map_err(TeamError::of)?;
        Ok(Self {
            listener,
            workspace: workspace.to_owned(),
        })
    }

    /// The next change of this workspace. A lost connection is an error; the caller
    /// says the team is unreachable and listens again later (`PgListener` would
    /// reconnect silently and drop what was said meanwhile, so the caller also reads
    /// everything again after an error).
    pub async fn next(&mut self) -> TeamResult<Change> {
        loop {
            let Some(notice) = self.listener.try_recv().await.map_err(TeamError::of)? else {
                return Err(TeamError::Unreachable(sqlx::Error::PoolClosed));
            };
            let Some((workspace, table)) = notice.payload().rsplit_once(' ') else {
                continue;
            };
            if workspace == self.workspace
                && let Some(change) = Change::of_table(table)
            {
                return Ok(change);
            }
        }
    }
}

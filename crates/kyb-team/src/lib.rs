//! A team's shared queue on PostgreSQL (issue 20): the files a team follows, who has
//! each, and "take next". Local files stay the default for one person on one desk; a
//! profile that names a team database uses this. Queries are checked at run time (no
//! database at build time); the schema ships as migrations that run on connect.

use sqlx::postgres::{PgPool, PgPoolOptions};

/// Connections per desk: a desk makes few calls at once (a refresh, a claim, a note).
pub const POOL_SIZE: u32 = 4;

#[derive(Debug, thiserror::Error)]
pub enum TeamError {
    #[error("the team database cannot be reached: {0}")]
    Unreachable(#[source] sqlx::Error),
    #[error("the team database's schema could not be brought up to date: {0}")]
    Migration(#[source] sqlx::migrate::MigrateError),
    #[error("the team database refused the request: {0}")]
    Query(#[source] sqlx::Error),
}

pub type TeamResult<T> = Result<T, TeamError>;

/// A followed file as the team's queue has it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct TeamFile {
    pub flow_id: String,
    pub rfc: String,
    pub status: String,
    pub assignee: Option<String>,
}

/// One desk's connection to its team's database.
#[derive(Clone)]
pub struct Team {
    pool: PgPool,
}

impl Team {
    /// Connects (a small pool) and brings the schema up to date: the migrations ship
    /// with the app, and a second desk running them at the same moment waits on the
    /// migrator's lock.
    pub async fn connect(url: &str) -> TeamResult<Self> {
        let pool = PgPoolOptions::new()
            .max_connections(POOL_SIZE)
            .connect(url)
            .await
            .map_err(TeamError::Unreachable)?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(TeamError::Migration)?;
        Ok(Self { pool })
    }

    /// Adds a file to the queue, unassigned, in `status` since now; a file the queue
    /// has already is left as it is. Whether it was added.
    pub async fn follow(
        &self,
        workspace: &str,
        flow_id: &str,
        rfc: &str,
        status: &str,
    ) -> TeamResult<bool> {
        let added = sqlx::query(
            "INSERT INTO team_file (workspace_id, flow_id, rfc, status) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING",
        )
        .bind(workspace)
        .bind(flow_id)
        .bind(rfc)
        .bind(status)
        .execute(&self.pool)
        .await
        .map_err(TeamError::Query)?;
        Ok(added.rows_affected() == 1)
    }

    /// Hands `member` the unassigned file of `workspace` that has waited longest in its
    /// status (ties by flow and RFC), or none. Two desks asking at the same moment never
    /// get the same file: the row is locked as it is chosen, and a row another desk
    /// holds is skipped (`FOR UPDATE SKIP LOCKED`), not waited for.
    pub async fn take_next(&self, workspace: &str, member: &str) -> TeamResult<Option<TeamFile>> {
        sqlx::query_as::<_, TeamFile>(
            "WITH next AS (
                 SELECT workspace_id, flow_id, rfc FROM team_file
                 WHERE workspace_id = $1 AND assignee IS NULL
                 ORDER BY status_since, flow_id, rfc
                 LIMIT 1
                 FOR UPDATE SKIP LOCKED
             )
             UPDATE team_file f SET assignee = $2, assigned_at = now()
             FROM next
             WHERE f.workspace_id = next.workspace_id AND f.flow_id = next.flow_id
               AND f.rfc = next.rfc
             RETURNING f.flow_id, f.rfc, f.status, f.assignee",
        )
        .bind(workspace)
        .bind(member)
        .fetch_optional(&self.pool)
        .await
        .map_err(TeamError::Query)
    }

    /// The queue of a workspace, oldest in its status first.
    pub async fn files(&self, workspace: &str) -> TeamResult<Vec<TeamFile>> {
        sqlx::query_as::<_, TeamFile>(
            "SELECT flow_id, rfc, status, assignee FROM team_file WHERE workspace_id = $1
             ORDER BY status_since, flow_id, rfc",
        )
        .bind(workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::Query)
    }
}

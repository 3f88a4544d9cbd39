//! One desk's connection to its team's database, and what every call on it shares:
//! the pool's size, its timeouts, and how a file's id is keyed.

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};

use crate::me::{Me, whoami};
use crate::schema::SCHEMA_VERSION;
use crate::{TeamError, TeamResult};

/// Connections per desk: a desk makes few calls at once (a refresh, a claim, a note),
/// and a few hundred desks must fit a server's connection limit (past that, a pooler:
/// see docs/OPERATIONS.md).
pub const POOL_SIZE: u32 = 4;

/// How long a desk waits for a connection before it says the database is unreachable:
/// short, because the service's reads go on without the team.
pub const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);

/// How long a statement waits for a lock another member holds, and how long any
/// statement may run: a member who holds a row cannot stop the others' desks, which
/// say so at once (`TeamError::Busy`) and keep what was typed.
pub const LOCK_TIMEOUT: &str = "3s";
pub const STATEMENT_TIMEOUT: &str = "15s";

/// A DocumentId as the team keys it: a UUID, in lower case without blanks, so one file
/// has one claim and one list of notes however a desk wrote its id.
pub(crate) fn document_key(document_id: &str) -> String {
    document_id.trim().to_lowercase()
}

/// One desk's connection to its team's database: the login it connected as, in one
/// workspace.
#[derive(Clone)]
pub struct Team {
    pub(crate) pool: PgPool,
    pub(crate) options: PgConnectOptions,
    pub(crate) workspace: String,
    pub(crate) me: Me,
}

impl Team {
    /// Connects (a small pool, with lock and statement timeouts on every connection),
    /// checks the schema's version, and reads who the login is in `workspace`. A login
    /// whose one-time password is still to be changed connects ([`Me::must_change`]:
    /// the caller changes it before anything else works).
    pub async fn connect(options: PgConnectOptions, workspace: &str) -> TeamResult<Self> {
        let options = options.options([
            ("lock_timeout", LOCK_TIMEOUT),
            ("statement_timeout", STATEMENT_TIMEOUT),
        ]);
        let pool = PgPoolOptions::new()
            .max_connections(POOL_SIZE)
            .acquire_timeout(CONNECT_TIMEOUT)
            .connect_with(options.clone())
            .await
            .map_err(TeamError::connecting)?;
        let version: i32 = sqlx::query_scalar("SELECT team_schema_version()")
            .fetch_one(&pool)
            .await
            .map_err(|error| match TeamError::of(error) {
                TeamError::Query(_) | TeamError::Refused(_) => TeamError::Schema(0),
                other => other,
            })?;
        if version < SCHEMA_VERSION {
            return Err(TeamError::Schema(version));
        }
        let workspace = workspace.trim().to_owned();
        let me = whoami(&pool, &workspace).await?;
        Ok(Self {
            pool,
            options,
            workspace,
            me,
        })
    }

    /// Connects by URL (tests and benchmarks).
    pub async fn connect_url(url: &str, workspace: &str) -> TeamResult<Self> {
        let options: PgConnectOptions = url.parse().map_err(TeamError::Unreachable)?;
        Self::connect(options, workspace).await
    }

    /// The login this desk connected as (what the trail, claims and notes name).
    pub fn member(&self) -> &str {
        &self.me.login
    }

    /// Who this desk is in the team, as the database said when it connected.
    pub fn me(&self) -> &Me {
        &self.me
    }

    /// The server and database this desk is connected to: host (or socket folder),
    /// port and name.
    pub fn database(&self) -> String {
        format!(
            "{}:{}/{}",
            self.options.get_host(),
            self.options.get_port(),
            self.options.get_database().unwrap_or_default()
        )
    }

    pub fn workspace(&self) -> &str {
        &self.workspace
    }

    /// Closes the pool: a desk leaving its team (a profile switch) lets go of its
    /// connections at once.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

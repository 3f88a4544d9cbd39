//! A team on PostgreSQL (issue 20): the files a team follows and who has each, its
//! members and their roles, claims on files under review, internal notes, the central
//! audit trail, four-eyes approvals, and live notice of every change. Local files stay
//! the default for one person on one desk; a profile that names a team database uses
//! this. Queries are checked at run time (no database at build time); the schema
//! ships as migrations that run on connect. Times are the database's (`now()`), so
//! desks whose clocks differ agree on leases and order.

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};

mod address;
mod approvals;
mod audit;
mod claims;
mod live;
mod members;
mod notes;
mod queue;
#[doc(hidden)]
pub mod testing;

pub use address::{AddressProblem, DEFAULT_PORT, TeamAddress};
pub use approvals::{Approval, ApprovalAction, ApprovalState, FourEyes};
pub use audit::{GENESIS, TeamAuditEntry, TeamBreak, TeamChain, TeamEntry};
pub use claims::{Claim, LEASE, REASON_MAX};
pub use live::{Change, Listener};
pub use members::{Member, Role};
pub use notes::{NOTE_MAX, Note};
pub use queue::{NewTeamFile, QueueFilter, TeamFile, UPDATE_CHUNK};

/// Connections per desk: a desk makes few calls at once (a refresh, a claim, a note),
/// and a few hundred desks must fit a server's connection limit (past that, a pooler:
/// see the README).
pub const POOL_SIZE: u32 = 4;

/// How long a desk waits for a connection before it says the database is unreachable:
/// short, because the service's reads go on without the team.
pub const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);

#[derive(Debug, thiserror::Error)]
pub enum TeamError {
    #[error("the team database cannot be reached: {0}")]
    Unreachable(#[source] sqlx::Error),
    #[error("the team database's schema could not be brought up to date: {0}")]
    Migration(#[source] sqlx::migrate::MigrateError),
    #[error("the team database refused the request: {0}")]
    Query(#[source] sqlx::Error),
    /// Another member is reviewing the file.
    #[error("{member} has had this file since {since}")]
    Claimed { member: String, since: String },
    /// Only a supervisor may do this (set roles, assign, take a claim over).
    #[error("only a supervisor may do this")]
    NotSupervisor,
    /// The member is not in the team (a supervisor adds them).
    #[error("{0} is not a member of the team")]
    NotMember(String),
    /// A team keeps at least one supervisor.
    #[error("the team's last supervisor keeps the role")]
    LastSupervisor,
    /// A request is approved by another member than the one who asked.
    #[error("a request is approved by another member")]
    OwnRequest,
    /// The request was decided already (by someone else, or it was sent).
    #[error("the request is no longer waiting")]
    NotWaiting,
    /// The same action on the same folio is already asked for.
    #[error("this action on this folio is already waiting for approval")]
    AlreadyAsked,
    /// A reason, a note or a request's text is empty or too long.
    #[error("the text is empty or too long")]
    BadText,
}

impl TeamError {
    /// A failed query: the connection's loss reads as unreachable, the rest as refused.
    pub(crate) fn of(error: sqlx::Error) -> Self {
        match error {
            sqlx::Error::Io(_)
            | sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Tls(_)
            | sqlx::Error::WorkerCrashed => Self::Unreachable(error),
            other => Self::Query(other),
        }
    }

    /// Whether the database could not be reached (as opposed to refusing the request).
    pub fn is_unreachable(&self) -> bool {
        matches!(self, Self::Unreachable(_))
    }
}

pub type TeamResult<T> = Result<T, TeamError>;

/// A DocumentId as the team keys it: a UUID, in lower case without blanks, so one file
/// has one claim and one list of notes however a desk wrote its id.
pub(crate) fn document_key(document_id: &str) -> String {
    document_id.trim().to_lowercase()
}

/// One desk's connection to its team's database, as one member of one workspace.
#[derive(Clone)]
pub struct Team {
    pool: PgPool,
    options: PgConnectOptions,
    workspace: String,
    member: String,
}

impl Team {
    /// Connects (a small pool) as `member` of `workspace` and brings the schema up to
    /// date: the migrations ship with the app, and a second desk running them at the
    /// same moment waits on the migrator's lock.
    pub async fn connect(
        options: PgConnectOptions,
        workspace: &str,
        member: &str,
    ) -> TeamResult<Self> {
        let pool = PgPoolOptions::new()
            .max_connections(POOL_SIZE)
            .acquire_timeout(CONNECT_TIMEOUT)
            .connect_with(options.clone())
            .await
            .map_err(TeamError::Unreachable)?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(TeamError::Migration)?;
        Ok(Self {
            pool,
            options,
            workspace: workspace.trim().to_owned(),
            member: members::normalised(member),
        })
    }

    /// Connects by URL (tests and benchmarks).
    pub async fn connect_url(url: &str, workspace: &str, member: &str) -> TeamResult<Self> {
        let options: PgConnectOptions = url.parse().map_err(TeamError::Unreachable)?;
        Self::connect(options, workspace, member).await
    }

    /// The same database and pool as another member (tests and benchmarks: several
    /// members on one process).
    pub fn as_member(&self, member: &str) -> Self {
        Self {
            member: members::normalised(member),
            ..self.clone()
        }
    }

    pub fn member(&self) -> &str {
        &self.member
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

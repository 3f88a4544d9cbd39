//! A team on PostgreSQL: the files a team follows and who has
//! each, its members and their roles, claims on files under review, internal notes,
//! the central audit trail, four-eyes approvals, and live notice of every change.
//! Local files stay the default for one person on one desk; a profile that names a
//! team database uses this.
//!
//! The database enforces the team's rules (migration 0005): each member connects as a
//! login of their own, who acts is the database's `session_user`, and every change
//! goes through a function that checks who asks; members read views and cannot touch
//! a table. So this crate sends requests and reads answers: it never says who it is,
//! and a desk that skips a check here gains nothing. The schema is set up once by an
//! owner role ([`setup`]); desks only check its version. Times are the database's.

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};

mod address;
mod approvals;
mod audit;
mod checkpoint;
mod claims;
mod error;
mod history;
mod lists;
mod live;
mod members;
mod mentions;
mod notes;
mod queue;
mod risks;
pub mod setup;
mod sla;
#[cfg(feature = "testing")]
pub mod testing;
mod versions;
mod views;
mod workload;

pub use address::{AddressProblem, DEFAULT_PORT, TeamAddress};
pub use approvals::{Approval, ApprovalAction, ApprovalState, FourEyes, ShownRequest};
pub use audit::{
    GENESIS, Head, OpenCall, OpenIntent, TeamAuditEntry, TeamBreak, TeamChain, hashed_text,
};
pub use checkpoint::{Checkpoint, CheckpointKey, checkpoint_message};
pub use claims::{Claim, LEASE, LEASE_MAX, REASON_MAX};
pub use error::{TeamError, TeamResult};
pub use history::FILE_TRAIL_MAX;
pub use lists::{LIST_CHUNK_ROWS, TeamList};
pub use live::{Change, Listener};
pub use members::{Me, Member, Role};
pub use mentions::{MENTIONS_SHOWN, Mention};
pub use notes::{NOTE_MAX, Note};
pub use queue::{NewTeamFile, QueueFilter, TeamFile, UPDATE_CHUNK};
pub use risks::TeamRisk;
pub use sla::StatusChange;
pub use versions::VERSION_MAX;
pub use views::{
    AgeBucket, RiskFloor, SavedView, VIEW_NAME_MAX, VIEW_QUERY_MAX, VIEWS_MAX, ViewFilter,
    view_name,
};
pub use workload::{
    AWAY_MAX_DAYS, CAP_DEFAULT, CAP_MAX, CAP_MIN, PLAN_MAX, Placement, ReassignPlan, Unplaced,
    UnplacedFile, Workload, is_final, plan,
};

/// Connections per desk: a desk makes few calls at once (a refresh, a claim, a note),
/// and a few hundred desks must fit a server's connection limit (past that, a pooler:
/// see docs/OPERATIONS.md).
pub const POOL_SIZE: u32 = 4;

/// How long a desk waits for a connection before it says the database is unreachable:
/// short, because the service's reads go on without the team.
pub const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);

/// The schema version this desk speaks, the newest migration's number (`build.rs`
/// reads it from the file names); [`Team::connect`] refuses an older schema.
pub const SCHEMA_VERSION: i32 = include!(concat!(env!("OUT_DIR"), "/schema_version.rs"));

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
    pool: PgPool,
    options: PgConnectOptions,
    workspace: String,
    me: Me,
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
        let me = members::whoami(&pool, &workspace).await?;
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

    pub fn workspace(&self) -> &str {
        &self.workspace
    }

    /// Closes the pool: a desk leaving its team (a profile switch) lets go of its
    /// connections at once.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

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

mod address;
mod approvals;
mod audit;
mod checkpoint;
mod claims;
mod error;
mod history;
mod lists;
mod live;
mod me;
mod members;
mod mentions;
mod notes;
mod queue;
mod risks;
mod schema;
pub mod setup;
mod sla;
mod team;
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
pub use me::{Me, Role};
pub use members::Member;
pub use mentions::{MENTIONS_SHOWN, Mention};
pub use notes::{NOTE_MAX, Note};
pub use queue::{NewTeamFile, QueueFilter, TeamFile, UPDATE_CHUNK};
pub use risks::TeamRisk;
pub use schema::SCHEMA_VERSION;
pub use sla::StatusChange;
pub(crate) use team::document_key;
pub use team::{CONNECT_TIMEOUT, LOCK_TIMEOUT, POOL_SIZE, STATEMENT_TIMEOUT, Team};
pub use versions::VERSION_MAX;
pub use views::{
    AgeBucket, RiskFloor, SavedView, VIEW_NAME_MAX, VIEW_QUERY_MAX, VIEWS_MAX, ViewFilter,
    view_name,
};
pub use workload::{
    AWAY_MAX_DAYS, CAP_DEFAULT, CAP_MAX, CAP_MIN, PLAN_MAX, Placement, ReassignPlan, Unplaced,
    UnplacedFile, Workload, is_final, plan,
};

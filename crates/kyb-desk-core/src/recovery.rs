//! Local files that could not be read and were set aside (see
//! [`crate::fsio::read_or_set_aside`]). An unreadable record is never overwritten in
//! place: it is renamed beside itself, the feature carries on as if it were absent,
//! and this session's list of what was set aside is kept here so the window can tell
//! the analyst once, at start.

use std::sync::{Arc, Mutex};

use serde::Serialize;
use ts_rs::TS;

/// Which record a set-aside file held; the window words it in the analyst's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum RecordKind {
    Profiles,
    Watchlist,
    Draft,
    History,
    /// What the desk learnt of the service's answers ([`crate::drift_log`]).
    Drift,
    /// The window's preferences ([`crate::store::PREFERENCES_FILE`]).
    Preferences,
    /// A desk's SLA policy ([`crate::sla::policy_store`]).
    SlaPolicy,
    /// A desk's saved views ([`crate::saved_views`]).
    SavedViews,
    /// The outcomes the team's trail is still owed (`team-pending.json`).
    TeamPending,
    /// An imported watchlist ([`crate::screening::store`]).
    Lists,
    /// The analyst's dispositions of watchlist hits.
    Dispositions,
}

const MIB: u64 = 1024 * 1024;

impl RecordKind {
    /// The largest record of this kind that is read: one larger is set aside like an
    /// unreadable one, never read whole (a file grown by a fault or by someone else
    /// would otherwise fill the memory at every read). Each is far above what the desk
    /// writes.
    pub fn max_bytes(self) -> u64 {
        match self {
            // A few settings each; fifty views of bounded names and filters; the few
            // outcomes owed while the team was out of reach (a short entry each).
            Self::Profiles | Self::Preferences | Self::SavedViews | Self::TeamPending => 4 * MIB,
            // One policy; the files already told of (a key each) beside it.
            Self::SlaPolicy => 16 * MIB,
            // A file's decisions and comments; a hundred distinct shapes.
            Self::Draft | Self::Drift => 16 * MIB,
            // Ten details of a file as the service sends them (up to 8 MiB each, kept
            // pretty-printed); tens of thousands of followed files with their spans.
            Self::History | Self::Watchlist => 256 * MIB,
            // A list of up to five million rows, compact; the dispositions, a short
            // entry each.
            Self::Lists => 2048 * MIB,
            Self::Dispositions => 64 * MIB,
        }
    }
}

/// One file set aside this session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Recovery {
    pub kind: RecordKind,
    /// Where it was.
    pub path: String,
    /// Where it is now, with its contents untouched.
    pub set_aside_as: String,
    /// Why it could not be read: the decoder's own words (technical, as it gave them).
    pub reason: String,
}

/// The session's recorder of set-aside files, shared by every store of local records
/// (a clone reports to the same list).
#[derive(Debug, Clone, Default)]
pub struct Recoveries(Arc<Mutex<Vec<Recovery>>>);

impl Recoveries {
    pub fn record(&self, recovery: Recovery) {
        tracing::warn!(
            kind = ?recovery.kind,
            path = %recovery.path,
            set_aside_as = %recovery.set_aside_as,
            reason = %recovery.reason,
            "unreadable file set aside"
        );
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(recovery);
    }

    /// Everything set aside so far this session, oldest first.
    pub fn all(&self) -> Vec<Recovery> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

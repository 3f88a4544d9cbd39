//! The desk's state: what [`Desk`] holds (its own module, which imports only the
//! records it holds, so that every module that adds methods to the desk imports it
//! without importing the module that re-exports theirs).

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

use kyb_api::{Client, Endpoints};

use super::reviews::Reviews;
use super::sla_records::SlaRecords;
use super::team::{Joined, PendingOutcomes};
use crate::audit::AuditLog;
use crate::detail_snapshots::DetailSnapshots;
use crate::drafts::Drafts;
use crate::drift_log::DriftLog;
use crate::profiles::{ProfileBook, ProfileStore};
use crate::recovery::Recoveries;
use crate::secrets::KeyVault;
use crate::watchlist::Watchlist;

pub struct Desk {
    pub(super) store: Box<dyn ProfileStore>,
    pub(super) book: Mutex<ProfileBook>,
    pub(super) vault: KeyVault,
    pub(super) drafts: Drafts,
    pub(super) audit: AuditLog,
    pub(super) watchlist: Watchlist,
    pub(super) history: DetailSnapshots,
    pub(super) views: crate::saved_views::ViewStore,
    pub(super) sla: SlaRecords,
    /// What tolerant reading absorbed in the service's answers, for "About the service".
    pub(super) drift: DriftLog,
    /// The records set aside as unreadable this session, shared with their stores.
    pub(super) recoveries: Recoveries,
    pub(super) endpoints: Option<Endpoints>,
    /// One client per profile, dropped when the profile or its key changes.
    pub(super) clients: Mutex<HashMap<String, Client>>,
    /// How long one request may take, answer included.
    pub(super) request_timeout: std::time::Duration,
    /// The data folder's lock, held while the desk lives (see [`crate::fsio::lock_folder`]).
    pub(super) _folder: std::fs::File,
    /// State-changing calls on their way (profile, operation, target): a second
    /// identical one is refused while the first is out, whatever the UI does.
    pub(super) sending: Mutex<HashSet<String>>,
    /// The last correction preview issued per file (profile, DocumentId): the one a send
    /// may use, once (see `correction.rs`).
    pub(super) previews: Mutex<HashMap<(String, String), String>>,
    /// The active profile's team, once connected (`team`).
    pub(super) team: tokio::sync::Mutex<Option<Joined>>,
    /// Moves on each new listener to the team, which ends the one before.
    pub(super) listening: tokio::sync::watch::Sender<u64>,
    /// The evidence this session showed per file reviewed, and what was acknowledged.
    pub(super) reviews: Mutex<Reviews>,
    /// Outcomes the team's trail is owed (the team was out of reach as a call ended).
    pub(super) team_pending: std::sync::Arc<PendingOutcomes>,
    /// The company's managed policy (`crate::policy`).
    pub(super) policy: crate::policy::Policy,
    /// The imported watchlists and the dispositions of their hits (`crate::screening`).
    pub(super) lists: crate::screening::store::ListStore,
    pub(super) dispositions: crate::screening::dispositions::DispositionStore,
    /// Addresses to import lists from beside the policy's (the demo's sandbox).
    pub(super) offered_lists: Mutex<Vec<crate::policy::checks::ListSource>>,
    /// The team's trail as the dashboard last read it (`crate::team_trail`).
    pub(super) kept_trail: crate::team_trail::KeptTrail,
}

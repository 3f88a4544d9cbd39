//! The desk: everything the commands call, with no Tauri type in sight, so it is
//! tested without a window. It joins profiles, keys, the service client and the local
//! records; each of those rules lives in its own module. Its methods are split along
//! their seams: the profile and key session (`session`), the service operations with
//! their audit (`service`), and the local records of the active profile (`records`).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use kyb_api::Endpoints;

use crate::audit::AuditLog;
use crate::audit::anchor::KeyringAnchor;
use crate::detail_snapshots::DetailSnapshots;
use crate::drafts::Drafts;
use crate::drift_log::{DriftLog, drift_path};
use crate::error::{AppError, AppResult, DeskCode, Details, Task};
use crate::fsio;
use crate::profiles::{ProfileBook, ProfileStore};
use crate::secrets::KeyVault;
use crate::watchlist::Watchlist;

mod answers;
mod bulk;
mod correction;
mod dashboard;
#[cfg(feature = "demo")]
mod demo_history;
mod dossier;
mod policy;
mod records;
mod review;
mod reviews;
mod screening;
mod service;
mod session;
mod sla;
mod sla_records;
mod state;
mod team;
mod views;

pub use answers::{AddedSections, FileDetail, FileTracking, IssuedLink, VerificationState};
pub use bulk::{
    BulkProgress, BulkReport, BulkUnfollowed, MAX_BULK_ROWS, RowOutcome, RowResult, SelectedFile,
};
pub use correction::CorrectionPreview;
pub use dossier::{DossierAudit, ExportedDossier};
pub use review::{ACKNOWLEDGED, ReviewMaterial};
pub use screening::{
    DisposeHit, ImportProgress, ImportStage, ImportedList, ListImport, NewHit, RiskListPage,
};
pub use sla::{FileClock, SlaBoard, board as sla_board};
pub use state::Desk;
pub use team::{
    AddedMember, AnchorAlarm, CLAIM_LEASE, DESK_VERSION, DeskVersion, ExportedCheckpoint, FileKey,
    HistoryItem, HistoryWhat, ReassignSelection, TeamCode, TeamListening, TeamQueue, TeamStatus,
    TeamTrail, history, team_error,
};

/// How long a starting app waits for the data folder to be let go of (by an app that
/// is closing) before it says another one has it.
pub(crate) const FOLDER_LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(3);

/// How long one request may take, answer included: long enough for the service's
/// slowest answer (a large file's detail), short enough that a lost answer is told.
pub const DEFAULT_REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

/// The RFC a connection check asks for: the SAT's generic RFC, which no file has.
pub const PROBE_RFC: &str = "XAXX010101000";

/// Where the desk keeps its files, under one directory.
pub fn drafts_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("drafts")
}

pub fn audit_path(data_dir: &Path) -> PathBuf {
    data_dir.join("audit.jsonl")
}

impl Desk {
    pub fn open(
        data_dir: &Path,
        store: Box<dyn ProfileStore>,
        vault: KeyVault,
        endpoints: Option<Endpoints>,
    ) -> AppResult<Self> {
        // First of all: no other app may be writing these records (and the sweep
        // below must not take a live app's temporaries).
        let folder = fsio::lock_folder(data_dir, FOLDER_LOCK_WAIT).map_err(|error| {
            AppError::new(DeskCode::DataFolderInUse, error.to_string())
                .with_details(Details::Path {
                    path: data_dir.display().to_string(),
                })
                .during(Task::OpenDataFolder)
        })?;
        if let Err(error) = fsio::make_private(data_dir) {
            tracing::warn!("data folder not made private: {error}");
        }
        // Housekeeping: a failure here costs only disk space, never the start.
        match fsio::sweep_temporaries(data_dir) {
            Ok(0) => {}
            Ok(removed) => tracing::info!(removed, "temporary files of a crash removed"),
            Err(error) => tracing::warn!("temporary files not swept: {error}"),
        }
        // An unreadable book is set aside by its store and reads as none: the desk
        // starts with an empty book and says so (see `recoveries`).
        let book = store
            .load()
            .map_err(|e| AppError::storage(Task::ReadProfiles, e))?
            .unwrap_or_default();
        // The head of the audit chain sits in the keyring beside the keys.
        let anchor = KeyringAnchor::new(vault.service(), &audit_path(data_dir));
        let recoveries = store.recoveries().unwrap_or_default();
        let lists =
            crate::screening::store::ListStore::new(data_dir.join("lists"), recoveries.clone());
        let dispositions = crate::screening::dispositions::DispositionStore::new(
            data_dir.join("lists").join("dispositions.json"),
            recoveries.clone(),
        );
        let desk = Self {
            store,
            book: Mutex::new(book),
            vault,
            drafts: Drafts::new(drafts_dir(data_dir), recoveries.clone()),
            audit: AuditLog::new(audit_path(data_dir), Box::new(anchor)),
            watchlist: Watchlist::new(data_dir.join("watchlist"), recoveries.clone()),
            history: DetailSnapshots::new(data_dir.join("history"), recoveries.clone()),
            views: crate::saved_views::ViewStore::new(data_dir.join("views"), recoveries.clone()),
            sla: sla::SlaRecords::new(data_dir, recoveries.clone()),
            drift: DriftLog::open(drift_path(data_dir), &recoveries),
            team_pending: std::sync::Arc::new(team::PendingOutcomes::new(
                team::pending_path(data_dir),
                recoveries.clone(),
            )),
            recoveries,
            _folder: folder,
            endpoints,
            clients: Mutex::new(HashMap::new()),
            sending: Mutex::new(HashSet::new()),
            previews: Mutex::new(HashMap::new()),
            team: tokio::sync::Mutex::new(None),
            listening: tokio::sync::watch::Sender::new(0),
            reviews: Mutex::new(reviews::Reviews::default()),
            policy: crate::policy::Policy::managed(),
            lists,
            dispositions,
            offered_lists: Mutex::new(Vec::new()),
            kept_trail: crate::team_trail::KeptTrail::default(),
            request_timeout: DEFAULT_REQUEST_TIMEOUT,
        };
        desk.keep_presets();
        Ok(desk)
    }

    /// A desk under `policy` instead of the managed one (tests, and a journey's build;
    /// the packaged app reads only the administrator's file), its presets kept.
    pub fn set_policy(&mut self, policy: crate::policy::Policy) {
        self.policy = policy;
        self.keep_presets();
    }

    /// A desk whose requests give up after `timeout` (tests of lost answers, which need
    /// not wait the default).
    pub fn with_request_timeout(mut self, timeout: std::time::Duration) -> Self {
        self.request_timeout = timeout;
        self
    }

    pub(super) fn book(&self) -> std::sync::MutexGuard<'_, ProfileBook> {
        self.book.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(super) fn forget_client(&self, profile_id: &str) {
        self.clients
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(profile_id);
    }

    /// Applies `change` to a copy of the book, stores the copy, and only then keeps
    /// it: a refused change or a failed save leaves everything as it was.
    pub(super) fn change_book<T>(
        &self,
        change: impl FnOnce(&mut ProfileBook) -> AppResult<T>,
    ) -> AppResult<T> {
        let mut book = self.book();
        let mut next = book.clone();
        let result = change(&mut next)?;
        self.store
            .save(&next)
            .map_err(|e| AppError::storage(Task::SaveProfiles, e))?;
        *book = next;
        Ok(result)
    }
}

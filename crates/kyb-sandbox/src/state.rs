//! Everything the sandbox remembers: tenants, verifications, the files it serves, the
//! outbox of notifications it did not send, and per-route request counters; and the
//! state every handler shares ([`AppState`]). Handlers import from here, never from
//! `lib.rs` above them, and this module imports no handler.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};

use kyb_api::verification::VerificationStatus;
use rand::rngs::ChaCha8Rng;
use serde::Serialize;
use uuid::Uuid;

use crate::files::{BusinessFile, Flow};

/// A customer of the service: one API key and the workspace it may use.
#[derive(Debug, Clone, Serialize)]
pub struct Tenant {
    pub api_key: String,
    pub workspace_id: Uuid,
}

/// A notification the real service would have sent (e-mail, SMS), recorded instead.
#[derive(Debug, Clone, Serialize)]
pub struct OutboxEvent {
    pub at_utc: String,
    pub workspace_id: Uuid,
    pub channel: &'static str,
    pub kind: &'static str,
    /// The folio, DocumentId or contact the notification concerns.
    pub target: String,
    /// The message the notification carries, when the caller wrote one.
    pub detail: Option<String>,
    /// A resend of a verification link is billable: one billable message each.
    pub billable: bool,
}

/// A file the sandbox serves under `/_files/` (photos, documents).
#[derive(Debug, Clone)]
pub struct ServedFile {
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// A company's files in one flow: (workspace, FlowID in lower case, RFC in upper case).
type CompanyKey = (Uuid, String, String);

#[derive(Debug)]
pub struct World {
    pub tenants: Vec<Tenant>,
    /// Keyed by folio. Each verification records the workspace it belongs to.
    pub verifications: HashMap<String, Verification>,
    pub served: HashMap<String, ServedFile>,
    pub flows: Vec<Flow>,
    pub files: HashMap<Uuid, BusinessFile>,
    pub outbox: Vec<OutboxEvent>,
    /// Requests received, by "METHOD /route/{param}".
    pub counters: BTreeMap<String, u64>,
    /// The trial tenant's workspace and how many files it may still create.
    pub trial: Option<(Uuid, u32)>,
    pub faults: Vec<crate::faults::Fault>,
    /// Draws for fault rates: seeded, so a run with the same seed faults alike.
    pub fault_rng: ChaCha8Rng,
    /// Deterministic sequence for new folios and file names.
    pub next_serial: u64,
    /// Files whose detail exists in version 1 only (files older than version 2): the
    /// detail answers version 1 whatever `X-api-version` asks.
    pub legacy_details: HashSet<Uuid>,
    /// The files of each company, by (workspace, FlowID in lower case, RFC in upper
    /// case), and how many files there were when it was built: tracking looks a file up
    /// at every call, and a scan of every file under the lock made a refresh of
    /// thousands wait on the sandbox rather than on its latency. Files are added, never
    /// removed nor moved to another company, so a new count is when to build it again.
    company_index: (usize, HashMap<CompanyKey, Vec<Uuid>>),
}

impl World {
    pub fn new(seed: u64) -> Self {
        use rand::SeedableRng;
        Self {
            tenants: Vec::new(),
            verifications: HashMap::new(),
            served: HashMap::new(),
            flows: Vec::new(),
            files: HashMap::new(),
            outbox: Vec::new(),
            counters: BTreeMap::new(),
            trial: None,
            faults: Vec::new(),
            fault_rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_fa17),
            next_serial: 0,
            legacy_details: HashSet::new(),
            company_index: (0, HashMap::new()),
        }
    }

    pub fn tenant(&self, workspace: Uuid) -> Option<&Tenant> {
        self.tenants.iter().find(|t| t.workspace_id == workspace)
    }

    pub fn flow(&self, workspace: Uuid, flow_id: &str) -> Option<&Flow> {
        self.flows
            .iter()
            .find(|f| f.workspace == workspace && f.flow_id.eq_ignore_ascii_case(flow_id.trim()))
    }

    /// The file with this id (as received, possibly not a UUID) if it belongs to
    /// `workspace`; another workspace's file is as unknown as a missing one.
    pub fn file(&self, workspace: Uuid, id: &str) -> Option<&BusinessFile> {
        let id = Uuid::parse_str(id.trim()).ok()?;
        self.files.get(&id).filter(|f| f.workspace == workspace)
    }

    /// The files of `workspace` for this FlowID and company RFC (either in any case).
    pub fn files_of_company(
        &mut self,
        workspace: Uuid,
        flow_id: &str,
        rfc: &str,
    ) -> impl Iterator<Item = &BusinessFile> {
        let key = |workspace: Uuid, flow: &str, rfc: &str| {
            (
                workspace,
                flow.trim().to_ascii_lowercase(),
                rfc.trim().to_ascii_uppercase(),
            )
        };
        if self.company_index.0 != self.files.len() {
            let mut index: HashMap<_, Vec<Uuid>> = HashMap::new();
            for file in self.files.values() {
                index
                    .entry(key(file.workspace, &file.flow_id, &file.company_rfc))
                    .or_default()
                    .push(file.document_id);
            }
            self.company_index = (self.files.len(), index);
        }
        let (flow_id, rfc) = (flow_id.trim(), rfc.trim());
        self.company_index
            .1
            .get(&key(workspace, flow_id, rfc))
            .into_iter()
            .flatten()
            .filter_map(|id| self.files.get(id))
            // Checked again against the file itself: the index only narrows the search.
            .filter(move |f| {
                f.workspace == workspace
                    && f.flow_id.eq_ignore_ascii_case(flow_id)
                    && f.company_rfc.eq_ignore_ascii_case(rfc)
            })
    }

    pub fn next_serial(&mut self) -> u64 {
        self.next_serial += 1;
        self.next_serial
    }
}

/// A verification as the query returns it (`Data`), plus what the service keeps but
/// does not show there (its workspace and the applicant's link).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct Verification {
    #[serde(skip)]
    pub workspace: Uuid,
    /// Returned only by the (unspecified) creation operation, never by the query.
    #[serde(skip)]
    pub applicant_url: String,
    pub folio: String,
    pub external_reference: String,
    pub verification_status: VerificationStatus,
    pub verdict: String,
    pub verdict_comment: Option<String>,
    pub modality: String,
    pub product_name: String,
    pub product_key: String,
    pub created_at_utc: String,
    /// `clock::NOT_YET` until the link is sent (the spec's type is a plain string).
    pub sent_at_utc: String,
    /// `clock::NOT_YET` until the flow is completed.
    pub completed_at_utc: String,
    pub expires_at_utc: String,
    /// The place's result, distance and accuracy come from the visit's capture; what
    /// they hold before it is decided in `verifications::create`.
    pub geo_result: String,
    pub distance_meters: f64,
    pub accuracy: f64,
    pub geo_integrity: String,
    pub geo_signals: Option<Vec<String>>,
    pub biometric_status: String,
    pub photos: Vec<Photo>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct Photo {
    pub section: String,
    pub url: String,
    pub timestamp_utc: String,
    pub geo_result: String,
    pub distance_meters: f64,
    pub hash_sha256: String,
}

/// Shared by every handler.
#[derive(Clone)]
pub(crate) struct AppState {
    pub(crate) world: Arc<Mutex<World>>,
    pub(crate) base_url: Arc<str>,
    pub(crate) admin_token: Arc<str>,
    /// What `/_sandbox/reset` rebuilds the world from.
    pub(crate) seed: u64,
    pub(crate) files: usize,
}

impl AppState {
    /// No handler awaits while holding the lock, and a panic in one must not take the
    /// whole sandbox down, so a poisoned lock is simply taken over.
    pub(crate) fn lock(&self) -> MutexGuard<'_, World> {
        self.world
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

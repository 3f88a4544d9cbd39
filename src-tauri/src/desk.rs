//! The desk: everything the commands call, with no Tauri type in sight, so it is
//! tested without a window. It joins profiles, keys, the service client, drafts and
//! the audit log; each of those rules lives in its own module.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use kyb_api::drift::DriftReport;
use kyb_api::models::correction::CorrectionResult;
use kyb_api::models::detail::DetailV2;
use kyb_api::models::file::{CreatedFile, DetailV1, EnrollmentLink, SectionsAdded};
use kyb_api::models::tracking::Tracking;
use kyb_api::models::verification::Verification;
use kyb_api::requests::{
    ComplementaryInfoRequest, CorrectionRequest, CreateFileRequest, EnrollmentLinkRequest,
    TrackingRequest, normalize_rfc,
};
use kyb_api::{ApiError, Client, ClientConfig, Credentials, Endpoints, Operation};

use crate::audit::{
    Action, AuditEntries, AuditLog, ChainReport, DeskEvent, NewEntry, Outcome, Tally,
};
use crate::audit_anchor::KeyringAnchor;
use crate::csv_export;
use crate::drafts::{Draft, Drafts, NewFileDraft};
use crate::drift_log::{DriftLog, drift_path};
use crate::error::{AppError, AppResult, ErrorCode};
use crate::fsio;
use crate::history::{DetailChanges, History};
use crate::profiles::{
    FieldProblem, Profile, ProfileBook, ProfileInput, ProfileStore, no_profile, problems,
};
use crate::recovery::{Recoveries, Recovery};
use crate::secrets::{BoundKey, KeyStatus, KeyVault};
use crate::summary;
use crate::watchlist::{ImportReport, RefreshProgress, WatchedFile, Watchlist};

/// How long a starting app waits for the data folder to be let go of (by an app that
/// is closing) before it says another one has it.
const FOLDER_LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(3);

/// How long one request may take, answer included: long enough for the service's
/// slowest answer (a large file's detail), short enough that a lost answer is told.
pub const DEFAULT_REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

/// The RFC a connection check asks for: the SAT's generic RFC, which no file has.
pub const PROBE_RFC: &str = "XAXX010101000";

/// A file's tracking, with its `Comments` entries read into section, status and
/// comments (by `kyb_api`, the one place that parses them).
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct FileTracking {
    pub tracking: Tracking,
    pub sections: Vec<kyb_api::expediente::SectionComment>,
    pub status_category: Option<kyb_api::expediente::StatusCategory>,
}

impl FileTracking {
    /// A tracking answer as the window receives it.
    pub fn of(tracking: Tracking) -> Self {
        FileTracking {
            sections: tracking.sections(),
            status_category: tracking.document_status.as_ref().map(|s| s.category()),
            tracking,
        }
    }
}

/// The detail the window shows: version 2, or version 1 when the service has no
/// version 2 of this file (see [`DetailV2::is_version_2`]).
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
#[serde(tag = "version", content = "detail")]
pub enum FileDetail {
    #[serde(rename = "2")]
    V2(Box<DetailV2>),
    /// Its fields beyond the three the spec shows are sent as received.
    #[serde(rename = "1")]
    V1(DetailV1),
}

/// A verification as the supervisor's screen needs it: the rules of `kyb_api` on its
/// status, and the resends recorded in the audit log.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct VerificationState {
    pub verification: Verification,
    pub can_resend: bool,
    pub can_cancel: bool,
    pub resends_so_far: u32,
    /// The count may be short: a line of the log cannot be read, or a resend has no
    /// known result.
    pub resends_uncertain: bool,
}

impl VerificationState {
    /// A verification answer with what its status allows and the resends counted so far.
    pub fn of(verification: Verification, resends: Tally) -> Self {
        let status = verification.verification_status.as_ref();
        VerificationState {
            can_resend: status.is_some_and(|s| s.accepts_resend()),
            can_cancel: status.is_some_and(|s| s.accepts_cancel()),
            resends_so_far: resends.count,
            resends_uncertain: resends.uncertain,
            verification,
        }
    }
}

/// The audit target of an enrollment link: "DocumentId / PersonId".
fn enrollment_target(document_id: &str, person_id: &str) -> String {
    format!("{} / {}", document_id.trim(), person_id.trim())
}

/// One enrollment-link request, as the audit log recorded it.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct IssuedLink {
    pub person_id: String,
    pub at_utc: String,
    pub agent_email: String,
    pub summary: String,
    pub outcome: Outcome,
}

pub struct Desk {
    store: Box<dyn ProfileStore>,
    book: Mutex<ProfileBook>,
    vault: KeyVault,
    drafts: Drafts,
    audit: AuditLog,
    watchlist: Watchlist,
    history: History,
    /// What tolerant reading absorbed in the service's answers, for "About the service".
    drift: DriftLog,
    /// The records set aside as unreadable this session, shared with their stores.
    recoveries: Recoveries,
    endpoints: Option<Endpoints>,
    /// One client per profile, dropped when the profile or its key changes.
    clients: Mutex<HashMap<String, Client>>,
    /// How long one request may take, answer included.
    request_timeout: std::time::Duration,
    /// The data folder's lock, held while the desk lives (see [`fsio::lock_folder`]).
    _folder: std::fs::File,
    /// State-changing calls on their way (profile, operation, target): a second
    /// identical one is refused while the first is out, whatever the UI does.
    sending: Mutex<HashSet<String>>,
}

/// A state-changing call that has left: its intent in the audit log, and its place
/// among the calls on their way until it is answered.
struct Call<'a> {
    _sending: Sending<'a>,
    profile: Profile,
    operation: Operation,
    intent: u32,
}

/// A state-changing call on its way; dropping it (answered, failed or abandoned)
/// lets the same call be sent again.
struct Sending<'a> {
    calls: &'a Mutex<HashSet<String>>,
    key: String,
}

impl Drop for Sending<'_> {
    fn drop(&mut self) {
        self.calls
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&self.key);
    }
}

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
            AppError::storage(
                &format!(
                    "KYB Desk ya está abierto con los datos de {}; use esa ventana",
                    data_dir.display()
                ),
                error,
            )
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
            .map_err(|e| AppError::storage("No se pudieron leer los perfiles", e))?
            .unwrap_or_default();
        // The head of the audit chain sits in the keyring beside the keys.
        let anchor = KeyringAnchor::new(vault.service(), &audit_path(data_dir));
        let recoveries = store.recoveries().unwrap_or_default();
        Ok(Self {
            store,
            book: Mutex::new(book),
            vault,
            drafts: Drafts::new(drafts_dir(data_dir), recoveries.clone()),
            audit: AuditLog::new(audit_path(data_dir), Box::new(anchor)),
            watchlist: Watchlist::new(data_dir.join("watchlist"), recoveries.clone()),
            history: History::new(data_dir.join("history"), recoveries.clone()),
            drift: DriftLog::open(drift_path(data_dir), &recoveries),
            recoveries,
            _folder: folder,
            endpoints,
            clients: Mutex::new(HashMap::new()),
            sending: Mutex::new(HashSet::new()),
            request_timeout: DEFAULT_REQUEST_TIMEOUT,
        })
    }

    /// A desk whose requests give up after `timeout` (tests of lost answers, which need
    /// not wait the default).
    pub fn with_request_timeout(mut self, timeout: std::time::Duration) -> Self {
        self.request_timeout = timeout;
        self
    }

    fn book(&self) -> std::sync::MutexGuard<'_, ProfileBook> {
        self.book.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn forget_client(&self, profile_id: &str) {
        self.clients
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(profile_id);
    }

    /// Applies `change` to a copy of the book, stores the copy, and only then keeps
    /// it: a refused change or a failed save leaves everything as it was.
    fn change_book<T>(
        &self,
        change: impl FnOnce(&mut ProfileBook) -> AppResult<T>,
    ) -> AppResult<T> {
        let mut book = self.book();
        let mut next = book.clone();
        let result = change(&mut next)?;
        self.store
            .save(&next)
            .map_err(|e| AppError::storage("No se pudieron guardar los perfiles", e))?;
        *book = next;
        Ok(result)
    }

    // Profiles.

    pub fn profiles(&self) -> ProfileBook {
        self.book().clone()
    }

    /// What is wrong with a profile being typed, by field (nothing is stored).
    pub fn check_profile(&self, input: &ProfileInput) -> Vec<FieldProblem> {
        problems(input, &self.book().profiles)
    }

    /// Adds or replaces a profile. A new address is audited; the key does not follow
    /// it (see [`Desk::confirm_key_origin`]).
    pub fn save_profile(&self, input: ProfileInput) -> AppResult<Profile> {
        let before = input
            .id
            .as_deref()
            .and_then(|id| self.book().get(id).cloned());
        let profile = self.change_book(|book| book.upsert(input))?;
        self.forget_client(&profile.id);
        if let Some(before) = before {
            let origin = |p: &Profile| self.address(p).map(|(_, origin)| origin).ok();
            let (old, new) = (origin(&before), origin(&profile));
            if old != new {
                self.record_event(
                    &profile,
                    DeskEvent::ProfileAddressChanged,
                    format!(
                        "dirección del perfil: {} → {}",
                        old.as_deref().unwrap_or("—"),
                        new.as_deref().unwrap_or("—")
                    ),
                );
            }
        }
        Ok(profile)
    }

    /// Deletes a profile with its key, watchlist, drafts and detail history (nothing
    /// could reach them again: a new profile has a new id). The audit log keeps its
    /// entries: it is the record of what was sent. Once the profile is gone from the
    /// book the deletion has happened; files that cannot be removed are logged.
    pub fn delete_profile(&self, id: &str) -> AppResult<ProfileBook> {
        self.change_book(|book| book.remove(id))?;
        self.forget_client(id);
        // The key goes with its profile; an unreachable keyring keeps nothing of ours.
        let _ = self.vault.delete(id);
        for (what, removed) in [
            ("watchlist", self.watchlist.forget_profile(id)),
            ("drafts", self.drafts.forget_profile(id)),
            ("history", self.history.forget_profile(id)),
        ] {
            if let Err(error) = removed {
                tracing::warn!("{what} of a deleted profile not removed: {error}");
            }
        }
        Ok(self.profiles())
    }

    pub fn activate_profile(&self, id: &str) -> AppResult<ProfileBook> {
        self.change_book(|book| book.activate(id))?;
        Ok(self.profiles())
    }

    pub fn active_profile(&self) -> AppResult<Profile> {
        self.book().active().cloned().ok_or_else(|| {
            AppError::new(
                ErrorCode::NoProfile,
                "Elija o cree un perfil para trabajar.",
            )
        })
    }

    // Keys.

    fn profile(&self, profile_id: &str) -> AppResult<Profile> {
        self.book().get(profile_id).cloned().ok_or_else(no_profile)
    }

    /// Where a profile's requests go, and that address's origin.
    fn address(&self, profile: &Profile) -> AppResult<(reqwest::Url, String)> {
        let base_url = profile
            .environment
            .base_url(self.endpoints.as_ref())
            .map_err(|e| AppError::new(ErrorCode::NoAddress, e.to_string()))?;
        let origin = kyb_api::client::origin_of(&base_url);
        Ok((base_url, origin))
    }

    /// The key's status, with whether it may go to the profile's address now.
    pub fn key_status(&self, profile_id: &str) -> AppResult<KeyStatus> {
        let profile = self.profile(profile_id)?;
        let mut status = self.vault.status(profile_id);
        status.profile_origin = self.address(&profile).ok().map(|(_, origin)| origin);
        status.origin_confirmed = status.present
            && status.profile_origin.as_deref().is_some_and(|origin| {
                crate::secrets::may_go_to(status.bound_origin.as_deref(), origin)
            });
        Ok(status)
    }

    /// Keeps the key the user entered, bound to the profile's address as it is now.
    pub fn set_api_key(
        &self,
        profile_id: &str,
        key: &str,
        session_only: bool,
    ) -> AppResult<KeyStatus> {
        let profile = self.profile(profile_id)?;
        let (_, origin) = self.address(&profile)?;
        self.forget_client(profile_id);
        if session_only {
            self.vault.set_for_session(profile_id, key, &origin)?;
        } else {
            self.vault.set(profile_id, key, &origin)?;
        }
        let kept = if session_only {
            "solo esta sesión"
        } else {
            "llavero del sistema"
        };
        self.record_event(
            &profile,
            DeskEvent::KeyReplaced,
            format!("API Key ingresada para {origin} ({kept})"),
        );
        self.key_status(profile_id)
    }

    /// The user confirmed that the profile's key may go to the profile's address as it
    /// is now (after the address changed): the key is bound to that origin.
    pub fn confirm_key_origin(&self, profile_id: &str) -> AppResult<KeyStatus> {
        let profile = self.profile(profile_id)?;
        let (_, origin) = self.address(&profile)?;
        self.forget_client(profile_id);
        let before = self.vault.status(profile_id).bound_origin;
        self.vault.rebind(profile_id, &origin)?;
        self.record_event(
            &profile,
            DeskEvent::KeyOriginConfirmed,
            format!(
                "el usuario confirmó enviar la API Key a {origin} (se dio para {})",
                before
                    .as_deref()
                    .unwrap_or("una dirección que no se registró")
            ),
        );
        self.key_status(profile_id)
    }

    pub fn delete_api_key(&self, profile_id: &str) -> AppResult<KeyStatus> {
        self.profile(profile_id)?;
        self.forget_client(profile_id);
        self.vault.delete(profile_id)?;
        self.key_status(profile_id)
    }

    // The service.

    /// The active profile and a client for it.
    fn client(&self) -> AppResult<(Profile, Client)> {
        let profile = self.active_profile()?;
        let client = self.client_for(&profile)?;
        Ok((profile, client))
    }

    /// A client for `profile`, made once and kept until its profile or key changes.
    fn client_for(&self, profile: &Profile) -> AppResult<Client> {
        let (base_url, origin) = self.address(profile)?;
        // Only for the profile's address as it is now: a client made from a profile
        // read just before its address changed is not used (the binding is checked
        // again below).
        if let Some(client) = self
            .clients
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&profile.id)
            .filter(|client| client.base_url() == &base_url)
        {
            return Ok(client.clone());
        }
        let Some(BoundKey {
            key: api_key,
            origin: bound,
        }) = self.vault.get(&profile.id)?
        else {
            return Err(AppError::new(
                ErrorCode::NoApiKey,
                format!(
                    "El perfil «{}» no tiene API Key. Agréguela en Perfiles.",
                    profile.name
                ),
            ));
        };
        // The one place a key meets an address: it goes only where it was given for.
        if !crate::secrets::may_go_to(bound.as_deref(), &origin) {
            return Err(key_origin_changed(profile, bound.as_deref(), &origin));
        }
        let mut config = ClientConfig::new(
            base_url,
            Credentials {
                api_key,
                workspace_id: profile.workspace_id.clone(),
            },
        );
        config.timeout = self.request_timeout;
        let client = Client::new(config)
            .map_err(|e| AppError::new(ErrorCode::NoAddress, e.to_string()))?
            .learning_into(self.drift.learner());
        self.clients
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(profile.id.clone(), client.clone());
        Ok(client)
    }

    /// Tries a profile's address, key, Workspace and flows with one tracking query per
    /// flow for an RFC no file has (the SAT's generic RFC): "not found" proves the
    /// service accepted the key, the Workspace and that flow. The first other error
    /// is why the profile cannot be used; an unknown flow (a validation error) names
    /// the flow. A profile with no flow has its key and Workspace checked alone. Works
    /// for any profile, active or not, and changes nothing: the answers are not
    /// followed.
    pub async fn check_connection(&self, profile_id: &str) -> AppResult<()> {
        let profile = self
            .book()
            .get(profile_id)
            .cloned()
            .ok_or_else(no_profile)?;
        let client = self.client_for(&profile)?;
        let ask = |flow_id: &str| {
            let request = TrackingRequest {
                flow_id: flow_id.to_owned(),
                rfc: PROBE_RFC.to_owned(),
                agent_mail: profile.agent_email.clone(),
            };
            let client = client.clone();
            async move { client.tracking(&request).await }
        };
        if profile.flows.is_empty() {
            // No flow to try: the key and the Workspace are checked before the flow, so
            // an answer about the (made-up) flow means both were accepted.
            return match ask(PROBE_RFC).await {
                Ok(_) | Err(ApiError::NotFound { .. } | ApiError::Validation { .. }) => Ok(()),
                Err(error) => Err(error.into()),
            };
        }
        for flow in &profile.flows {
            match ask(&flow.flow_id).await {
                Ok(_) | Err(ApiError::NotFound { .. }) => {}
                Err(error @ ApiError::Validation { .. }) => {
                    let mut failure = AppError::from(error);
                    failure.details = failure
                        .details
                        .iter()
                        .map(|m| format!("Flujo «{}» ({}): {m}", flow.label, flow.flow_id))
                        .collect();
                    return Err(failure);
                }
                Err(error) => return Err(error.into()),
            }
        }
        Ok(())
    }

    /// Marks a state-changing call as on its way, or refuses it when the same call
    /// (profile, operation, target) is already out: a second one could bill, notify
    /// or create twice before the first has answered.
    fn begin_sending(
        &self,
        profile: &Profile,
        operation: Operation,
        target: &str,
    ) -> AppResult<Sending<'_>> {
        // Ids and folios are compared as the same call whatever their case or blanks.
        let key = format!(
            "{}\u{1f}{}\u{1f}{}",
            profile.id,
            operation.route(),
            target.trim().to_lowercase()
        );
        let mut calls = self.sending.lock().unwrap_or_else(|p| p.into_inner());
        if !calls.insert(key.clone()) {
            return Err(AppError::new(
                ErrorCode::InFlight,
                "Esa misma solicitud ya se está enviando; espere su respuesta.",
            ));
        }
        Ok(Sending {
            calls: &self.sending,
            key,
        })
    }

    /// A state-changing call about to leave: refused when the same call is already
    /// out, and written in the audit log as an intent first, so that a crash or a lost
    /// answer leaves a trace of what may have been done. A desk that cannot write the
    /// intent does not send: a billable or notifying call must never go unrecorded.
    fn begin(
        &self,
        profile: &Profile,
        operation: Operation,
        target: &str,
        summary: &str,
    ) -> AppResult<Call<'_>> {
        let sending = self.begin_sending(profile, operation, target)?;
        let intent = self
            .audit
            .intent(NewEntry {
                profile: profile.name.clone(),
                agent_email: profile.agent_email.clone(),
                action: Action::Service(operation),
                target: target.to_owned(),
                summary: summary.to_owned(),
                outcome: Outcome {
                    ok: false,
                    code: None,
                    message: None,
                },
                completes: None,
            })
            .map_err(|error| {
                AppError::new(
                    ErrorCode::Storage,
                    format!(
                        "No se pudo anotar la solicitud en la bitácora, así que no se envió: {}",
                        error.message
                    ),
                )
            })?;
        Ok(Call {
            _sending: sending,
            profile: profile.clone(),
            operation,
            intent,
        })
    }

    /// Records how a state-changing call ended, completing its intent, then hands its
    /// result on. A call whose record cannot be written still reports its own outcome;
    /// the audit failure is logged (the intent stays, unresolved, in the log).
    fn audited<T>(
        &self,
        call: Call<'_>,
        target: &str,
        summary: String,
        result: Result<T, ApiError>,
    ) -> AppResult<T> {
        let outcome = match &result {
            Ok(_) => Outcome {
                ok: true,
                code: None,
                message: None,
            },
            Err(error) => Outcome {
                ok: false,
                code: Some(error.code().to_owned()),
                message: Some(error.to_string()),
            },
        };
        if let Err(error) = self.audit.append(NewEntry {
            profile: call.profile.name.clone(),
            agent_email: call.profile.agent_email.clone(),
            action: Action::Service(call.operation),
            target: target.to_owned(),
            summary,
            outcome,
            completes: Some(call.intent),
        }) {
            tracing::error!(code = ?error.code, "audit entry not written: {error}");
        }
        result.map_err(AppError::from)
    }

    /// A change the desk itself made (an address, a key's origin), in the audit log.
    fn record_event(&self, profile: &Profile, event: DeskEvent, summary: String) {
        if let Err(error) = self.audit.append(NewEntry {
            profile: profile.name.clone(),
            agent_email: profile.agent_email.clone(),
            action: Action::Desk(event),
            target: profile.id.clone(),
            summary,
            outcome: Outcome {
                ok: true,
                code: None,
                message: None,
            },
            completes: None,
        }) {
            tracing::error!(code = ?error.code, "audit entry not written: {error}");
        }
    }

    pub async fn tracking(&self, flow_id: &str, rfc: &str) -> AppResult<FileTracking> {
        let (profile, client) = self.client()?;
        let request = TrackingRequest {
            flow_id: flow_id.trim().to_owned(),
            rfc: normalize_rfc(rfc),
            agent_mail: profile.agent_email.clone(),
        };
        let answer = client.tracking(&request).await;
        // A followed file takes the fresh answer too.
        if let Ok(tracking) = &answer {
            self.watchlist
                .apply(&profile.id, &request.flow_id, &request.rfc, Ok(tracking))?;
        }
        Ok(FileTracking::of(answer?))
    }

    /// The detail for the window: version 2 (kept in the history), or, when the service
    /// answers a file in version 1 only, that version, fetched as such.
    pub async fn file_detail(&self, document_id: &str) -> AppResult<FileDetail> {
        let (profile, client) = self.client()?;
        let detail = client
            .detail(document_id, Some(jiff::Zoned::now().offset()))
            .await?;
        if detail.is_version_2() {
            self.history.record(&profile.id, document_id, &detail)?;
            return Ok(FileDetail::V2(Box::new(detail)));
        }
        tracing::info!(document_id, "no version 2 of this file; showing version 1");
        Ok(FileDetail::V1(client.detail_v1(document_id).await?))
    }

    /// What the service's answers taught so far (see [`crate::drift_log`]).
    pub fn drift_report(&self) -> DriftReport {
        self.drift.report()
    }

    pub fn export_drift(&self, path: &Path) -> AppResult<()> {
        self.drift.export(path)
    }

    pub fn detail_changes(&self, document_id: &str) -> AppResult<DetailChanges> {
        let profile = self.active_profile()?;
        self.history.changes(&profile.id, document_id)
    }

    pub async fn create_file(&self, request: CreateFileRequest) -> AppResult<CreatedFile> {
        let (profile, client) = self.client()?;
        // Before it exists a file has no id: the same company in the same flow is the
        // same creation.
        let company = request.company.as_ref().map(|c| {
            c.company_rfc
                .as_deref()
                .filter(|rfc| !rfc.trim().is_empty())
                .unwrap_or(&c.company_name)
                .trim()
                .to_uppercase()
        });
        let summary = summary::create_file(&request);
        let company = format!(
            "{} / {}",
            request.flow_id.trim(),
            company.unwrap_or_default()
        );
        let call = self.begin(&profile, Operation::CreateFile, &company, &summary)?;
        let result = client.create_file(&request).await;
        let target = result
            .as_ref()
            .ok()
            .and_then(|c| c.document_id.clone())
            .unwrap_or(company);
        let created = self.audited(call, &target, summary, result)?;
        // The file exists now: what follows is the desk's own bookkeeping, and its
        // failure must not read as a failed creation (the agent would create it twice).
        // Tracking finds a file by FlowID and RFC: a file created without an RFC
        // cannot be followed until it has one.
        if let Some(rfc) = request
            .company
            .as_ref()
            .and_then(|c| c.company_rfc.as_deref())
            && !rfc.trim().is_empty()
            && let Err(error) = self.watchlist.add(
                &profile.id,
                &request.flow_id,
                rfc,
                created.document_id.as_deref(),
            )
        {
            tracing::error!(code = ?error.code, "created file not followed: {error}");
        }
        if let Err(error) = self.drafts.clear_new_file(&profile.id) {
            tracing::error!(code = ?error.code, "new-file draft not cleared: {error}");
        }
        Ok(created)
    }

    /// Sends the analyst's decisions; the file's draft is cleared only when the
    /// service accepted them.
    pub async fn request_correction(
        &self,
        request: CorrectionRequest,
    ) -> AppResult<CorrectionResult> {
        let (profile, client) = self.client()?;
        let summary = summary::correction(&request);
        let target = request.document_id.trim();
        let call = self.begin(&profile, Operation::Correction, target, &summary)?;
        let result = client.request_correction(&request).await;
        let result = self.audited(call, target, summary, result)?;
        // Sent: a failure of the desk's own bookkeeping must not read as a failed
        // request (the analyst would send it twice).
        if let Err(error) = self.drafts.clear(&profile.id, &request.document_id) {
            tracing::error!(code = ?error.code, "review draft not cleared: {error}");
        }
        if let Err(error) = self
            .history
            .mark_reviewed(&profile.id, &request.document_id)
        {
            tracing::error!(code = ?error.code, "file not marked reviewed: {error}");
        }
        Ok(result)
    }

    pub async fn add_complementary_info(
        &self,
        request: ComplementaryInfoRequest,
    ) -> AppResult<SectionsAdded> {
        let (profile, client) = self.client()?;
        let summary = summary::complementary_info(&request);
        // The same flow added to the same file is the same call; the log names the file.
        let target = request.document_id.trim();
        let call = self.begin(
            &profile,
            Operation::ComplementaryInfo,
            &format!("{target} / {}", request.flow_id.trim()),
            &summary,
        )?;
        let result = client.add_complementary_info(&request).await;
        self.audited(call, target, summary, result)
    }

    pub async fn enrollment_link(
        &self,
        document_id: &str,
        person_id: &str,
    ) -> AppResult<EnrollmentLink> {
        let (profile, client) = self.client()?;
        let request = EnrollmentLinkRequest {
            document_id: document_id.trim().to_owned(),
            person_id: person_id.trim().to_owned(),
            agent_mail: profile.agent_email.clone(),
        };
        let target = enrollment_target(&request.document_id, &request.person_id);
        let call = self.begin(
            &profile,
            Operation::EnrollmentLink,
            &target,
            &summary::enrollment_link(&request, None),
        )?;
        let result = client.enrollment_link(&request).await;
        let summary = summary::enrollment_link(&request, result.as_ref().ok());
        self.audited(call, &target, summary, result)
    }

    /// Enrollment links requested for a file from this desk, newest first, from the
    /// audit log (refused requests included, marked as such).
    pub fn issued_links(&self, document_id: &str) -> AppResult<Vec<IssuedLink>> {
        let route = Operation::EnrollmentLink.route();
        let prefix = enrollment_target(document_id, "");
        let mut links: Vec<IssuedLink> = self
            .audit
            .entries()?
            .entries
            .into_iter()
            .filter(|e| {
                !e.is_intent()
                    && e.record.operation == route
                    && e.record.target.starts_with(&prefix)
            })
            .map(|e| IssuedLink {
                person_id: e.record.target[prefix.len()..].to_owned(),
                at_utc: e.record.at_utc,
                agent_email: e.record.agent_email,
                summary: e.record.summary,
                outcome: e.record.outcome,
            })
            .collect();
        links.reverse();
        Ok(links)
    }

    /// A verification with what may be done to it now and how many times its link
    /// was already resent from this desk (each resend is billed).
    pub async fn verification(&self, folio: &str) -> AppResult<VerificationState> {
        let (_, client) = self.client()?;
        let verification = client.verification(folio).await?;
        let resends = self
            .audit
            .successes(Operation::ResendVerification, folio.trim())?;
        Ok(VerificationState::of(verification, resends))
    }

    pub async fn resend_verification(&self, folio: &str) -> AppResult<()> {
        let (profile, client) = self.client()?;
        let summary = "reenvío del enlace de verificación (mensaje facturable)";
        let call = self.begin(
            &profile,
            Operation::ResendVerification,
            folio.trim(),
            summary,
        )?;
        let result = client.resend_verification(folio).await;
        self.audited(call, folio.trim(), summary.into(), result)
    }

    pub async fn cancel_verification(&self, folio: &str) -> AppResult<()> {
        let (profile, client) = self.client()?;
        let summary = "cancelación de la verificación";
        let call = self.begin(
            &profile,
            Operation::CancelVerification,
            folio.trim(),
            summary,
        )?;
        let result = client.cancel_verification(folio).await;
        self.audited(call, folio.trim(), summary.into(), result)
    }

    // Drafts.

    pub fn save_draft(&self, draft: Draft) -> AppResult<Draft> {
        let profile = self.active_profile()?;
        self.drafts.save(&profile.id, draft)
    }

    pub fn load_draft(&self, document_id: &str) -> AppResult<Option<Draft>> {
        let profile = self.active_profile()?;
        self.drafts.load(&profile.id, document_id)
    }

    pub fn discard_draft(&self, document_id: &str) -> AppResult<()> {
        let profile = self.active_profile()?;
        self.drafts.clear(&profile.id, document_id)
    }

    pub fn save_new_file_draft(&self, draft: NewFileDraft) -> AppResult<NewFileDraft> {
        let profile = self.active_profile()?;
        self.drafts.save_new_file(&profile.id, draft)
    }

    pub fn load_new_file_draft(&self) -> AppResult<Option<NewFileDraft>> {
        let profile = self.active_profile()?;
        self.drafts.load_new_file(&profile.id)
    }

    pub fn discard_new_file_draft(&self) -> AppResult<()> {
        let profile = self.active_profile()?;
        self.drafts.clear_new_file(&profile.id)
    }

    // Watchlist.

    pub fn watchlist(&self) -> AppResult<Vec<WatchedFile>> {
        self.watchlist.list(&self.active_profile()?.id)
    }

    pub fn watch_file(&self, flow_id: &str, rfc: &str) -> AppResult<Vec<WatchedFile>> {
        let profile = self.active_profile()?;
        self.watchlist.add(&profile.id, flow_id, rfc, None)?;
        self.watchlist.list(&profile.id)
    }

    pub fn unwatch_file(&self, flow_id: &str, rfc: &str) -> AppResult<Vec<WatchedFile>> {
        self.watchlist
            .remove(&self.active_profile()?.id, flow_id, rfc)
    }

    pub fn import_watchlist_csv(
        &self,
        text: &str,
        default_flow_id: &str,
    ) -> AppResult<ImportReport> {
        self.watchlist
            .import_csv(&self.active_profile()?.id, text, default_flow_id)
    }

    pub fn mark_watch_seen(&self, flow_id: &str, rfc: &str) -> AppResult<Option<WatchedFile>> {
        self.watchlist
            .mark_seen(&self.active_profile()?.id, flow_id, rfc)
    }

    /// Asks tracking about every followed file (or, with `failed_only`, about those
    /// whose last refresh failed other than with not-found), at most
    /// [`kyb_api::many::DEFAULT_CONCURRENCY`] at a time, reporting each answer as it
    /// arrives; the list as it is afterwards. The answers that arrived together are
    /// written to the list at once: one write per batch, not one per file.
    pub async fn refresh_watchlist(
        &self,
        failed_only: bool,
        progress: impl Fn(RefreshProgress),
    ) -> AppResult<Vec<WatchedFile>> {
        use futures_util::StreamExt;

        let (profile, client) = self.client()?;
        let requests: Vec<TrackingRequest> = self
            .watchlist
            .list(&profile.id)?
            .into_iter()
            .filter(|f| !failed_only || f.refresh_failed)
            .map(|f| TrackingRequest {
                flow_id: f.flow_id,
                rfc: f.rfc,
                agent_mail: profile.agent_email.clone(),
            })
            .collect();
        let total = u32::try_from(requests.len()).unwrap_or(u32::MAX);
        // The requests run in a task of their own, so writing one batch never holds up
        // the next requests; it stops once nobody listens.
        let (answers, mut arrived) = tokio::sync::mpsc::unbounded_channel();
        let asked = requests.clone();
        tokio::spawn(async move {
            let mut stream =
                kyb_api::many::track_many(&client, asked, kyb_api::many::DEFAULT_CONCURRENCY);
            while let Some(answer) = stream.next().await {
                if answers.send(answer).is_err() {
                    break;
                }
            }
        });
        let mut done = 0;
        while let Some(first) = arrived.recv().await {
            let mut batch = vec![first];
            while let Ok(more) = arrived.try_recv() {
                batch.push(more);
            }
            let codes: Vec<_> = batch
                .iter()
                .map(|(index, answer)| (*index, answer.as_ref().map_err(ApiError::code)))
                .collect();
            let updated = self.watchlist.apply_all(
                &profile.id,
                codes.iter().map(|(index, answer)| {
                    let request = &requests[*index];
                    (request.flow_id.as_str(), request.rfc.as_str(), *answer)
                }),
            )?;
            // Counted answer by answer, as they arrived (an answer about a file no
            // longer followed counts, unreported).
            let dropped = batch.len().saturating_sub(updated.len());
            for file in updated {
                done += 1;
                progress(RefreshProgress { done, total, file });
            }
            done += u32::try_from(dropped).unwrap_or(u32::MAX);
        }
        self.watchlist.list(&profile.id)
    }

    // Audit.

    /// The readable entries; how many lines are not is in [`Desk::verify_audit`].
    /// Every entry that can be read, and how many lines could not (never skipped
    /// silently).
    pub fn audit_entries(&self) -> AppResult<AuditEntries> {
        self.audit.entries()
    }

    pub fn verify_audit(&self) -> AppResult<ChainReport> {
        self.audit.verify()
    }

    /// Writes the active profile's watchlist as CSV to `path`; answers how many files.
    pub fn export_watchlist_csv(&self, path: &Path) -> AppResult<u32> {
        let files = self.watchlist()?;
        csv_export::save(path, &crate::watchlist::to_csv(&files)?)?;
        Ok(u32::try_from(files.len()).unwrap_or(u32::MAX))
    }

    /// Writes the audit log as CSV to `path`; answers how many entries (read once).
    pub fn export_audit_csv(&self, path: &Path) -> AppResult<u32> {
        let entries = self.audit.entries()?.entries;
        csv_export::save(path, &crate::audit::to_csv(&entries)?)?;
        Ok(u32::try_from(entries.len()).unwrap_or(u32::MAX))
    }

    /// The local files set aside as unreadable this session (profiles, watchlists,
    /// drafts, detail histories), oldest first, for the window to announce.
    pub fn recoveries(&self) -> Vec<Recovery> {
        self.recoveries.all()
    }
}

/// The key of `profile` is bound to `bound` (None: to no origin yet), not to where the
/// profile points now: the user must confirm the new origin or enter the key again.
fn key_origin_changed(profile: &Profile, bound: Option<&str>, origin: &str) -> AppError {
    let given_for = bound.unwrap_or("una dirección que no se registró");
    AppError::new(
        ErrorCode::KeyOriginChanged,
        format!(
            "La API Key del perfil «{}» se dio para {given_for}, y el perfil ahora apunta a \
             {origin}. No se enviará a {origin} hasta que usted lo confirme o ingrese la API \
             Key de nuevo en Perfiles.",
            profile.name
        ),
    )
    .with_details(vec![
        bound.unwrap_or_default().to_owned(),
        origin.to_owned(),
    ])
}

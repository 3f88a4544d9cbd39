//! One followed file as the list keeps it: what the analyst gave, what the last
//! tracking answer said of it, and what tells one file from another.

use std::collections::HashMap;

use kyb_api::file::{SectionStatus, StatusCategory};
use kyb_api::models::tracking::Tracking;
use kyb_api::requests::normalize_rfc;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use crate::error::{ErrorCode, ServiceCode};
use crate::sla::StatusSpan;

/// How many status spans a followed file keeps: enough for every pause and return of
/// a file's life in the back office, and a record that cannot grow without bound.
pub const MAX_STATUS_SPANS: usize = 20;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct WatchedFile {
    pub flow_id: String,
    pub rfc: String,
    pub document_id: Option<String>,
    pub company_name: Option<String>,
    pub document_status: Option<String>,
    pub status_category: Option<StatusCategory>,
    pub updated_at_utc: Option<String>,
    pub last_refresh_utc: Option<String>,
    /// The error code of the last refresh, when it failed (`not_found`: tracking
    /// knows no file for this FlowID and RFC yet). A code this version does not know
    /// (a newer version's) reads as none: the next refresh says again.
    #[serde(deserialize_with = "known_code")]
    pub last_error: Option<ErrorCode>,
    /// The last refresh failed and the analyst can retry it: any error but
    /// `not_found` (a file tracking does not know yet says so on its own).
    pub refresh_failed: bool,
    /// Digest of status and section comments at the last refresh…
    pub fingerprint: Option<String>,
    /// …and when the analyst last opened the file.
    pub seen_fingerprint: Option<String>,
    /// Status or sections changed since the analyst last opened the file.
    pub changed: bool,
    /// Sections by status, from the last tracking answer.
    pub sections: SectionCounts,
    pub persons_total: u32,
    /// Persons whose enrollment is complete (`IsCompleted`).
    pub persons_enrolled: u32,
    /// The statuses the refreshes have seen, oldest first (the last
    /// [`MAX_STATUS_SPANS`]), for the SLA clock ([`crate::sla`]).
    pub status_spans: Vec<StatusSpan>,
    /// The risk its last review (or screening) found; none before its first.
    pub risk: Option<FileRisk>,
}

/// A file's risk at a glance, for the watchlist's column: the review's summary.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct FileRisk {
    /// The most severe finding's; none when nothing was found.
    pub level: Option<crate::evidence::Severity>,
    /// Findings, each counted once.
    pub findings: u32,
    /// Risk-list hits not disposed of as false positives.
    pub hits: u32,
    /// When it was judged (UTC, RFC 3339).
    pub checked_at_utc: String,
}

impl FileRisk {
    pub fn of(evidence: &crate::evidence::FileEvidence) -> Self {
        let s = evidence.summary;
        Self {
            level: s.level,
            findings: s.high + s.medium + s.low,
            hits: evidence
                .sections
                .iter()
                .flat_map(|x| &x.findings)
                .chain(&evidence.unassigned)
                .filter(|f| f.kind == crate::evidence::FindingKind::WatchlistHit)
                .map(|f| {
                    f.hit
                        .as_ref()
                        .map(|h| (h.list, h.row.clone(), h.party_key.clone()))
                })
                .collect::<std::collections::HashSet<_>>()
                .len() as u32,
            checked_at_utc: kyb_api::time::instant_text(chrono::Utc::now()),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct SectionCounts {
    pub total: u32,
    pub accepted: u32,
    pub rejected: u32,
    /// Sections the user must act on (Pendiente, Requiere Atención).
    pub needs_user: u32,
    /// Sections ready for or under review (Completado, En Revisión).
    pub in_review: u32,
}

impl WatchedFile {
    /// A file just followed: what the analyst gave, nothing from the service yet.
    pub fn followed(flow_id: &str, rfc: &str, document_id: Option<&str>) -> Self {
        WatchedFile {
            flow_id: flow_id.trim().to_owned(),
            rfc: normalize_rfc(rfc),
            document_id: document_id.map(str::to_owned),
            ..WatchedFile::default()
        }
    }

    /// The statuses the file has been in, for its SLA clock. A record written before
    /// spans were kept reads as one span in its status from its last update (or its
    /// last refresh): the best the desk knows of it.
    pub fn spans(&self) -> Vec<StatusSpan> {
        if !self.status_spans.is_empty() {
            return self.status_spans.clone();
        }
        let since = self
            .updated_at_utc
            .as_deref()
            .or(self.last_refresh_utc.as_deref())
            .and_then(kyb_api::time::parse_timestamp);
        match (self.status_category, since) {
            (Some(category), Some(since)) => vec![StatusSpan { category, since }],
            _ => Vec::new(),
        }
    }

    /// Records that the file is in `category` as of `since`: a new span when the status
    /// changed, the oldest dropped past [`MAX_STATUS_SPANS`]. A span never starts
    /// before the one it follows (a clock of one computer's refresh and the service's
    /// update times may disagree).
    fn enter(&mut self, category: StatusCategory, since: chrono::DateTime<chrono::Utc>) {
        let mut spans = self.spans();
        match spans.last() {
            Some(last) if last.category == category => return,
            Some(last) => spans.push(StatusSpan {
                category,
                since: since.max(last.since),
            }),
            None => spans.push(StatusSpan { category, since }),
        }
        let over = spans.len().saturating_sub(MAX_STATUS_SPANS);
        spans.drain(..over);
        self.status_spans = spans;
    }
}

impl SectionCounts {
    pub fn of(tracking: &Tracking) -> Self {
        let mut counts = Self::default();
        for section in tracking.sections() {
            counts.total += 1;
            match section.status {
                SectionStatus::Aceptado => counts.accepted += 1,
                SectionStatus::Rechazado => counts.rejected += 1,
                SectionStatus::Pendiente | SectionStatus::RequiereAtencion => {
                    counts.needs_user += 1
                }
                SectionStatus::Completado | SectionStatus::EnRevision => counts.in_review += 1,
                SectionStatus::Other(_) => {}
            }
        }
        counts
    }
}

/// Progress of "refresh all", sent as each answer arrives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RefreshProgress {
    pub done: u32,
    pub total: u32,
    pub file: WatchedFile,
}

pub(super) fn same_file(file: &WatchedFile, flow_id: &str, rfc: &str) -> bool {
    stored_key(file) == file_key(flow_id, rfc)
}

/// What tells one followed file from another: the FlowID as written, the RFC as
/// [`normalize_rfc`] writes it (the form a followed file is stored in, whatever case
/// or script it was given in, so that a file given as `ñaa…` is found as the `ÑAA…`
/// it was stored as). Work on many files at once (an import, a refresh's batch, the
/// team's queue) looks files up by it, so its cost grows with the list, not with its
/// square.
pub(super) fn file_key(flow_id: &str, rfc: &str) -> (String, String) {
    (flow_id.trim().to_owned(), normalize_rfc(rfc))
}

/// A stored file's [`file_key`]: its FlowID as stored, untrimmed.
fn stored_key(file: &WatchedFile) -> (String, String) {
    (file.flow_id.clone(), normalize_rfc(&file.rfc))
}

/// Each file's position in `files`, by [`file_key`] (the first, should two share one).
pub(super) fn positions(files: &[WatchedFile]) -> HashMap<(String, String), usize> {
    let mut at = HashMap::with_capacity(files.len());
    for (index, file) in files.iter().enumerate() {
        at.entry(stored_key(file)).or_insert(index);
    }
    at
}

fn fingerprint(tracking: &Tracking) -> String {
    let mut hasher = Sha256::new();
    hasher.update(
        tracking
            .document_status
            .as_ref()
            .map(|s| s.as_str().to_owned())
            .unwrap_or_default(),
    );
    for comment in &tracking.comments {
        hasher.update([0]);
        hasher.update(comment.as_bytes());
    }
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What a tracking answer (or its failure) says about a followed file.
pub(super) fn record(file: &mut WatchedFile, answer: Result<&Tracking, ErrorCode>, now: &str) {
    match answer {
        Ok(tracking) => {
            if let Some(category) = tracking.document_status.as_ref().map(|s| s.category()) {
                // The service's own update time when it gave one: the status changed
                // then at the latest, however long after it this desk refreshed. Never
                // after this refresh: a time ahead of it (a clock ahead, a crafted
                // answer) would start every later span there and stop the clock.
                let seen = kyb_api::time::parse_timestamp(now);
                let since = match (
                    tracking
                        .updated_at_utc
                        .as_ref()
                        .and_then(|at| at.timestamp()),
                    seen,
                ) {
                    (Some(at), Some(seen)) => Some(at.min(seen)),
                    (at, seen) => at.or(seen),
                };
                if let Some(since) = since {
                    file.enter(category, since);
                }
            }
            file.last_error = None;
            // A sparse answer does not erase what an earlier one said.
            if let Some(id) = &tracking.document_id {
                file.document_id = Some(id.clone());
            }
            if let Some(name) = &tracking.company_name {
                file.company_name = Some(name.clone());
            }
            file.document_status = tracking
                .document_status
                .as_ref()
                .map(|s| s.as_str().to_owned());
            file.status_category = tracking.document_status.as_ref().map(|s| s.category());
            file.updated_at_utc = tracking.updated_at_utc.as_ref().map(ToString::to_string);
            file.fingerprint = Some(fingerprint(tracking));
            file.sections = SectionCounts::of(tracking);
            file.persons_total = u32::try_from(tracking.person.len()).unwrap_or(u32::MAX);
            file.persons_enrolled = u32::try_from(
                tracking
                    .person
                    .iter()
                    .filter(|p| p.is_completed == Some(true))
                    .count(),
            )
            .unwrap_or(u32::MAX);
            file.changed =
                file.seen_fingerprint.is_some() && file.seen_fingerprint != file.fingerprint;
        }
        Err(code) => file.last_error = Some(code),
    }
    file.last_refresh_utc = Some(now.to_owned());
    file.refresh_failed = refresh_failed(file.last_error);
}

/// The one rule for [`WatchedFile::refresh_failed`]: the last refresh ended in any
/// error but `not_found`. Applied when an answer is recorded and when a list is read
/// (a list written before the field existed gets it right too).
pub(super) fn refresh_failed(last_error: Option<ErrorCode>) -> bool {
    last_error.is_some_and(|code| code != ServiceCode::NotFound)
}

fn known_code<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<ErrorCode>, D::Error> {
    let text = Option::<String>::deserialize(deserializer)?;
    Ok(text.and_then(|code| serde_json::from_value(serde_json::Value::String(code)).ok()))
}

//! The files an analyst follows. The service has no list operation, so the desk keeps
//! FlowID and RFC of each file (and, once tracking answered, its DocumentId, company,
//! status and last update). A file whose status or sections changed since the analyst
//! last opened it is marked. One list per profile.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use kyb_api::expediente::{DocumentStatus, SectionStatus, StatusCategory};
use kyb_api::models::tracking::Tracking;
use kyb_api::requests::normalize_rfc;
use kyb_api::validate::is_rfc;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use crate::csv_export;
use crate::error::{AppError, AppResult, ErrorCode, Failure, Rule, Task};
use crate::fsio;
use crate::recovery::{RecordKind, Recoveries};

/// The largest CSV text an import reads (2 MiB, some 80,000 lines of `RFC,FlowID`):
/// a larger one is refused before it is parsed.
pub const MAX_IMPORT_BYTES: usize = 2 * 1024 * 1024;
/// The most files one import adds (lines other than blank ones and a header): every
/// followed file is one tracking query per refresh, so a larger list is refused
/// before it is parsed; split it into several imports.
pub const MAX_IMPORT_ROWS: usize = 10_000;

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

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    pub added: u32,
    pub already_watched: u32,
    /// Every line that was not imported, with why.
    pub refused: Vec<RefusedLine>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RefusedLine {
    /// Line of the file, from 1.
    pub line: u32,
    pub problems: Vec<Failure>,
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Progress of "refresh all", sent as each answer arrives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RefreshProgress {
    pub done: u32,
    pub total: u32,
    pub file: WatchedFile,
}

fn same_file(file: &WatchedFile, flow_id: &str, rfc: &str) -> bool {
    stored_key(file) == file_key(flow_id, rfc)
}

/// What tells one followed file from another: the FlowID as written, the RFC as
/// [`normalize_rfc`] writes it (the form a followed file is stored in, whatever case
/// or script it was given in, so that a file given as `ñaa…` is found as the `ÑAA…`
/// it was stored as). Work on many files at once (an import, a refresh's batch, the
/// team's queue) looks files up by it, so its cost grows with the list, not with its
/// square.
fn file_key(flow_id: &str, rfc: &str) -> (String, String) {
    (flow_id.trim().to_owned(), normalize_rfc(rfc))
}

/// A stored file's [`file_key`]: its FlowID as stored, untrimmed.
fn stored_key(file: &WatchedFile) -> (String, String) {
    (file.flow_id.clone(), normalize_rfc(&file.rfc))
}

/// Each file's position in `files`, by [`file_key`] (the first, should two share one).
fn positions(files: &[WatchedFile]) -> HashMap<(String, String), usize> {
    let mut at = HashMap::with_capacity(files.len());
    for (index, file) in files.iter().enumerate() {
        at.entry(stored_key(file)).or_insert(index);
    }
    at
}

/// Whether `flow_id` is one of the profile's `flows` (any, when it names none): a file
/// of another flow would fail at every refresh.
pub(crate) fn in_profile(flows: &[&str], flow_id: &str) -> bool {
    flows.is_empty() || flows.iter().any(|f| f.eq_ignore_ascii_case(flow_id.trim()))
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
fn record(file: &mut WatchedFile, answer: Result<&Tracking, ErrorCode>, now: &str) {
    file.last_refresh_utc = Some(now.to_owned());
    match answer {
        Ok(tracking) => {
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
    file.refresh_failed = refresh_failed(file.last_error);
}

/// The one rule for [`WatchedFile::refresh_failed`]: the last refresh ended in any
/// error but `not_found`. Applied when an answer is recorded and when a list is read
/// (a list written before the field existed gets it right too).
fn refresh_failed(last_error: Option<ErrorCode>) -> bool {
    last_error.is_some_and(|code| code != ErrorCode::NotFound)
}

fn known_code<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<ErrorCode>, D::Error> {
    let text = Option::<String>::deserialize(deserializer)?;
    Ok(text.and_then(|code| serde_json::from_value(serde_json::Value::String(code)).ok()))
}

/// The columns of an exported watchlist. RFC and FlowID come first, as
/// [`Watchlist::import_csv`] reads them, so an export imports again (elsewhere, say)
/// as it is; the header line is skipped there.
const CSV_HEADER: [&str; 16] = [
    "RFC",
    "FlowID",
    "DocumentId",
    "Empresa",
    "Estatus",
    "Secciones",
    "Aceptadas",
    "Rechazadas",
    "Con el usuario",
    "En revisión",
    "Personas",
    "Enroladas",
    "Actualizado (UTC)",
    "Consultado (UTC)",
    "Error de la última consulta",
    "Cambió desde su revisión",
];

/// A watchlist as CSV, one line per file, in the given order.
pub fn to_csv(files: &[WatchedFile]) -> AppResult<String> {
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    let rows = files.iter().map(|file| {
        let counts = &file.sections;
        [
            file.rfc.clone(),
            file.flow_id.clone(),
            text(&file.document_id),
            text(&file.company_name),
            text(&file.document_status),
            counts.total.to_string(),
            counts.accepted.to_string(),
            counts.rejected.to_string(),
            counts.needs_user.to_string(),
            counts.in_review.to_string(),
            file.persons_total.to_string(),
            file.persons_enrolled.to_string(),
            text(&file.updated_at_utc),
            text(&file.last_refresh_utc),
            file.last_error
                .map(|code| code.to_string())
                .unwrap_or_default(),
            if file.changed { "sí" } else { "no" }.to_owned(),
        ]
    });
    csv_export::text(&CSV_HEADER, rows)
}

pub struct Watchlist {
    dir: PathBuf,
    recoveries: Recoveries,
    /// One writer per profile's list.
    locks: fsio::Locks,
}

impl Watchlist {
    pub fn new(dir: PathBuf, recoveries: Recoveries) -> Self {
        Self {
            dir,
            recoveries,
            locks: fsio::Locks::default(),
        }
    }

    fn path(&self, profile_id: &str) -> PathBuf {
        self.dir
            .join(format!("{}.json", fsio::safe_name(profile_id)))
    }

    /// Removes a profile's list (the profile is being deleted).
    pub fn forget_profile(&self, profile_id: &str) -> std::io::Result<()> {
        self.locks
            .with(profile_id, || fsio::remove_all(&self.path(profile_id)))
    }

    /// A profile's list; an unreadable one is set aside and reads as empty.
    pub fn list(&self, profile_id: &str) -> AppResult<Vec<WatchedFile>> {
        // Under the lock, so a list set aside as unreadable is never one a writer
        // has just replaced.
        self.locks.with(profile_id, || self.read(profile_id))
    }

    fn read(&self, profile_id: &str) -> AppResult<Vec<WatchedFile>> {
        let mut files: Vec<WatchedFile> = fsio::read_json_or_set_aside(
            &self.path(profile_id),
            RecordKind::Watchlist,
            &self.recoveries,
        )
        .map_err(|e| AppError::storage(Task::ReadWatchlist, e))?
        .unwrap_or_default();
        for file in &mut files {
            file.refresh_failed = refresh_failed(file.last_error);
        }
        Ok(files)
    }

    fn store(&self, profile_id: &str, files: &[WatchedFile]) -> AppResult<()> {
        fsio::write_json(&self.path(profile_id), &files)
            .map_err(|e| AppError::storage(Task::SaveWatchlist, e))
    }

    /// Reads, edits and writes back a profile's list, as its one writer meanwhile.
    fn change<T>(
        &self,
        profile_id: &str,
        edit: impl FnOnce(&mut Vec<WatchedFile>) -> AppResult<T>,
    ) -> AppResult<T> {
        self.change_if(profile_id, |files| edit(files).map(|result| (result, true)))
    }

    /// [`Self::change`], writing the list back only when `edit` says it changed it.
    fn change_if<T>(
        &self,
        profile_id: &str,
        edit: impl FnOnce(&mut Vec<WatchedFile>) -> AppResult<(T, bool)>,
    ) -> AppResult<T> {
        self.locks.with(profile_id, || {
            let mut files = self.read(profile_id)?;
            let (result, changed) = edit(&mut files)?;
            if changed {
                self.store(profile_id, &files)?;
            }
            Ok(result)
        })
    }

    /// Follows a file; `false` when it was already followed.
    pub fn add(
        &self,
        profile_id: &str,
        flow_id: &str,
        rfc: &str,
        document_id: Option<&str>,
    ) -> AppResult<bool> {
        let problems = problems(flow_id, rfc);
        if !problems.is_empty() {
            return Err(AppError::invalid(problems));
        }
        Ok(self.add_all(profile_id, [(flow_id, rfc, document_id)])? == 1)
    }

    /// Follows a file this desk has just created, with what the desk knows of it before
    /// the service's first answer: the company's name as the request gave it and the
    /// spec's initial status (Ingresado). The first answer replaces both; a file the
    /// service has answered about already keeps what it said.
    pub fn add_created(
        &self,
        profile_id: &str,
        flow_id: &str,
        rfc: &str,
        document_id: Option<&str>,
        company_name: &str,
    ) -> AppResult<()> {
        self.add(profile_id, flow_id, rfc, document_id)?;
        self.change_if(profile_id, |files| {
            let Some(file) = files.iter_mut().find(|f| same_file(f, flow_id, rfc)) else {
                return Ok(((), false));
            };
            if file.last_refresh_utc.is_some() {
                return Ok(((), false));
            }
            let name = company_name.trim();
            if file.company_name.is_none() && !name.is_empty() {
                file.company_name = Some(name.to_owned());
            }
            if file.document_status.is_none() {
                let status = DocumentStatus::Ingresado;
                file.status_category = Some(status.category());
                file.document_status = Some(status.as_str().to_owned());
            }
            Ok(((), true))
        })
    }

    /// Follows files (FlowID, RFC, DocumentId) with one write of the list, however many
    /// (the team's queue may hand a desk thousands at once); how many were new. A file
    /// followed already keeps its row, and learns its DocumentId if it had none. A file
    /// that is no valid FlowID and RFC is left out (what another desk shared may be
    /// anything).
    pub fn add_all<'a>(
        &self,
        profile_id: &str,
        new: impl IntoIterator<Item = (&'a str, &'a str, Option<&'a str>)>,
    ) -> AppResult<usize> {
        self.change_if(profile_id, |files| {
            let mut at = positions(files);
            let mut added = 0;
            let mut changed = false;
            for (flow_id, rfc, document_id) in new {
                if !problems(flow_id, rfc).is_empty() {
                    continue;
                }
                let key = file_key(flow_id, rfc);
                if let Some(&index) = at.get(&key) {
                    let known = &mut files[index];
                    if known.document_id.is_none() && document_id.is_some() {
                        known.document_id = document_id.map(str::to_owned);
                        changed = true;
                    }
                    continue;
                }
                at.insert(key, files.len());
                files.push(WatchedFile::followed(flow_id, rfc, document_id));
                added += 1;
                changed = true;
            }
            Ok((added, changed))
        })
    }

    pub fn remove(
        &self,
        profile_id: &str,
        flow_id: &str,
        rfc: &str,
    ) -> AppResult<Vec<WatchedFile>> {
        self.change(profile_id, |files| {
            files.retain(|f| !same_file(f, flow_id, rfc));
            Ok(files.clone())
        })
    }

    /// Puts back a file just removed, as it was (an undone "unfollow"): its last answer
    /// and what the analyst had seen of it are kept. A file followed again meanwhile
    /// stays as it is now.
    pub fn restore(&self, profile_id: &str, file: WatchedFile) -> AppResult<Vec<WatchedFile>> {
        let problems = problems(&file.flow_id, &file.rfc);
        if !problems.is_empty() {
            return Err(AppError::invalid(problems));
        }
        self.change(profile_id, |files| {
            if !files.iter().any(|f| same_file(f, &file.flow_id, &file.rfc)) {
                files.push(file);
            }
            Ok(files.clone())
        })
    }

    /// Imports RFCs from CSV text: one file per line, `RFC` or `RFC,FlowID` (a header
    /// line naming RFC is skipped; `;` also separates). Lines without a FlowID use
    /// `default_flow_id`. Every line is checked; the valid ones are added. A line whose
    /// FlowID is none of `flows` (the profile's; empty: any) is refused, so a typo or a
    /// stray column never becomes a row that fails at every refresh. A text over
    /// [`MAX_IMPORT_BYTES`] or [`MAX_IMPORT_ROWS`] is refused whole, unread.
    pub fn import_csv(
        &self,
        profile_id: &str,
        text: &str,
        default_flow_id: &str,
        flows: &[&str],
    ) -> AppResult<ImportReport> {
        let delimiter = if text.lines().next().is_some_and(|l| l.contains(';')) {
            b';'
        } else {
            b','
        };
        check_import_size(text, delimiter)?;
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .trim(csv::Trim::All)
            .delimiter(delimiter)
            .from_reader(text.as_bytes());
        let mut report = ImportReport::default();
        let mut rows = Vec::new();
        for (index, record) in reader.records().enumerate() {
            let line = index + 1;
            let Ok(record) = record else {
                report.refused.push(RefusedLine {
                    line: count(line),
                    problems: vec![Failure::new("line", Rule::Invalid)],
                });
                continue;
            };
            let rfc = record.get(0).unwrap_or("").to_owned();
            if line == 1 && rfc.eq_ignore_ascii_case("rfc") {
                continue;
            }
            if rfc.is_empty() && record.len() <= 1 {
                continue;
            }
            let flow = record
                .get(1)
                .filter(|f| !f.is_empty())
                .unwrap_or(default_flow_id)
                .to_owned();
            let mut problems = problems(&flow, &rfc);
            if !flow.is_empty() && !in_profile(flows, &flow) {
                problems.push(Failure::new("FlowId", Rule::NotInProfile));
            }
            if problems.is_empty() {
                rows.push((flow, rfc));
            } else {
                report.refused.push(RefusedLine {
                    line: count(line),
                    problems,
                });
            }
        }
        self.change(profile_id, |files| {
            let mut followed: HashSet<(String, String)> = positions(files).into_keys().collect();
            for (flow, rfc) in rows {
                if followed.insert(file_key(&flow, &rfc)) {
                    files.push(WatchedFile::followed(&flow, &rfc, None));
                    report.added += 1;
                } else {
                    report.already_watched += 1;
                }
            }
            Ok(report)
        })
    }

    /// Records a tracking answer (or its failure) for a followed file.
    pub fn apply(
        &self,
        profile_id: &str,
        flow_id: &str,
        rfc: &str,
        answer: Result<&Tracking, ErrorCode>,
    ) -> AppResult<Option<WatchedFile>> {
        Ok(self
            .apply_all(profile_id, [(flow_id, rfc, answer)])?
            .into_iter()
            .next())
    }

    /// Records several answers (FlowID, RFC, tracking or error code) with one write of
    /// the list; the files they updated, in order (an answer about a file no longer
    /// followed is dropped).
    pub fn apply_all<'a>(
        &self,
        profile_id: &str,
        answers: impl IntoIterator<Item = (&'a str, &'a str, Result<&'a Tracking, ErrorCode>)>,
    ) -> AppResult<Vec<WatchedFile>> {
        self.change(profile_id, |files| {
            let now = kyb_api::time::instant_text(chrono::Utc::now());
            let at = positions(files);
            let mut updated = Vec::new();
            for (flow_id, rfc, answer) in answers {
                if let Some(&index) = at.get(&file_key(flow_id, rfc)) {
                    let file = &mut files[index];
                    record(file, answer, &now);
                    updated.push(file.clone());
                }
            }
            Ok(updated)
        })
    }

    /// The analyst opened the file: what it shows now is what they have seen.
    pub fn mark_seen(
        &self,
        profile_id: &str,
        flow_id: &str,
        rfc: &str,
    ) -> AppResult<Option<WatchedFile>> {
        self.change(profile_id, |files| {
            let Some(file) = files.iter_mut().find(|f| same_file(f, flow_id, rfc)) else {
                return Ok(None);
            };
            file.seen_fingerprint = file.fingerprint.clone();
            file.changed = false;
            Ok(Some(file.clone()))
        })
    }
}

/// Refuses a CSV text over [`MAX_IMPORT_BYTES`] or with more than [`MAX_IMPORT_ROWS`]
/// rows, counted by lines (blank ones and a header line naming RFC aside) before any
/// parsing.
fn check_import_size(text: &str, delimiter: u8) -> AppResult<()> {
    const MIB: usize = 1024 * 1024;
    let refused =
        |problem: Failure| Err(AppError::invalid(vec![problem]).during(Task::ImportWatchlist));
    if text.len() > MAX_IMPORT_BYTES {
        return refused(
            Failure::new("file", Rule::TooLarge)
                .with_limit(count(MAX_IMPORT_BYTES / MIB))
                .with_sent(count(text.len().div_ceil(MIB))),
        );
    }
    let mut lines = text.lines().filter(|l| !l.trim().is_empty()).peekable();
    let header = lines.peek().is_some_and(|first| {
        first
            .split(char::from(delimiter))
            .next()
            .is_some_and(|field| field.trim().trim_matches('"').eq_ignore_ascii_case("rfc"))
    });
    let rows = lines.count() - usize::from(header);
    if rows > MAX_IMPORT_ROWS {
        return refused(
            Failure::new("rows", Rule::TooMany)
                .with_limit(count(MAX_IMPORT_ROWS))
                .with_sent(count(rows)),
        );
    }
    Ok(())
}

fn problems(flow_id: &str, rfc: &str) -> Vec<Failure> {
    let mut found = Vec::new();
    if flow_id.trim().is_empty() {
        found.push(Failure::new("FlowID", Rule::Required));
    }
    if !is_rfc(&normalize_rfc(rfc)) {
        found.push(Failure::new("RFC", Rule::Invalid));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_just_created_shows_its_company_and_initial_status_until_the_service_answers() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
        list.add_created(
            "p",
            "flujo",
            "ple150301ab2",
            Some("doc-1"),
            " Panificadora La Espiga ",
        )
        .expect("added");
        let files = list.list("p").expect("listed");
        assert_eq!(files.len(), 1);
        let file = &files[0];
        assert_eq!(file.rfc, "PLE150301AB2");
        assert_eq!(file.document_id.as_deref(), Some("doc-1"));
        assert_eq!(file.company_name.as_deref(), Some("Panificadora La Espiga"));
        assert_eq!(file.document_status.as_deref(), Some("Ingresado"));
        assert_eq!(file.status_category, Some(StatusCategory::Entering));
        // Not asked yet: the row says so rather than a refresh that never happened.
        assert_eq!(file.last_refresh_utc, None);

        // A file the service has answered about keeps what it said.
        let answered = Tracking {
            company_name: Some("La Espiga SA".into()),
            document_status: Some(DocumentStatus::EnRevision),
            ..Tracking::default()
        };
        list.apply("p", "flujo", "PLE150301AB2", Ok(&answered))
            .expect("applied");
        list.add_created("p", "flujo", "PLE150301AB2", None, "Otra")
            .expect("added again");
        let file = &list.list("p").expect("listed")[0];
        assert_eq!(file.company_name.as_deref(), Some("La Espiga SA"));
        assert_eq!(file.document_status.as_deref(), Some("En Revisión"));
    }

    #[test]
    fn csv_imports_check_every_line_and_skip_what_is_followed() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
        assert!(list.add("p", "flujo", "PLE150301AB2", None).expect("added"));
        let text =
            "RFC;FlowID\npLE150301AB2;flujo\nAAA010101AA1\nno-es-rfc;flujo\n\nBBB020202BB2;otro\n";
        let report = list.import_csv("p", text, "flujo", &[]).expect("imported");
        assert_eq!(report.added, 2);
        assert_eq!(report.already_watched, 1);
        assert_eq!(report.refused.len(), 1, "{:?}", report.refused);
        assert_eq!(report.refused[0].line, 4);
        let files = list.list("p").expect("listed");
        assert_eq!(files.len(), 3);
        assert_eq!(files[2].flow_id, "otro");
        assert!(list.list("otro-perfil").expect("listed").is_empty());
    }

    #[test]
    fn files_followed_at_once_are_each_followed_once_and_what_is_not_a_file_is_left_out() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
        list.add("p", "flujo", "PLE150301AB2", None).expect("added");
        let added = list
            .add_all(
                "p",
                [
                    ("flujo", "ple150301ab2", Some("doc-1")),
                    (" flujo ", "AAA010101AA1", None),
                    ("flujo", "aaa010101aa1", Some("doc-2")),
                    ("flujo", "../../etc", Some("doc-3")),
                    ("", "BBB020202BB2", None),
                    // Upper-cased as stored: ñ is Ñ, ß is SS.
                    ("flujo", "ñaa040404aa4", None),
                    ("flujo", "ÑAA040404AA4", None),
                    ("flujo", "ßA050505AA5", None),
                    ("flujo", "SSA050505AA5", None),
                ],
            )
            .expect("added");
        assert_eq!(added, 3);
        let files = list.list("p").expect("listed");
        let rows: Vec<_> = files
            .iter()
            .map(|f| (f.flow_id.as_str(), f.rfc.as_str(), f.document_id.as_deref()))
            .collect();
        assert_eq!(
            rows,
            [
                ("flujo", "PLE150301AB2", Some("doc-1")),
                ("flujo", "AAA010101AA1", Some("doc-2")),
                ("flujo", "ÑAA040404AA4", None),
                ("flujo", "SSA050505AA5", None),
            ],
            "a known file learns its DocumentId; one given twice is followed once"
        );
    }

    #[test]
    fn an_undone_unfollow_puts_the_file_back_as_it_was() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
        list.add("p", "flujo", "PLE150301AB2", Some("doc-1"))
            .expect("added");
        let mut known = list.list("p").expect("listed").remove(0);
        known.company_name = Some("Panificadora La Espiga".into());
        known.seen_fingerprint = Some("visto".into());
        list.restore("p", known.clone())
            .expect("restored over itself");
        assert_eq!(list.list("p").expect("listed").len(), 1, "never twice");
        list.remove("p", "flujo", "PLE150301AB2").expect("removed");
        let back = list.restore("p", known.clone()).expect("restored");
        assert_eq!(back, vec![known]);
        let bad = WatchedFile::followed("flujo", "no-es-rfc", None);
        assert!(list.restore("p", bad).is_err());
    }

    #[test]
    fn an_imported_line_whose_flow_is_none_of_the_profile_s_is_refused() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
        let morales = "0f8e4a54-0000-4000-8000-000000000001";
        let text = format!(
            "AAA010101AA1;{}\nBBB020202BB2;not-a-flow\nCCC030303CC3\n",
            morales.to_uppercase()
        );
        let report = list
            .import_csv("p", &text, morales, &[morales])
            .expect("imported");
        assert_eq!(
            report.added, 2,
            "the profile's flow, in any case, and the default"
        );
        assert_eq!(
            report.refused,
            vec![RefusedLine {
                line: 2,
                problems: vec![Failure::new("FlowId", Rule::NotInProfile)],
            }]
        );
        assert!(
            list.list("p")
                .expect("listed")
                .iter()
                .all(|f| f.flow_id.eq_ignore_ascii_case(morales))
        );
    }

    #[test]
    fn answers_applied_together_update_their_files_in_order_and_drop_the_unfollowed() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
        for rfc in ["AAA010101AA1", "BBB020202BB2"] {
            list.add("p", "flujo", rfc, None).expect("added");
        }
        let envelope: serde_json::Value =
            serde_json::from_str(include_str!("../../../tests/fixtures/tracking.json"))
                .expect("fixture");
        let tracking: Tracking =
            serde_json::from_value(envelope["Data"].clone()).expect("a tracking answer");
        let updated = list
            .apply_all(
                "p",
                [
                    ("flujo", "bbb020202bb2", Err(ErrorCode::Server)),
                    ("flujo", "CCC030303CC3", Err(ErrorCode::NotFound)),
                    ("flujo", "AAA010101AA1", Ok(&tracking)),
                ],
            )
            .expect("applied");
        let rfcs: Vec<&str> = updated.iter().map(|f| f.rfc.as_str()).collect();
        assert_eq!(rfcs, ["BBB020202BB2", "AAA010101AA1"]);
        let stored = list.list("p").expect("listed");
        assert_eq!(stored.len(), 2);
        assert_eq!(stored[1].last_error, Some(ErrorCode::Server));
        assert!(stored[1].refresh_failed);
        assert!(!stored[0].refresh_failed);
        assert_eq!(stored[0].company_name, tracking.company_name);
        assert!(stored.iter().all(|f| f.last_refresh_utc.is_some()));
    }

    #[test]
    fn a_list_written_before_refresh_failed_existed_reads_it_from_the_last_error() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
        let old = r#"[
            {"flowId": "flujo", "rfc": "AAA010101AA1", "lastError": "unauthorized"},
            {"flowId": "flujo", "rfc": "BBB020202BB2", "lastError": "not_found"},
            {"flowId": "flujo", "rfc": "CCC030303CC3"}
        ]"#;
        std::fs::write(list.path("p"), old).expect("written");
        let failed: Vec<bool> = list
            .list("p")
            .expect("read")
            .iter()
            .map(|f| f.refresh_failed)
            .collect();
        assert_eq!(failed, [true, false, false]);
    }

    #[test]
    fn a_list_with_every_last_error_an_older_or_newer_version_wrote_still_reads() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let recoveries = Recoveries::default();
        let list = Watchlist::new(dir.path().to_path_buf(), recoveries.clone());
        let old = r#"[
            {"flowId": "flujo", "rfc": "AAA010101AA1", "lastError": "server", "refreshFailed": true},
            {"flowId": "flujo", "rfc": "BBB020202BB2", "lastError": "outcome_unknown"},
            {"flowId": "flujo", "rfc": "CCC030303CC3", "lastError": "quota_exceeded", "refreshFailed": true},
            {"flowId": "flujo", "rfc": "DDD040404DD4", "lastError": null},
            {"flowId": "flujo", "rfc": "EEE050505EE5", "lastError": "No se pudo consultar"}
        ]"#;
        std::fs::write(list.path("p"), old).expect("written");
        let read = list.list("p").expect("read");
        let errors: Vec<_> = read.iter().map(|f| f.last_error).collect();
        assert_eq!(
            errors,
            [
                Some(ErrorCode::Server),
                Some(ErrorCode::OutcomeUnknown),
                None,
                None,
                None
            ]
        );
        assert_eq!(read.len(), 5);
        assert_eq!(recoveries.all(), [], "nothing set aside");
    }

    #[test]
    fn an_exported_list_imports_again_as_it_is() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
        for rfc in ["AAA010101AA1", "BBB020202BB2"] {
            list.add("p", "flujo", rfc, None).expect("added");
        }
        list.apply_all("p", [("flujo", "AAA010101AA1", Err(ErrorCode::Server))])
            .expect("applied");
        let files = list.list("p").expect("listed");
        let csv = to_csv(&files).expect("exported");
        let mut lines = csv.lines();
        assert_eq!(lines.next(), Some(CSV_HEADER.join(",").as_str()));
        assert!(
            lines
                .next()
                .is_some_and(|l| l.starts_with("AAA010101AA1,flujo,") && l.contains(",server,no")),
            "{csv}"
        );
        let report = list.import_csv("q", &csv, "otro", &[]).expect("imported");
        assert_eq!(report.added, 2, "{report:?}");
        assert!(report.refused.is_empty(), "{report:?}");
        let again: Vec<(String, String)> = list
            .list("q")
            .expect("listed")
            .into_iter()
            .map(|f| (f.rfc, f.flow_id))
            .collect();
        assert_eq!(
            again,
            [
                ("AAA010101AA1".to_owned(), "flujo".to_owned()),
                ("BBB020202BB2".to_owned(), "flujo".to_owned())
            ]
        );
    }

    fn rfc(prefix: &str, n: usize) -> String {
        format!("{prefix}010101{n:03}")
    }

    #[test]
    fn a_refresh_beside_imports_and_additions_loses_none_of_them() {
        const EACH: usize = 30;
        let dir = tempfile::tempdir().expect("temporary directory");
        let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
        list.add("p", "flujo", "AAA010101AA1", None).expect("added");
        std::thread::scope(|scope| {
            scope.spawn(|| {
                for _ in 0..3 * EACH {
                    list.apply_all("p", [("flujo", "AAA010101AA1", Err(ErrorCode::Server))])
                        .expect("a refresh");
                }
            });
            scope.spawn(|| {
                for n in 0..EACH {
                    let text = format!("{}\n{}\n", rfc("IMP", 2 * n), rfc("IMP", 2 * n + 1));
                    let report = list.import_csv("p", &text, "flujo", &[]).expect("imported");
                    assert_eq!(report.added, 2, "{report:?}");
                }
            });
            scope.spawn(|| {
                for n in 0..EACH {
                    assert!(list.add("p", "flujo", &rfc("ADD", n), None).expect("added"));
                }
            });
        });
        let files = list.list("p").expect("listed");
        let has = |rfc: &str| files.iter().any(|f| f.rfc == rfc);
        let lost: Vec<String> = (0..2 * EACH)
            .map(|n| rfc("IMP", n))
            .chain((0..EACH).map(|n| rfc("ADD", n)))
            .filter(|r| !has(r))
            .collect();
        assert!(lost.is_empty(), "lost: {lost:?}");
        assert_eq!(files.len(), 1 + 3 * EACH);
        assert_eq!(files[0].last_error, Some(ErrorCode::Server));
    }

    /// An RFC of its own for each number (a valid one: three letters, a date, three
    /// characters of homoclave).
    fn rfc_number(n: usize) -> String {
        format!(
            "AAA{:02}{:02}{:02}{:03}",
            n / 10_000 % 100,
            1 + n / 28 % 12,
            1 + n % 28,
            n % 1000
        )
    }

    #[test]
    fn a_long_list_takes_an_import_and_a_refresh_batch_file_by_file() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
        let half: String = (0..5_000)
            .map(|n| format!("{},flujo\n", rfc_number(n)))
            .collect();
        assert_eq!(
            list.import_csv("p", &half, "flujo", &[])
                .expect("imported")
                .added,
            5_000
        );
        // The second import: the first half again (in lower case), and 5,000 new.
        let all: String = (0..10_000)
            .map(|n| format!("{},flujo\n", rfc_number(n).to_lowercase()))
            .collect();
        let report = list.import_csv("p", &all, "flujo", &[]).expect("imported");
        assert_eq!((report.added, report.already_watched), (5_000, 5_000));
        assert_eq!(list.list("p").expect("listed").len(), 10_000);

        // One batch of answers about every other file, one about a file not followed.
        let asked: HashSet<String> = (0..10_000).step_by(2).map(rfc_number).collect();
        let stranger = rfc_number(20_000);
        let updated = list
            .apply_all(
                "p",
                asked
                    .iter()
                    .chain([&stranger])
                    .map(|rfc| ("flujo", rfc.as_str(), Err(ErrorCode::Server))),
            )
            .expect("applied");
        assert_eq!(updated.len(), 5_000);
        let files = list.list("p").expect("listed");
        for (n, file) in files.iter().enumerate() {
            let failed = file.last_error == Some(ErrorCode::Server);
            assert_eq!(failed, asked.contains(&file.rfc), "file {n}: {}", file.rfc);
        }
    }

    #[test]
    fn an_import_too_large_is_refused_before_it_is_read() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
        let line = "AAA010101AA1,flujo\n";
        let at_most = format!("RFC,FlowID\n{}\n\n", line.repeat(MAX_IMPORT_ROWS));
        let report = list
            .import_csv("p", &at_most, "flujo", &[])
            .expect("imported");
        assert_eq!((report.added, report.already_watched), (1, 9_999));

        let one_more = format!("RFC,FlowID\n{}", line.repeat(MAX_IMPORT_ROWS + 1));
        let heavy = format!("{}\n", "A".repeat(MAX_IMPORT_BYTES));
        for text in [one_more, heavy] {
            let error = list
                .import_csv("q", &text, "flujo", &[])
                .expect_err("refused");
            assert_eq!(error.code, crate::error::ErrorCode::InvalidInput);
            assert!(
                matches!(error.problems[0].rule, Rule::TooLarge | Rule::TooMany),
                "{error:?}"
            );
            assert!(list.list("q").expect("listed").is_empty());
        }
        let error = list
            .import_csv("q", &line.repeat(MAX_IMPORT_ROWS + 1), "flujo", &[])
            .expect_err("refused");
        assert_eq!(error.problems[0].sent, Some(10_001), "{error:?}");
    }

    #[test]
    fn an_unreadable_list_is_set_aside_and_following_goes_on() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let recoveries = Recoveries::default();
        let list = Watchlist::new(dir.path().to_path_buf(), recoveries.clone());
        std::fs::write(list.path("p"), "[{\"flowId\": ").expect("a torn list");
        assert!(list.list("p").expect("listed").is_empty());
        assert!(list.add("p", "flujo", "AAA010101AA1", None).expect("added"));
        assert_eq!(list.list("p").expect("listed").len(), 1);
        let announced = recoveries.all();
        assert_eq!(announced.len(), 1);
        assert_eq!(announced[0].kind, RecordKind::Watchlist);
        assert_eq!(
            std::fs::read_to_string(&announced[0].set_aside_as).expect("kept"),
            "[{\"flowId\": "
        );
    }
}

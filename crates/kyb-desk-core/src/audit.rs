//! The audit log: one JSON line per state-changing call (create, correction request,
//! complementary information, enrollment link, resend, cancel) and per event of the
//! desk itself (an address or key change, a repair of the log), with who, what and
//! how it ended. Each entry carries the SHA-256 of the previous entry and its own, so
//! an edited, removed or reordered entry is found by [`AuditLog::verify`]; the head
//! of the chain is also kept outside the file ([`crate::audit_anchor`]), so deleted
//! last entries and a chain rewritten with recomputed hashes are found too. The key
//! is never part of an entry: summaries are built from the request bodies, which do
//! not hold it.
//!
//! Readers ([`AuditLog::verify`], [`AuditLog::entries`]) never change the file: they
//! report it as it is. Before its first entry (and again whenever the file changed
//! under it), the log repairs what a crash left and records what it found:
//! - a torn last line (cut by a crash mid-write: unreadable) is moved to a file beside
//!   the log, `audit.jsonl.torn-<UTC time>`, and an [`DeskEvent::AuditRecovered`]
//!   entry names it. A last line complete but for its newline gets the newline.
//! - when the anchor knows entries the file lacks, or another hash at its sequence,
//!   an [`DeskEvent::AuditTamperDetected`] entry says so before the next head is
//!   anchored, so the evidence stays in the chain after the anchor moves on. Until
//!   then `verify` reports the disagreement.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use kyb_api::Operation;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use crate::audit_anchor::{AnchorError, AuditAnchor, Head};
use crate::csv_export;
use crate::error::{AppError, AppResult, ErrorCode, Task};
use crate::fsio;

/// `prev_hash` of the first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The code of an entry that did not succeed: the error of a call that failed, or the
/// log's own mark. Written in the hashed record, so it reads back exactly as written:
/// a code this version does not know (a newer version's) is kept as its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum OutcomeCode {
    Failed(ErrorCode),
    Mark(AuditMark),
    #[ts(skip)]
    Unrecognised(String),
}

/// The log's own codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AuditMark {
    /// Written before a request leaves, when its result is not known yet.
    Intent,
    /// A torn last line was set aside.
    TornLine,
    /// The log does not match the head anchored in the keyring.
    AnchorMismatch,
}

impl OutcomeCode {
    pub const INTENT: Self = Self::Mark(AuditMark::Intent);
}

/// As the record writes it (the CSV export's column).
impl std::fmt::Display for OutcomeCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(text)) => f.write_str(&text),
            _ => write!(f, "{self:?}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    pub ok: bool,
    /// The error code when it failed; [`OutcomeCode::INTENT`] while the result is unknown.
    pub code: Option<OutcomeCode>,
    pub message: Option<String>,
}

/// Something the desk itself did or found, recorded beside the service calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeskEvent {
    ProfileAddressChanged,
    KeyOriginConfirmed,
    KeyReplaced,
    AuditRecovered,
    AuditTamperDetected,
    /// The analyst accepted a section knowing of its high findings.
    FindingsAcknowledged,
}

/// What an entry is about: a call of the service or an event of the desk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Service(Operation),
    Desk(DeskEvent),
}

impl Action {
    /// The entry's `operation`: the route of a service call (what earlier versions
    /// wrote, so old entries and new ones read alike), `desk: <event>` otherwise.
    pub fn label(&self) -> String {
        let event = match self {
            Self::Service(operation) => return operation.route().to_owned(),
            Self::Desk(DeskEvent::ProfileAddressChanged) => "profile-address-changed",
            Self::Desk(DeskEvent::KeyOriginConfirmed) => "key-origin-confirmed",
            Self::Desk(DeskEvent::KeyReplaced) => "key-replaced",
            Self::Desk(DeskEvent::AuditRecovered) => "audit-recovered",
            Self::Desk(DeskEvent::AuditTamperDetected) => "audit-tamper-detected",
            Self::Desk(DeskEvent::FindingsAcknowledged) => "findings-acknowledged",
        };
        format!("desk: {event}")
    }
}

/// What a caller records; the log adds sequence, time and hashes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEntry {
    pub profile: String,
    pub agent_email: String,
    pub action: Action,
    /// DocumentId, folio or PersonId the call concerned.
    pub target: String,
    pub summary: String,
    pub outcome: Outcome,
    /// The sequence of the intent this entry is the result of.
    pub completes: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    pub seq: u32,
    pub at_utc: String,
    pub profile: String,
    pub agent_email: String,
    #[ts(type = "string")]
    pub operation: String,
    pub target: String,
    pub summary: String,
    pub outcome: Outcome,
    /// The intent this entry is the result of. Absent, not null, when none: entries
    /// written before intents existed hash the same as they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub completes: Option<u32>,
    pub prev_hash: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    #[serde(flatten)]
    pub record: Record,
    /// SHA-256 of the record (every field above, as serialised).
    pub hash: String,
}

impl AuditEntry {
    /// Written before a request left; its result is a later entry that `completes` it.
    pub fn is_intent(&self) -> bool {
        !self.record.outcome.ok && self.record.outcome.code == Some(OutcomeCode::INTENT)
    }
}

/// The entries that could be read, newest last, and how many lines could not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntries {
    pub entries: Vec<AuditEntry>,
    pub unreadable: u32,
    /// The sequence of each intent no later entry completes, oldest first: its
    /// request may or may not have reached the service (a crash, or an answer that
    /// never came).
    pub unresolved: Vec<u32>,
}

/// A count from the log, and whether it may be short: a line could not be read, or
/// a call of the kind counted has no known result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub count: u32,
    pub uncertain: bool,
}

/// One place where the file is not what was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ChainBreak {
    /// Line of the file, from 1.
    pub line: u32,
    pub problem: BreakKind,
}

/// How a line breaks the chain; the window words it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BreakKind {
    /// The line is not a readable entry.
    Unreadable,
    /// The entry is not what was written: its hash differs.
    Modified,
    /// Entries are missing: after entry `after` comes entry `next`.
    Missing { after: u32, next: u32 },
    /// The entry does not follow the one before it (one is missing or was moved).
    NotFollowing,
}

/// As the log's own entries record a break (in the log's language, Spanish).
impl std::fmt::Display for BreakKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unreadable => f.write_str("la línea no es una entrada legible"),
            Self::Modified => f.write_str("la entrada fue modificada"),
            Self::Missing { after, next } => {
                write!(f, "faltan entradas: después de la {after} sigue la {next}")
            }
            Self::NotFollowing => {
                f.write_str("la entrada no sigue a la anterior (falta o se movió una entrada)")
            }
        }
    }
}

/// The file's last entry compared with the head anchored outside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum AnchorState {
    Matches,
    /// No head was ever anchored: a new log, or one written before anchoring.
    Missing,
    /// The anchor could not be read (no keyring); nothing is known. `reason` is the
    /// keyring's own words.
    Unavailable {
        reason: String,
    },
    /// The keyring holds, for this log, something that is not a head; nothing is known.
    Unreadable,
    /// The file has entries after the anchored one: their head could not be stored
    /// (the keyring was unreachable then), or they were added by another hand.
    #[serde(rename_all = "camelCase")]
    Behind {
        anchored_seq: u32,
        last_seq: u32,
    },
    /// The anchor knows entries the file lacks: its last entries were deleted.
    #[serde(rename_all = "camelCase")]
    Truncated {
        anchored_seq: u32,
        last_seq: u32,
    },
    /// The entry at the anchored sequence is not the one anchored: the chain was
    /// rewritten from it or before it.
    Rewritten {
        seq: u32,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ChainReport {
    /// Entries that could be read.
    pub entries: u32,
    /// Lines that could not (each is also a break).
    pub unreadable: u32,
    /// Every break, in file order.
    pub breaks: Vec<ChainBreak>,
    pub anchor: AnchorState,
    /// The first problem, for the desk's own use (a log line, a test): the first
    /// break, else a deleted tail (the line after the last) or a rewritten entry
    /// found by the anchor; `None` when neither was found. The window has `breaks`
    /// and `anchor`, which say the same, so these do not cross.
    #[serde(skip)]
    #[ts(skip)]
    pub first_broken_line: Option<u32>,
    #[serde(skip)]
    #[ts(skip)]
    pub problem: Option<String>,
}

fn digest(record: &Record) -> String {
    sha256_hex(&serde_json::to_vec(record).unwrap_or_default())
}

/// SHA-256 in lowercase hex: the audit chain's hashes, and photo checks.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The file's lines (bytes: a torn line may end inside a character), without the
/// final newline's empty remainder.
fn split_lines(bytes: &[u8]) -> Vec<&[u8]> {
    if bytes.is_empty() {
        return Vec::new();
    }
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    body.split(|b| *b == b'\n').collect()
}

/// Each line as an entry, `None` where it cannot be read.
fn parse_lines(bytes: &[u8]) -> Vec<Option<AuditEntry>> {
    split_lines(bytes)
        .into_iter()
        .map(|line| serde_json::from_slice(line).ok())
        .collect()
}

fn last_entry(lines: &[Option<AuditEntry>]) -> Option<&AuditEntry> {
    lines.iter().rev().flatten().next()
}

fn anchor_state(
    loaded: Result<Option<Head>, AnchorError>,
    lines: &[Option<AuditEntry>],
) -> AnchorState {
    let head = match loaded {
        Err(AnchorError::Unreachable(reason)) => return AnchorState::Unavailable { reason },
        Err(AnchorError::Malformed) => return AnchorState::Unreadable,
        Ok(None) => return AnchorState::Missing,
        Ok(Some(head)) => head,
    };
    let last_seq = last_entry(lines).map_or(0, |e| e.record.seq);
    if head.seq > last_seq {
        return AnchorState::Truncated {
            anchored_seq: head.seq,
            last_seq,
        };
    }
    let anchored = lines
        .iter()
        .rev()
        .flatten()
        .find(|e| e.record.seq == head.seq);
    match anchored {
        Some(entry) if entry.hash == head.hash && head.seq < last_seq => AnchorState::Behind {
            anchored_seq: head.seq,
            last_seq,
        },
        Some(entry) if entry.hash == head.hash => AnchorState::Matches,
        _ => AnchorState::Rewritten { seq: head.seq },
    }
}

/// What the anchor found, as a break of the file would be told; `None` when it is
/// no sign of tampering.
fn anchor_problem(anchor: &AnchorState, lines: &[Option<AuditEntry>]) -> Option<(u32, String)> {
    let after_last = count(lines.len() + 1);
    match anchor {
        AnchorState::Truncated {
            anchored_seq,
            last_seq,
        } => Some((
            after_last,
            format!(
                "faltan entradas al final: el llavero registró la {anchored_seq} y la bitácora termina en la {last_seq}"
            ),
        )),
        AnchorState::Rewritten { seq } => {
            let line = lines
                .iter()
                .rposition(|l| l.as_ref().is_some_and(|e| e.record.seq == *seq))
                .map_or(after_last, |index| count(index + 1));
            Some((
                line,
                format!(
                    "la entrada {seq} no es la que registró el llavero: la cadena se reescribió"
                ),
            ))
        }
        AnchorState::Matches
        | AnchorState::Missing
        | AnchorState::Unavailable { .. }
        | AnchorState::Unreadable
        | AnchorState::Behind { .. } => None,
    }
}

fn chain_report(lines: &[Option<AuditEntry>], anchor: AnchorState) -> ChainReport {
    let mut breaks = Vec::new();
    let mut unreadable = 0;
    // What the next entry must follow; unknown right after an unreadable line, which
    // is already a break of its own.
    let mut previous: Option<(u32, &str)> = Some((0, GENESIS));
    for (index, line) in lines.iter().enumerate() {
        let mut broken = |problem: BreakKind| {
            breaks.push(ChainBreak {
                line: count(index + 1),
                problem,
            });
        };
        let Some(entry) = line else {
            unreadable += 1;
            broken(BreakKind::Unreadable);
            previous = None;
            continue;
        };
        let record = &entry.record;
        if entry.hash != digest(record) {
            broken(BreakKind::Modified);
        }
        if let Some((seq, hash)) = previous {
            if record.seq > seq.saturating_add(1) {
                broken(BreakKind::Missing {
                    after: seq,
                    next: record.seq,
                });
            } else if record.seq != seq.saturating_add(1) || record.prev_hash != hash {
                broken(BreakKind::NotFollowing);
            }
        }
        // The stored hash, not a recomputed one: an entry edited in place is one
        // break, not one more for the entry after it.
        previous = Some((record.seq, &entry.hash));
    }
    let (first_broken_line, problem) = match breaks.first() {
        Some(first) => (Some(first.line), Some(first.problem.to_string())),
        None => anchor_problem(&anchor, lines).unzip(),
    };
    ChainReport {
        entries: count(lines.len()) - unreadable,
        unreadable,
        breaks,
        anchor,
        first_broken_line,
        problem,
    }
}

/// The intents no later entry completes, oldest first.
fn unresolved(entries: &[AuditEntry]) -> Vec<&AuditEntry> {
    let mut completed = HashSet::new();
    let mut open = Vec::new();
    for entry in entries.iter().rev() {
        if entry.is_intent() && !completed.contains(&entry.record.seq) {
            open.push(entry);
        }
        completed.extend(entry.record.completes);
    }
    open.reverse();
    open
}

/// What the log knows of the file it last wrote: a file whose length or time differs
/// was changed by another hand and is read again before the next entry.
#[derive(Debug, Clone, PartialEq, Eq)]
struct FileStamp {
    len: u64,
    modified: Option<SystemTime>,
}

impl FileStamp {
    fn of(metadata: &std::fs::Metadata) -> Self {
        Self {
            len: metadata.len(),
            modified: metadata.modified().ok(),
        }
    }
}

/// The last entry written and the file it is in.
struct Tail {
    seq: u32,
    hash: String,
    stamp: Option<FileStamp>,
}

pub struct AuditLog {
    path: PathBuf,
    anchor: Box<dyn AuditAnchor>,
    /// Read when the first entry is written, kept while the file stays as written.
    tail: Mutex<Option<Tail>>,
}

fn storage_error(error: impl std::fmt::Display) -> AppError {
    AppError::storage(Task::WriteAudit, error)
}

/// An entry of the desk about its own log.
fn log_event(event: DeskEvent, target: &str, summary: String, mark: AuditMark) -> NewEntry {
    NewEntry {
        profile: String::new(),
        agent_email: String::new(),
        action: Action::Desk(event),
        target: target.to_owned(),
        summary,
        outcome: Outcome {
            ok: false,
            code: Some(OutcomeCode::Mark(mark)),
            message: None,
        },
        completes: None,
    }
}

impl AuditLog {
    pub fn new(path: PathBuf, anchor: Box<dyn AuditAnchor>) -> Self {
        Self {
            path,
            anchor,
            tail: Mutex::new(None),
        }
    }

    fn read(&self) -> AppResult<Vec<u8>> {
        match std::fs::read(&self.path) {
            Ok(bytes) => Ok(bytes),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(AppError::storage(Task::ReadAudit, e)),
        }
    }

    fn stamp(&self) -> AppResult<Option<FileStamp>> {
        match std::fs::metadata(&self.path) {
            Ok(metadata) => Ok(Some(FileStamp::of(&metadata))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(AppError::storage(Task::ReadAudit, e)),
        }
    }

    fn file_name(&self) -> String {
        self.path.file_name().map_or_else(
            || "audit.jsonl".into(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// Appends an entry, and anchors the new head (a failure to anchor is logged:
    /// the entry is written all the same).
    pub fn append(&self, entry: NewEntry) -> AppResult<AuditEntry> {
        let mut slot = self.tail.lock().unwrap_or_else(|p| p.into_inner());
        let stamp = self.stamp()?;
        // Taken out, so that a failed write leaves no tail and the next entry reads
        // the file again (and sets aside what the failure may have left).
        let mut tail = match slot.take() {
            Some(tail) if tail.stamp == stamp => tail,
            _ => self.open_tail()?,
        };
        let written = self.write_entry(&mut tail, entry)?;
        *slot = Some(tail);
        Ok(written)
    }

    /// Records that a request is about to leave, before it does; answers the
    /// sequence its result will name in `completes`. Until then it is unresolved.
    pub fn intent(&self, entry: NewEntry) -> AppResult<u32> {
        let written = self.append(NewEntry {
            outcome: Outcome {
                ok: false,
                code: Some(OutcomeCode::INTENT),
                message: None,
            },
            completes: None,
            ..entry
        })?;
        Ok(written.record.seq)
    }

    fn write_entry(&self, tail: &mut Tail, entry: NewEntry) -> AppResult<AuditEntry> {
        let record = Record {
            seq: tail.seq.saturating_add(1),
            at_utc: kyb_api::time::instant_text(chrono::Utc::now()),
            profile: entry.profile,
            agent_email: entry.agent_email,
            operation: entry.action.label(),
            target: entry.target,
            summary: entry.summary,
            outcome: entry.outcome,
            completes: entry.completes,
            prev_hash: tail.hash.clone(),
        };
        let written = AuditEntry {
            hash: digest(&record),
            record,
        };
        let mut line = serde_json::to_vec(&written).map_err(storage_error)?;
        line.push(b'\n');
        // Private to the user, and made so if an older version left it readable.
        let mut file = fsio::open_append_private(&self.path).map_err(storage_error)?;
        file.write_all(&line)
            .and_then(|()| file.sync_data())
            .map_err(storage_error)?;
        tail.seq = written.record.seq;
        tail.hash.clone_from(&written.hash);
        tail.stamp = file.metadata().ok().map(|m| FileStamp::of(&m));
        let head = Head {
            seq: tail.seq,
            hash: tail.hash.clone(),
        };
        if let Err(reason) = self.anchor.store(&head) {
            tracing::warn!(seq = head.seq, "audit head not anchored: {reason}");
        }
        Ok(written)
    }

    /// Reads the file before writing to it: sets aside a torn last line, compares
    /// the last entry with the anchor, and records both findings in the chain.
    fn open_tail(&self) -> AppResult<Tail> {
        let mut bytes = self.read()?;
        let set_aside = self.set_aside_torn_line(&mut bytes)?;
        let lines = parse_lines(&bytes);
        let anchor = anchor_state(self.anchor.load(), &lines);
        let mut tail = Tail {
            seq: last_entry(&lines).map_or(0, |e| e.record.seq),
            hash: last_entry(&lines).map_or_else(|| GENESIS.to_owned(), |e| e.hash.clone()),
            stamp: self.stamp()?,
        };
        if let Some((aside, len)) = set_aside {
            let summary = format!(
                "bitácora recuperada: la última línea estaba incompleta (una escritura interrumpida); sus {len} bytes se apartaron en {aside}"
            );
            self.write_entry(
                &mut tail,
                log_event(
                    DeskEvent::AuditRecovered,
                    &aside,
                    summary,
                    AuditMark::TornLine,
                ),
            )?;
        }
        if let Some((_, problem)) = anchor_problem(&anchor, &lines) {
            let summary = format!("bitácora alterada fuera de KYB Desk: {problem}");
            tracing::warn!("audit log tampering detected: {anchor:?}");
            self.write_entry(
                &mut tail,
                log_event(
                    DeskEvent::AuditTamperDetected,
                    &self.file_name(),
                    summary,
                    AuditMark::AnchorMismatch,
                ),
            )?;
        } else if let AnchorState::Unavailable { reason } = &anchor {
            tracing::warn!("audit head not checked: {reason}");
        } else if anchor == AnchorState::Unreadable {
            tracing::warn!("audit head not checked: the keyring holds no head for this log");
        }
        Ok(tail)
    }

    /// Moves an unreadable last line (a write cut by a crash) to a file beside the
    /// log and cuts it from the log, so no entry is glued to it. Answers the aside
    /// file's name and the bytes moved. A last line that reads but lacks its newline
    /// only gets the newline.
    fn set_aside_torn_line(&self, bytes: &mut Vec<u8>) -> AppResult<Option<(String, usize)>> {
        let Some(&last_byte) = bytes.last() else {
            return Ok(None);
        };
        let body = if last_byte == b'\n' {
            &bytes[..bytes.len() - 1]
        } else {
            &bytes[..]
        };
        let start = body.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
        if serde_json::from_slice::<AuditEntry>(&body[start..]).is_ok() {
            if last_byte != b'\n' {
                let mut file = OpenOptions::new()
                    .append(true)
                    .open(&self.path)
                    .map_err(storage_error)?;
                file.write_all(b"\n")
                    .and_then(|()| file.sync_data())
                    .map_err(storage_error)?;
                bytes.push(b'\n');
            }
            return Ok(None);
        }
        let torn = bytes[start..].to_vec();
        let aside = self.aside_path();
        // The torn bytes are safe beside the log before the log loses them.
        fsio::write_atomic(&aside, &torn).map_err(storage_error)?;
        let file = OpenOptions::new()
            .write(true)
            .open(&self.path)
            .map_err(storage_error)?;
        file.set_len(start as u64)
            .and_then(|()| file.sync_all())
            .map_err(storage_error)?;
        bytes.truncate(start);
        let name = aside
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        tracing::warn!(bytes = torn.len(), "torn audit line set aside in {name}");
        Ok(Some((name, torn.len())))
    }

    /// `<log>.torn-<UTC time>` beside the log, never one that exists already.
    fn aside_path(&self) -> PathBuf {
        let dir = self.path.parent().unwrap_or_else(|| Path::new("."));
        // RFC 3339 without colons, which some file systems refuse.
        let stamp = kyb_api::time::instant_text(chrono::Utc::now()).replace(':', "-");
        let base = format!("{}.torn-{stamp}", self.file_name());
        let mut candidate = dir.join(&base);
        let mut n = 1;
        while candidate.exists() {
            n += 1;
            candidate = dir.join(format!("{base}-{n}"));
        }
        candidate
    }

    /// How many calls of `operation` on `target` succeeded, by every profile.
    /// Uncertain when a line cannot be read or such a call has no known result (none
    /// written, or "outcome unknown").
    pub fn successes(&self, operation: Operation, target: &str) -> AppResult<Tally> {
        let read = self.entries()?;
        let route = Action::Service(operation).label();
        let concerns = |e: &AuditEntry| e.record.operation == route && e.record.target == target;
        let succeeded = read
            .entries
            .iter()
            .filter(|e| concerns(e) && e.record.outcome.ok)
            .count();
        // A call with no result (a crash), or whose answer was lost, may have been done.
        let unknown = unresolved(&read.entries).into_iter().any(concerns)
            || read.entries.iter().any(|e| {
                concerns(e)
                    && e.record.outcome.code == Some(OutcomeCode::Failed(ErrorCode::OutcomeUnknown))
            });
        Ok(Tally {
            count: count(succeeded),
            uncertain: read.unreadable > 0 || unknown,
        })
    }

    /// Every entry that can be read, newest last, and how many lines cannot.
    pub fn entries(&self) -> AppResult<AuditEntries> {
        let lines = parse_lines(&self.read()?);
        let total = lines.len();
        let entries: Vec<AuditEntry> = lines.into_iter().flatten().collect();
        Ok(AuditEntries {
            unreadable: count(total - entries.len()),
            unresolved: unresolved(&entries)
                .into_iter()
                .map(|e| e.record.seq)
                .collect(),
            entries,
        })
    }

    /// Every break of the chain, and the last entry against the anchor.
    pub fn verify(&self) -> AppResult<ChainReport> {
        let lines = parse_lines(&self.read()?);
        let anchor = anchor_state(self.anchor.load(), &lines);
        Ok(chain_report(&lines, anchor))
    }
}

/// The audit log's entries as CSV, one line per entry with its hashes.
pub fn to_csv(entries: &[AuditEntry]) -> AppResult<String> {
    let header = [
        "seq",
        "at_utc",
        "profile",
        "agent_email",
        "operation",
        "target",
        "summary",
        "ok",
        "code",
        "message",
        "prev_hash",
        "hash",
        "completes",
    ];
    let rows = entries.iter().map(|entry| {
        let r = &entry.record;
        [
            r.seq.to_string(),
            r.at_utc.clone(),
            r.profile.clone(),
            r.agent_email.clone(),
            r.operation.clone(),
            r.target.clone(),
            r.summary.clone(),
            r.outcome.ok.to_string(),
            r.outcome
                .code
                .as_ref()
                .map(OutcomeCode::to_string)
                .unwrap_or_default(),
            r.outcome.message.clone().unwrap_or_default(),
            r.prev_hash.clone(),
            entry.hash.clone(),
            r.completes.map(|seq| seq.to_string()).unwrap_or_default(),
        ]
    });
    csv_export::text(&header, rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit_anchor::{KeyringAnchor, MemoryAnchor};

    /// Two entries exactly as the version before intents and anchors wrote them.
    const OLD_FORMAT: &str = concat!(
        r#"{"seq":1,"atUtc":"2026-11-23T17:28:10.312088785Z","profile":"Operación","agentEmail":"ana@kybdesk.mx","operation":"POST /verificaciones/{folio}/reenviar","target":"VD-100","summary":"reenvío del enlace","outcome":{"ok":true,"code":null,"message":null},"prevHash":"0000000000000000000000000000000000000000000000000000000000000000","hash":"976d56d9ffad89364ef5d8e1e1bc553269af290e08bf088c8e5b24b8d257a3f2"}"#,
        "\n",
        r#"{"seq":2,"atUtc":"2026-11-23T17:28:10.315539074Z","profile":"Operación","agentEmail":"ana@kybdesk.mx","operation":"POST /verificaciones/{folio}/reenviar","target":"VD-101","summary":"reenvío del enlace","outcome":{"ok":false,"code":"state_conflict","message":null},"prevHash":"976d56d9ffad89364ef5d8e1e1bc553269af290e08bf088c8e5b24b8d257a3f2","hash":"9ef7c553a7eae61016709aa7c0b2cd937e4ffd04c659631a75af45b1c83280bc"}"#,
        "\n",
    );

    /// Entries of every outcome code the version before typed codes wrote (its error
    /// codes, the log's own marks, and a code of a newer version), hashed as it hashed
    /// them: the record serialised compactly with the code as a plain string.
    const OLD_CODES: &str = concat!(
        r#"{"seq":1,"atUtc":"2026-11-20T09:00:00.100Z","profile":"Operación","agentEmail":"ana@kybdesk.mx","operation":"POST /verificaciones/{folio}/reenviar","target":"VD-7","summary":"reenvío del enlace de verificación (mensaje facturable)","outcome":{"ok":false,"code":"intent","message":null},"prevHash":"0000000000000000000000000000000000000000000000000000000000000000","hash":"dc7f61b93301dd46ef114c1b1d69916431f7735e3c17968876bbb7d6b8e0323e"}"#,
        "\n",
        r#"{"seq":2,"atUtc":"2026-11-20T09:00:01.200Z","profile":"Operación","agentEmail":"ana@kybdesk.mx","operation":"POST /verificaciones/{folio}/reenviar","target":"VD-7","summary":"reenvío del enlace de verificación (mensaje facturable)","outcome":{"ok":false,"code":"server","message":"Error interno del servidor (HTTP 500)"},"completes":1,"prevHash":"dc7f61b93301dd46ef114c1b1d69916431f7735e3c17968876bbb7d6b8e0323e","hash":"915306b0af2b83777897ca63388b2641d6d2db78b1ca6e9b96e720d79080d283"}"#,
        "\n",
        r#"{"seq":3,"atUtc":"2026-11-20T09:05:00Z","profile":"Operación","agentEmail":"ana@kybdesk.mx","operation":"POST /verificaciones/{folio}/cancelar","target":"VD-8","summary":"cancelación de la verificación","outcome":{"ok":false,"code":"intent","message":null},"prevHash":"915306b0af2b83777897ca63388b2641d6d2db78b1ca6e9b96e720d79080d283","hash":"d42b0c83d8958abeda16fa2bc50656da9977587367508073d304b8fc4f3a791c"}"#,
        "\n",
        r#"{"seq":4,"atUtc":"2026-11-20T09:05:30Z","profile":"Operación","agentEmail":"ana@kybdesk.mx","operation":"POST /verificaciones/{folio}/cancelar","target":"VD-8","summary":"cancelación de la verificación","outcome":{"ok":false,"code":"outcome_unknown","message":"No se sabe si el servicio realizó la operación: la respuesta no llegó. Consulte el estado antes de volver a enviarla."},"completes":3,"prevHash":"d42b0c83d8958abeda16fa2bc50656da9977587367508073d304b8fc4f3a791c","hash":"09cf4b3ce9011eb0a0e576fe9bd2869717fb14332f9cbfbf4fd98583ccd123e0"}"#,
        "\n",
        r#"{"seq":5,"atUtc":"2026-11-21T08:00:00.5Z","profile":"","agentEmail":"","operation":"desk: audit-recovered","target":"audit.jsonl.torn-20261121T080000Z","summary":"bitácora recuperada: la última línea estaba incompleta (una escritura interrumpida); sus 37 bytes se apartaron en audit.jsonl.torn-20261121T080000Z","outcome":{"ok":false,"code":"torn_line","message":null},"prevHash":"09cf4b3ce9011eb0a0e576fe9bd2869717fb14332f9cbfbf4fd98583ccd123e0","hash":"2cc6d2a2f81c8aa4f5a722e9089b061d0337fe6c56eb1fc949ae48b818a54180"}"#,
        "\n",
        r#"{"seq":6,"atUtc":"2026-11-21T08:00:00.6Z","profile":"","agentEmail":"","operation":"desk: audit-tamper-detected","target":"audit.jsonl","summary":"bitácora alterada fuera de KYB Desk: faltan entradas al final: el llavero registró la 9 y la bitácora termina en la 5","outcome":{"ok":false,"code":"anchor_mismatch","message":null},"prevHash":"2cc6d2a2f81c8aa4f5a722e9089b061d0337fe6c56eb1fc949ae48b818a54180","hash":"22590608db0bdc9327231c8e48a9c184abe444a64d470a5d0f385bdc436f0c08"}"#,
        "\n",
        r#"{"seq":7,"atUtc":"2026-11-22T10:00:00Z","profile":"Operación","agentEmail":"ana@kybdesk.mx","operation":"POST /expedientes/nuevo","target":"","summary":"alta de expediente","outcome":{"ok":false,"code":"quota_exceeded","message":"código de una versión más nueva"},"prevHash":"22590608db0bdc9327231c8e48a9c184abe444a64d470a5d0f385bdc436f0c08","hash":"d232ce533eb4a11679f70128d906dc844a49e4e774880b0a7fc023a545c48530"}"#,
        "\n",
    );

    fn entry(target: &str, ok: bool) -> NewEntry {
        NewEntry {
            profile: "Operación".into(),
            agent_email: "ana@kybdesk.mx".into(),
            action: Action::Service(Operation::ResendVerification),
            target: target.into(),
            summary: "reenvío del enlace".into(),
            outcome: Outcome {
                ok,
                code: (!ok).then_some(OutcomeCode::Failed(ErrorCode::StateConflict)),
                message: None,
            },
            completes: None,
        }
    }

    /// A log over `path` whose head is kept in `anchor` (clones share it, as one
    /// keyring entry is shared by every opening of the same file).
    fn open(path: &Path, anchor: &MemoryAnchor) -> AuditLog {
        AuditLog::new(path.to_owned(), Box::new(anchor.clone()))
    }

    fn filled(path: &Path, anchor: &MemoryAnchor, n: usize) -> AuditLog {
        let log = open(path, anchor);
        for i in 0..n {
            log.append(entry(&format!("VD-{i}"), i % 2 == 0))
                .expect("appended");
        }
        log
    }

    fn read_entries(path: &Path) -> Vec<AuditEntry> {
        std::fs::read_to_string(path)
            .expect("log")
            .lines()
            .map(|line| serde_json::from_str(line).expect("readable entry"))
            .collect()
    }

    fn write_lines(path: &Path, lines: &[&str]) {
        let mut text = lines.join("\n");
        text.push('\n');
        std::fs::write(path, text).expect("rewritten");
    }

    #[test]
    fn a_tampered_entry_is_named() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        let anchor = MemoryAnchor::new();
        let log = filled(&path, &anchor, 5);
        let clean = log.verify().expect("verified");
        assert_eq!(clean.first_broken_line, None);
        assert_eq!(clean.breaks, []);
        assert_eq!(clean.anchor, AnchorState::Matches);
        // A restarted app continues the same chain.
        open(&path, &anchor)
            .append(entry("VD-5", true))
            .expect("appended");
        let report = log.verify().expect("verified");
        assert_eq!(report.entries, 6);
        assert_eq!(report.anchor, AnchorState::Matches);

        let text = std::fs::read_to_string(&path).expect("log");
        let tampered = text.replacen("VD-2", "VD-9", 1);
        std::fs::write(&path, tampered).expect("tampered");
        let report = log.verify().expect("verified");
        assert_eq!(report.first_broken_line, Some(3));
        assert_eq!(report.breaks[0].problem, BreakKind::Modified);
        assert_eq!(report.breaks.len(), 1, "{:?}", report.breaks);

        // Removing an entry breaks the link of the next one.
        let lines: Vec<&str> = text.lines().collect();
        let without_second = [lines[0], lines[2], lines[3]].join("\n");
        std::fs::write(&path, without_second).expect("rewritten");
        assert_eq!(log.verify().expect("verified").first_broken_line, Some(2));
    }

    #[test]
    fn a_torn_last_line_is_set_aside_and_the_chain_goes_on() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        let anchor = MemoryAnchor::new();
        filled(&path, &anchor, 3);
        // A crash mid-write: half a line, cut inside the "í" of "reenvío".
        let model = std::fs::read(&path).expect("log");
        let cut = model
            .windows("í".len())
            .position(|w| w == "í".as_bytes())
            .expect("an accented summary")
            + 1;
        let torn = model[..cut].to_vec();
        let mut with_torn = model.clone();
        with_torn.extend_from_slice(&torn);
        std::fs::write(&path, &with_torn).expect("torn");

        // Reading does not repair: the torn line is reported as it is.
        let before = open(&path, &anchor).verify().expect("verified");
        assert_eq!((before.entries, before.unreadable), (3, 1));
        assert_eq!(before.first_broken_line, Some(4));

        let log = open(&path, &anchor);
        log.append(entry("VD-9", true)).expect("appended");

        let asides: Vec<PathBuf> = std::fs::read_dir(dir.path())
            .expect("listing")
            .map(|e| e.expect("entry").path())
            .filter(|p| p != &path)
            .collect();
        assert_eq!(asides.len(), 1, "{asides:?}");
        let aside_name = asides[0]
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        assert!(aside_name.starts_with("audit.jsonl.torn-"), "{aside_name}");
        assert!(!aside_name.contains(':'), "{aside_name}");
        assert_eq!(std::fs::read(&asides[0]).expect("aside"), torn);

        let entries = read_entries(&path);
        assert_eq!(entries.len(), 5);
        let recovered = &entries[3].record;
        assert_eq!(
            recovered.operation,
            Action::Desk(DeskEvent::AuditRecovered).label()
        );
        assert_eq!(recovered.prev_hash, entries[2].hash);
        assert!(
            recovered.summary.contains(&aside_name),
            "{}",
            recovered.summary
        );
        assert!(
            recovered.summary.contains(&format!("{} bytes", torn.len())),
            "{}",
            recovered.summary
        );
        assert_eq!(entries[4].record.target, "VD-9");
        assert_eq!(entries[4].record.prev_hash, entries[3].hash);

        let report = log.verify().expect("verified");
        assert_eq!(report.breaks, []);
        assert_eq!((report.entries, report.unreadable), (5, 0));
        assert_eq!(report.anchor, AnchorState::Matches);
        assert!(std::fs::read(&path).expect("log").ends_with(b"\n"));
    }

    #[test]
    fn a_last_entry_missing_only_its_newline_is_kept() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        let anchor = MemoryAnchor::new();
        filled(&path, &anchor, 2);
        let text = std::fs::read_to_string(&path).expect("log");
        std::fs::write(&path, text.trim_end()).expect("newline lost");
        open(&path, &anchor)
            .append(entry("VD-2", true))
            .expect("appended");
        let entries = read_entries(&path);
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[2].record.target, "VD-2");
        assert_eq!(open(&path, &anchor).verify().expect("verified").breaks, []);
    }

    #[test]
    fn deleted_last_entries_are_found_through_the_anchor_and_recorded() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        let anchor = MemoryAnchor::new();
        let log = filled(&path, &anchor, 8);
        let text = std::fs::read_to_string(&path).expect("log");
        let lines: Vec<&str> = text.lines().collect();
        write_lines(&path, &lines[..5]);

        let report = log.verify().expect("verified");
        assert_eq!(
            report.anchor,
            AnchorState::Truncated {
                anchored_seq: 8,
                last_seq: 5
            }
        );
        // The rest of the chain is whole; the view still learns something is wrong.
        assert_eq!(report.breaks, []);
        assert_eq!(report.first_broken_line, Some(6));

        let reopened = open(&path, &anchor);
        reopened
            .append(entry("VD-after", true))
            .expect("the log goes on");
        let entries = read_entries(&path);
        assert_eq!(entries.len(), 7);
        let detected = &entries[5].record;
        assert_eq!(
            detected.operation,
            Action::Desk(DeskEvent::AuditTamperDetected).label()
        );
        assert_eq!(detected.seq, 6);
        assert!(
            detected.summary.contains("la 8") && detected.summary.contains("la 5"),
            "{}",
            detected.summary
        );
        assert_eq!(entries[6].record.target, "VD-after");
        let after = reopened.verify().expect("verified");
        assert_eq!(after.breaks, []);
        assert_eq!(after.anchor, AnchorState::Matches);
    }

    #[test]
    fn a_running_log_reads_a_file_changed_under_it_again() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        let anchor = MemoryAnchor::new();
        let log = filled(&path, &anchor, 4);
        let text = std::fs::read_to_string(&path).expect("log");
        let lines: Vec<&str> = text.lines().collect();
        write_lines(&path, &lines[..2]);
        log.append(entry("VD-after", true)).expect("appended");
        let entries = read_entries(&path);
        assert_eq!(entries.len(), 4);
        assert_eq!(
            entries[2].record.operation,
            Action::Desk(DeskEvent::AuditTamperDetected).label()
        );
        // Chained to what the file holds, not to the entry the log last wrote.
        assert_eq!(entries[2].record.prev_hash, entries[1].hash);
        assert_eq!(log.verify().expect("verified").breaks, []);
    }

    #[test]
    fn a_chain_rewritten_with_recomputed_hashes_is_found_through_the_anchor() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        let anchor = MemoryAnchor::new();
        let log = filled(&path, &anchor, 5);
        // A forger who knows the format: changes entry 2 and recomputes every hash
        // after it, so the chain itself is consistent.
        let mut forged = read_entries(&path);
        let mut previous = forged[0].hash.clone();
        for entry in &mut forged[1..] {
            if entry.record.seq == 2 {
                entry.record.target = "VD-falso".into();
            }
            entry.record.prev_hash = previous;
            entry.hash = digest(&entry.record);
            previous = entry.hash.clone();
        }
        let lines: Vec<String> = forged
            .iter()
            .map(|e| serde_json::to_string(e).expect("serialised"))
            .collect();
        write_lines(&path, &lines.iter().map(String::as_str).collect::<Vec<_>>());

        let report = log.verify().expect("verified");
        assert_eq!(report.breaks, [], "the forged chain is consistent");
        assert_eq!(report.anchor, AnchorState::Rewritten { seq: 5 });
        assert_eq!(report.first_broken_line, Some(5));

        let reopened = open(&path, &anchor);
        reopened.append(entry("VD-after", true)).expect("appended");
        let entries = read_entries(&path);
        assert_eq!(
            entries[5].record.operation,
            Action::Desk(DeskEvent::AuditTamperDetected).label()
        );
        assert!(entries[5].record.summary.contains("la entrada 5"));
        assert_eq!(
            reopened.verify().expect("verified").anchor,
            AnchorState::Matches
        );
    }

    #[test]
    fn every_break_is_reported() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        let anchor = MemoryAnchor::new();
        let log = filled(&path, &anchor, 5);
        let text = std::fs::read_to_string(&path).expect("log");
        let lines: Vec<&str> = text.lines().collect();
        let modified = lines[1].replacen("VD-1", "VD-8", 1);
        write_lines(&path, &[lines[0], &modified, lines[2], lines[4]]);

        let report = log.verify().expect("verified");
        assert_eq!(
            report.breaks,
            [
                ChainBreak {
                    line: 2,
                    problem: BreakKind::Modified
                },
                ChainBreak {
                    line: 4,
                    problem: BreakKind::Missing { after: 3, next: 5 }
                },
            ]
        );
        assert_eq!(report.first_broken_line, Some(2));
        assert_eq!(report.anchor, AnchorState::Matches);
    }

    #[test]
    fn an_unreadable_line_is_counted_and_makes_counts_uncertain() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        let anchor = MemoryAnchor::new();
        let log = filled(&path, &anchor, 3);
        assert_eq!(
            log.successes(Operation::ResendVerification, "VD-0")
                .expect("counted"),
            Tally {
                count: 1,
                uncertain: false
            }
        );
        let text = std::fs::read_to_string(&path).expect("log");
        let lines: Vec<&str> = text.lines().collect();
        write_lines(
            &path,
            &[lines[0], "{\"seq\": 2, \"esto no", lines[1], lines[2]],
        );

        let report = log.verify().expect("verified");
        assert_eq!((report.entries, report.unreadable), (3, 1));
        assert_eq!(
            report.breaks,
            [ChainBreak {
                line: 2,
                problem: BreakKind::Unreadable
            }]
        );
        let read = log.entries().expect("read");
        assert_eq!((read.entries.len(), read.unreadable), (3, 1));
        assert_eq!(
            log.successes(Operation::ResendVerification, "VD-0")
                .expect("counted"),
            Tally {
                count: 1,
                uncertain: true
            }
        );
    }

    #[test]
    fn intents_are_completed_or_listed_as_unresolved() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        let log = open(&path, &MemoryAnchor::new());
        let first = log.intent(entry("VD-1", true)).expect("intent");
        log.append(NewEntry {
            completes: Some(first),
            ..entry("VD-1", true)
        })
        .expect("completed");
        let lost = log.intent(entry("VD-2", true)).expect("intent");
        assert_eq!((first, lost), (1, 3));

        let entries = log.entries().expect("read").entries;
        assert!(entries[0].is_intent());
        assert_eq!(entries[0].record.outcome.code, Some(OutcomeCode::INTENT));
        assert_eq!(entries[1].record.completes, Some(1));
        assert_eq!(log.entries().expect("read").unresolved, [lost]);

        // An intent never counts as a success; a lost answer makes the count uncertain.
        let done = log
            .successes(Operation::ResendVerification, "VD-1")
            .expect("counted");
        assert_eq!(
            done,
            Tally {
                count: 1,
                uncertain: false
            }
        );
        let unknown = log
            .successes(Operation::ResendVerification, "VD-2")
            .expect("counted");
        assert_eq!(
            unknown,
            Tally {
                count: 0,
                uncertain: true
            }
        );
        // A result that says its answer never came leaves the count uncertain too.
        let sent = log.intent(entry("VD-3", true)).expect("intent");
        log.append(NewEntry {
            completes: Some(sent),
            outcome: Outcome {
                ok: false,
                code: Some(OutcomeCode::Failed(
                    kyb_api::ApiError::OutcomeUnknown {
                        detail: String::new(),
                    }
                    .code(),
                )),
                message: None,
            },
            ..entry("VD-3", false)
        })
        .expect("completed as unknown");
        assert!(
            log.successes(Operation::ResendVerification, "VD-3")
                .expect("counted")
                .uncertain
        );
        assert_eq!(log.verify().expect("verified").breaks, []);
    }

    #[test]
    fn entries_of_the_old_format_still_verify_and_the_chain_goes_on() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        std::fs::write(&path, OLD_FORMAT).expect("old log");
        let anchor = MemoryAnchor::new();
        let log = open(&path, &anchor);
        let report = log.verify().expect("verified");
        assert_eq!((report.entries, report.breaks.len()), (2, 0));
        assert_eq!(report.anchor, AnchorState::Missing);

        let written = log.append(entry("VD-102", true)).expect("appended");
        assert_eq!(written.record.seq, 3);
        assert!(written.record.prev_hash.starts_with("9ef7c553"));
        let text = std::fs::read_to_string(&path).expect("log");
        assert!(
            text.starts_with(OLD_FORMAT),
            "old entries are left as written"
        );
        assert!(!text.contains("completes"));
        let report = log.verify().expect("verified");
        assert_eq!((report.entries, report.breaks.len()), (3, 0));
        assert_eq!(report.anchor, AnchorState::Matches);
    }

    #[test]
    fn old_entries_of_every_outcome_code_read_and_verify_byte_for_byte() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        std::fs::write(&path, OLD_CODES).expect("old log");
        let anchor = MemoryAnchor::new();
        let log = open(&path, &anchor);
        let report = log.verify().expect("verified");
        assert_eq!((report.entries, report.unreadable), (7, 0));
        assert_eq!(report.breaks, []);

        let read = log.entries().expect("read");
        let codes: Vec<_> = read
            .entries
            .iter()
            .map(|e| e.record.outcome.code.clone())
            .collect();
        assert_eq!(
            codes,
            [
                Some(OutcomeCode::INTENT),
                Some(OutcomeCode::Failed(ErrorCode::Server)),
                Some(OutcomeCode::INTENT),
                Some(OutcomeCode::Failed(ErrorCode::OutcomeUnknown)),
                Some(OutcomeCode::Mark(AuditMark::TornLine)),
                Some(OutcomeCode::Mark(AuditMark::AnchorMismatch)),
                Some(OutcomeCode::Unrecognised("quota_exceeded".into())),
            ]
        );
        // Each entry writes back to the very line it was read from.
        for (entry, line) in read.entries.iter().zip(OLD_CODES.lines()) {
            assert_eq!(serde_json::to_string(entry).expect("serialises"), line);
        }
        // Both intents have their result; the lost answer still makes a count uncertain.
        assert_eq!(read.unresolved, Vec::<u32>::new());
        let cancelled = log
            .successes(Operation::CancelVerification, "VD-8")
            .expect("counted");
        assert_eq!((cancelled.count, cancelled.uncertain), (0, true));
        let csv = to_csv(&read.entries).expect("exported");
        assert!(csv.contains(",quota_exceeded,"), "{csv}");

        let written = log.append(entry("VD-9", true)).expect("appended");
        assert_eq!(written.record.seq, 8);
        assert!(written.record.prev_hash.starts_with("d232ce53"));
        let text = std::fs::read_to_string(&path).expect("log");
        assert!(
            text.starts_with(OLD_CODES),
            "old entries are left as written"
        );
        let report = log.verify().expect("verified");
        assert_eq!((report.entries, report.breaks.len()), (8, 0));
        assert_eq!(report.anchor, AnchorState::Matches);
    }

    #[test]
    fn an_unreachable_anchor_never_stops_an_entry() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        let anchor = MemoryAnchor::new();
        let log = filled(&path, &anchor, 1);
        anchor.set_failing(Some("sin llavero"));
        log.append(entry("VD-1", true)).expect("written anyway");
        let report = log.verify().expect("verified");
        assert_eq!(
            report.anchor,
            AnchorState::Unavailable {
                reason: "sin llavero".into()
            }
        );
        assert_eq!(report.first_broken_line, None);
        anchor.set_failing(None);
        assert_eq!(
            log.verify().expect("verified").anchor,
            AnchorState::Behind {
                anchored_seq: 1,
                last_seq: 2
            }
        );
        log.append(entry("VD-2", true)).expect("appended");
        assert_eq!(log.verify().expect("verified").anchor, AnchorState::Matches);
    }

    #[test]
    fn an_anchor_that_is_no_head_is_its_own_state_and_no_sign_of_tampering() {
        let lines = parse_lines(OLD_FORMAT.as_bytes());
        let anchor = anchor_state(Err(AnchorError::Malformed), &lines);
        assert_eq!(anchor, AnchorState::Unreadable);
        assert_eq!(anchor_problem(&anchor, &lines), None);
        assert_eq!(
            serde_json::to_value(&anchor).expect("serialises"),
            serde_json::json!({"state": "unreadable"})
        );
    }

    #[test]
    fn the_keyring_anchor_finds_deleted_entries() {
        if std::env::var_os("KYB_EXPECT_KEYRING").is_none() {
            eprintln!("skipped: no Secret Service session (run through `make test`)");
            return;
        }
        let service = format!("mx.kybdesk.app.test.{}", uuid::Uuid::new_v4());
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        let keyring = |path: &Path| -> AuditLog {
            AuditLog::new(
                path.to_owned(),
                Box::new(KeyringAnchor::new(&service, path)),
            )
        };
        let log = keyring(&path);
        for i in 0..4 {
            log.append(entry(&format!("VD-{i}"), true))
                .expect("appended");
        }
        assert_eq!(log.verify().expect("verified").anchor, AnchorState::Matches);
        let text = std::fs::read_to_string(&path).expect("log");
        write_lines(&path, &text.lines().take(1).collect::<Vec<_>>());
        // A restarted app, with nothing but the file and the keyring.
        let reopened = keyring(&path);
        assert_eq!(
            reopened.verify().expect("verified").anchor,
            AnchorState::Truncated {
                anchored_seq: 4,
                last_seq: 1
            }
        );
        reopened.append(entry("VD-after", true)).expect("appended");
        let entries = read_entries(&path);
        assert_eq!(
            entries[1].record.operation,
            Action::Desk(DeskEvent::AuditTamperDetected).label()
        );
        assert_eq!(
            keyring(&path).verify().expect("verified").anchor,
            AnchorState::Matches
        );
    }

    #[test]
    fn the_log_exports_to_csv() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let log = open(&dir.path().join("audit.jsonl"), &MemoryAnchor::new());
        log.append(entry("VD-1, \"con comillas\"", false))
            .expect("appended");
        let csv = to_csv(&log.entries().expect("read").entries).expect("exported");
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("row")).collect();
        assert_eq!(rows.len(), 1);
        assert_eq!(&rows[0][5], "VD-1, \"con comillas\"");
        assert_eq!(&rows[0][8], "state_conflict");
    }
}

//! The log itself: appends entries to the chain, repairs what a crash left before its
//! first entry, anchors each new head, and reads the entries back.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use kyb_api::Operation;

use super::anchor::{AuditAnchor, Head};
use super::chain::*;
use super::entry::*;
use super::kept::{KeptEntries, LogEntries};
use crate::error::{AppError, AppResult, ServiceCode, Task};
use crate::fsio;

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
    /// The entries read, kept for the next read while the file only grows.
    kept: KeptEntries,
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
        about: AuditTarget::LogFile {
            name: target.to_owned(),
        },
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
            kept: KeptEntries::default(),
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
        self.append_dated(entry, chrono::Utc::now())
    }

    /// [`Self::append`] stamped `at` instead of now: only the demo's history of a past
    /// month, written into the demo's own log as it starts afresh (`demo_history`).
    #[cfg(feature = "demo")]
    pub(crate) fn append_at(
        &self,
        entry: NewEntry,
        at: chrono::DateTime<chrono::Utc>,
    ) -> AppResult<AuditEntry> {
        self.append_dated(entry, at)
    }

    fn append_dated(
        &self,
        entry: NewEntry,
        at: chrono::DateTime<chrono::Utc>,
    ) -> AppResult<AuditEntry> {
        let mut slot = self.tail.lock().unwrap_or_else(|p| p.into_inner());
        let stamp = self.stamp()?;
        // Taken out, so that a failed write leaves no tail and the next entry reads
        // the file again (and sets aside what the failure may have left).
        let mut tail = match slot.take() {
            Some(tail) if tail.stamp == stamp => tail,
            _ => self.open_tail()?,
        };
        let written = self.write_entry(&mut tail, entry, at)?;
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

    fn write_entry(
        &self,
        tail: &mut Tail,
        entry: NewEntry,
        at: chrono::DateTime<chrono::Utc>,
    ) -> AppResult<AuditEntry> {
        let record = Record {
            seq: tail.seq.saturating_add(1),
            at_utc: kyb_api::time::instant_text(at),
            profile: entry.profile,
            agent_email: entry.agent_email,
            operation: entry.action.label(),
            target: entry.target,
            summary: entry.summary,
            outcome: entry.outcome,
            completes: entry.completes,
            about: Some(entry.about),
            prev_hash: tail.hash.clone(),
        };
        let written = AuditEntry::new(record.clone(), digest(&record));
        let mut line = written.line().map_err(storage_error)?;
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
                chrono::Utc::now(),
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
                chrono::Utc::now(),
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
                    && e.record.outcome.code
                        == Some(OutcomeCode::Failed(ServiceCode::OutcomeUnknown.into()))
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

    /// Every entry that can be read, newest last, shared: the lines read before are
    /// kept, and only those appended since are parsed (see [`super::kept`]).
    pub fn shared_entries(&self) -> AppResult<Arc<LogEntries>> {
        self.kept.read(&self.path)
    }

    /// Every break of the chain, and the last entry against the anchor.
    pub fn verify(&self) -> AppResult<ChainReport> {
        let lines = parse_lines(&self.read()?);
        let anchor = anchor_state(self.anchor.load(), &lines);
        Ok(chain_report(&lines, anchor))
    }
}

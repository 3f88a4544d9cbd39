//! The audit log: one JSON line per state-changing call (create, correction request,
//! complementary information, enrollment link, resend, cancel), with who, what and
//! how it ended. Each entry carries the SHA-256 of the previous entry and its own, so
//! an edited, removed or reordered entry is found by [`AuditLog::verify`]. The key is
//! never part of an entry: summaries are built from the request bodies, which do not
//! hold it.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use kyb_api::Operation;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use crate::csv_export;
use crate::error::{AppError, AppResult};

/// `prev_hash` of the first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    pub ok: bool,
    /// The error code when it failed.
    pub code: Option<String>,
    pub message: Option<String>,
}

/// What a caller records; the log adds sequence, time and hashes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEntry {
    pub profile: String,
    pub agent_email: String,
    pub operation: Operation,
    /// DocumentId, folio or PersonId the call concerned.
    pub target: String,
    pub summary: String,
    pub outcome: Outcome,
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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ChainReport {
    pub entries: u32,
    /// The first entry (line, from 1) that is not what was written, if any.
    pub first_broken_line: Option<u32>,
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

pub struct AuditLog {
    path: PathBuf,
    /// Sequence and hash of the last entry, read once, kept while appending.
    tail: Mutex<Option<(u32, String)>>,
}

impl AuditLog {
    pub fn new(path: PathBuf) -> Self {
        Self {
            path,
            tail: Mutex::new(None),
        }
    }

    fn read_lines(&self) -> AppResult<Vec<String>> {
        match std::fs::read_to_string(&self.path) {
            Ok(text) => Ok(text.lines().map(str::to_owned).collect()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(AppError::storage("No se pudo leer la bitácora", e)),
        }
    }

    pub fn append(&self, entry: NewEntry) -> AppResult<AuditEntry> {
        let mut tail = self.tail.lock().unwrap_or_else(|p| p.into_inner());
        let (last_seq, prev_hash) = match tail.clone() {
            Some(known) => known,
            None => self
                .read_lines()?
                .last()
                .and_then(|line| serde_json::from_str::<AuditEntry>(line).ok())
                .map_or((0, GENESIS.to_owned()), |e| (e.record.seq, e.hash)),
        };
        let record = Record {
            seq: last_seq + 1,
            at_utc: jiff::Timestamp::now().to_string(),
            profile: entry.profile,
            agent_email: entry.agent_email,
            operation: entry.operation.route().to_owned(),
            target: entry.target,
            summary: entry.summary,
            outcome: entry.outcome,
            prev_hash,
        };
        let written = AuditEntry {
            hash: digest(&record),
            record,
        };
        let mut line = serde_json::to_string(&written)
            .map_err(|e| AppError::storage("No se pudo escribir la bitácora", e))?;
        line.push('\n');
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| AppError::storage("No se pudo escribir la bitácora", e))?;
        }
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .map_err(|e| AppError::storage("No se pudo escribir la bitácora", e))?;
        file.write_all(line.as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|e| AppError::storage("No se pudo escribir la bitácora", e))?;
        *tail = Some((written.record.seq, written.hash.clone()));
        Ok(written)
    }

    /// Every entry that can be read, newest last.
    /// How many calls of `operation` on `target` succeeded, by every profile.
    pub fn successes(&self, operation: Operation, target: &str) -> AppResult<u32> {
        let route = operation.route();
        let count = self
            .entries()?
            .iter()
            .filter(|e| {
                e.record.operation == route && e.record.target == target && e.record.outcome.ok
            })
            .count();
        Ok(u32::try_from(count).unwrap_or(u32::MAX))
    }

    pub fn entries(&self) -> AppResult<Vec<AuditEntry>> {
        Ok(self
            .read_lines()?
            .iter()
            .filter_map(|line| serde_json::from_str(line).ok())
            .collect())
    }

    pub fn verify(&self) -> AppResult<ChainReport> {
        let lines = self.read_lines()?;
        let mut previous = GENESIS.to_owned();
        for (index, line) in lines.iter().enumerate() {
            let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
            let broken = |problem: &str| ChainReport {
                entries: u32::try_from(lines.len()).unwrap_or(u32::MAX),
                first_broken_line: Some(number),
                problem: Some(problem.to_owned()),
            };
            let Ok(entry) = serde_json::from_str::<AuditEntry>(line) else {
                return Ok(broken("la línea no es una entrada legible"));
            };
            if entry.hash != digest(&entry.record) {
                return Ok(broken("la entrada fue modificada"));
            }
            if entry.record.prev_hash != previous {
                return Ok(broken(
                    "la entrada no sigue a la anterior (falta o se movió una entrada)",
                ));
            }
            previous = entry.hash;
        }
        Ok(ChainReport {
            entries: u32::try_from(lines.len()).unwrap_or(u32::MAX),
            first_broken_line: None,
            problem: None,
        })
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
            r.outcome.code.clone().unwrap_or_default(),
            r.outcome.message.clone().unwrap_or_default(),
            r.prev_hash.clone(),
            entry.hash.clone(),
        ]
    });
    csv_export::text("No se pudo exportar la bitácora", &header, rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(target: &str, ok: bool) -> NewEntry {
        NewEntry {
            profile: "Operación".into(),
            agent_email: "ana@kybdesk.mx".into(),
            operation: Operation::ResendVerification,
            target: target.into(),
            summary: "reenvío del enlace".into(),
            outcome: Outcome {
                ok,
                code: (!ok).then(|| "state_conflict".into()),
                message: None,
            },
        }
    }

    #[test]
    fn a_tampered_entry_is_named() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("audit.jsonl");
        let log = AuditLog::new(path.clone());
        for n in 0..5 {
            log.append(entry(&format!("VD-{n}"), n % 2 == 0))
                .expect("appended");
        }
        assert_eq!(log.verify().expect("verified").first_broken_line, None);
        // A restarted app continues the same chain.
        AuditLog::new(path.clone())
            .append(entry("VD-5", true))
            .expect("appended");
        assert_eq!(log.verify().expect("verified").entries, 6);

        let text = std::fs::read_to_string(&path).expect("log");
        let tampered = text.replacen("VD-2", "VD-9", 1);
        std::fs::write(&path, tampered).expect("tampered");
        let report = log.verify().expect("verified");
        assert_eq!(report.first_broken_line, Some(3));
        assert_eq!(report.problem.as_deref(), Some("la entrada fue modificada"));

        // Removing an entry breaks the link of the next one.
        let lines: Vec<&str> = text.lines().collect();
        let without_second = [lines[0], lines[2], lines[3]].join("\n");
        std::fs::write(&path, without_second).expect("rewritten");
        assert_eq!(log.verify().expect("verified").first_broken_line, Some(2));
    }

    #[test]
    fn the_log_exports_to_csv() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let log = AuditLog::new(dir.path().join("audit.jsonl"));
        log.append(entry("VD-1, \"con comillas\"", false))
            .expect("appended");
        let csv = to_csv(&log.entries().expect("read")).expect("exported");
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("row")).collect();
        assert_eq!(rows.len(), 1);
        assert_eq!(&rows[0][5], "VD-1, \"con comillas\"");
        assert_eq!(&rows[0][8], "state_conflict");
    }
}

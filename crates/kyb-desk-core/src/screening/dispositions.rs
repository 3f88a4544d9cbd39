//! The analyst's dispositions of hits: a true match, or a false positive, each with a
//! reason, remembered for that party and that list's row (`<data>/lists/
//! dispositions.json`, appended to, never rewritten in place). A false positive is not
//! raised again for that party and row, in any file, until the analyst says otherwise;
//! a later disposition of the same hit is the one that counts.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::ListFormat;
use crate::error::{AppError, AppResult, Task};
use crate::fsio;
use crate::recovery::{RecordKind, Recoveries};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum HitVerdict {
    TrueMatch,
    FalsePositive,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Disposition {
    pub list: ListFormat,
    pub row: String,
    pub party_key: String,
    pub verdict: HitVerdict,
    pub reason: String,
    pub by: String,
    /// UTC, RFC 3339.
    pub at: String,
    /// The file it was decided in.
    pub document_id: String,
}

impl HitVerdict {
    /// The verdict in the records' words (the audit log, the trail, the dossier).
    pub fn words(self) -> &'static str {
        match self {
            Self::TrueMatch => "coincidencia verdadera",
            Self::FalsePositive => "falso positivo",
        }
    }
}

/// A reason is required, and bounded.
pub const REASON_MAX_CHARS: usize = 500;

/// What a disposition remembers a party by: its RFC, else its name folded.
pub fn party_key(name: &str, rfc: Option<&str>) -> String {
    match rfc
        .map(kyb_api::identifiers::compact)
        .filter(|r| !r.is_empty())
    {
        Some(rfc) => format!("rfc:{rfc}"),
        None => format!("name:{}", super::names::fold(name).words.join(" ")),
    }
}

#[derive(Default, Serialize, Deserialize)]
struct Record {
    dispositions: Vec<Disposition>,
}

pub struct DispositionStore {
    path: PathBuf,
    recoveries: Recoveries,
    lock: std::sync::Mutex<()>,
}

impl DispositionStore {
    pub fn new(path: PathBuf, recoveries: Recoveries) -> Self {
        Self {
            path,
            recoveries,
            lock: std::sync::Mutex::new(()),
        }
    }

    pub fn all(&self) -> AppResult<Vec<Disposition>> {
        let record: Option<Record> =
            fsio::read_json_or_set_aside(&self.path, RecordKind::Dispositions, &self.recoveries)
                .map_err(|e| AppError::storage(Task::ReadLists, e))?;
        Ok(record.unwrap_or_default().dispositions)
    }

    pub fn add(&self, disposition: Disposition) -> AppResult<()> {
        let _one = self.lock.lock().unwrap_or_else(|p| p.into_inner());
        let mut all = self.all()?;
        all.push(disposition);
        if let Some(dir) = self.path.parent() {
            fsio::create_private_dir_all(dir).map_err(|e| AppError::storage(Task::SaveLists, e))?;
        }
        fsio::write_json(&self.path, &Record { dispositions: all })
            .map_err(|e| AppError::storage(Task::SaveLists, e))
    }
}

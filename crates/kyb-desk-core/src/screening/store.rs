//! The imported lists of one desk: `<data>/lists/<format>.json`, one current version per
//! format (importing a list again replaces it), each with its provenance. A list is
//! read whole before anything is written, and written by atomic rename: a refused or
//! interrupted import leaves the version before it in place. The lists are kept in
//! memory with their index once read, for every screening of the session.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::formats::{self, ListError, ListFile};
use super::index::ListIndex;
use super::rows::{self, Rows};
use super::{ListEntry, ListFormat};
use crate::error::{AppError, AppResult, Task};
use crate::fsio;
use crate::recovery::{RecordKind, Recoveries};

/// Where a list came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum ListOrigin {
    /// Files the user picked: their names.
    Files { names: Vec<String> },
    /// The address the managed policy names.
    Address { url: String },
}

/// A list's provenance: who published it and when, what exactly was imported (the
/// SHA-256 of its bytes, file after file), how many rows, and when and by whom.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ListInfo {
    pub format: ListFormat,
    pub publisher: String,
    /// The publication date the file carries, as written; none when it carries none.
    pub published: Option<String>,
    pub sha256: String,
    pub rows: u32,
    /// UTC, RFC 3339.
    pub imported_at: String,
    /// The profile's agent e-mail or name on one desk; the member's login in a team.
    pub imported_by: String,
    pub origin: ListOrigin,
    /// Counts the imports of this format, from 1: a screening names the version it used.
    pub version: u32,
}

/// A list as kept on disk: its provenance and its rows.
#[derive(Serialize)]
struct Record<'a> {
    info: &'a ListInfo,
    entries: &'a [ListEntry],
}

/// The same, read back into the compact rows a screening holds.
#[derive(Deserialize)]
struct Stored {
    info: ListInfo,
    #[serde(deserialize_with = "rows::deserialize")]
    entries: Rows,
}

/// A list ready to screen against.
pub struct Loaded {
    pub info: ListInfo,
    pub rows: Rows,
    pub index: ListIndex,
}

/// Every list of the desk, read and indexed.
pub type Lists = Arc<Vec<Arc<Loaded>>>;

pub struct ListStore {
    dir: PathBuf,
    recoveries: Recoveries,
    cache: Mutex<Option<Lists>>,
    /// One import at a time: two would race for the version number.
    importing: tokio::sync::Mutex<()>,
}

const ALL: [ListFormat; 5] = [
    ListFormat::Sat69b,
    ListFormat::Sat69,
    ListFormat::OfacSdn,
    ListFormat::UnConsolidated,
    ListFormat::OpenSanctions,
];

fn file_name(format: ListFormat) -> &'static str {
    match format {
        ListFormat::Sat69b => "sat69b.json",
        ListFormat::Sat69 => "sat69.json",
        ListFormat::OfacSdn => "ofac-sdn.json",
        ListFormat::UnConsolidated => "un-consolidated.json",
        ListFormat::OpenSanctions => "opensanctions.json",
    }
}

/// What an import needs beyond the bytes.
pub struct ImportOf<'a> {
    pub format: ListFormat,
    pub files: Vec<(String, Vec<u8>)>,
    pub origin: ListOrigin,
    pub by: &'a str,
    pub now: String,
}

impl ListStore {
    pub fn new(dir: PathBuf, recoveries: Recoveries) -> Self {
        Self {
            dir,
            recoveries,
            cache: Mutex::new(None),
            importing: tokio::sync::Mutex::new(()),
        }
    }

    fn read_record(&self, format: ListFormat) -> AppResult<Option<Stored>> {
        fsio::read_json_or_set_aside(
            &self.dir.join(file_name(format)),
            RecordKind::Lists,
            &self.recoveries,
        )
        .map_err(|e| AppError::storage(Task::ReadLists, e))
    }

    /// Every list, read and indexed once per session (and again after an import).
    pub fn lists(&self) -> AppResult<Lists> {
        if let Some(lists) = self.cache.lock().unwrap_or_else(|p| p.into_inner()).clone() {
            return Ok(lists);
        }
        let mut loaded = Vec::new();
        for format in ALL {
            if let Some(record) = self.read_record(format)? {
                let index = ListIndex::build(&record.entries);
                loaded.push(Arc::new(Loaded {
                    info: record.info,
                    rows: record.entries,
                    index,
                }));
            }
        }
        let lists: Lists = Arc::new(loaded);
        *self.cache.lock().unwrap_or_else(|p| p.into_inner()) = Some(lists.clone());
        Ok(lists)
    }

    /// The lists' provenance, in the order of [`ALL`].
    pub fn infos(&self) -> AppResult<Vec<ListInfo>> {
        Ok(self.lists()?.iter().map(|l| l.info.clone()).collect())
    }

    /// Reads the files as a list of `format` and, when the whole of it reads, makes it
    /// the current version of that list. The version before stays when it does not.
    pub async fn import(&self, import: ImportOf<'_>) -> Result<ListInfo, ImportError> {
        let _one = self.importing.lock().await;
        let files: Vec<ListFile<'_>> = import
            .files
            .iter()
            .map(|(name, bytes)| ListFile { name, bytes })
            .collect();
        let read = formats::read(import.format, &files).map_err(ImportError::List)?;
        let sha256 = crate::hash::sha256_hex_of(import.files.iter().map(|(_, b)| b.as_slice()));
        let before = self.read_record(import.format).map_err(ImportError::Desk)?;
        let info = ListInfo {
            format: import.format,
            publisher: import.format.publisher().to_owned(),
            published: read.published,
            sha256,
            rows: u32::try_from(read.entries.len()).unwrap_or(u32::MAX),
            imported_at: import.now,
            imported_by: import.by.to_owned(),
            origin: import.origin,
            version: before.map_or(1, |b| b.info.version + 1),
        };
        let record = Record {
            info: &info,
            entries: &read.entries,
        };
        let bytes = serde_json::to_vec(&record)
            .map_err(|e| ImportError::Desk(AppError::storage(Task::SaveLists, e)))?;
        fsio::create_private_dir_all(&self.dir)
            .map_err(|e| ImportError::Desk(AppError::storage(Task::SaveLists, e)))?;
        fsio::write_atomic(&self.dir.join(file_name(import.format)), &bytes)
            .map_err(|e| ImportError::Desk(AppError::storage(Task::SaveLists, e)))?;
        *self.cache.lock().unwrap_or_else(|p| p.into_inner()) = None;
        Ok(info)
    }
}

#[derive(Debug)]
pub enum ImportError {
    /// The file is no list of the format: nothing was kept.
    List(ListError),
    Desk(AppError),
}

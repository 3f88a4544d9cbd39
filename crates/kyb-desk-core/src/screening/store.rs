//! The imported lists of one profile: `<data>/lists/<profile>/<format>.json` (in a team,
//! the team's, as published, mirrored by `desk::screening`), one current version per
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
    base: PathBuf,
    recoveries: Recoveries,
    /// The lists of the profile last read, and which profile.
    cache: Mutex<Option<(String, Lists)>>,
    /// One import at a time: two would race for the version number.
    importing: tokio::sync::Mutex<()>,
}

/// Every format, in the order lists are shown.
pub const FORMATS: [ListFormat; 5] = [
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

/// A list read and described, not kept yet.
pub struct Prepared {
    pub info: ListInfo,
    pub entries: Vec<ListEntry>,
}

impl ListStore {
    pub fn new(base: PathBuf, recoveries: Recoveries) -> Self {
        Self {
            base,
            recoveries,
            cache: Mutex::new(None),
            importing: tokio::sync::Mutex::new(()),
        }
    }

    fn dir(&self, profile: &str) -> PathBuf {
        self.base.join(fsio::safe_name(profile))
    }

    /// A kept list, parsed as it is read (a million rows' file is never held whole in
    /// memory beside the rows); one that does not parse is set aside and announced, as
    /// every record is, and reads as none.
    fn read_record(&self, profile: &str, format: ListFormat) -> AppResult<Option<Stored>> {
        let path = self.dir(profile).join(file_name(format));
        let file = match std::fs::File::open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(AppError::storage(Task::ReadLists, e)),
        };
        let size = file
            .metadata()
            .map_err(|e| AppError::storage(Task::ReadLists, e))?
            .len();
        let parsed = if size > RecordKind::Lists.max_bytes() {
            Err(format!("{size} bytes, over the most a list is read"))
        } else {
            serde_json::from_reader(std::io::BufReader::new(file)).map_err(|e| e.to_string())
        };
        match parsed {
            Ok(record) => Ok(Some(record)),
            Err(reason) => {
                fsio::set_aside_announced(&path, RecordKind::Lists, &self.recoveries, reason)
                    .map_err(|e| AppError::storage(Task::ReadLists, e))?;
                Ok(None)
            }
        }
    }

    /// Every list of `profile`, read and indexed once (and again after a change).
    pub fn lists(&self, profile: &str) -> AppResult<Lists> {
        if let Some((of, lists)) = self.cache.lock().unwrap_or_else(|p| p.into_inner()).clone()
            && of == profile
        {
            return Ok(lists);
        }
        let mut loaded = Vec::new();
        for format in FORMATS {
            if let Some(record) = self.read_record(profile, format)? {
                let index = ListIndex::build(&record.entries);
                loaded.push(Arc::new(Loaded {
                    info: record.info,
                    rows: record.entries,
                    index,
                }));
            }
        }
        let lists: Lists = Arc::new(loaded);
        *self.cache.lock().unwrap_or_else(|p| p.into_inner()) =
            Some((profile.to_owned(), lists.clone()));
        Ok(lists)
    }

    /// The lists' provenance, in the order of [`FORMATS`].
    pub fn infos(&self, profile: &str) -> AppResult<Vec<ListInfo>> {
        Ok(self
            .lists(profile)?
            .iter()
            .map(|l| l.info.clone())
            .collect())
    }

    /// Reads the files as a list of `format` and, when the whole of it reads, makes it
    /// the current version of that list. The version before stays when it does not.
    pub async fn import(
        &self,
        profile: &str,
        import: ImportOf<'_>,
    ) -> Result<ListInfo, ImportError> {
        let _one = self.one_import().await;
        let prepared = self.prepare(profile, import)?;
        self.keep(profile, &prepared.info, &prepared.entries)
            .map_err(ImportError::Desk)?;
        Ok(prepared.info)
    }

    /// One import at a time (two would race for the version number).
    pub async fn one_import(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.importing.lock().await
    }

    /// Reads the files as a list of their format, whole or not at all, with its
    /// provenance (the next version of `profile`'s); nothing is kept yet.
    pub fn prepare(&self, profile: &str, import: ImportOf<'_>) -> Result<Prepared, ImportError> {
        let files: Vec<ListFile<'_>> = import
            .files
            .iter()
            .map(|(name, bytes)| ListFile { name, bytes })
            .collect();
        let read = formats::read(import.format, &files).map_err(ImportError::List)?;
        let sha256 = crate::hash::sha256_hex_of(import.files.iter().map(|(_, b)| b.as_slice()));
        let before = self
            .infos(profile)
            .map_err(ImportError::Desk)?
            .into_iter()
            .find(|i| i.format == import.format);
        let info = ListInfo {
            format: import.format,
            publisher: import.format.publisher().to_owned(),
            published: read.published,
            sha256,
            rows: u32::try_from(read.entries.len()).unwrap_or(u32::MAX),
            imported_at: import.now,
            imported_by: import.by.to_owned(),
            origin: import.origin,
            version: before.map_or(1, |b| b.version + 1),
        };
        Ok(Prepared {
            info,
            entries: read.entries,
        })
    }

    /// Makes `entries` the current version of their list for `profile`, by atomic
    /// rename: a failure leaves the version before.
    pub fn keep(&self, profile: &str, info: &ListInfo, entries: &[ListEntry]) -> AppResult<()> {
        let record = Record { info, entries };
        let bytes =
            serde_json::to_vec(&record).map_err(|e| AppError::storage(Task::SaveLists, e))?;
        // A list kept must be one that is read back: over the most a list is read, it
        // is refused now, and the version before stays.
        if bytes.len() as u64 > RecordKind::Lists.max_bytes() {
            return Err(AppError::new(
                crate::error::DeskCode::ListUnreadable,
                format!("{} bytes kept, over the most a list is read", bytes.len()),
            )
            .with_details(crate::error::Details::ListUnreadable {
                problem: super::formats::ListProblem::TooLarge,
                line: None,
            }));
        }
        let dir = self.dir(profile);
        fsio::create_private_dir_all(&dir).map_err(|e| AppError::storage(Task::SaveLists, e))?;
        fsio::write_atomic(&dir.join(file_name(info.format)), &bytes)
            .map_err(|e| AppError::storage(Task::SaveLists, e))?;
        *self.cache.lock().unwrap_or_else(|p| p.into_inner()) = None;
        Ok(())
    }

    /// Drops `profile`'s list of `format` (a team's desk mirrors the team, which has none).
    pub fn forget(&self, profile: &str, format: ListFormat) -> AppResult<()> {
        match std::fs::remove_file(self.dir(profile).join(file_name(format))) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(AppError::storage(Task::SaveLists, e)),
        }
        *self.cache.lock().unwrap_or_else(|p| p.into_inner()) = None;
        Ok(())
    }
}

#[derive(Debug)]
pub enum ImportError {
    /// The file is no list of the format: nothing was kept.
    List(ListError),
    Desk(AppError),
}

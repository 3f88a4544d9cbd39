//! A record kept per profile, one file each (`<dir>/<profile><suffix>.json`): one writer
//! at a time per profile, written atomically and privately, and set aside and announced
//! when it cannot be read (it then reads as its default, and its next write loses
//! nothing). The watchlist, the saved views, the SLA policy and the SLA notices are each
//! one; what differs is their checks, given as functions.

use std::path::PathBuf;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{AppError, AppResult, Task};
use crate::fsio;
use crate::recovery::{RecordKind, Recoveries};

pub struct ProfileRecords<T> {
    dir: PathBuf,
    suffix: &'static str,
    kind: RecordKind,
    reading: Task,
    saving: Task,
    recoveries: Recoveries,
    locks: fsio::Locks,
    check: fn(T) -> Result<T, String>,
    repair: fn(&mut T) -> Option<String>,
}

impl<T: Serialize + DeserializeOwned + Default> ProfileRecords<T> {
    /// Records of `kind` in `dir`; a failure to read or save one names `reading` or
    /// `saving` as the task that failed.
    pub fn new(
        dir: PathBuf,
        kind: RecordKind,
        [reading, saving]: [Task; 2],
        recoveries: Recoveries,
    ) -> Self {
        Self {
            dir,
            suffix: "",
            kind,
            reading,
            saving,
            recoveries,
            locks: fsio::Locks::default(),
            check: Ok,
            repair: |_| None,
        }
    }

    /// Files named `<profile><suffix>.json`, for two kinds of record in one folder (a
    /// profile id never holds a dot once made safe, so the names cannot meet).
    pub fn named(mut self, suffix: &'static str) -> Self {
        self.suffix = suffix;
        self
    }

    /// A stored record `check` refuses is set aside like an unreadable one (and reads as
    /// the default), so it is not read and refused again at every read.
    pub fn checked(mut self, check: fn(T) -> Result<T, String>) -> Self {
        self.check = check;
        self
    }

    /// `repair` drops from a record read what the desk would have refused (a hand edit,
    /// another program) and says what it dropped; the file is then set aside whole and
    /// what was kept written back. Saying nothing, it may still normalise the record.
    pub fn repaired(mut self, repair: fn(&mut T) -> Option<String>) -> Self {
        self.repair = repair;
        self
    }

    /// Where the profile's record is.
    pub fn path(&self, profile_id: &str) -> PathBuf {
        self.dir.join(format!(
            "{}{}.json",
            fsio::safe_name(profile_id),
            self.suffix
        ))
    }

    /// The profile's record, or its default when there is none (or it was set aside).
    pub fn read(&self, profile_id: &str) -> AppResult<T> {
        // Under the lock, so a record set aside as unreadable is never one a writer has
        // just replaced.
        self.locks
            .with(profile_id, || self.read_unlocked(profile_id))
    }

    fn read_unlocked(&self, profile_id: &str) -> AppResult<T> {
        let path = self.path(profile_id);
        let check = self.check;
        let stored = fsio::read_or_set_aside(&path, self.kind, &self.recoveries, |bytes| {
            check(serde_json::from_slice(bytes).map_err(|e| e.to_string())?)
        })
        .map_err(|e| AppError::storage(self.reading, e))?;
        let Some(mut record) = stored else {
            return Ok(T::default());
        };
        if let Some(dropped) = (self.repair)(&mut record) {
            fsio::set_aside_announced(&path, self.kind, &self.recoveries, dropped)
                .and_then(|()| fsio::write_json(&path, &record))
                .map_err(|e| AppError::storage(self.reading, e))?;
        }
        Ok(record)
    }

    /// Where what is set aside is announced.
    pub fn recoveries(&self) -> &Recoveries {
        &self.recoveries
    }

    fn write_unlocked(&self, profile_id: &str, record: &T) -> AppResult<()> {
        fsio::write_json(&self.path(profile_id), record)
            .map_err(|e| AppError::storage(self.saving, e))
    }

    /// Reads, edits and writes back the profile's record, as its one writer meanwhile;
    /// written only when `edit` says it changed it. Nothing is written when `edit` fails.
    pub fn change<R>(
        &self,
        profile_id: &str,
        edit: impl FnOnce(&mut T) -> AppResult<(R, bool)>,
    ) -> AppResult<R> {
        self.locks.with(profile_id, || {
            let mut record = self.read_unlocked(profile_id)?;
            let (result, changed) = edit(&mut record)?;
            if changed {
                self.write_unlocked(profile_id, &record)?;
            }
            Ok(result)
        })
    }

    /// Keeps `record` as the profile's, whatever was there.
    pub fn replace(&self, profile_id: &str, record: &T) -> AppResult<()> {
        self.locks
            .with(profile_id, || self.write_unlocked(profile_id, record))
    }

    /// Removes the profile's record (the profile is being deleted).
    pub fn forget_profile(&self, profile_id: &str) -> std::io::Result<()> {
        self.locks
            .with(profile_id, || fsio::remove_all(&self.path(profile_id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(dir: &std::path::Path, recoveries: &Recoveries) -> ProfileRecords<Vec<u32>> {
        ProfileRecords::new(
            dir.to_path_buf(),
            RecordKind::SavedViews,
            [Task::ReadSavedViews, Task::SaveSavedViews],
            recoveries.clone(),
        )
        .checked(|numbers: Vec<u32>| {
            if numbers.contains(&0) {
                Err("a zero".to_owned())
            } else {
                Ok(numbers)
            }
        })
        .repaired(|numbers| {
            let before = numbers.len();
            numbers.retain(|n| *n < 100);
            (numbers.len() < before).then(|| "numbers of 100 or more dropped".to_owned())
        })
    }

    #[test]
    fn a_record_per_profile_changed_by_one_writer_and_forgotten() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let store = records(dir.path(), &Recoveries::default());
        assert_eq!(store.read("p").expect("read"), Vec::<u32>::new());
        store
            .change("p", |n| {
                n.push(7);
                Ok(((), true))
            })
            .expect("changed");
        assert_eq!(store.read("p").expect("read"), [7]);
        assert!(store.read("q").expect("another profile's").is_empty());
        // An edit that fails writes nothing.
        let failed: AppResult<()> = store.change("p", |n| {
            n.push(8);
            Err(AppError::of(crate::error::DeskCode::InvalidInput))
        });
        assert!(failed.is_err());
        assert_eq!(store.read("p").expect("read"), [7]);
        store.forget_profile("p").expect("forgotten");
        assert!(store.read("p").expect("read").is_empty());
    }

    #[test]
    fn a_record_refused_or_repaired_is_set_aside_and_announced() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let recoveries = Recoveries::default();
        let store = records(dir.path(), &recoveries);
        std::fs::write(dir.path().join("p.json"), b"[1, 0]").expect("written");
        assert!(
            store.read("p").expect("read").is_empty(),
            "refused: the default"
        );
        std::fs::write(dir.path().join("p.json"), b"[1, 200]").expect("written");
        assert_eq!(store.read("p").expect("read"), [1], "what is valid is kept");
        assert_eq!(
            std::fs::read_to_string(dir.path().join("p.json")).expect("written back"),
            "[\n  1\n]"
        );
        assert_eq!(recoveries.all().len(), 2, "each set aside and announced");
        let aside = std::fs::read_dir(dir.path())
            .expect("folder")
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.file_name().to_string_lossy().contains("unreadable"))
            })
            .count();
        assert_eq!(aside, 2, "both originals kept beside it");
    }
}

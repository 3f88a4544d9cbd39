//! Which files one desk has told its analyst are about to breach, one local record per
//! profile (`<data>/sla/<profile>.notices.json`, beside the policy; a profile id never
//! holds a dot once made safe, so the two names cannot meet). A file is told once the
//! window has shown it, not when a board merely named it; kept so that an app opened
//! again does not announce the same approach twice. Unreadable, it is set aside
//! and announced as the SLA's record, and the files still about to breach are told
//! once more: a notice too many, never one lost.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::error::{AppError, AppResult, Task};
use crate::fsio;
use crate::recovery::{RecordKind, Recoveries};

/// A file by its flow and RFC.
pub type FileKey = (String, String);

pub struct NoticeStore {
    dir: PathBuf,
    recoveries: Recoveries,
    locks: fsio::Locks,
}

impl NoticeStore {
    pub fn new(dir: PathBuf, recoveries: Recoveries) -> Self {
        Self {
            dir,
            recoveries,
            locks: fsio::Locks::default(),
        }
    }

    fn path(&self, profile_id: &str) -> PathBuf {
        self.dir
            .join(format!("{}.notices.json", fsio::safe_name(profile_id)))
    }

    fn read(&self, path: &Path) -> AppResult<BTreeSet<FileKey>> {
        Ok(fsio::read_json_or_set_aside::<Vec<FileKey>>(
            path,
            RecordKind::SlaPolicy,
            &self.recoveries,
        )
        .map_err(|e| AppError::storage(Task::ReadSlaPolicy, e))?
        .unwrap_or_default()
        .into_iter()
        .collect())
    }

    fn write(path: &Path, told: &BTreeSet<FileKey>) -> AppResult<()> {
        let kept: Vec<&FileKey> = told.iter().collect();
        fsio::write_json(path, &kept).map_err(|e| AppError::storage(Task::SaveSlaPolicy, e))
    }

    /// The files of `at_risk` the analyst was not shown yet, in `at_risk`'s order: a
    /// read, answered the same until the window says they were shown (`shown`), so a
    /// notice computed but never drawn (a screen that did not read it, a window closed
    /// first) is not lost. A told file that left "por vencer" is forgotten, so its next
    /// approach is told again. Written only when it changed.
    pub fn untold(&self, profile_id: &str, at_risk: &[FileKey]) -> AppResult<Vec<FileKey>> {
        self.locks.with(profile_id, || {
            let path = self.path(profile_id);
            let told = self.read(&path)?;
            let now: BTreeSet<&FileKey> = at_risk.iter().collect();
            let still: BTreeSet<FileKey> = told
                .iter()
                .filter(|key| now.contains(key))
                .cloned()
                .collect();
            if still != told {
                Self::write(&path, &still)?;
            }
            Ok(at_risk
                .iter()
                .filter(|key| !still.contains(*key))
                .cloned()
                .collect())
        })
    }

    /// Keeps `files` as told: the window has shown them to the analyst.
    pub fn shown(&self, profile_id: &str, files: &[FileKey]) -> AppResult<()> {
        self.locks.with(profile_id, || {
            let path = self.path(profile_id);
            let mut told = self.read(&path)?;
            let before = told.len();
            told.extend(files.iter().cloned());
            if told.len() != before {
                Self::write(&path, &told)?;
            }
            Ok(())
        })
    }

    pub fn forget_profile(&self, profile_id: &str) -> std::io::Result<()> {
        self.locks
            .with(profile_id, || fsio::remove_all(&self.path(profile_id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(rfc: &str) -> FileKey {
        ("flujo".to_owned(), rfc.to_owned())
    }

    #[test]
    fn told_once_shown_across_a_restart_and_again_on_a_new_approach() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let store = || NoticeStore::new(dir.path().join("sla"), Recoveries::default());
        assert_eq!(
            store().untold("p", &[key("A"), key("B")]).expect("read"),
            [key("A"), key("B")]
        );
        // Named but not shown yet: named again (a screen that did not draw it loses nothing).
        assert_eq!(
            store().untold("p", &[key("B"), key("A")]).expect("read"),
            [key("B"), key("A")]
        );
        store().shown("p", &[key("A"), key("B")]).expect("kept");
        // The app opened again: nothing new to tell.
        assert!(
            store()
                .untold("p", &[key("B"), key("A")])
                .expect("read")
                .is_empty()
        );
        // Another profile keeps its own.
        assert_eq!(store().untold("q", &[key("A")]).expect("read"), [key("A")]);
        // A leaves "por vencer", then comes back: told again.
        assert!(store().untold("p", &[key("B")]).expect("read").is_empty());
        assert_eq!(
            store().untold("p", &[key("A"), key("B")]).expect("read"),
            [key("A")]
        );
    }

    #[test]
    fn an_unreadable_record_is_set_aside_and_told_again() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let recoveries = Recoveries::default();
        let store = NoticeStore::new(dir.path().join("sla"), recoveries.clone());
        store.shown("p", &[key("A")]).expect("kept");
        assert!(store.untold("p", &[key("A")]).expect("read").is_empty());
        std::fs::write(dir.path().join("sla/p.notices.json"), b"{not json").expect("written");
        assert_eq!(store.untold("p", &[key("A")]).expect("read"), [key("A")]);
        assert_eq!(recoveries.all().len(), 1, "announced");
    }
}

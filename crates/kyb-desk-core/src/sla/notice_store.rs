//! Which files one desk has told its analyst are about to breach, one local record per
//! profile (`<data>/sla/<profile>.notices.json`, beside the policy; a profile id never
//! holds a dot once made safe, so the two names cannot meet). Kept so that an app
//! opened again does not announce the same approach twice. Unreadable, it is set aside
//! and announced as the SLA's record, and the files still about to breach are told
//! once more: a notice too many, never one lost.

use std::collections::BTreeSet;
use std::path::PathBuf;

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

    /// Keeps as told exactly the files `at_risk` names, and answers those of them that
    /// were not told before, in `at_risk`'s order. A file that left "por vencer" is
    /// forgotten, so its next approach is told again. Written only when it changed.
    pub fn tell(&self, profile_id: &str, at_risk: &[FileKey]) -> AppResult<Vec<FileKey>> {
        self.locks.with(profile_id, || {
            let path = self.path(profile_id);
            let told: BTreeSet<FileKey> = fsio::read_json_or_set_aside::<Vec<FileKey>>(
                &path,
                RecordKind::SlaPolicy,
                &self.recoveries,
            )
            .map_err(|e| AppError::storage(Task::ReadSlaPolicy, e))?
            .unwrap_or_default()
            .into_iter()
            .collect();
            let now: BTreeSet<FileKey> = at_risk.iter().cloned().collect();
            let new: Vec<FileKey> = at_risk
                .iter()
                .filter(|key| !told.contains(*key))
                .cloned()
                .collect();
            if now != told {
                let kept: Vec<&FileKey> = now.iter().collect();
                fsio::write_json(&path, &kept)
                    .map_err(|e| AppError::storage(Task::SaveSlaPolicy, e))?;
            }
            Ok(new)
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
    fn told_once_across_a_restart_and_again_on_a_new_approach() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let store = || NoticeStore::new(dir.path().join("sla"), Recoveries::default());
        assert_eq!(
            store().tell("p", &[key("A"), key("B")]).expect("told"),
            [key("A"), key("B")]
        );
        // The app opened again: nothing new to tell.
        assert!(
            store()
                .tell("p", &[key("B"), key("A")])
                .expect("told")
                .is_empty()
        );
        // Another profile keeps its own.
        assert_eq!(store().tell("q", &[key("A")]).expect("told"), [key("A")]);
        // A leaves "por vencer", then comes back: told again.
        assert!(store().tell("p", &[key("B")]).expect("told").is_empty());
        assert_eq!(
            store().tell("p", &[key("A"), key("B")]).expect("told"),
            [key("A")]
        );
    }

    #[test]
    fn an_unreadable_record_is_set_aside_and_told_again() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let recoveries = Recoveries::default();
        let store = NoticeStore::new(dir.path().join("sla"), recoveries.clone());
        store.tell("p", &[key("A")]).expect("told");
        std::fs::write(dir.path().join("sla/p.notices.json"), b"{not json").expect("written");
        assert_eq!(store.tell("p", &[key("A")]).expect("told"), [key("A")]);
        assert_eq!(recoveries.all().len(), 1, "announced");
    }
}

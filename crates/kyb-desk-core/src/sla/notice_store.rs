//! Which files one desk has told its analyst are about to breach, one local record per
//! profile (`<data>/sla/<profile>.notices.json`, beside the policy; a profile id never
//! holds a dot once made safe, so the two names cannot meet). A file is told once the
//! window has shown it, not when a board merely named it; kept so that an app opened
//! again does not announce the same approach twice. Unreadable, it is set aside
//! and announced as the SLA's record, and the files still about to breach are told
//! once more: a notice too many, never one lost.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::error::AppResult;
use crate::profile_records::ProfileRecords;
use crate::recovery::Recoveries;

/// A file by its flow and RFC.
pub type FileKey = (String, String);

pub struct NoticeStore(ProfileRecords<BTreeSet<FileKey>>);

impl NoticeStore {
    pub fn new(dir: PathBuf, recoveries: Recoveries) -> Self {
        Self(super::policy_store::records(dir, recoveries).named(".notices"))
    }

    /// The files of `at_risk` the analyst was not shown yet, in `at_risk`'s order: a
    /// read, answered the same until the window says they were shown (`shown`), so a
    /// notice computed but never drawn (a screen that did not read it, a window closed
    /// first) is not lost. A told file that left "por vencer" is forgotten, so its next
    /// approach is told again. Written only when it changed.
    pub fn untold(&self, profile_id: &str, at_risk: &[FileKey]) -> AppResult<Vec<FileKey>> {
        self.0.change(profile_id, |told| {
            let now: BTreeSet<&FileKey> = at_risk.iter().collect();
            let before = told.len();
            told.retain(|key| now.contains(key));
            let untold = at_risk
                .iter()
                .filter(|key| !told.contains(*key))
                .cloned()
                .collect();
            Ok((untold, told.len() != before))
        })
    }

    /// Keeps `files` as told: the window has shown them to the analyst.
    pub fn shown(&self, profile_id: &str, files: &[FileKey]) -> AppResult<()> {
        self.0.change(profile_id, |told| {
            let before = told.len();
            told.extend(files.iter().cloned());
            Ok(((), told.len() != before))
        })
    }

    pub fn forget_profile(&self, profile_id: &str) -> std::io::Result<()> {
        self.0.forget_profile(profile_id)
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

//! The version-2 details fetched for each file, the last ten kept, so the analyst can
//! see what changed since their last review. A snapshot is marked reviewed when the
//! analyst's correction request succeeds; "what changed" compares the newest
//! snapshot with the last reviewed one (or, before any review, the one before it).

use std::path::PathBuf;

use kyb_api::models::detail::DetailV2;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::error::{AppError, AppResult, Task};
use crate::fsio;
use crate::recovery::{RecordKind, Recoveries};

pub const KEPT_PER_FILE: usize = 10;
/// A longer list of changes is cut here (the UI then says there are more).
pub const MAX_CHANGES: usize = 200;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Snapshot {
    fetched_at_utc: String,
    reviewed: bool,
    detail: Value,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// Where, e.g. `Documentos[0].Validaciones[1].Estatus`.
    pub path: String,
    /// Compact JSON of the value before (absent when added).
    pub before: Option<String>,
    pub after: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DetailChanges {
    /// When the compared snapshot was fetched; none when there is nothing to compare.
    pub since_utc: Option<String>,
    pub since_review: bool,
    pub changes: Vec<Change>,
    pub truncated: bool,
    pub snapshots: u32,
}

pub struct DetailSnapshots {
    dir: PathBuf,
    recoveries: Recoveries,
    /// One writer per profile's histories.
    locks: fsio::Locks,
}

impl DetailSnapshots {
    pub fn new(dir: PathBuf, recoveries: Recoveries) -> Self {
        Self {
            dir,
            recoveries,
            locks: fsio::Locks::default(),
        }
    }

    fn path(&self, profile_id: &str, document_id: &str) -> PathBuf {
        fsio::document_file(&self.dir, profile_id, document_id)
    }

    /// Removes every snapshot of a profile (the profile is being deleted).
    pub fn forget_profile(&self, profile_id: &str) -> std::io::Result<()> {
        self.locks.with(profile_id, || {
            fsio::remove_all(&fsio::profile_dir(&self.dir, profile_id))
        })
    }

    /// A file's snapshots; an unreadable history is set aside and reads as empty.
    /// Called with the profile's lock held.
    fn read(&self, profile_id: &str, document_id: &str) -> AppResult<Vec<Snapshot>> {
        Ok(fsio::read_json_or_set_aside(
            &self.path(profile_id, document_id),
            RecordKind::History,
            &self.recoveries,
        )
        .map_err(|e| AppError::storage(Task::ReadHistory, e))?
        .unwrap_or_default())
    }

    fn write(&self, profile_id: &str, document_id: &str, snapshots: &[Snapshot]) -> AppResult<()> {
        fsio::write_json(&self.path(profile_id, document_id), &snapshots)
            .map_err(|e| AppError::storage(Task::SaveHistory, e))
    }

    /// Keeps a fetched detail (unless it is identical to the newest one kept), under
    /// the id it was asked for: the answer's own `ExpedienteId` may be missing.
    pub fn record(&self, profile_id: &str, document_id: &str, detail: &DetailV2) -> AppResult<()> {
        let value =
            serde_json::to_value(detail).map_err(|e| AppError::storage(Task::SaveHistory, e))?;
        self.locks
            .with(profile_id, || self.keep(profile_id, document_id, value))
    }

    fn keep(&self, profile_id: &str, id: &str, value: Value) -> AppResult<()> {
        let mut snapshots = self.read(profile_id, id)?;
        if snapshots.last().is_some_and(|s| s.detail == value) {
            return Ok(());
        }
        snapshots.push(Snapshot {
            fetched_at_utc: kyb_api::time::instant_text(chrono::Utc::now()),
            reviewed: false,
            detail: value,
        });
        // The last reviewed snapshot is kept even when older than the last ten.
        while snapshots.len() > KEPT_PER_FILE {
            let last_reviewed = snapshots.iter().rposition(|s| s.reviewed);
            let drop_at = if last_reviewed == Some(0) { 1 } else { 0 };
            snapshots.remove(drop_at);
        }
        self.write(profile_id, id, &snapshots)
    }

    /// The newest detail kept of a file, when one is and still reads as a detail.
    pub fn newest(&self, profile_id: &str, document_id: &str) -> AppResult<Option<DetailV2>> {
        let snapshots = self
            .locks
            .with(profile_id, || self.read(profile_id, document_id))?;
        Ok(snapshots
            .last()
            .and_then(|s| serde_json::from_value(s.detail.clone()).ok()))
    }

    /// The analyst's review of the newest snapshot was sent.
    pub fn mark_reviewed(&self, profile_id: &str, document_id: &str) -> AppResult<()> {
        self.locks.with(profile_id, || {
            let mut snapshots = self.read(profile_id, document_id)?;
            if let Some(newest) = snapshots.last_mut() {
                newest.reviewed = true;
                self.write(profile_id, document_id, &snapshots)?;
            }
            Ok(())
        })
    }

    pub fn changes(&self, profile_id: &str, document_id: &str) -> AppResult<DetailChanges> {
        let snapshots = self
            .locks
            .with(profile_id, || self.read(profile_id, document_id))?;
        let count = u32::try_from(snapshots.len()).unwrap_or(u32::MAX);
        let Some((newest, older)) = snapshots.split_last() else {
            return Ok(DetailChanges {
                since_utc: None,
                since_review: false,
                changes: vec![],
                truncated: false,
                snapshots: count,
            });
        };
        let reviewed = older.iter().rev().find(|s| s.reviewed);
        let base = reviewed.or(older.last());
        let mut changes = Vec::new();
        if let Some(base) = base {
            diff("", &base.detail, &newest.detail, &mut changes);
        }
        let truncated = changes.len() > MAX_CHANGES;
        changes.truncate(MAX_CHANGES);
        Ok(DetailChanges {
            since_utc: base.map(|b| b.fetched_at_utc.clone()),
            since_review: reviewed.is_some(),
            changes,
            truncated,
            snapshots: count,
        })
    }
}

fn compact(value: &Value) -> String {
    value.to_string()
}

/// Every leaf that differs between `before` and `after`, depth first.
fn diff(path: &str, before: &Value, after: &Value, out: &mut Vec<Change>) {
    if out.len() > MAX_CHANGES || before == after {
        return;
    }
    let join = |key: &str| {
        if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path}.{key}")
        }
    };
    match (before, after) {
        (Value::Object(a), Value::Object(b)) => {
            for (key, old) in a {
                match b.get(key) {
                    Some(new) => diff(&join(key), old, new, out),
                    None => out.push(Change {
                        path: join(key),
                        before: Some(compact(old)),
                        after: None,
                    }),
                }
            }
            for (key, new) in b.iter().filter(|(k, _)| !a.contains_key(*k)) {
                out.push(Change {
                    path: join(key),
                    before: None,
                    after: Some(compact(new)),
                });
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for index in 0..a.len().max(b.len()) {
                let at = format!("{path}[{index}]");
                match (a.get(index), b.get(index)) {
                    (Some(old), Some(new)) => diff(&at, old, new, out),
                    (old, new) => out.push(Change {
                        path: at,
                        before: old.map(compact),
                        after: new.map(compact),
                    }),
                }
            }
        }
        _ => out.push(Change {
            path: path.to_owned(),
            before: Some(compact(before)),
            after: Some(compact(after)),
        }),
    }
}

#[cfg(test)]
mod tests {
    use kyb_api::models::detail::Document;

    use super::*;

    const ID: &str = "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10";

    fn detail(status: &str, documents: usize) -> DetailV2 {
        DetailV2 {
            expediente_id: Some(ID.into()),
            tramite: Some(status.into()),
            documentos: vec![Document::default(); documents],
            ..DetailV2::default()
        }
    }

    #[test]
    fn changes_since_the_last_review_and_ten_kept() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let history = DetailSnapshots::new(dir.path().to_path_buf(), Recoveries::default());
        let id = ID;
        assert_eq!(history.changes("p", id).expect("changes").snapshots, 0);
        history.record("p", ID, &detail("Alta", 1)).expect("kept");
        history
            .record("p", ID, &detail("Alta", 1))
            .expect("same, not kept");
        history.mark_reviewed("p", id).expect("reviewed");
        for n in 0..12 {
            history
                .record("p", ID, &detail(&format!("Alta {n}"), 2))
                .expect("kept");
        }
        let changes = history.changes("p", id).expect("changes");
        assert_eq!(changes.snapshots as usize, KEPT_PER_FILE);
        assert!(changes.since_review);
        let paths: Vec<&str> = changes.changes.iter().map(|c| c.path.as_str()).collect();
        // Keys in alphabetical order (how the detail is held).
        assert_eq!(paths, ["Documentos[1]", "Tramite"]);
        assert_eq!(changes.changes[0].before, None);
        assert_eq!(changes.changes[1].before.as_deref(), Some("\"Alta\""));
    }

    #[test]
    fn an_unreadable_history_is_set_aside_and_the_detail_is_kept_anew() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let recoveries = Recoveries::default();
        let history = DetailSnapshots::new(dir.path().to_path_buf(), recoveries.clone());
        let fetched = detail("Alta", 1);
        let path = history.path("p", ID);
        std::fs::create_dir_all(path.parent().expect("dir")).expect("folder");
        std::fs::write(&path, "not json").expect("a damaged history");
        assert_eq!(history.changes("p", ID).expect("changes").snapshots, 0);
        history.record("p", ID, &fetched).expect("kept");
        assert_eq!(history.changes("p", ID).expect("changes").snapshots, 1);
        let announced = recoveries.all();
        assert_eq!(announced.len(), 1, "{announced:?}");
        assert_eq!(announced[0].kind, RecordKind::History);
        assert_eq!(
            std::fs::read_to_string(&announced[0].set_aside_as).expect("kept"),
            "not json"
        );
    }
}

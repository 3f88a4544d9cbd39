//! One desk's saved views, one local record per profile:
//! `<data>/views/<profile>.json`, written atomically and privately, set aside and
//! announced when it cannot be read. A view's name and filter are checked by the one
//! rule the team's database uses too (`kyb_team::ViewFilter`); on one desk a view has
//! no owner and is never shared (there is nobody to share it with).

use std::path::PathBuf;

use chrono::{SecondsFormat, Utc};
use kyb_team::{SavedView, VIEWS_MAX, ViewFilter, view_name};
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult, DeskCode, Task};
use crate::profile_records::ProfileRecords;
use crate::recovery::{RecordKind, Recoveries};

/// The record: the views, and the id the next one gets (ids are never reused, so a
/// window that still shows a deleted view cannot change another by its id).
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Record {
    next_id: i64,
    views: Vec<SavedView>,
}

pub struct ViewStore(ProfileRecords<Record>);

/// A record edited by hand or by another program: the views the desk would have refused
/// (a name or filter out of bounds, a name twice, one past the most) are dropped, and
/// the file is set aside whole first, so the next write of what is kept loses nothing
/// silently. Ids are never reused, even after a hand edit.
fn repair(record: &mut Record) -> Option<String> {
    let read = record.views.len();
    let mut kept: Vec<SavedView> = Vec::with_capacity(read.min(VIEWS_MAX));
    for view in std::mem::take(&mut record.views) {
        let valid = view_name(&view.name).is_ok_and(|name| name == view.name)
            && view.filter.checked().is_ok()
            && !kept
                .iter()
                .any(|k| k.name.to_lowercase() == view.name.to_lowercase() || k.id == view.id);
        if valid && kept.len() < VIEWS_MAX {
            kept.push(view);
        }
    }
    record.views = kept;
    let last = record.views.iter().map(|v| v.id).max().unwrap_or(0);
    record.next_id = record.next_id.max(last);
    (record.views.len() < read).then(|| {
        format!(
            "{} of {read} saved views dropped: more than {VIEWS_MAX}, or a name or \
             filter out of bounds, or a name or id given twice",
            read - record.views.len()
        )
    })
}

impl ViewStore {
    pub fn new(dir: PathBuf, recoveries: Recoveries) -> Self {
        Self(
            ProfileRecords::new(
                dir,
                RecordKind::SavedViews,
                [Task::ReadSavedViews, Task::SaveSavedViews],
                recoveries,
            )
            .repaired(repair),
        )
    }

    /// The profile's views by name.
    pub fn list(&self, profile_id: &str) -> AppResult<Vec<SavedView>> {
        let mut views = self.0.read(profile_id)?.views;
        for view in &mut views {
            view.filter = view.filter.checked().unwrap_or_default();
        }
        views.sort_by_key(|v| (v.name.to_lowercase(), v.id));
        Ok(views)
    }

    /// Saves a view under `name`, over the profile's view of that name (in any case);
    /// its id. A name or filter out of bounds, or one view too many, is refused and
    /// nothing is written.
    pub fn save(&self, profile_id: &str, name: &str, filter: &ViewFilter) -> AppResult<i64> {
        let name = view_name(name).map_err(|_| AppError::of(DeskCode::InvalidInput))?;
        let filter = filter
            .checked()
            .map_err(|_| AppError::of(DeskCode::InvalidInput))?;
        let now = Utc::now().to_rfc3339_opts(SecondsFormat::Secs, true);
        self.0.change(profile_id, |record| {
            let id = match record
                .views
                .iter_mut()
                .find(|v| v.name.to_lowercase() == name.to_lowercase())
            {
                Some(view) => {
                    view.name = name;
                    view.filter = filter;
                    view.updated_at = now;
                    view.id
                }
                None => {
                    if record.views.len() >= VIEWS_MAX {
                        return Err(AppError::of(DeskCode::InvalidInput));
                    }
                    record.next_id = record.next_id.max(0) + 1;
                    record.views.push(SavedView {
                        id: record.next_id,
                        name,
                        owner: None,
                        mine: true,
                        shared: false,
                        filter,
                        updated_at: now,
                    });
                    record.next_id
                }
            };
            Ok((id, true))
        })
    }

    /// Deletes a view; a view that is not there is `InvalidInput`.
    pub fn delete(&self, profile_id: &str, id: i64) -> AppResult<()> {
        self.0.change(profile_id, |record| {
            let before = record.views.len();
            record.views.retain(|v| v.id != id);
            if record.views.len() == before {
                return Err(AppError::of(DeskCode::InvalidInput));
            }
            Ok(((), true))
        })
    }

    pub fn forget_profile(&self, profile_id: &str) -> std::io::Result<()> {
        self.0.forget_profile(profile_id)
    }
}

#[cfg(test)]
mod tests {
    use kyb_api::file::StatusCategory;

    use super::*;

    fn store() -> (tempfile::TempDir, ViewStore) {
        let dir = tempfile::tempdir().expect("the store answers");
        let store = ViewStore::new(dir.path().join("views"), Recoveries::default());
        (dir, store)
    }

    fn queued() -> ViewFilter {
        ViewFilter {
            query: " acme ".into(),
            categories: vec![StatusCategory::Queued],
            ..ViewFilter::default()
        }
    }

    #[test]
    fn views_are_kept_per_profile_by_name_and_saved_over_by_name() {
        let (_dir, store) = store();
        let a = store
            .save("p1", "Pendientes", &queued())
            .expect("the store answers");
        let b = store
            .save("p1", "Ayer", &ViewFilter::default())
            .expect("the store answers");
        assert_ne!(a, b);
        assert!(store.list("p2").expect("the store answers").is_empty());
        let views = store.list("p1").expect("the store answers");
        assert_eq!(
            views.iter().map(|v| v.name.as_str()).collect::<Vec<_>>(),
            ["Ayer", "Pendientes"]
        );
        assert_eq!(views[1].filter.query, "acme");
        assert!(
            views
                .iter()
                .all(|v| v.mine && !v.shared && v.owner.is_none())
        );
        assert_eq!(
            store
                .save("p1", "PENDIENTES", &ViewFilter::default())
                .expect("the store answers"),
            a
        );
        assert_eq!(store.list("p1").expect("the store answers").len(), 2);
        store.delete("p1", a).expect("the store answers");
        // Ids are not reused: the window's stale id names nothing.
        let c = store
            .save("p1", "Otra", &queued())
            .expect("the store answers");
        assert!(c > b);
        assert!(store.delete("p1", a).is_err());
    }

    #[test]
    fn out_of_bounds_is_refused_and_nothing_is_written() {
        let (_dir, store) = store();
        assert!(store.save("p1", "", &queued()).is_err());
        let long = ViewFilter {
            query: "x".repeat(kyb_team::VIEW_QUERY_MAX + 1),
            ..ViewFilter::default()
        };
        assert!(store.save("p1", "Larga", &long).is_err());
        assert!(!store.0.path("p1").exists());
        for n in 0..VIEWS_MAX {
            store
                .save("p1", &format!("v{n}"), &queued())
                .expect("the store answers");
        }
        assert!(store.save("p1", "una más", &queued()).is_err());
        assert_eq!(
            store.list("p1").expect("the store answers").len(),
            VIEWS_MAX
        );
    }

    #[test]
    fn an_unreadable_record_is_set_aside_and_announced_not_replaced() {
        let (dir, store) = store();
        std::fs::create_dir_all(dir.path().join("views")).expect("the store answers");
        std::fs::write(store.0.path("p1"), b"{ not json").expect("the store answers");
        assert!(store.list("p1").expect("the store answers").is_empty());
        let set_aside = std::fs::read_dir(dir.path().join("views"))
            .expect("the store answers")
            .filter_map(|e| e.ok())
            .any(|e| e.file_name().to_string_lossy().contains(".unreadable-"));
        assert!(set_aside, "the old contents are kept aside");
        assert_eq!(store.0.recoveries().all().len(), 1);
    }

    #[test]
    fn a_record_with_views_out_of_bounds_keeps_the_valid_ones_and_is_set_aside() {
        let (dir, store) = store();
        let view = |id: i64, name: &str| SavedView {
            id,
            name: name.to_owned(),
            owner: None,
            mine: true,
            shared: false,
            filter: queued(),
            updated_at: "2026-01-01T00:00:00Z".into(),
        };
        let mut views: Vec<SavedView> = (1..=60).map(|n| view(n, &format!("v{n}"))).collect();
        views.insert(0, view(100, "mala\u{7}campana"));
        let record = Record {
            next_id: 100,
            views,
        };
        let path = store.0.path("p1");
        crate::fsio::write_json(&path, &record).expect("written");
        let original = std::fs::read(&path).expect("read");

        let listed = store.list("p1").expect("the store answers");
        assert_eq!(listed.len(), VIEWS_MAX);
        assert!(listed.iter().all(|v| !v.name.contains('\u{7}')));
        assert!(listed.iter().any(|v| v.name == "v1") && listed.iter().all(|v| v.name != "v51"));
        let announced = store.0.recoveries().all();
        assert_eq!(announced.len(), 1);
        assert_eq!(announced[0].kind, RecordKind::SavedViews);
        assert!(announced[0].reason.starts_with("11 of 61"), "{announced:?}");
        assert_eq!(
            std::fs::read(&announced[0].set_aside_as).expect("kept whole"),
            original
        );
        // What is kept is written back: read again, nothing more is set aside.
        assert_eq!(store.list("p1").expect("the store answers"), listed);
        assert_eq!(store.0.recoveries().all().len(), 1);
        assert!(dir.path().join("views").exists());
    }
}

//! The desk's record of what tolerant reading absorbed ([`kyb_api::drift`]), kept in
//! `drift.json` so it outlives the session and can be exported for whoever keeps the
//! sandbox and the spec copy.
//!
//! A lesson that teaches something new is written at once; repeated ones are counted
//! in memory and written at most every [`SAVE_EVERY`], so a production service that
//! sends the same extra field in every answer does not cost a disk write per answer.
//! A count lost in a crash is a count, never a record of work.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use kyb_api::drift::{DriftReport, Lesson};
use kyb_api::{Learner, Operation};
use serde::Serialize;
use ts_rs::TS;

use crate::error::{AppError, AppResult, Task};
use crate::fsio;
use crate::recovery::{RecordKind, Recoveries};

pub const SAVE_EVERY: Duration = Duration::from_secs(30);

pub fn drift_path(data_dir: &Path) -> PathBuf {
    data_dir.join("drift.json")
}

#[derive(Clone)]
pub struct DriftLog(Arc<Inner>);

struct Inner {
    path: PathBuf,
    state: Mutex<State>,
}

struct State {
    report: DriftReport,
    saved_at: Instant,
    unsaved: bool,
}

/// What the export file holds: the counts and what they came from, nothing else.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DriftExport {
    pub kind: &'static str,
    pub app_version: &'static str,
    pub exported_at_utc: String,
    pub report: DriftReport,
}

impl DriftLog {
    pub fn open(path: PathBuf, recoveries: &Recoveries) -> Self {
        let report =
            fsio::read_json_or_set_aside::<DriftReport>(&path, RecordKind::Drift, recoveries)
                .unwrap_or_else(|error| {
                    tracing::warn!("drift counts not read: {error}");
                    None
                })
                .unwrap_or_default()
                .kept_as_now();
        Self(Arc::new(Inner {
            path,
            state: Mutex::new(State {
                report,
                saved_at: Instant::now(),
                unsaved: false,
            }),
        }))
    }

    /// What clients report their lessons to.
    pub fn learner(&self) -> Learner {
        let log = self.clone();
        Learner(Arc::new(move |operation, lesson| {
            log.learn(operation, &lesson)
        }))
    }

    pub fn learn(&self, operation: Operation, lesson: &Lesson) {
        let mut state = self.0.state.lock().unwrap_or_else(|p| p.into_inner());
        let new = state.report.learn(operation, lesson);
        state.unsaved = true;
        if new || state.saved_at.elapsed() >= SAVE_EVERY {
            self.save(&mut state);
        }
    }

    pub fn report(&self) -> DriftReport {
        let mut state = self.0.state.lock().unwrap_or_else(|p| p.into_inner());
        if state.unsaved {
            self.save(&mut state);
        }
        state.report.clone()
    }

    fn save(&self, state: &mut State) {
        match fsio::write_json(&self.0.path, &state.report) {
            Ok(()) => {
                state.unsaved = false;
                state.saved_at = Instant::now();
            }
            Err(error) => tracing::warn!("drift counts not saved: {error}"),
        }
    }

    /// Writes the counts to `path` for sending back.
    pub fn export(&self, path: &Path) -> AppResult<()> {
        let export = DriftExport {
            kind: "kyb-desk-drift",
            app_version: env!("CARGO_PKG_VERSION"),
            exported_at_utc: kyb_api::time::instant_text(chrono::Utc::now()),
            report: self.report(),
        };
        fsio::write_json(path, &export).map_err(|e| AppError::storage(Task::ExportDrift, e))
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        let state = self.state.get_mut().unwrap_or_else(|p| p.into_inner());
        if state.unsaved
            && let Err(error) = fsio::write_json(&self.path, &state.report)
        {
            tracing::warn!("drift counts not saved: {error}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lessons_are_kept_across_sessions_and_a_damaged_file_is_set_aside() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = drift_path(dir.path());
        let lesson = Lesson {
            unknown_fields: vec!["Riesgo".into()],
            ..Lesson::default()
        };
        {
            let log = DriftLog::open(path.clone(), &Recoveries::default());
            log.learn(Operation::Tracking, &lesson);
            log.learn(Operation::Tracking, &lesson);
        }
        let again = DriftLog::open(path.clone(), &Recoveries::default());
        let counts = &again.report().operations["POST /expedientes/v1/tracking"];
        assert_eq!(counts.answers, 2);
        assert_eq!(counts.unknown_fields["Riesgo"], 2);

        std::fs::write(&path, "{ not json").expect("damaged");
        let recoveries = Recoveries::default();
        let fresh = DriftLog::open(path, &recoveries);
        assert!(fresh.report().operations.is_empty());
        assert_eq!(recoveries.all()[0].kind, RecordKind::Drift);
    }
}

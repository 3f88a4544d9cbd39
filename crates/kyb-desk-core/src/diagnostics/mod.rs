//! "Export diagnostics": one file a user can hand to support when something goes wrong,
//! holding the app's version, the platform, the last days' logs, the drift report and
//! the notices of records set aside, and no key, password, RFC, CURP, name, e-mail or
//! folio (every text goes through [`redact::Redactor`]; the keyring is never read).
//!
//! **The file is one JSON document** (`kyb-desk-diagnostico.json`), not a ZIP: the
//! user reads what will be written before saving it, and can read the saved file in any
//! editor to check it again; support reads it without unpacking; and what it carries is
//! small (the logs are capped at [`logs::MAX_LOG_CHARS`], the newest lines kept). Its
//! sections are its top-level fields, in the order the preview shows them.
//!
//! The user sees the bundle before it is written, and what is written is what was
//! shown: [`Diagnostics::preview`] gathers and keeps it, [`Diagnostics::save`] writes
//! that one (new log lines in between are not in it).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use kyb_api::drift::DriftReport;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::desk::Desk;
use crate::error::{AppError, AppResult, Task};
use crate::fsio;
use crate::recovery::{RecordKind, Recovery};

pub mod logs;
pub mod redact;

use logs::LogDay;
use redact::{Redactor, Withheld};

/// The first field of the file, for whoever opens it.
pub const KIND: &str = "kyb-desk-diagnostics";

/// The name the save dialog suggests.
pub const FILE_NAME: &str = "kyb-desk-diagnostico.json";

/// The bundle, as previewed and as written.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DiagnosticsBundle {
    pub kind: String,
    pub created_at_utc: String,
    pub version: VersionSection,
    pub platform: Platform,
    pub logs: Vec<LogDay>,
    /// What tolerant reading absorbed ([`kyb_api::drift`]: names and forms, scrubbed
    /// again here).
    pub drift: DriftReport,
    /// The local records set aside as unreadable this session.
    pub recoveries: Vec<RecoveryNotice>,
    /// How many of each kind of datum were withheld, so support knows a gap is one.
    pub withheld: BTreeMap<Withheld, u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct VersionSection {
    pub app_version: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Platform {
    /// `linux`, `macos`, `windows`.
    pub os: String,
    pub arch: String,
    /// The distribution's own name for itself (`PRETTY_NAME` of /etc/os-release), when
    /// there is one.
    pub os_release: Option<String>,
}

/// A record set aside, its paths and reason scrubbed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryNotice {
    pub kind: RecordKind,
    pub path: String,
    pub set_aside_as: String,
    pub reason: String,
}

/// Gathers the bundle from the desk and the log folder `log_dir`.
pub fn gather(desk: &Desk, log_dir: &Path) -> DiagnosticsBundle {
    gather_from(&desk.drift_report(), &desk.recoveries(), log_dir)
}

/// The bundle from its parts (what [`gather`] reads from the desk).
pub fn gather_from(
    drift: &DriftReport,
    recoveries: &[Recovery],
    log_dir: &Path,
) -> DiagnosticsBundle {
    let mut redactor = Redactor::for_this_user();
    let platform = Platform {
        os: std::env::consts::OS.to_owned(),
        arch: std::env::consts::ARCH.to_owned(),
        os_release: os_release().map(|r| redactor.free_text(&r)),
    };
    let logs = logs::last_days(log_dir, &mut redactor);
    let drift = scrub_drift(drift, &mut redactor);
    let recoveries = recoveries
        .iter()
        .map(|r| RecoveryNotice {
            kind: r.kind,
            path: redactor.free_text(&r.path),
            set_aside_as: redactor.free_text(&r.set_aside_as),
            reason: redactor.free_text(&r.reason),
        })
        .collect();
    DiagnosticsBundle {
        kind: KIND.to_owned(),
        created_at_utc: kyb_api::time::instant_text(chrono::Utc::now()),
        version: VersionSection {
            app_version: env!("CARGO_PKG_VERSION").to_owned(),
        },
        platform,
        logs,
        drift,
        recoveries,
        withheld: redactor.counts().clone(),
    }
}

/// The report's every key and text through the redactor (its names were already
/// judged where they were learnt; this is the net under that). A report that would not
/// read back after scrubbing is left out whole rather than carried unscrubbed.
fn scrub_drift(report: &DriftReport, redactor: &mut Redactor) -> DriftReport {
    let Ok(value) = serde_json::to_value(report) else {
        return DriftReport::default();
    };
    let scrubbed = scrub_value(value, redactor);
    serde_json::from_value(scrubbed).unwrap_or_default()
}

fn scrub_value(value: serde_json::Value, redactor: &mut Redactor) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::String(text) => Value::String(redactor.free_text(&text)),
        Value::Array(items) => Value::Array(
            items
                .into_iter()
                .map(|item| scrub_value(item, redactor))
                .collect(),
        ),
        Value::Object(map) => {
            let mut out = serde_json::Map::new();
            for (key, item) in map {
                let key = redactor.free_text(&key);
                let item = scrub_value(item, redactor);
                // Two keys scrubbed to one: their counts add up.
                match (out.get_mut(&key), &item) {
                    (Some(Value::Number(had)), Value::Number(more)) => {
                        let sum = had.as_u64().unwrap_or(0) + more.as_u64().unwrap_or(0);
                        *had = sum.into();
                    }
                    _ => {
                        out.insert(key, item);
                    }
                }
            }
            Value::Object(out)
        }
        other => other,
    }
}

fn os_release() -> Option<String> {
    let text = std::fs::read_to_string("/etc/os-release").ok()?;
    text.lines()
        .find_map(|line| line.strip_prefix("PRETTY_NAME="))
        .map(|name| name.trim_matches('"').to_owned())
}

/// The window's diagnostics: the log folder, and the bundle last shown to the user.
pub struct Diagnostics {
    log_dir: PathBuf,
    shown: Mutex<Option<DiagnosticsBundle>>,
}

impl Diagnostics {
    pub fn new(log_dir: PathBuf) -> Self {
        Self {
            log_dir,
            shown: Mutex::new(None),
        }
    }

    /// Gathers the bundle, keeps it for [`Self::save`], and gives it to be shown.
    pub fn preview(&self, desk: &Desk) -> DiagnosticsBundle {
        let bundle = gather(desk, &self.log_dir);
        *self.shown.lock().unwrap_or_else(|p| p.into_inner()) = Some(bundle.clone());
        bundle
    }

    /// Writes the bundle last shown to `path`; refused when none was shown (the user
    /// sees the contents before saving, always).
    pub fn save(&self, path: &Path) -> AppResult<()> {
        let shown = self.shown.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let bundle = shown.ok_or_else(|| {
            AppError::storage(Task::ExportDiagnostics, "no diagnostics were shown to save")
        })?;
        fsio::write_json(path, &bundle).map_err(|e| AppError::storage(Task::ExportDiagnostics, e))
    }
}

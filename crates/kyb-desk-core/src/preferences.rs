//! The window's preferences (language, theme, automatic refresh, recent folios, the
//! demo panel's and tours' state), one set per data folder: `preferences.json` beside
//! the records it goes with. The page changes one key at a time, each checked here
//! (a page cannot grow the file without bound or store what breaks the next start),
//! and the file is written atomically; one that does not read is set aside and
//! announced. Keys written by a newer version are kept: a change replaces only its own.
//! While the app runs the entries live in a map the shell gives ([`Entries`]: the
//! shell's is `tauri-plugin-store`'s store).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::error::{AppError, AppResult, DeskCode, Details, Failure, Rule};
use crate::fsio;
use crate::recovery::{RecordKind, Recoveries};
use crate::store::PREFERENCES_FILE;

/// The window's language: one of the languages the desk speaks.
pub use crate::profiles::Locale;

/// Light or dark, or as the system says.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum ThemeChoice {
    #[default]
    System,
    Light,
    Dark,
}

/// Every preference, with its default when the file does not have it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct Preferences {
    pub language: Locale,
    pub theme: ThemeChoice,
    /// Minutes between automatic refreshes of the watchlist, by profile id (a profile
    /// not named: off).
    pub auto_refresh: BTreeMap<String, u32>,
    /// The folios looked up and found, newest first.
    pub recent_folios: Vec<String>,
    /// The demo's "try this" panel was dismissed.
    pub guide_hidden: bool,
    /// The demo's "try this" panel is folded to its title line.
    pub guide_folded: bool,
    /// The demo's tours whose last step was reached.
    pub tours_done: Vec<String>,
}

/// The profile's automatic refresh.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AutoRefresh {
    pub profile_id: String,
    /// 0: off.
    pub minutes: u32,
}

/// One preference changed: the key of the file it goes under, and its new value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "key", content = "value", rename_all = "camelCase")]
pub enum PreferenceChange {
    Language(Locale),
    Theme(ThemeChoice),
    AutoRefresh(AutoRefresh),
    RecentFolios(Vec<String>),
    GuideHidden(bool),
    GuideFolded(bool),
    /// A tour's last step was reached (kept once).
    TourDone(String),
}

/// At most this many recent folios are kept: the window offers a few, the file stays small.
pub const RECENT_FOLIOS: usize = 20;
/// The demo's tours are a few, named in a few letters.
pub const MAX_TOURS: usize = 16;
const MAX_TOUR_CHARS: usize = 32;
/// The longest automatic refresh interval kept (a day); a profile id is at most this long.
const MAX_REFRESH_MINUTES: u32 = 24 * 60;
const MAX_PROFILE_ID_CHARS: usize = 64;

/// A change the window would never ask for: refused, so that no page can grow the file
/// without bound or store a value that breaks the next start.
fn refused(field: &str, rule: Rule) -> AppError {
    AppError::invalid(vec![Failure::new(field, rule)])
}

impl Preferences {
    /// Applies `change`; answers the key it touched and that key's new value.
    fn apply(&mut self, change: PreferenceChange) -> AppResult<(&'static str, Value)> {
        Ok(match change {
            PreferenceChange::Language(language) => {
                self.language = language;
                ("language", json(&self.language))
            }
            PreferenceChange::Theme(theme) => {
                self.theme = theme;
                ("theme", json(&self.theme))
            }
            PreferenceChange::AutoRefresh(AutoRefresh {
                profile_id,
                minutes,
            }) => {
                if profile_id.is_empty() || profile_id.chars().count() > MAX_PROFILE_ID_CHARS {
                    return Err(refused("profileId", Rule::Invalid));
                }
                if minutes > MAX_REFRESH_MINUTES {
                    return Err(refused("minutes", Rule::Invalid));
                }
                if minutes == 0 {
                    self.auto_refresh.remove(&profile_id);
                } else {
                    self.auto_refresh.insert(profile_id, minutes);
                }
                ("autoRefresh", json(&self.auto_refresh))
            }
            PreferenceChange::RecentFolios(folios) => {
                // Only folios are kept (kyb_api's rule), each once, at most RECENT_FOLIOS.
                let mut kept: Vec<String> = Vec::new();
                for folio in folios {
                    let folio = folio.trim();
                    if kept.len() < RECENT_FOLIOS
                        && kyb_api::validate::is_folio(folio)
                        && !kept.iter().any(|k| k == folio)
                    {
                        kept.push(folio.to_owned());
                    }
                }
                self.recent_folios = kept;
                ("recentFolios", json(&self.recent_folios))
            }
            PreferenceChange::GuideHidden(hidden) => {
                self.guide_hidden = hidden;
                ("guideHidden", json(&self.guide_hidden))
            }
            PreferenceChange::GuideFolded(folded) => {
                self.guide_folded = folded;
                ("guideFolded", json(&self.guide_folded))
            }
            PreferenceChange::TourDone(tour) => {
                let named = !tour.is_empty()
                    && tour.len() <= MAX_TOUR_CHARS
                    && tour.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
                if !named {
                    return Err(refused("tour", Rule::Invalid));
                }
                if !self.tours_done.contains(&tour) {
                    if self.tours_done.len() >= MAX_TOURS {
                        return Err(refused("tour", Rule::TooMany));
                    }
                    self.tours_done.push(tour);
                }
                ("toursDone", json(&self.tours_done))
            }
        })
    }
}

fn json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The map the entries live in while the app runs, the file's keys and values.
pub trait Entries: Send + Sync {
    fn set(&self, key: &str, value: Value);
    fn entries(&self) -> Vec<(String, Value)>;
}

/// A plain map: the entries of a desk without the shell (tests, tools).
impl Entries for Mutex<BTreeMap<String, Value>> {
    fn set(&self, key: &str, value: Value) {
        self.lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key.to_owned(), value);
    }

    fn entries(&self) -> Vec<(String, Value)> {
        let map = self.lock().unwrap_or_else(|p| p.into_inner());
        map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }
}

/// The preferences of one data folder, as the app keeps them while it runs.
pub struct PreferenceStore {
    store: Arc<dyn Entries>,
    path: PathBuf,
    /// What the store's entries read as (kept beside them: a change is checked and
    /// applied here, then written).
    current: Mutex<Preferences>,
    /// Why the file is not written: it exists but could not be read (it may be fine).
    unread: Option<String>,
}

impl PreferenceStore {
    /// Opens `data_dir`'s preferences into the map `make` gives for the file's path,
    /// filled from what was read here. A file that does not read as preferences is set
    /// aside and reported to `recoveries`, and the defaults are used; a file that cannot
    /// be read at all (say, its permissions) costs only the preferences: defaults, and
    /// it is not written over.
    pub fn open(
        data_dir: &Path,
        recoveries: &Recoveries,
        make: impl FnOnce(&Path) -> AppResult<Arc<dyn Entries>>,
    ) -> AppResult<Self> {
        let path = data_dir.join(PREFERENCES_FILE);
        let read = fsio::read_or_set_aside(&path, RecordKind::Preferences, recoveries, decode);
        let ((entries, current), unread) = match read {
            Ok(read) => (read.unwrap_or_default(), None),
            Err(error) => {
                tracing::warn!(path = %path.display(), "preferences not read: {error}");
                (Default::default(), Some(error.to_string()))
            }
        };
        let store = make(&path)?;
        for (key, value) in entries {
            store.set(&key, value);
        }
        Ok(Self {
            store,
            path,
            current: Mutex::new(current),
            unread,
        })
    }

    /// The same in a plain map (no shell).
    pub fn open_alone(data_dir: &Path, recoveries: &Recoveries) -> AppResult<Self> {
        Self::open(data_dir, recoveries, |_| {
            Ok(Arc::new(Mutex::new(BTreeMap::new())))
        })
    }

    /// Every preference, as read at start and changed since.
    pub fn preferences(&self) -> Preferences {
        self.lock().clone()
    }

    /// Changes one preference and writes the file (atomically); the other keys,
    /// unknown ones included, stay as they were.
    pub fn set(&self, change: PreferenceChange) -> AppResult<Preferences> {
        if let Some(unread) = &self.unread {
            return Err(
                AppError::new(DeskCode::Storage, unread.clone()).with_details(Details::Path {
                    path: self.path.display().to_string(),
                }),
            );
        }
        let mut current = self.lock();
        let mut next = current.clone();
        let (key, value) = next.apply(change)?;
        self.store.set(key, value);
        let entries: BTreeMap<String, Value> = self.store.entries().into_iter().collect();
        fsio::write_json(&self.path, &entries)
            .map_err(|error| AppError::new(DeskCode::Storage, error.to_string()))?;
        *current = next;
        Ok(current.clone())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Preferences> {
        self.current.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The file's keys and values (every one, to be kept) and what they read as; a file
/// that is no JSON object, or whose known keys hold values of the wrong kind, does not
/// decode.
fn decode(bytes: &[u8]) -> Result<(BTreeMap<String, Value>, Preferences), String> {
    let entries: BTreeMap<String, Value> =
        serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
    let preferences =
        Preferences::deserialize(Value::Object(entries.clone().into_iter().collect()))
            .map_err(|e| e.to_string())?;
    Ok((entries, preferences))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_with_defaults_for_what_it_lacks_and_keeps_unknown_keys() {
        let (entries, read) = decode(br#"{"language":"en","newerKey":{"a":1}}"#).expect("decodes");
        assert_eq!(read.language, Locale::En);
        assert_eq!(read.theme, ThemeChoice::System);
        assert!(read.recent_folios.is_empty());
        assert_eq!(entries["newerKey"], serde_json::json!({"a": 1}));
    }

    #[test]
    fn a_file_of_the_wrong_shape_does_not_decode() {
        for bad in [
            &b"not json"[..],
            br#"["language"]"#,
            br#"{"language":42}"#,
            br#"{"recentFolios":"F-1"}"#,
            br#"{"autoRefresh":{"p":-5}}"#,
        ] {
            assert!(decode(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn a_change_touches_its_own_key_only() {
        let mut preferences = Preferences::default();
        let (key, value) = preferences
            .apply(PreferenceChange::AutoRefresh(AutoRefresh {
                profile_id: "p1".into(),
                minutes: 15,
            }))
            .expect("applied");
        assert_eq!((key, value), ("autoRefresh", serde_json::json!({"p1": 15})));
        let (key, value) = preferences
            .apply(PreferenceChange::AutoRefresh(AutoRefresh {
                profile_id: "p1".into(),
                minutes: 0,
            }))
            .expect("applied");
        assert_eq!((key, value), ("autoRefresh", serde_json::json!({})));
        preferences
            .apply(PreferenceChange::TourDone("review".into()))
            .expect("applied");
        let (_, tours) = preferences
            .apply(PreferenceChange::TourDone("review".into()))
            .expect("applied");
        assert_eq!(tours, serde_json::json!(["review"]));
        let (_, folios) = preferences
            .apply(PreferenceChange::RecentFolios(
                (0..30).map(|n| format!("F-{n}")).collect(),
            ))
            .expect("applied");
        assert_eq!(folios.as_array().map(Vec::len), Some(RECENT_FOLIOS));
        assert_eq!(preferences.language, Locale::EsMx);
    }

    #[test]
    fn the_page_cannot_grow_the_file_without_bound() {
        let mut preferences = Preferences::default();
        // Recent folios are folios: anything else (a megabyte, a path, a script) is not
        // kept, and one looked up twice is kept once.
        let (_, folios) = preferences
            .apply(PreferenceChange::RecentFolios(vec![
                "F-1".into(),
                "x".repeat(1 << 20),
                "../../etc".into(),
                " F-1 ".into(),
                "F-2".into(),
            ]))
            .expect("folios kept");
        assert_eq!(folios, serde_json::json!(["F-1", "F-2"]));
        // Tours are a few short names: neither a huge one nor thousands are kept.
        assert!(
            preferences
                .apply(PreferenceChange::TourDone("t".repeat(10_000)))
                .is_err()
        );
        for n in 0..1000 {
            let _ = preferences.apply(PreferenceChange::TourDone(format!("tour-{n}")));
        }
        assert!(preferences.tours_done.len() <= MAX_TOURS);
        // An interval the window never offers, or a profile id no profile has.
        for (profile_id, minutes) in [("p1".to_owned(), u32::MAX), ("p".repeat(10_000), 5)] {
            assert!(
                preferences
                    .apply(PreferenceChange::AutoRefresh(AutoRefresh {
                        profile_id,
                        minutes,
                    }))
                    .is_err()
            );
        }
        assert!(preferences.auto_refresh.is_empty());
    }

    #[test]
    fn a_change_is_written_at_once_and_read_back_with_the_keys_of_a_newer_version() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::write(
            dir.path().join(PREFERENCES_FILE),
            br#"{"theme":"light","newerKey":[1]}"#,
        )
        .expect("written");
        let store = PreferenceStore::open_alone(dir.path(), &Recoveries::default()).expect("opens");
        assert_eq!(store.preferences().theme, ThemeChoice::Light);
        store
            .set(PreferenceChange::Language(Locale::En))
            .expect("changed");
        let again = PreferenceStore::open_alone(dir.path(), &Recoveries::default()).expect("opens");
        assert_eq!(
            (again.preferences().language, again.preferences().theme),
            (Locale::En, ThemeChoice::Light)
        );
        let file = std::fs::read_to_string(dir.path().join(PREFERENCES_FILE)).expect("read");
        assert!(file.contains("newerKey"), "{file}");
        // A file that does not read is set aside and announced; the defaults are used.
        std::fs::write(dir.path().join(PREFERENCES_FILE), b"{not json").expect("written");
        let recoveries = Recoveries::default();
        let fresh = PreferenceStore::open_alone(dir.path(), &recoveries).expect("opens");
        assert_eq!(fresh.preferences(), Preferences::default());
        assert_eq!(recoveries.all().len(), 1);
    }

    #[test]
    fn a_change_crosses_as_key_and_value() {
        let change: PreferenceChange =
            serde_json::from_value(serde_json::json!({"key": "theme", "value": "dark"}))
                .expect("a change");
        assert_eq!(change, PreferenceChange::Theme(ThemeChoice::Dark));
        let change: PreferenceChange =
            serde_json::from_value(serde_json::json!({"key": "language", "value": "es-MX"}))
                .expect("a change");
        assert_eq!(change, PreferenceChange::Language(Locale::EsMx));
    }
}

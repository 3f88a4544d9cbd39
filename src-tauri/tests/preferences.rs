//! The window's preferences belong to a data folder: each folder keeps its own (the
//! webview's localStorage was one for all), and a damaged file is set aside and
//! announced like every other local record, the window starting with the defaults.

use std::path::Path;

use kyb_desk_core::desk::Desk;
use kyb_desk_core::preferences::{
    AutoRefresh, Locale, PreferenceChange, PreferenceStore, Preferences, ThemeChoice,
};
use kyb_desk_core::profiles::ProfileStore as _;
use kyb_desk_core::recovery::{RecordKind, Recoveries};
use kyb_desk_core::secrets::KeyVault;
use kyb_desk_core::store::{FileStore, PREFERENCES_FILE};
use tauri::test::{MockRuntime, mock_builder};

fn app() -> tauri::App<MockRuntime> {
    mock_builder()
        .plugin(tauri_plugin_store::Builder::new().build())
        .build(tauri::test::mock_context(tauri::test::noop_assets()))
        .expect("mock app")
}

fn open(app: &tauri::App<MockRuntime>, dir: &Path) -> PreferenceStore {
    kyb_desk::preference_store::open(app, dir, &Recoveries::default()).expect("preferences")
}

#[test]
fn two_data_folders_keep_their_own_preferences() {
    let (one, two) = (
        tempfile::tempdir().expect("a temporary folder"),
        tempfile::tempdir().expect("a temporary folder"),
    );
    {
        let app = app();
        let first = open(&app, one.path());
        let second = open(&app, two.path());
        first
            .set(PreferenceChange::Language(Locale::En))
            .expect("set");
        first
            .set(PreferenceChange::RecentFolios(vec!["FOLIO-ONE".into()]))
            .expect("set");
        first
            .set(PreferenceChange::AutoRefresh(AutoRefresh {
                profile_id: "p1".into(),
                minutes: 15,
            }))
            .expect("set");
        second
            .set(PreferenceChange::Theme(ThemeChoice::Dark))
            .expect("set");
        // Set in one, not seen in the other.
        assert_eq!(second.preferences().language, Locale::EsMx);
        assert!(second.preferences().recent_folios.is_empty());
        assert_eq!(first.preferences().theme, ThemeChoice::System);
    }
    // Each reopened (a new run) keeps its own.
    let app = app();
    let first = open(&app, one.path()).preferences();
    let second = open(&app, two.path()).preferences();
    assert_eq!(
        first,
        Preferences {
            language: Locale::En,
            recent_folios: vec!["FOLIO-ONE".into()],
            auto_refresh: [("p1".to_owned(), 15)].into(),
            ..Preferences::default()
        }
    );
    assert_eq!(
        second,
        Preferences {
            theme: ThemeChoice::Dark,
            ..Preferences::default()
        }
    );
}

#[test]
fn a_damaged_file_opens_with_the_defaults_set_aside_and_announced() {
    for damaged in [&b"{\"language\": \"en\", "[..], br#"{"theme": 3}"#] {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join(PREFERENCES_FILE);
        std::fs::write(&path, damaged).expect("the damaged file written");
        // As the app opens a folder: the desk, then the preferences, reporting to the
        // desk's recorder, so `recoveries` (the window's notice) names them.
        let book = FileStore::new(dir.path().join("profiles.json"));
        let recoveries = book.recoveries().expect("a recorder");
        let desk = Desk::open(
            dir.path(),
            Box::new(book),
            KeyVault::new("kyb-desk-test-preferences"),
            None,
        )
        .expect("desk");
        let app = app();
        let store = kyb_desk::preference_store::open(&app, dir.path(), &recoveries).expect("opens");

        assert_eq!(store.preferences(), Preferences::default());
        let reported = desk.recoveries();
        assert_eq!(reported.len(), 1, "{reported:?}");
        assert_eq!(reported[0].kind, RecordKind::Preferences);
        assert_eq!(reported[0].path, path.display().to_string());
        // Set aside beside it, untouched; nothing in its place until a change.
        assert_eq!(
            std::fs::read(&reported[0].set_aside_as).expect("set aside"),
            damaged
        );
        assert!(!path.exists());
        store
            .set(PreferenceChange::GuideFolded(true))
            .expect("a change is written");
        drop(app);
        let again = open(&self::app(), dir.path()).preferences();
        assert!(again.guide_folded);
    }
}

#[test]
fn keys_of_a_newer_version_are_kept() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join(PREFERENCES_FILE);
    std::fs::write(
        &path,
        br#"{"language": "en", "density": {"rows": "compact"}}"#,
    )
    .expect("the file written");
    let app = app();
    let store = open(&app, dir.path());
    assert_eq!(store.preferences().language, Locale::En);
    store
        .set(PreferenceChange::TourDone("review".into()))
        .expect("set");
    let written: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).expect("the file read")).expect("JSON");
    assert_eq!(
        written,
        serde_json::json!({
            "language": "en",
            "density": {"rows": "compact"},
            "toursDone": ["review"],
        })
    );
}

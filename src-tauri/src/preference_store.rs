//! The window's preferences in the shell: the core's [`PreferenceStore`] (its rules
//! and its file) over `tauri-plugin-store`'s store, which holds the entries while the
//! app runs. The page gets no `store:` permission: it reads the preferences once at
//! start and changes one key at a time through the app's commands, so the file's place
//! is never the page's choice. The store is taken out of the plugin's table once made,
//! so the plugin saves nothing at exit (the core writes the file, atomically).

use std::path::Path;
use std::sync::Arc;

use kyb_desk_core::error::{AppError, AppResult, DeskCode};
use kyb_desk_core::preferences::{Entries, PreferenceStore};
use kyb_desk_core::recovery::Recoveries;
use serde_json::Value;
use tauri::{Manager, Runtime};
use tauri_plugin_store::{Store, StoreBuilder};

/// The plugin's store, whatever runtime made it (the mock one in tests).
struct PluginEntries<R: Runtime>(Arc<Store<R>>);

impl<R: Runtime> Entries for PluginEntries<R> {
    fn set(&self, key: &str, value: Value) {
        self.0.set(key, value);
    }

    fn entries(&self) -> Vec<(String, Value)> {
        self.0.entries()
    }
}

/// Opens `data_dir`'s preferences in a new store of the plugin's (registered by the
/// app), never filled from the plugin's own reading of the file.
pub fn open<R: Runtime>(
    app: &impl Manager<R>,
    data_dir: &Path,
    recoveries: &Recoveries,
) -> AppResult<PreferenceStore> {
    PreferenceStore::open(data_dir, recoveries, |path| {
        let store = StoreBuilder::new(app, path)
            .create_new()
            .disable_auto_save()
            .build()
            .map_err(|error| AppError::new(DeskCode::Storage, error.to_string()))?;
        store.close_resource();
        Ok(Arc::new(PluginEntries(store)) as Arc<dyn Entries>)
    })
}

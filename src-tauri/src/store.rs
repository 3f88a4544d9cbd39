//! The profile book in `tauri-plugin-store` (a JSON file in the app's data folder).

use std::path::Path;
use std::sync::Arc;

use tauri::{AppHandle, Runtime};
use tauri_plugin_store::{Store, StoreExt};

use crate::profiles::{ProfileBook, ProfileStore};

const KEY: &str = "profileBook";

pub struct PluginStore<R: Runtime>(Arc<Store<R>>);

impl<R: Runtime> PluginStore<R> {
    /// `file` relative to the app's data folder, or absolute.
    pub fn open(app: &AppHandle<R>, file: &Path) -> tauri_plugin_store::Result<Self> {
        Ok(Self(app.store(file)?))
    }
}

impl<R: Runtime> ProfileStore for PluginStore<R> {
    fn load(&self) -> Result<Option<ProfileBook>, String> {
        self.0
            .get(KEY)
            .map(serde_json::from_value)
            .transpose()
            .map_err(|e| e.to_string())
    }

    fn save(&self, book: &ProfileBook) -> Result<(), String> {
        let value = serde_json::to_value(book).map_err(|e| e.to_string())?;
        self.0.set(KEY, value);
        self.0.save().map_err(|e| e.to_string())
    }
}

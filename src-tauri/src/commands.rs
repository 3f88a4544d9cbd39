//! The `#[tauri::command]`s: each is a one-line call into a module that can be
//! tested without a window.

use crate::app_info::AppInfo;

#[tauri::command]
pub fn app_info() -> AppInfo {
    AppInfo::current()
}

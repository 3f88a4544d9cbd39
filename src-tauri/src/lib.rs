//! The KYB Desk shell: thin Tauri commands over modules that know nothing of windows.

pub mod app_info;
#[cfg(test)]
mod bindings;
mod commands;

/// Builds and runs the desktop application until its last window closes.
pub fn run() {
    tauri::Builder::default()
        .invoke_handler(tauri::generate_handler![commands::app_info])
        .run(tauri::generate_context!())
        .expect("KYB Desk could not start its window");
}

//! Hand-offs to the desktop: the browser, the clipboard, notifications, and the
//! links to a file the desktop delivers.

use tauri::ipc::Channel;
use tauri::{AppHandle, Manager, Runtime, State};
use tauri_plugin_clipboard_manager::ClipboardExt;
use tauri_plugin_notification::NotificationExt;

use crate::Shell;
use crate::external_open;
use crate::file_link_delivery;
use kyb_desk_core::error::{AppError, AppResult, Task};
use kyb_desk_core::file_address::{self, FileLink};
use kyb_desk_core::navigation;

/// Opens a link the page may hand to the browser (see `navigation::checked_external`).
/// Off the main thread: the launcher gets a moment to say it failed.
#[tauri::command]
pub async fn open_external(shell: State<'_, Shell>, url: String) -> AppResult<()> {
    let url = navigation::checked_external(&url, shell.demo_base.as_ref())?;
    tauri::async_runtime::spawn_blocking(move || external_open::open_url(url.as_str()))
        .await
        .map_err(|e| AppError::desktop(Task::OpenLink, e))?
        .map_err(|e| AppError::desktop(Task::OpenLink, e))
}

/// Tells the OS, in a notification, what an automatic refresh found (`body`, in the
/// user's words), only while the window is out of sight: minimised, hidden, or its page
/// hidden (`page_hidden`, the page's own word). Data already on screen is not notified.
/// Whether it was shown.
#[tauri::command]
pub fn notify_if_hidden<R: Runtime>(
    app: AppHandle<R>,
    body: String,
    page_hidden: bool,
) -> AppResult<bool> {
    let out_of_sight = page_hidden
        || app.get_webview_window("main").is_none_or(|window| {
            window.is_minimized().unwrap_or(false) || !window.is_visible().unwrap_or(true)
        });
    if !out_of_sight {
        return Ok(false);
    }
    app.notification()
        .builder()
        .title("KYB Desk")
        .body(body)
        .show()
        .map_err(|e| AppError::desktop(Task::Notify, e))?;
    Ok(true)
}

/// Puts text (a correction link, an enrollment link) on the system clipboard.
#[tauri::command]
pub fn copy_text<R: Runtime>(app: AppHandle<R>, text: String) -> AppResult<()> {
    app.clipboard()
        .write_text(text)
        .map_err(|e| AppError::desktop(Task::CopyText, e))
}

/// Copies the link to a file (`kybdesk://expediente/<DocumentId>`), and returns it.
#[tauri::command]
pub fn copy_file_link<R: Runtime>(app: AppHandle<R>, document_id: String) -> AppResult<String> {
    let link = file_address::file_link(&document_id)?;
    app.clipboard()
        .write_text(link.clone())
        .map_err(|e| AppError::desktop(Task::CopyText, e))?;
    Ok(link)
}

/// The window listens for links to a file: `on_link` receives each one, first the one
/// that waited for it (the app's start, or a link during a reload).
#[tauri::command]
pub fn file_links(inbox: State<'_, file_link_delivery::Inbox>, on_link: Channel<FileLink>) {
    inbox.listen(on_link, file_link_delivery::deliver);
}

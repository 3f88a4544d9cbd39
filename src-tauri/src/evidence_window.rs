//! The evidence in a window of its own ("open in another window", for a second
//! monitor). The review's window opens it and tells it which section is focused; it
//! shows that section's evidence and follows every change; it closes with the review
//! (and with the main window). Its capability (`capabilities/evidence.json`) is as
//! narrow as it can be: it reads what the review last showed, fetches the evidence's
//! files by their handles, and listens for the review's changes; nothing else.
//!
//! What it shows passes through here unread: the review's own view of the focused
//! section (its findings, documents and entities), capped in size, kept so that a
//! window opened later asks for it.

use std::sync::Mutex;

use tauri::{AppHandle, Emitter, Manager, Runtime, WebviewUrl, WebviewWindowBuilder};

use kyb_desk_core::error::{AppError, AppResult, Details, ServiceCode, Task};

/// The window's label, to which its capability is bound.
pub const LABEL: &str = "evidence";

/// The event the window listens to for a new focused section.
pub const SHOWN: &str = "evidence-shown";

/// A section's view is a few documents and entities; a larger one is refused.
pub const MAX_VIEW_BYTES: usize = 4 * 1024 * 1024;

/// What the review last showed, for the evidence window.
#[derive(Default)]
pub struct Shown(Mutex<Option<serde_json::Value>>);

/// Opens the evidence window, or brings it forward when it is open already.
pub fn open<R: Runtime>(app: &AppHandle<R>, title: &str) -> AppResult<()> {
    if let Some(window) = app.get_webview_window(LABEL) {
        return window
            .set_focus()
            .map_err(|e| AppError::desktop(Task::OpenWindow, e));
    }
    // Sized to the work area of the screen the review is on (a second monitor is where
    // the analyst drags it to); an unknown screen gets the size a tall one would.
    let screen = app
        .get_webview_window("main")
        .and_then(|main| main.current_monitor().ok().flatten())
        .map(|monitor| {
            let area = monitor
                .work_area()
                .size
                .to_logical::<f64>(monitor.scale_factor());
            (area.width, area.height)
        });
    let (width, height) = fitted(screen);
    WebviewWindowBuilder::new(app, LABEL, WebviewUrl::App("index.html#evidence".into()))
        .title(title)
        .inner_size(width, height)
        .min_inner_size(MIN_SIDE.min(width), MIN_SIDE.min(height))
        .build()
        .map(|_| ())
        .map_err(|e| AppError::desktop(Task::OpenWindow, e))
}

/// The size the window asks for where the screen has room: a letter page at a legible
/// width, and tall.
const WANTED: (f64, f64) = (880.0, 980.0);
/// Its smallest side, unless the screen is smaller still.
const MIN_SIDE: f64 = 480.0;
/// What the window manager's title bar and borders take beyond the inner size.
const FRAME: f64 = 48.0;

/// The window's inner size on a screen whose work area is `screen` (logical pixels): the
/// wanted size, within the work area less the frame around it.
fn fitted(screen: Option<(f64, f64)>) -> (f64, f64) {
    let Some((width, height)) = screen.filter(|(w, h)| *w > 0.0 && *h > 0.0) else {
        return WANTED;
    };
    (
        WANTED.0.min(width - FRAME).max(1.0),
        WANTED.1.min(height - FRAME).max(1.0),
    )
}

/// Closes it, if it is open.
pub fn close<R: Runtime>(app: &AppHandle<R>) {
    if let Some(window) = app.get_webview_window(LABEL)
        && let Err(error) = window.close()
    {
        tracing::warn!("evidence window not closed: {error}");
    }
}

/// Keeps what the review shows now and tells the evidence window. A view too large to
/// hand over is replaced by one that says so (with the section's name), so the window
/// never goes on showing the section before as if it were this one.
pub fn show<R: Runtime>(
    app: &AppHandle<R>,
    shown: &Shown,
    view: serde_json::Value,
) -> AppResult<()> {
    let size = serde_json::to_vec(&view).map_or(usize::MAX, |bytes| bytes.len());
    let too_large = size > MAX_VIEW_BYTES;
    let view = if too_large { stand_in(&view) } else { view };
    *shown.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(view.clone());
    if app.get_webview_window(LABEL).is_some()
        && let Err(error) = app.emit_to(LABEL, SHOWN, view)
    {
        tracing::warn!("evidence window not told: {error}");
    }
    if too_large {
        return Err(
            AppError::of(ServiceCode::TooLarge).with_details(Details::TooLarge {
                bytes: u64::try_from(MAX_VIEW_BYTES).unwrap_or(u64::MAX),
            }),
        );
    }
    Ok(())
}

/// What the window shows instead of a view too large: the section's name, and that.
fn stand_in(view: &serde_json::Value) -> serde_json::Value {
    let label: String = view["label"]
        .as_str()
        .unwrap_or_default()
        .chars()
        .take(200)
        .collect();
    serde_json::json!({
        "label": label,
        "section": null,
        "documents": [],
        "entities": [],
        "tooLarge": true,
    })
}

pub fn current(shown: &Shown) -> Option<serde_json::Value> {
    shown.0.lock().unwrap_or_else(|p| p.into_inner()).clone()
}

/// The main window gone: the evidence window goes with it (the app would stay open for
/// a window that follows nothing).
pub fn follow_main<R: Runtime>(window: &tauri::Window<R>, event: &tauri::WindowEvent) {
    if window.label() == "main" && matches!(event, tauri::WindowEvent::Destroyed) {
        close(window.app_handle());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_fits_the_screen_it_opens_on() {
        // A 1280×800 screen whose panel takes 32 px: within it, frame and all.
        assert_eq!(fitted(Some((1280.0, 768.0))), (880.0, 720.0));
        assert_eq!(fitted(Some((2560.0, 1400.0))), WANTED);
        assert_eq!(fitted(Some((800.0, 600.0))), (752.0, 552.0));
        assert_eq!(fitted(None), WANTED);
        assert_eq!(fitted(Some((0.0, 0.0))), WANTED);
    }
}

//! The baseline KYB Desk is measured against (`make bench`): Tauri 2 and nothing else,
//! a window the size of the app's showing an empty page. The page tells when it has
//! loaded and painted (`page/main.js`, the same "after the next paint" as the app's
//! UI), and this prints one line then, so start-up is timed the same way for both.
//!
//! `bare-window --page DIR` is the *static twin* of KYB Desk's first screen: the same
//! window showing `DIR`, where the bench writes a snapshot of the app's watchlist as
//! painted and this page's `main.js` as its only script (`tests/src/bin/bench/twin.rs`).
//! Without `--page` no protocol is registered and the window's URL is the embedded page's.

use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use tauri::http::{Response, StatusCode, header};
use tauri::utils::config::WebviewUrl;

static BEGAN: OnceLock<Instant> = OnceLock::new();

/// Printed when the page has painted; `make bench` waits for it.
const REPORT_PREFIX: &str = "bare-window: page painted";

/// The scheme the twin's folder is served on. A protocol the program registers
/// counts as the app's own origin for Tauri's IPC, so `main.js` can call `loaded`
/// from it as it does from the embedded page (a `file://` page could not).
const TWIN_SCHEME: &str = "twin";

#[tauri::command]
fn loaded() {
    let ms = BEGAN.get().map_or(0, |began| began.elapsed().as_millis());
    println!("{REPORT_PREFIX} after {ms} ms");
}

fn main() {
    BEGAN.get_or_init(Instant::now);
    let mut context = tauri::generate_context!();
    let mut builder = tauri::Builder::default().invoke_handler(tauri::generate_handler![loaded]);
    if let Some(folder) = page_folder() {
        let url = format!("{TWIN_SCHEME}://localhost/index.html")
            .parse()
            .expect("a valid URL");
        if let Some(window) = context.config_mut().app.windows.first_mut() {
            window.url = WebviewUrl::CustomProtocol(url);
        }
        // Answered on the main thread from the disk, as Tauri answers its own
        // `tauri://` protocol from the binary: a few small files, read once each.
        builder = builder.register_uri_scheme_protocol(TWIN_SCHEME, move |_, request| {
            serve(&folder, request.uri().path())
        });
    }
    builder
        .run(context)
        .expect("the bare window could not start");
}

/// `--page DIR`, the only argument there is.
fn page_folder() -> Option<PathBuf> {
    let mut args = std::env::args().skip(1);
    match (args.next().as_deref(), args.next(), args.next()) {
        (None, _, _) => None,
        (Some("--page"), Some(folder), None) => Some(PathBuf::from(folder)),
        _ => {
            eprintln!("usage: bare-window [--page DIR]");
            std::process::exit(2);
        }
    }
}

/// The file at `path` under `folder` (never above it), with its type.
fn serve(folder: &Path, path: &str) -> Response<Vec<u8>> {
    let relative = Path::new(path.trim_start_matches('/'));
    let inside = relative
        .components()
        .all(|part| matches!(part, Component::Normal(_)));
    let file = folder.join(relative);
    match std::fs::read(&file) {
        Ok(bytes) if inside => Response::builder()
            .header(header::CONTENT_TYPE, content_type(&file))
            .body(bytes),
        _ => Response::builder()
            .status(StatusCode::NOT_FOUND)
            .body(Vec::new()),
    }
    .expect("a valid response")
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("woff2") => "font/woff2",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

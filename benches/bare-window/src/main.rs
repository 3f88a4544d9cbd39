//! The baseline KYB Desk is measured against (`make bench`): Tauri 2 and nothing else,
//! a window the size of the app's showing an empty page. The page tells when it has
//! loaded and painted (`page/main.js`, the same "after the next paint" as the app's
//! UI), and this prints one line then, so start-up is timed the same way for both.

use std::sync::OnceLock;
use std::time::Instant;

static BEGAN: OnceLock<Instant> = OnceLock::new();

/// Printed when the page has painted; `make bench` waits for it.
const REPORT_PREFIX: &str = "bare-window: page painted";

#[tauri::command]
fn loaded() {
    let ms = BEGAN.get().map_or(0, |began| began.elapsed().as_millis());
    println!("{REPORT_PREFIX} after {ms} ms");
}

fn main() {
    BEGAN.get_or_init(Instant::now);
    tauri::Builder::default()
        .invoke_handler(tauri::generate_handler![loaded])
        .run(tauri::generate_context!())
        .expect("the bare window could not start");
}

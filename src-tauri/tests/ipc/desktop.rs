//! The desktop: links opened, text and a file's link copied, links to a file heard.

use serde_json::{Value, json};
use tauri_plugin_clipboard_manager::ClipboardExt;

use crate::open;

/// The commands this group covers (each called here with the arguments the UI sends).
pub const COVERS: &[&str] = &["open_external", "copy_text", "copy_file_link", "file_links"];

#[test]
fn the_desktop_answers_through_ipc() {
    let w = open();
    let id = w.manifest.examples.document_id.to_string();
    assert_eq!(
        w.code("open_external", json!({"url": "file:///etc/passwd"})),
        "unsafe_address"
    );
    // The real clipboard of the test's display (Xvfb under `make test`).
    let link = format!("{}/_guest/correccion?t=1", w.manifest.base_url);
    assert_eq!(w.ok("copy_text", json!({"text": link})), Value::Null);
    let pasted = w
        ._app
        .clipboard()
        .read_text()
        .expect("the clipboard reads back");
    assert_eq!(pasted, link);
    // A file's link, copied to paste into a chat; only a DocumentId makes one.
    let file_link = format!("kybdesk://expediente/{id}");
    assert_eq!(
        w.ok("copy_file_link", json!({"documentId": id.to_uppercase()})),
        json!(file_link)
    );
    assert_eq!(w._app.clipboard().read_text().ok(), Some(file_link));
    assert_eq!(
        w.code("copy_file_link", json!({"documentId": "../x"})),
        "invalid_input"
    );
    // The window listens for links to a file (they reach the page, not this test).
    assert_eq!(
        w.ok("file_links", json!({"onLink": "__CHANNEL__:8"})),
        Value::Null
    );
    w.covers(COVERS);
}

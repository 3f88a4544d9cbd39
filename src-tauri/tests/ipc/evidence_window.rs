//! The evidence window: opened, told a section, read from inside, closed.

use serde_json::{Value, json};
use tauri::Manager;

use crate::open;

/// The commands this group covers (each called here with the arguments the UI sends).
pub const COVERS: &[&str] = &[
    "open_evidence_window",
    "show_evidence",
    "evidence_view",
    "close_evidence_window",
];

#[test]
fn the_evidence_window_answers_through_ipc() {
    let w = open();
    let examples = w.manifest.examples.clone();
    // The evidence window: opened, told a section, which it reads; closed.
    let view = json!({"label": "Acta", "section": null, "documents": [], "entities": []});
    w.ok("open_evidence_window", json!({"title": "Evidencia"}));
    w.ok("show_evidence", json!({"view": view}));
    let evidence = w.window.get_webview_window("evidence").expect("opened");
    let shown = w
        .call_in(&evidence, "evidence_view", json!({}))
        .expect("it reads the shown section")
        .deserialize::<Value>()
        .expect("JSON");
    assert_eq!(shown, view);
    // A view too large to hand over: the window is told so, never left on the one before.
    let huge = json!({"label": "Sucursal", "section": null, "documents": [],
        "entities": [{"blob": "x".repeat(kyb_desk::evidence_window::MAX_VIEW_BYTES)}]});
    assert_eq!(w.code("show_evidence", json!({"view": huge})), "too_large");
    let shown = w
        .call_in(&evidence, "evidence_view", json!({}))
        .expect("it reads")
        .deserialize::<Value>()
        .expect("JSON");
    assert_eq!(
        (shown["label"].clone(), shown["tooLarge"].clone()),
        (json!("Sucursal"), json!(true))
    );
    // It may only read: a command that acts is refused to it.
    assert!(
        w.call_in(
            &evidence,
            "tracking",
            json!({"flowId": examples.flow_id, "rfc": examples.rfc})
        )
        .is_err()
    );
    assert!(
        w.call_in(&evidence, "show_evidence", json!({"view": view}))
            .is_err()
    );
    assert!(
        w.call("evidence_view", json!({})).is_err(),
        "the main window has no use for it"
    );
    w.ok("close_evidence_window", json!({}));

    w.covers(COVERS);
}

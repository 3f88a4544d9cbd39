//! The desk's records: the audit log, the dashboard, a dossier, the drift report and diagnostics.

use serde_json::{Value, json};

use crate::open;

/// The commands this group covers (each called here with the arguments the UI sends).
pub const COVERS: &[&str] = &[
    "audit_entries",
    "verify_audit",
    "export_audit_csv",
    "dashboard",
    "export_dashboard_csv",
    "export_dossier",
    "drift_report",
    "export_drift",
    "save_diagnostics",
    "preview_diagnostics",
];

#[test]
fn records_answer_through_ipc() {
    let w = open();
    let examples = w.manifest.examples.clone();
    let id = examples.document_id.to_string();
    crate::send_a_rejection(&w, &id, "Falta la firma");
    let chosen_by_page = w._dir.path().join("elegida-por-la-pagina.csv");
    let audit = w.ok("audit_entries", json!({}));
    assert_eq!(audit["unreadable"], json!(0));
    let entries = audit["entries"].as_array().cloned().unwrap_or_default();
    // Each state-changing call: its intent, then its result completing it.
    let results = entries
        .iter()
        .filter(|e| e["completes"].is_number())
        .count();
    assert_eq!(results, 1, "the rejection sent");
    assert_eq!(
        entries
            .iter()
            .filter(|e| e["outcome"]["code"] == json!("intent"))
            .count(),
        1
    );
    assert_eq!(w.ok("verify_audit", json!({}))["breaks"], json!([]));
    assert_eq!(
        w.ok("export_audit_csv", json!({"path": chosen_by_page}))["rows"],
        json!(entries.len())
    );
    assert!(w._dir.path().join("bitacora-kyb-desk.csv").exists() && !chosen_by_page.exists());
    // The dashboard over the desk's own log: the rejection sent first, with its reason;
    // its CSV saved under its suggested name, never where the page says.
    let figures = w.ok("dashboard", json!({"query": {"utcOffsetMinutes": -360}}));
    assert_eq!(figures["decisionsTotal"], json!(1), "{figures}");
    assert_eq!(
        figures["reasons"]["top"][0]["reason"],
        json!("Falta la firma")
    );
    assert_eq!(
        w.code("dashboard", json!({"query": {"from": "2026-02-30"}})),
        "invalid_input"
    );
    let saved = w.ok(
        "export_dashboard_csv",
        json!({"query": {}, "path": chosen_by_page}),
    );
    let csv = std::fs::read_to_string(w._dir.path().join("tablero-kyb-desk.csv"))
        .expect("the dashboard's CSV is saved");
    assert!(csv.contains("motivo_de_rechazo,Falta la firma,,1"), "{csv}");
    assert_eq!(Some(csv.lines().count() as u64 - 1), saved["rows"].as_u64());
    assert!(!chosen_by_page.exists());
    // A file's dossier: saved under its suggested name, its check passing, and its
    // export recorded in the log with its digest.
    let dossier = w.ok(
        "export_dossier",
        json!({"flowId": examples.flow_id, "rfc": examples.rfc, "documentId": id, "withDocuments": false}),
    );
    let zip = std::fs::read(w._dir.path().join(format!("expediente-auditoria-{id}.zip")))
        .expect("the dossier is saved");
    let check = kyb_desk_core::dossier::verify(&zip);
    assert!(check.holds(), "{:?}", check.problems);
    assert_eq!(check.digest.as_deref(), dossier["digest"].as_str());
    let last = w.ok("audit_entries", json!({}))["entries"]
        .as_array()
        .and_then(|all| all.last().cloned())
        .unwrap_or_default();
    assert_eq!(last["operation"], json!("desk: dossier-exported"));

    // Every answer so far was read and counted; the sandbox's follow the spec.
    let drift = w.ok("drift_report", json!({}));
    let tracking = &drift["operations"]["POST /expedientes/v1/tracking"];
    assert!(
        tracking["answers"].as_u64().is_some_and(|n| n > 0),
        "{drift}"
    );
    assert_eq!(tracking["unknownFields"], json!({}), "{drift}");
    let saved = w.ok("export_drift", json!({"path": chosen_by_page}));
    let exported: Value = serde_json::from_str(
        &std::fs::read_to_string(saved.as_str().expect("a path")).expect("written"),
    )
    .expect("JSON");
    assert_eq!(exported["kind"], json!("kyb-desk-drift"));
    assert_eq!(exported["report"], drift);
    // Diagnostics: nothing is saved before it was shown; then what was shown is saved.
    assert!(w.call("save_diagnostics", json!({})).is_err());
    let shown = w.ok("preview_diagnostics", json!({}));
    assert_eq!(shown["kind"], json!("kyb-desk-diagnostics"));
    let saved = w.ok("save_diagnostics", json!({}));
    let written: Value = serde_json::from_str(
        &std::fs::read_to_string(saved.as_str().expect("a path")).expect("written"),
    )
    .expect("JSON");
    assert_eq!(written, shown);
    w.covers(COVERS);
}

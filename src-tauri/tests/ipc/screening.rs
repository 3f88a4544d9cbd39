//! Risk lists imported and a hit disposed of.

use serde_json::json;

use crate::open;

/// The commands this group covers (each called here with the arguments the UI sends).
pub const COVERS: &[&str] = &[
    "risk_lists",
    "import_list",
    "import_list_from",
    "dispose_hit",
];

#[test]
fn risk_lists_answer_through_ipc() {
    let w = open();
    let id = w.manifest.examples.document_id.to_string();
    // Risk lists: none, then the SAT's 69-B imported from the file "picked", and a hit
    // disposed of (a reason is required).
    assert_eq!(w.ok("risk_lists", json!({}))["lists"], json!([]));
    let imported = w.ok(
        "import_list",
        json!({"format": "sat69b", "onProgress": "__CHANNEL__:11"}),
    );
    assert_eq!(
        (
            imported["info"]["rows"].clone(),
            imported["info"]["version"].clone()
        ),
        (json!(4), json!(1))
    );
    assert_eq!(
        w.ok("risk_lists", json!({}))["lists"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    // No address is offered (no policy names one): nothing is fetched.
    assert_eq!(
        w.code(
            "import_list_from",
            json!({"format": "sat69", "onProgress": "__CHANNEL__:12"})
        ),
        "list_unreadable"
    );
    let disposal = |reason: &str| {
        json!({"request": {"documentId": id, "list": "sat69b", "row": "PEGJ750101AB8",
            "partyKey": "rfc:PEGJ750101AB8", "party": "Juan Pérez Gómez", "verdict": "false_positive",
            "reason": reason}})
    };
    assert_eq!(w.code("dispose_hit", disposal(" ")), "invalid_input");
    assert_eq!(
        w.ok("dispose_hit", disposal("Homónimo"))["verdict"],
        json!("false_positive")
    );
    w.covers(COVERS);
}

//! A file read: its tracking, detail, pictures, review material, evidence and findings.

use serde_json::{Value, json};

use crate::open;

/// The commands this group covers (each called here with the arguments the UI sends).
pub const COVERS: &[&str] = &[
    "tracking",
    "file_detail",
    "detail_changes",
    "fetch_image",
    "review_material",
    "evidence_file",
    "evidence_bytes",
    "acknowledge_findings",
    "judge_section",
];

#[test]
fn a_file_is_read_with_its_evidence_through_ipc() {
    let w = open();
    let examples = w.manifest.examples.clone();
    let id = examples.document_id.to_string();
    let tracking = w.ok(
        "tracking",
        json!({"flowId": examples.flow_id, "rfc": examples.rfc}),
    );
    assert_eq!(tracking["tracking"]["DocumentId"], json!(id));
    assert_eq!(
        tracking["sections"].as_array().map(Vec::len),
        tracking["tracking"]["Comments"].as_array().map(Vec::len)
    );
    let answer = w.ok("file_detail", json!({"documentId": id}));
    assert_eq!(answer["version"], json!("2"));
    let detail = &answer["detail"];
    assert_eq!(detail["ExpedienteId"], json!(id));
    assert_eq!(
        w.ok("detail_changes", json!({"documentId": id}))["snapshots"],
        json!(1)
    );
    // A branch photo arrives as a data: URL the window's CSP allows.
    let photo = detail["Entidades"]
        .as_array()
        .and_then(|all| all.iter().find(|e| e["Tipo"] == "Sucursal"))
        .and_then(|branch| branch["Datos"]["ImagenesInteriores"][0].as_str())
        .expect("the example branch has interior photos")
        .to_owned();
    let image = w.ok("fetch_image", json!({"url": photo}));
    let image = image.as_str().expect("a data URL");
    assert!(
        image.starts_with("data:image/png;base64,iVBORw0KGgo"),
        "{image:.60}"
    );
    let missing = photo.replace("interior-1.png", "interior-99.txt");
    assert_eq!(w.code("fetch_image", json!({"url": missing})), "not_found");
    assert_eq!(
        w.code("fetch_image", json!({"url": "http://example.com/x.png"})),
        "unsafe_address",
        "plain http only for the demo sandbox"
    );

    // A review's material: the tracking, the detail and each section's evidence, whose
    // files are fetched by handle and cross as raw bytes.
    let material = w.ok(
        "review_material",
        json!({"flowId": examples.flow_id, "rfc": examples.rfc, "documentId": id}),
    );
    assert_eq!(material["detail"]["version"], json!("2"));
    let handle = material["evidence"]["documents"]
        .as_array()
        .and_then(|all| all.iter().find_map(|d| d["file"].as_str()))
        .expect("a document with a file")
        .to_owned();
    let file = w.ok("evidence_file", json!({"handle": handle}));
    let bytes = match w.call_raw(
        "evidence_bytes",
        json!({"handle": handle, "sha256": file["sha256"]}),
    ) {
        Ok(tauri::ipc::InvokeResponseBody::Raw(bytes)) => bytes,
        other => panic!("evidence_bytes answered {other:?}"),
    };
    assert_eq!(file["size"], json!(bytes.len()));
    assert_eq!(
        file["sha256"],
        json!(kyb_desk_core::hash::sha256_hex(&bytes))
    );
    assert_eq!(
        w.code(
            "evidence_bytes",
            json!({"handle": handle, "sha256": "0".repeat(64)})
        ),
        "file_changed",
        "the bytes are those of the facts the window was given, or none"
    );
    assert_eq!(
        w.code(
            "evidence_file",
            json!({"handle": "0123456789abcdef0123456789abcdef"})
        ),
        "not_found",
        "a handle no evidence gave leads nowhere"
    );
    let sections = material["evidence"]["sections"]
        .as_array()
        .expect("sections");
    let flagged = sections
        .iter()
        .find(|s| s["needsAcknowledgement"] == json!(true))
        .expect("the example has a section with a high finding")["section"]
        .clone();
    let clean = sections
        .iter()
        .find(|s| s["needsAcknowledgement"] == json!(false))
        .expect("and one without")["section"]
        .clone();
    assert_eq!(
        w.ok(
            "acknowledge_findings",
            json!({"documentId": id, "section": flagged})
        ),
        Value::Null
    );
    assert_eq!(
        w.code(
            "acknowledge_findings",
            json!({"documentId": id, "section": clean})
        ),
        "invalid_input",
        "nothing to acknowledge"
    );
    assert_eq!(
        w.code(
            "acknowledge_findings",
            json!({"documentId": id, "section": "NoSuchSection"})
        ),
        "not_found"
    );
    // A section's documents judged: its evidence back; a section the review has not
    // is none.
    assert_eq!(
        w.ok(
            "judge_section",
            json!({"documentId": id, "section": flagged})
        )["section"],
        flagged
    );
    assert_eq!(
        w.code(
            "judge_section",
            json!({"documentId": id, "section": "NoSuchSection"})
        ),
        "not_found"
    );
    w.covers(COVERS);
}

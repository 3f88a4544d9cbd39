//! What is sent to the service: a new file, a correction, complementary sections, an enrollment link, with their drafts and checks.

use serde_json::{Value, json};

use crate::open;

/// The commands this group covers (each called here with the arguments the UI sends).
pub const COVERS: &[&str] = &[
    "save_new_file_draft",
    "load_new_file_draft",
    "create_file",
    "discard_new_file_draft",
    "save_draft",
    "load_draft",
    "discard_draft",
    "preview_correction",
    "send_correction",
    "add_complementary_info",
    "enrollment_link",
    "check_new_file",
    "issued_links",
];

#[test]
fn sends_answer_through_ipc() {
    let w = open();
    let examples = w.manifest.examples.clone();
    let id = examples.document_id.to_string();
    let answer = w.ok("file_detail", json!({"documentId": id}));
    let detail = &answer["detail"];
    // The form's draft: kept until a file is created, which drops it.
    let typed = w.ok(
        "save_new_file_draft",
        json!({"draft": {"flowId": examples.flow_id, "companyName": "Refaccionaria Norte"}}),
    );
    assert!(
        typed["savedAtUtc"]
            .as_str()
            .is_some_and(|at| !at.is_empty())
    );
    assert_eq!(w.ok("load_new_file_draft", json!({})), typed);
    let created = w.ok(
        "create_file",
        json!({"request": {"FlowID": examples.flow_id,
            "Company": {"CompanyName": "Refaccionaria Norte", "CompanyRFC": "RNO101010AB1"}}}),
    );
    assert!(created["DocumentId"].is_string());
    assert_eq!(w.ok("load_new_file_draft", json!({})), Value::Null);
    w.ok("save_new_file_draft", json!({"draft": {"rfc": "RNO"}}));
    w.ok("discard_new_file_draft", json!({}));
    assert_eq!(w.ok("load_new_file_draft", json!({})), Value::Null);
    assert_eq!(
        w.code("create_file", json!({"request": {"FlowID": ""}})),
        "validation"
    );

    let draft = json!({"documentId": id, "decisions": [{"seccion": "ProofAddress",
        "estatus": "Rechazada", "comentario": "Vencido", "entidadId": null,
        "entidadReferencia": null}], "mensajeGeneral": "", "notificarUsuario": true,
        "savedAtUtc": ""});
    w.ok("save_draft", json!({"draft": draft}));
    assert_eq!(
        w.ok("load_draft", json!({"documentId": id}))["decisions"][0]["comentario"],
        json!("Vencido")
    );
    w.ok("discard_draft", json!({"documentId": id}));
    assert_eq!(w.ok("load_draft", json!({"documentId": id})), Value::Null);

    let section = detail["Secciones"][0]
        .as_str()
        .expect("a section")
        .to_owned();
    // The review's draft makes the request: a rejection without its comment is
    // refused before it leaves, in its section.
    let rejection = |comment: &str| {
        json!({"documentId": id, "decisions": [{"seccion": section, "estatus": "Rechazada",
            "comentario": comment, "entidadId": null, "entidadReferencia": null}],
            "mensajeGeneral": "", "notificarUsuario": true, "savedAtUtc": ""})
    };
    w.ok("save_draft", json!({"draft": rejection("")}));
    let refused = w.ok("preview_correction", json!({"documentId": id}));
    assert_eq!(
        refused["failures"]
            .as_array()
            .expect("a list")
            .iter()
            .map(|p| (&p["field"], &p["rule"], &p["section"]))
            .collect::<Vec<_>>(),
        [(&json!("comentario"), &json!("required"), &json!(section))]
    );
    // Sent as previewed; a preview the draft no longer makes is refused.
    w.ok("save_draft", json!({"draft": rejection("Falta la firma")}));
    assert_eq!(
        w.code(
            "send_correction",
            json!({"documentId": id, "previewed": refused["previewed"]})
        ),
        "draft_changed"
    );
    let preview = w.ok("preview_correction", json!({"documentId": id}));
    assert_eq!(
        preview["request"]["secciones"][0]["comentario"],
        json!("Falta la firma")
    );
    let corrected = w.ok(
        "send_correction",
        json!({"documentId": id, "previewed": preview["previewed"]}),
    );
    assert_eq!(w.ok("load_draft", json!({"documentId": id})), Value::Null);
    assert_eq!(corrected["resumen"]["rechazadas"], json!(1));
    let added = w.ok(
        "add_complementary_info",
        json!({"request": {"documentId": id, "flowId": examples.flow_id_complementary}}),
    );
    assert!(added["sectionsAdded"].is_array());
    let link = w.ok(
        "enrollment_link",
        json!({"documentId": id, "personId": examples.person_id_enrollment_allowed}),
    );
    assert!(link["EnrollmentUrl"].is_string());
    let problems = w.ok(
        "check_new_file",
        json!({"request": {"FlowID": "", "Company": {"CompanyName": "Taller",
            "CompanyRFC": "tlg990101ab3"}, "SendSms": true, "ContactPhone": "331234"}}),
    );
    // SMS asked for is no reason to refuse, nor an RFC typed in lower case; a short
    // phone is.
    let placed: Vec<(&str, &str)> = problems
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| {
            (
                p["field"].as_str().unwrap_or(""),
                p["rule"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        placed,
        [("FlowId", "required"), ("ContactPhone", "invalid")]
    );
    let issued = w.ok("issued_links", json!({"documentId": id}));
    assert_eq!(
        issued[0]["personId"],
        json!(examples.person_id_enrollment_allowed.to_string())
    );
    assert_eq!(issued[0]["outcome"]["ok"], json!(true));
    let record = link["Id"].as_str().expect("the record's Id");
    assert!(
        issued[0]["summary"]
            .as_str()
            .is_some_and(|s| s.contains(record))
    );
    assert!(
        !issued
            .to_string()
            .contains(link["EnrollmentUrl"].as_str().unwrap_or("-")),
        "the link itself is not kept"
    );

    w.covers(COVERS);
}

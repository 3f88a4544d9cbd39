//! Home and workplace verifications by folio: read, resent, cancelled, their photos checked.

use serde_json::json;

use crate::open;

/// The commands this group covers (each called here with the arguments the UI sends).
pub const COVERS: &[&str] = &["resend_verification", "check_photo", "cancel_verification"];

#[test]
fn verifications_answer_through_ipc() {
    let w = open();
    let examples = w.manifest.examples.clone();
    let folio = |status: &str| examples.folios[status].clone();
    let sent = w.ok("verification", json!({"folio": folio("Enviado")}));
    assert_eq!(sent["verification"]["Folio"], json!(folio("Enviado")));
    assert_eq!(
        (
            &sent["canResend"],
            &sent["canCancel"],
            &sent["resendsSoFar"]
        ),
        (&json!(true), &json!(true), &json!(0))
    );
    w.ok("resend_verification", json!({"folio": folio("Enviado")}));
    assert_eq!(
        w.ok("verification", json!({"folio": folio("Enviado")}))["resendsSoFar"],
        json!(1),
        "counted from the audit log"
    );
    let done = w.ok("verification", json!({"folio": folio("Completado")}));
    assert_eq!(
        (&done["canResend"], &done["canCancel"]),
        (&json!(false), &json!(false))
    );
    // Each photo is downloaded and hashed by the backend.
    let photo = &done["verification"]["Photos"][0];
    let checked = w.ok(
        "check_photo",
        json!({"url": photo["Url"], "expectedSha256": photo["HashSha256"]}),
    );
    assert_eq!(checked["matches"], json!(true), "{:.80}", checked["sha256"]);
    assert_eq!(checked["sha256"], photo["HashSha256"]);
    assert!(
        checked["dataUrl"]
            .as_str()
            .is_some_and(|u| u.starts_with("data:image/"))
    );
    let wrong = w.ok(
        "check_photo",
        json!({"url": photo["Url"], "expectedSha256": "00".repeat(32)}),
    );
    assert_eq!(wrong["matches"], json!(false));
    w.ok("cancel_verification", json!({"folio": folio("Abierto")}));
    assert_eq!(
        w.code("cancel_verification", json!({"folio": folio("Completado")})),
        "state_conflict"
    );
    assert_eq!(
        w.code("verification", json!({"folio": "VD-NO"})),
        "not_found"
    );

    w.covers(COVERS);
}

//! Learning from production, through the desk on a loopback sandbox: an answer the
//! sandbox alters (a null string, unknown fields) is counted in the drift report, and
//! the exported file holds none of the answer's personal data.

mod common;

use common::DemoDesk;
use kyb_sandbox::altered::{ADDED_PERSONAL, personal_data, tracking_fault};
use serde_json::{Value, json};

const TRACKING: &str = kyb_api::Operation::Tracking.route();
/// The sandbox's answer to the example file's tracking, as it serves it, unaltered.
async fn raw_tracking(demo: &DemoDesk) -> Value {
    kyb_api::client::install_tls_provider();
    let manifest = demo.manifest();
    let tenant = &manifest.tenants[0];
    let response = reqwest::Client::new()
        .post(format!("{}/expedientes/v1/tracking", manifest.base_url))
        .header(kyb_api::client::API_KEY_HEADER, &tenant.api_key)
        .header(
            kyb_api::client::WORKSPACE_HEADER,
            tenant.workspace_id.to_string(),
        )
        .json(&json!({
            "FlowID": manifest.examples.flow_id,
            "RFC": manifest.examples.rfc,
            "AgentMail": demo.profile.agent_email,
        }))
        .send()
        .await
        .expect("the sandbox answers");
    assert!(response.status().is_success(), "{}", response.status());
    response.json().await.expect("a JSON answer")
}

#[tokio::test]
async fn an_altered_answer_is_counted_and_its_export_holds_no_personal_data() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let examples = demo.manifest().examples.clone();
    let original = raw_tracking(&demo).await;
    let mut personal = personal_data(&original);
    let person = &original["Data"]["Person"][0];
    for field in ["FullName", "Email"] {
        assert!(
            person[field].as_str().is_some_and(|s| !s.is_empty()),
            "the example's first person has a {field}: {person}"
        );
    }
    assert!(personal.contains(&examples.rfc), "{personal:?}");
    personal.extend(ADDED_PERSONAL.map(String::from));

    demo.sandbox.add_fault(tracking_fault()).expect("fault");

    assert!(
        desk.drift_report().operations.is_empty(),
        "nothing read through the desk yet"
    );
    let read = desk
        .tracking(&examples.flow_id, &examples.rfc)
        .await
        .expect("the altered answer is read");
    assert_eq!(read.tracking.person[0].full_name, None);
    assert_eq!(read.tracking.company_rfc.as_ref(), Some(&examples.rfc));

    let report = desk.drift_report();
    let tracking = &report.operations[TRACKING];
    assert_eq!((tracking.answers, tracking.absorbing), (1, 1));
    assert_eq!(
        tracking.nulls.get("Person[].FaceKeyId"),
        Some(&1),
        "{tracking:?}"
    );
    assert_eq!(
        tracking.nulls.get("Person[].FullName"),
        Some(&1),
        "{tracking:?}"
    );
    assert_eq!(
        tracking.unknown_fields.get("CampoNuevo"),
        Some(&1),
        "{tracking:?}"
    );
    assert_eq!(
        tracking.unknown_fields.get("ContactoAdicional"),
        Some(&1),
        "{tracking:?}"
    );
    // The member named by an RFC is counted, its name withheld.
    assert_eq!(
        tracking.unknown_fields.get(kyb_api::drift::WITHHELD),
        Some(&1),
        "{tracking:?}"
    );
    assert!(
        !tracking
            .unknown_fields
            .keys()
            .any(|k| k.contains(ADDED_PERSONAL[4])),
        "{tracking:?}"
    );

    let out = tempfile::tempdir().expect("temporary directory");
    let path = out.path().join("kyb-desk-respuestas-del-servicio.json");
    desk.export_drift(&path).expect("exported");
    let written = std::fs::read_to_string(&path).expect("the export");
    let export: Value = serde_json::from_str(&written).expect("JSON");
    assert_eq!(export["kind"], "kyb-desk-drift");
    assert_eq!(
        export["report"]["operations"][TRACKING]["nulls"]["Person[].FaceKeyId"],
        1
    );
    let lower = written.to_lowercase();
    for data in &personal {
        assert!(
            !lower.contains(&data.to_lowercase()),
            "{data:?} is in the export: {written}"
        );
    }
    // The copy the desk keeps is as clean as the export.
    let kept = std::fs::read_to_string(demo.data_dir().join("drift.json")).expect("drift.json");
    for data in &personal {
        assert!(!kept.contains(data.as_str()), "{data:?} is in drift.json");
    }
}

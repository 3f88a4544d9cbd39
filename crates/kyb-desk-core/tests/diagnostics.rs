//! The diagnostics bundle after a day of demo work holds no datum of anyone: the demo's
//! files are followed and refreshed, their details read, a decision sent, verifications
//! read and resent, exports written, a damaged record set aside; then the bundle is
//! made and searched for every RFC, CURP, name, e-mail, folio and DocumentId the demo's
//! data holds (read from what the sandbox serves, not a list of ours), for the API key
//! and the sandbox's admin token.

mod common;

use std::collections::BTreeSet;

use common::DemoDesk;
use kyb_desk_core::demo;
use kyb_desk_core::diagnostics::{self, Diagnostics};
use serde_json::Value;

/// The fields of the service's answers that hold a person's or a company's datum
/// (compared without case): their every value is searched for in the bundle.
const PERSONAL: &[&str] = &[
    "rfc",
    "companyrfc",
    "curp",
    "nombre",
    "nombres",
    "nombrecompleto",
    "nombrerepresentante",
    "nombretitular",
    "nombrenotario",
    "nombrecomercial",
    "primerapellido",
    "segundoapellido",
    "apellidopaterno",
    "apellidomaterno",
    "razondenominacionsociedad",
    "fullname",
    "companyname",
    "clientname",
    "correo",
    "email",
    "agentmail",
    "folio",
    "telefono",
    "celular",
    "claveelector",
    "numeroocr",
    "cic",
];

fn collect(value: &Value, key: Option<&str>, into: &mut BTreeSet<String>) {
    match value {
        Value::String(text)
            if key.is_some_and(|k| PERSONAL.contains(&k.to_ascii_lowercase().as_str()))
                && text.trim().chars().count() >= 3 =>
        {
            into.insert(text.trim().to_owned());
        }
        Value::Array(items) => items.iter().for_each(|item| collect(item, key, into)),
        Value::Object(map) => map
            .iter()
            .for_each(|(k, item)| collect(item, Some(k), into)),
        _ => {}
    }
}

#[tokio::test]
async fn a_bundle_after_a_day_of_demo_work_holds_no_key_and_no_one_s_datum() {
    let logs = tempfile::tempdir().expect("log folder");
    kyb_desk_core::logging::init(logs.path());
    let dir = tempfile::tempdir().expect("data folder");
    // A record damaged with someone's data in it: set aside at start, its reason (the
    // decoder's words, quoting the value) among the notices.
    std::fs::write(
        dir.path().join("drift.json"),
        r#"{"operations": "Ana Ruiz EKU9003173C9 ana.ruiz@correo.mx"}"#,
    )
    .expect("damaged record");
    let demo = DemoDesk::start_in(dir).await;
    let desk = &demo.desk;
    let guide = demo::populate(desk, &demo.sandbox)
        .await
        .expect("populated");
    let mut secrets: BTreeSet<String> = BTreeSet::new();

    // The followed files: refreshed, each one's detail read.
    let rows = desk
        .refresh_watchlist(false, |_| {})
        .await
        .expect("refreshed");
    for row in &rows {
        secrets.insert(row.rfc.clone());
        secrets.extend(row.company_name.clone());
        let Some(id) = &row.document_id else { continue };
        secrets.insert(id.clone());
        let detail = desk.file_detail(id).await.expect("detail");
        collect(
            &serde_json::to_value(&detail).expect("JSON"),
            None,
            &mut secrets,
        );
    }
    // A decision sent on the example file, its finding acknowledged.
    let (files, flagged) = demo.example_flagged_section().await;
    let examples = &demo.manifest().examples;
    let document_id = examples.document_id.to_string();
    desk.acknowledge_findings(&document_id, &flagged.section)
        .await
        .expect("acknowledged");
    common::send_correction(desk, common::rejection(&document_id, &flagged.section))
        .await
        .expect("sent");
    // Every verification of the guide read; one resent.
    for folio in &guide.folios {
        secrets.insert(folio.folio.clone());
        let state = desk.verification(&folio.folio).await.expect("verification");
        collect(
            &serde_json::to_value(&state).expect("JSON"),
            None,
            &mut secrets,
        );
    }
    secrets.extend(examples.folios.values().cloned());
    desk.resend_verification(&guide.resend_folio)
        .await
        .expect("resent");
    // Exports.
    let out = tempfile::tempdir().expect("exports");
    desk.export_watchlist_csv(&out.path().join("w.csv"))
        .expect("watchlist CSV");
    desk.export_audit_csv(&out.path().join("a.csv"))
        .expect("audit CSV");
    desk.export_dossier(
        &files,
        &examples.flow_id,
        &examples.rfc,
        &document_id,
        &out.path().join("d.zip"),
        false,
    )
    .await
    .expect("dossier");
    // A careless line of a later version: the field and the quoted value are withheld.
    let person = secrets
        .iter()
        .find(|s| s.contains(' ') && !s.contains(char::is_numeric))
        .cloned()
        .expect("a name in the demo's data");
    tracing::warn!(rfc = %examples.rfc, who = ?person, "careless line");

    // The key, the admin token, the agent's e-mail: never in it.
    let tenant = &demo.manifest().tenants[0];
    secrets.insert(tenant.api_key.clone());
    secrets.insert(demo.manifest().admin_token.clone());
    secrets.insert(demo.profile.agent_email.clone());
    secrets.insert(examples.rfc.clone());
    assert!(secrets.len() > 100, "{} data read", secrets.len());
    assert!(
        secrets.iter().any(|s| s.contains('@')),
        "e-mails among the data"
    );

    let diagnostics = Diagnostics::new(logs.path().to_path_buf());
    let shown = diagnostics.preview(desk);
    let path = out.path().join(diagnostics::FILE_NAME);
    diagnostics.save(&path).expect("saved");
    let text = std::fs::read_to_string(&path).expect("written");
    let lower = text.to_lowercase();
    for secret in &secrets {
        assert!(
            !text.contains(secret.as_str()),
            "{secret:?} is in the bundle"
        );
        assert!(
            !lower.contains(&secret.to_lowercase()),
            "{secret:?} is in the bundle (in another case)"
        );
    }

    // And the bundle is worth sending: the day's calls, the drift counts, the notice.
    let bundle: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(bundle["kind"], "kyb-desk-diagnostics");
    assert_eq!(bundle["version"]["appVersion"], env!("CARGO_PKG_VERSION"));
    assert!(bundle["platform"]["os"].is_string());
    let lines: Vec<&str> = bundle["logs"]
        .as_array()
        .expect("logs")
        .iter()
        .flat_map(|day| day["lines"].as_array().expect("lines"))
        .filter_map(Value::as_str)
        .collect();
    assert!(
        lines
            .iter()
            .any(|l| l.contains(r#"operation="GET /verificaciones/{folio}""#)
                && l.contains(r#"path="/verificaciones/(folio)""#)),
        "the verification calls, their folios withheld"
    );
    assert!(lines.iter().any(|l| l.contains("careless line")));
    assert!(
        bundle["drift"]["operations"]["POST /expedientes/v1/tracking"]["answers"]
            .as_u64()
            .is_some_and(|n| n > 0)
    );
    let notices = bundle["recoveries"].as_array().expect("notices");
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0]["kind"], "drift");
    assert!(
        notices[0]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("(withheld)")),
        "{notices:?}"
    );
    for kind in ["folio", "id", "rfc"] {
        assert!(
            bundle["withheld"][kind].as_u64().is_some_and(|n| n > 0),
            "{kind}: {}",
            bundle["withheld"]
        );
    }
    // What was saved is what was shown.
    assert_eq!(bundle, serde_json::to_value(&shown).expect("JSON"));
}

//! The diagnostics bundle attacked with personal data and secrets where they are not a
//! quoted field: each is put into a log line, a record's notice and the drift report,
//! and the bundle (as written) is searched for it.

use std::collections::BTreeMap;

use kyb_api::drift::{DriftReport, OperationDrift};
use kyb_desk_core::diagnostics;
use kyb_desk_core::recovery::{RecordKind, Recovery};

/// A text carrying a datum, and the parts of it the bundle must not hold.
const ATTACKS: &[(&str, &[&str])] = &[
    // A name as a log field printed with Display: no quotes, blanks inside.
    (
        "claim taken name=Ana María Ruiz Olvera queue=7",
        &["María", "Ruiz", "Olvera"],
    ),
    ("nombre: Beto Pérez Lara", &["Beto", "Pérez", "Lara"]),
    // RFCs and CURPs in any case.
    ("rfc helm850101ab1 in the deed", &["helm850101ab1"]),
    ("Curp: helm850101mdfrpr09.", &["helm850101mdfrpr09"]),
    // E-mails with a plus, unicode, a unicode domain, in brackets, percent-encoded.
    ("to ana+kyb@empresa.mx", &["ana+kyb"]),
    ("to josé.niño@empresa.mx", &["josé.niño"]),
    ("to <ana@empresa.méxico>", &["ana@"]),
    (
        "GET /x?correo=ana%40empresa.mx&n=1",
        &["ana%40empresa", "ana@empresa"],
    ),
    ("reply-to: beto%40correo.mx", &["beto%40correo"]),
    // Folios by field, with a colon.
    ("folio: ABC-17 resent", &["ABC-17"]),
    // Bearer tokens and API keys in headers and query strings.
    ("Authorization: Bearer abc123short", &["abc123short"]),
    ("authorization: bearer tOk3nZ", &["tOk3nZ"]),
    (
        "header Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbmEifQ.c2lnbmF0dXJl",
        &["eyJhbGciOiJIUzI1NiJ9", "eyJzdWIiOiJhbmEifQ", "c2lnbmF0dXJl"],
    ),
    ("x-api-key: kyb-live-12ab", &["kyb-live-12ab"]),
    ("headers {x-api-key: k9, accept: json}", &["k9,"]),
    (
        "GET https://kyb.empresa.mx/api?apikey=k3y-Sh0rt&x=1",
        &["k3y-Sh0rt"],
    ),
    (
        "GET https://kyb.empresa.mx/api?access_token=abc12&x=1",
        &["abc12"],
    ),
    (
        "passwd=hunter2 pwd=hunter3 secret=hunter4",
        &["hunter2", "hunter3", "hunter4"],
    ),
    // Database addresses with their login and password.
    (
        "connect postgresql://kyb:s3cr3t@localhost:5432/kyb_team failed",
        &["s3cr3t", "kyb:"],
    ),
    (
        "connect postgres://ana.ruiz:Pa55w0rd!@db.empresa.mx/kyb",
        &["Pa55w0rd", "ana.ruiz"],
    ),
    // Someone's home folder, this user's or not.
    (
        "read /home/beto.perez/.local/share/kyb-desk/drift.json",
        &["beto.perez"],
    ),
    ("read /Users/carla/Library/x", &["carla"]),
    (r"read C:\Users\dora\AppData\x", &["dora"]),
];

#[test]
fn no_attack_reaches_the_bundle() {
    let logs = tempfile::tempdir().expect("log folder");
    let today = chrono::Utc::now().date_naive().format("%Y-%m-%d");
    let lines: Vec<String> = ATTACKS
        .iter()
        .map(|(text, _)| format!("2026-11-26T07:44:36.204971Z  WARN kyb_desk_core::desk: {text}"))
        .collect();
    std::fs::write(
        logs.path().join(format!("kyb-desk.{today}.log")),
        lines.join("\n"),
    )
    .expect("log written");
    let recoveries: Vec<Recovery> = ATTACKS
        .iter()
        .map(|(text, _)| Recovery {
            kind: RecordKind::Drift,
            path: (*text).to_owned(),
            set_aside_as: (*text).to_owned(),
            reason: (*text).to_owned(),
        })
        .collect();
    let mut drift = DriftReport::default();
    let mut operation = OperationDrift::default();
    for (text, _) in ATTACKS {
        operation.unknown_fields.insert((*text).to_owned(), 1);
        operation
            .unknown_values
            .entry("status".to_owned())
            .or_insert_with(BTreeMap::new)
            .insert((*text).to_owned(), 1);
    }
    drift
        .operations
        .insert("GET /verificaciones/{folio}".to_owned(), operation);
    let bundle = diagnostics::gather_from(&drift, &recoveries, logs.path());
    let written = serde_json::to_string(&bundle).expect("the bundle as written");
    assert!(
        written.contains("claim taken"),
        "the lines are in the bundle: {written}"
    );
    let leaks: Vec<String> = ATTACKS
        .iter()
        .flat_map(|(text, parts)| {
            parts
                .iter()
                .filter(|part| written.contains(*part))
                .map(move |part| format!("{part:?} of {text:?}"))
        })
        .collect();
    assert!(leaks.is_empty(), "the bundle holds:\n{}", leaks.join("\n"));
}

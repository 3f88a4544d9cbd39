//! The fixtures hand-written from the spec (`tests/fixtures/`) decode into the models
//! without loss: written back, every field of the fixture comes out with its value
//! (instants compared as instants, numbers as numbers), and nothing is invented.

use std::path::Path;

use kyb_api::envelope::Envelope;
use kyb_api::models::correction::CorrectionResult;
use kyb_api::models::detail::DetailV2;
use kyb_api::models::file::{CreatedFile, EnrollmentLink, SectionsAdded};
use kyb_api::models::tracking::Tracking;
use kyb_api::models::verification::Verification;
use kyb_api::time::UtcTime;
use kyb_api::validate::{Failure, Rule};
use kyb_api::{ApiError, Operation};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Decodes the fixture's data as `T`, writes it back, and compares.
fn round_trip<T: DeserializeOwned + Serialize>(name: &str) -> T {
    let envelope = Envelope::parse(&fixture(name)).expect("an envelope");
    assert!(!envelope.says_failure(), "{name} is a success body");
    let model: T = serde_json::from_value(envelope.data.clone())
        .unwrap_or_else(|e| panic!("{name} decodes: {e}"));
    let written = serde_json::to_value(&model).expect("serialises");
    same(&envelope.data, &written, name);
    model
}

fn same(expected: &Value, got: &Value, at: &str) {
    match (expected, got) {
        // A null array reads as an empty one: both are "missing".
        (Value::Null, Value::Array(have)) if have.is_empty() => {}
        (Value::Object(want), Value::Object(have)) => {
            for (key, value) in want {
                let path = format!("{at}.{key}");
                match have.get(key) {
                    Some(found) => same(value, found, &path),
                    None => assert!(value.is_null(), "{path} was lost"),
                }
            }
            for (key, value) in have {
                if !want.contains_key(key) {
                    let empty = value.is_null() || value.as_array().is_some_and(Vec::is_empty);
                    assert!(empty, "{at}.{key} = {value} was invented");
                }
            }
        }
        (Value::Array(want), Value::Array(have)) => {
            assert_eq!(want.len(), have.len(), "{at}: length");
            for (index, (w, h)) in want.iter().zip(have).enumerate() {
                same(w, h, &format!("{at}[{index}]"));
            }
        }
        (Value::Number(want), Value::Number(have)) => {
            assert_eq!(want.as_f64(), have.as_f64(), "{at}");
        }
        (Value::String(want), Value::String(have)) => {
            let instant = |s: &str| UtcTime::parse(s).timestamp();
            match (instant(want), instant(have)) {
                (Some(w), Some(h)) => assert_eq!(w, h, "{at}"),
                _ => assert_eq!(want, have, "{at}"),
            }
        }
        _ => assert_eq!(expected, got, "{at}"),
    }
}

#[test]
fn every_success_fixture_decodes_without_loss() {
    let created: CreatedFile = round_trip("create-file.json");
    assert_eq!(
        created.company.and_then(|c| c.company_rfc).as_deref(),
        Some("PLE150301AB2")
    );

    let detail: DetailV2 = round_trip("detail-v2.json");
    assert_eq!(detail.section_ids()[1].limit, Some(2));
    assert_eq!(detail.entidades.len(), 2);

    let correction: CorrectionResult = round_trip("correction.json");
    assert_eq!(
        correction
            .resumen
            .and_then(|r| r.entidades_afectadas)
            .and_then(|e| e.expediente),
        Some(1)
    );

    let added: SectionsAdded = round_trip("complementary-information.json");
    assert_eq!(added.sections_added, ["BankStatementObligatorio"]);

    let tracking: Tracking = round_trip("tracking.json");
    let sections = tracking.sections();
    assert_eq!(sections[0].section, "ProofAddress");
    assert_eq!(
        sections[0].comments.as_deref(),
        Some("El comprobante está vencido")
    );
    assert_eq!(tracking.person[0].is_completed, Some(true));

    let verification: Verification = round_trip("verification.json");
    assert_eq!(verification.photos.len(), 1);
    assert_eq!(verification.accuracy, Some(12.0));

    let link: EnrollmentLink = round_trip("enrollment-link.json");
    assert_eq!(link.id.as_deref(), Some("ENR-1"));
}

#[test]
fn error_fixtures_map_to_their_variants() {
    assert_eq!(
        ApiError::from_answer(Operation::Detail, 401, &fixture("error-401-lowercase.json")),
        ApiError::Unauthorized {
            message: "No autorizado - Workspace inválido o API Key incorrecta".into()
        }
    );
    assert_eq!(
        ApiError::from_answer(
            Operation::CreateFile,
            400,
            &fixture("error-validation.json")
        ),
        ApiError::Validation {
            message: "Error de validacion".into(),
            messages: vec!["El campo FlowId es obligatorio".into()],
            failures: vec![Failure::new("FlowId", Rule::Required)],
            local: false,
        }
    );
    assert_eq!(
        ApiError::from_answer(Operation::Verification, 404, &fixture("error.json")),
        ApiError::NotFound {
            message: "Verificación no encontrada".into()
        }
    );
}

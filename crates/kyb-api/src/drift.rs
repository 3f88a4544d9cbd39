//! Learning from production: what tolerant reading had to absorb, counted per
//! operation. The service cannot be reached from where the desk is built, so the desk
//! is the only thing that sees its real answers; these counts are what it can send
//! back so the sandbox and the spec copy converge on production.
//!
//! An answer is compared with its own reading (the model written back): a member the
//! model does not know is an unknown field; a member the spec gives a value that came
//! null or absent is a null or an absence; a value read in another shape (a number as
//! text, one element as a list, an object where text was due, and so dropped) is
//! reshaped. Catalogue values outside the spec's lists and the forms of timestamps are
//! noted while decoding ([`crate::tolerant::absorbing`]).
//!
//! Only names and forms are kept, never a value of a person or a company: field names
//! (a name that could be data, such as an RFC used as a key, and every key of a
//! free-form map, are withheld), the spec's own catalogue values (any other value in a
//! catalogue's place is hashed), and timestamp patterns (`YYYY-MM-DDThh:mm:ss.fffZ`):
//! see [`kept`].

mod kept;

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::Operation;
use crate::time::{UNREADABLE, is_unset};
use crate::tolerant::absorbing;
pub use kept::{HASHED, WITHHELD};
use kept::{catalogue_value, field_name};

/// What one answer taught.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lesson {
    pub unknown_fields: Vec<String>,
    pub nulls: Vec<String>,
    pub absences: Vec<String>,
    pub reshaped: Vec<String>,
    /// (catalogue, value).
    pub unknown_values: Vec<(String, String)>,
    pub time_forms: Vec<String>,
}

impl Lesson {
    /// Whether reading this answer needed any tolerance at all: a timestamp's form is only
    /// noted, but one that could not be read was kept verbatim, and that is tolerance.
    pub fn absorbed_anything(&self) -> bool {
        !(self.unknown_fields.is_empty()
            && self.nulls.is_empty()
            && self.absences.is_empty()
            && self.reshaped.is_empty()
            && self.unknown_values.is_empty()
            && !self.time_forms.iter().any(|form| form == UNREADABLE))
    }
}

/// Decodes an answer's `Data` as `T` under the tolerant rule, and says what it absorbed.
pub fn read<T: DeserializeOwned + Serialize>(
    operation: Operation,
    data: &Value,
) -> Result<(T, Lesson), serde_json::Error> {
    let (decoded, absorbed) = absorbing(|| T::deserialize(data));
    let model = decoded?;
    let mut lesson = Lesson {
        unknown_values: absorbed
            .unknown_values
            .into_iter()
            .map(|(catalogue, value)| (catalogue.to_owned(), catalogue_value(&value)))
            .collect(),
        time_forms: absorbed.time_forms,
        ..Lesson::default()
    };
    if let Ok(reading) = serde_json::to_value(&model) {
        let mut walk = Walk {
            operation,
            kept_verbatim: kept_verbatim::<T>(&reading),
            lesson: &mut lesson,
        };
        walk.compare(&mut String::new(), data, &reading, false);
    }
    Ok((model, lesson))
}

/// The members of a model's reading that the model keeps verbatim (version 1 of the
/// detail keeps every member it does not type, in a map): those its reading of an
/// empty answer does not have. Every model reads one (its members are optional), and
/// only a model's top level keeps members verbatim.
fn kept_verbatim<T: DeserializeOwned + Serialize>(reading: &Value) -> Vec<String> {
    let typed = T::deserialize(&Value::Object(serde_json::Map::new()))
        .ok()
        .and_then(|empty| serde_json::to_value(empty).ok());
    match (reading, typed) {
        (Value::Object(members), Some(Value::Object(typed))) => members
            .keys()
            .filter(|key| !typed.contains_key(*key))
            .cloned()
            .collect(),
        _ => Vec::new(),
    }
}

/// Members the spec allows to be null or absent (it says "or null", "may be null",
/// "present for …", or the member belongs to a shape chosen by a `Tipo`): their
/// absence is not drift. A trailing `.*` covers every member below.
const MAY_BE_MISSING: &[(Operation, &str)] = &[
    (Operation::CreateFile, "ExternalId"),
    (Operation::CreateFile, "Company.CompanyRfc"),
    // The tracking table types them as strings, but the detail says the same two events
    // of a biometric check "may be null": a person not yet enrolled has neither.
    (Operation::Tracking, "Person[].CallbackAtUtc"),
    (Operation::Tracking, "Person[].NotificationAtUtc"),
    (Operation::Verification, "VerdictComment"),
    (Operation::Verification, "GeoSignals"),
    (Operation::Detail, "Entidades[].Datos.*"),
    (Operation::Detail, "Entidades[].Validaciones"),
    (Operation::Detail, "Entidades[].Validaciones[].Detalles.*"),
    (Operation::Detail, "Documentos[].Subtipo"),
    (Operation::Detail, "Documentos[].Direccion"),
    (Operation::Detail, "Documentos[].Fechas"),
    // A document's members are a union of kinds (address proof, deed): only its kind's
    // are sent, and an incorporation deed has no alteration analysis.
    (Operation::Detail, "Documentos[].Validaciones"),
    (Operation::Detail, "Documentos[].Validaciones[].*"),
    (Operation::Detail, "Documentos[].AnalisisGeneral"),
    (Operation::Detail, "Documentos[].Representantes"),
    (Operation::Detail, "Documentos[].ObjetoSocial"),
    (Operation::Detail, "Documentos[].ObjetoSocialAnalisis"),
    (Operation::Detail, "Documentos[].OrganosInternos"),
    // A question the user has not answered yet.
    (
        Operation::Detail,
        "Adicionales[].Secciones[].Preguntas[].Valor",
    ),
    (Operation::Correction, "secciones[].comentario"),
    // A section of the file itself names no entity (the request's own is optional).
    (Operation::Correction, "secciones[].entidadReferencia"),
    (Operation::Correction, "warnings"),
];

fn may_be_missing(operation: Operation, path: &str) -> bool {
    MAY_BE_MISSING.iter().any(|(op, pattern)| {
        *op == operation
            && match pattern.strip_suffix(".*") {
                Some(prefix) => path.starts_with(prefix) && path[prefix.len()..].starts_with('.'),
                None => path == *pattern,
            }
    })
}

/// Appends a member's name to `path` (`Person[].FaceKeyId`).
fn push_member(path: &mut String, key: &str, free_form: bool) {
    if !path.is_empty() {
        path.push('.');
    }
    path.push_str(field_name(key, free_form));
}

fn is_missing(value: &Value) -> bool {
    value.is_null() || value.as_array().is_some_and(Vec::is_empty)
}

/// One answer compared with its reading.
struct Walk<'a> {
    operation: Operation,
    /// See [`kept_verbatim`].
    kept_verbatim: Vec<String>,
    lesson: &'a mut Lesson,
}

impl Walk<'_> {
    /// Compares what was received at `path` with its reading. `path` is one buffer for
    /// the whole walk, each member's name appended and taken off again: a path becomes
    /// a string of its own only when it is noted. `free_form`: `received` is in a
    /// member the model keeps verbatim, whose keys are data, not names.
    fn compare(&mut self, path: &mut String, received: &Value, read: &Value, free_form: bool) {
        let parent = path.len();
        let operation = self.operation;
        match (received, read) {
            (Value::Object(members), Value::Object(known)) => {
                for (key, value) in members {
                    let free_form = free_form || (parent == 0 && self.kept_verbatim.contains(key));
                    push_member(path, key, free_form);
                    match known.get(key) {
                        None => self.lesson.unknown_fields.push(path.clone()),
                        Some(_) if value.is_null() => {
                            if !may_be_missing(operation, path) {
                                self.lesson.nulls.push(path.clone());
                            }
                        }
                        Some(reading) => self.compare(path, value, reading, free_form),
                    }
                    path.truncate(parent);
                }
                for key in known.keys().filter(|key| !members.contains_key(*key)) {
                    push_member(path, key, free_form);
                    if !may_be_missing(operation, path) {
                        self.lesson.absences.push(path.clone());
                    }
                    path.truncate(parent);
                }
            }
            (Value::Array(items), Value::Array(readings)) if items.len() == readings.len() => {
                path.push_str("[]");
                for (item, reading) in items.iter().zip(readings) {
                    self.compare(path, item, reading, free_form);
                }
                path.truncate(parent);
            }
            (Value::Array(_), Value::Array(_)) => self.lesson.reshaped.push(path.clone()),
            (_, Value::Array(_)) => self.lesson.reshaped.push(path.clone()),
            // The unset instant read as "not happened" is not a reshaping: its form is
            // counted under `time::NOT_HAPPENED` (the decision is beside that rule).
            (Value::String(text), Value::Null) if is_unset(text) => {}
            (received, read) if is_missing(read) && !is_missing(received) => {
                self.lesson.reshaped.push(path.clone());
            }
            (received, read) if kind(received) != kind(read) => {
                self.lesson.reshaped.push(path.clone());
            }
            _ => {}
        }
    }
}

fn kind(value: &Value) -> u8 {
    match value {
        Value::Null => 0,
        Value::Bool(_) => 1,
        Value::Number(_) => 2,
        Value::String(_) => 3,
        Value::Array(_) => 4,
        Value::Object(_) => 5,
    }
}

/// The most distinct names, values or forms kept per list; the rest are counted
/// together under [`MORE`].
pub const MAX_DISTINCT: usize = 100;

/// Where what is past [`MAX_DISTINCT`] is counted.
pub const MORE: &str = "(more)";

/// The report's two markers, as data for the window that shows the report: they
/// stand among the names it counts, and only their spelling tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DriftMarkers {
    pub withheld: &'static str,
    pub more: &'static str,
}

pub const DRIFT_MARKERS: DriftMarkers = DriftMarkers {
    withheld: WITHHELD,
    more: MORE,
};

/// The counts of one operation.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct OperationDrift {
    /// Answers read.
    pub answers: u32,
    /// Answers that needed any tolerance.
    pub absorbing: u32,
    pub unknown_fields: BTreeMap<String, u32>,
    pub nulls: BTreeMap<String, u32>,
    pub absences: BTreeMap<String, u32>,
    pub reshaped: BTreeMap<String, u32>,
    /// Catalogue → value → count.
    pub unknown_values: BTreeMap<String, BTreeMap<String, u32>>,
    pub time_forms: BTreeMap<String, u32>,
}

/// Every operation's counts, since the desk started keeping them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct DriftReport {
    /// Keyed by the operation's route (`POST /expedientes/v1/tracking`).
    pub operations: BTreeMap<String, OperationDrift>,
}

impl DriftReport {
    /// The counts with every catalogue value kept as this version keeps them: a report
    /// an older desk wrote may hold values verbatim that are not the spec's (the keys
    /// of free-form maps it named cannot be told apart from field names any more).
    pub fn kept_as_now(mut self) -> DriftReport {
        for counts in self.operations.values_mut() {
            for values in counts.unknown_values.values_mut() {
                let mut kept: BTreeMap<String, u32> = BTreeMap::new();
                for (value, count) in std::mem::take(values) {
                    let value = if value == MORE || kept::is_hashed(&value) {
                        value
                    } else {
                        catalogue_value(&value)
                    };
                    let total = kept.entry(value).or_default();
                    *total = total.saturating_add(count);
                }
                *values = kept;
            }
        }
        self
    }

    /// Adds one answer's lesson; true when it taught something not seen before (a new
    /// name, value or form), which is worth keeping at once.
    pub fn learn(&mut self, operation: Operation, lesson: &Lesson) -> bool {
        let counts = self
            .operations
            .entry(operation.route().to_owned())
            .or_default();
        counts.answers = counts.answers.saturating_add(1);
        if lesson.absorbed_anything() {
            counts.absorbing = counts.absorbing.saturating_add(1);
        }
        let mut new = false;
        let mut add = |map: &mut BTreeMap<String, u32>, key: &str| {
            // Bounded: a service that invents a new key in every answer fills one
            // line, not the disk.
            let key = if map.len() >= MAX_DISTINCT && !map.contains_key(key) {
                MORE
            } else {
                key
            };
            let count = map.entry(key.to_owned()).or_default();
            new |= *count == 0;
            *count = count.saturating_add(1);
        };
        for path in &lesson.unknown_fields {
            add(&mut counts.unknown_fields, path);
        }
        for path in &lesson.nulls {
            add(&mut counts.nulls, path);
        }
        for path in &lesson.absences {
            add(&mut counts.absences, path);
        }
        for path in &lesson.reshaped {
            add(&mut counts.reshaped, path);
        }
        for form in &lesson.time_forms {
            add(&mut counts.time_forms, form);
        }
        for (catalogue, value) in &lesson.unknown_values {
            add(
                counts.unknown_values.entry(catalogue.clone()).or_default(),
                value,
            );
        }
        new
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::models::tracking::Tracking;
    use crate::models::verification::Verification;

    #[test]
    fn an_answer_teaches_names_and_forms_only() {
        let data = json!({
            "DocumentId": "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10",
            "CompanyRfc": "PLE150301AB2",
            "CompanyName": null,
            "DocumentStatus": "María Fernanda López",
            "CreatedAtUtc": "2026-11-20T10:00:00.1234567Z",
            "UpdatedAtUtc": "2026-11-20T04:00:00-06:00",
            "Comments": null,
            "Riesgo": {"Nivel": "alto"},
            "PLE150301AB2": true,
            "Person": [{"PersonId": "x", "FullName": "Ana Ruiz", "Email": "ana@example.com",
                        "FaceKeyId": null, "IsCompleted": "true"}]
        });
        let (tracking, lesson) = read::<Tracking>(Operation::Tracking, &data).expect("reads");
        assert_eq!(tracking.person[0].is_completed, Some(true));
        assert_eq!(lesson.unknown_fields, [WITHHELD, "Riesgo"]);
        assert!(lesson.nulls.contains(&"CompanyName".to_owned()));
        assert!(lesson.nulls.contains(&"Comments".to_owned()));
        assert!(lesson.nulls.contains(&"Person[].FaceKeyId".to_owned()));
        assert!(lesson.absences.contains(&"GuestUrl".to_owned()));
        assert!(lesson.absences.contains(&"Person[].Rfc".to_owned()));
        assert_eq!(lesson.reshaped, ["Person[].IsCompleted"]);
        // A person's name where the spec has a catalogue: hashed, never kept.
        assert_eq!(lesson.unknown_values.len(), 1);
        let (catalogue, value) = &lesson.unknown_values[0];
        assert_eq!(catalogue, "DocumentStatus");
        assert!(value.starts_with(HASHED), "{value}");
        assert_eq!(
            lesson.time_forms,
            ["YYYY-MM-DDThh:mm:ss.fffffffZ", "YYYY-MM-DDThh:mm:ss-hh:mm"]
        );
        let mut report = DriftReport::default();
        assert!(report.learn(Operation::Tracking, &lesson));
        assert!(
            !report.learn(Operation::Tracking, &lesson),
            "nothing new the second time"
        );
        let written = serde_json::to_string(&report).expect("serialises");
        for personal in [
            "PLE150301AB2",
            "Ana Ruiz",
            "ana@example.com",
            "2026-11-20",
            "María",
            "López",
        ] {
            assert!(!written.contains(personal), "{personal} in {written}");
        }
    }

    #[test]
    fn what_the_spec_allows_to_be_missing_is_not_drift() {
        let data = json!({"Folio": "VD-1", "VerdictComment": null, "GeoSignals": null,
                          "VerificationStatus": "Enviado"});
        let (_, lesson) = read::<Verification>(Operation::Verification, &data).expect("reads");
        assert!(
            !lesson
                .nulls
                .iter()
                .any(|p| p == "VerdictComment" || p == "GeoSignals")
        );
        assert!(lesson.absences.contains(&"Photos".to_owned()));
        assert!(lesson.unknown_values.is_empty());
    }

    #[test]
    fn the_spec_fixtures_teach_nothing() {
        use crate::models::correction::CorrectionResult;
        use crate::models::detail::DetailV2;
        use crate::models::file::{CreatedFile, EnrollmentLink, SectionsAdded};
        fn lesson<T: DeserializeOwned + Serialize>(operation: Operation, name: &str) -> Lesson {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../tests/fixtures")
                .join(name);
            let body = std::fs::read(path).expect("fixture");
            let data = crate::envelope::Envelope::parse(&body)
                .expect("envelope")
                .data;
            read::<T>(operation, &data).expect("reads").1
        }
        let lessons = [
            lesson::<CreatedFile>(Operation::CreateFile, "create-file.json"),
            lesson::<DetailV2>(Operation::Detail, "detail-v2.json"),
            lesson::<CorrectionResult>(Operation::Correction, "correction.json"),
            lesson::<SectionsAdded>(
                Operation::ComplementaryInfo,
                "complementary-information.json",
            ),
            lesson::<Tracking>(Operation::Tracking, "tracking.json"),
            lesson::<Verification>(Operation::Verification, "verification.json"),
            lesson::<EnrollmentLink>(Operation::EnrollmentLink, "enrollment-link.json"),
        ];
        for lesson in lessons {
            assert!(!lesson.absorbed_anything(), "{lesson:?}");
        }
    }

    #[test]
    fn an_unreadable_timestamp_is_tolerance() {
        let data = json!({"Folio": "VD-1", "VerificationStatus": "Enviado",
                          "Photos": [], "CreatedAtUtc": "/Date(1700000000000)/"});
        let (_, lesson) = read::<Verification>(Operation::Verification, &data).expect("reads");
        assert_eq!(lesson.time_forms, [UNREADABLE]);
        assert!(lesson.absorbed_anything(), "{lesson:?}");
    }

    #[test]
    fn the_unset_instant_is_learnt_but_is_not_tolerance() {
        let data = json!({"Folio": "VD-1", "VerificationStatus": "NoIniciado", "Photos": [],
                          "Verdict": "Pendiente", "VerdictComment": null, "GeoSignals": null,
                          "ExternalReference": "EXT-1", "Modality": "Domiciliar",
                          "ProductName": "Verificación domiciliaria", "ProductKey": "VD",
                          "CreatedAtUtc": "2026-11-20T10:00:00.123Z",
                          "SentAtUtc": "0001-01-01T00:00:00Z",
                          "CompletedAtUtc": "0001-01-01T00:00:00.0000000",
                          "ExpiresAtUtc": "2026-11-23T10:00:00Z",
                          "GeoResult": "Indeterminado", "DistanceMeters": 0, "Accuracy": 0,
                          "GeoIntegrity": "Ok", "BiometricStatus": "Pendiente"});
        let (verification, lesson) =
            read::<Verification>(Operation::Verification, &data).expect("reads");
        assert_eq!(
            (verification.sent_at_utc, verification.completed_at_utc),
            (None, None)
        );
        assert!(!lesson.absorbed_anything(), "{lesson:?}");
        let mut forms = lesson.time_forms.clone();
        forms.sort();
        assert_eq!(
            forms,
            [
                "YYYY-MM-DDThh:mm:ss.fffZ",
                "YYYY-MM-DDThh:mm:ssZ",
                "not happened: YYYY-MM-DDThh:mm:ss.fffffff",
                "not happened: YYYY-MM-DDThh:mm:ssZ",
            ]
        );
        // A null where the spec types a plain string is still drift.
        let mut nulled = data.clone();
        nulled["SentAtUtc"] = Value::Null;
        let (_, lesson) = read::<Verification>(Operation::Verification, &nulled).expect("reads");
        assert_eq!(lesson.nulls, ["SentAtUtc"]);
    }

    #[test]
    fn keys_of_a_free_form_map_are_withheld_and_counted() {
        use crate::models::file::DetailV1;
        // Version 1 of the detail keeps every member it does not type, verbatim.
        let data = json!({
            "documentId": "x",
            "message": null,
            "PLE150301AB2": null,
            "contacto": {"ana@example.com": null, "5512345678": "x"},
            "firmantes": {"AnaRuiz": null, "Juan Pablo": {"cargo": null}},
            "HELM850101MDFRPR09": [1, {"a": 2}],
        });
        let (_, lesson) = read::<DetailV1>(Operation::Detail, &data).expect("reads");
        let written = format!("{lesson:?}");
        for personal in [
            "PLE150301AB2",
            "ana@example.com",
            "5512345678",
            "HELM850101MDFRPR09",
            "AnaRuiz",
            "Juan Pablo",
            "firmantes",
        ] {
            assert!(!written.contains(personal), "{personal} in {written}");
        }
        // The typed member keeps its name.
        assert!(lesson.nulls.contains(&"message".to_owned()), "{written}");
        let withheld_twice = format!("{WITHHELD}.{WITHHELD}");
        let nulls = |path: &str| lesson.nulls.iter().filter(|p| *p == path).count();
        assert_eq!(nulls(WITHHELD), 1, "{written}");
        assert_eq!(nulls(&withheld_twice), 2, "{written}");
        assert_eq!(
            nulls(&format!("{withheld_twice}.{WITHHELD}")),
            1,
            "{written}"
        );
        // The report counts them.
        let mut report = DriftReport::default();
        report.learn(Operation::Detail, &lesson);
        let nulls = &report.operations[Operation::Detail.route()].nulls;
        assert_eq!(nulls.get(&withheld_twice), Some(&2), "{nulls:?}");
    }

    #[test]
    fn an_older_desks_values_are_kept_as_now() {
        let mut report = DriftReport::default();
        let lesson = Lesson {
            unknown_values: vec![("DocumentStatus".into(), "Aceptada".into())],
            ..Lesson::default()
        };
        report.learn(Operation::Tracking, &lesson);
        let values = &mut report
            .operations
            .get_mut(Operation::Tracking.route())
            .expect("counted")
            .unknown_values;
        // As an older desk kept them: a name verbatim.
        values
            .get_mut("DocumentStatus")
            .expect("counted")
            .insert("Ana Ruiz".into(), 2);
        let kept = report.kept_as_now();
        let values = &kept.operations[Operation::Tracking.route()].unknown_values["DocumentStatus"];
        assert_eq!(values.len(), 2, "{values:?}");
        assert_eq!(values["Aceptada"], 1);
        let (hashed, count) = values
            .iter()
            .find(|(value, _)| value.starts_with(HASHED))
            .expect("the name, hashed");
        assert_eq!(*count, 2);
        // Kept as now twice is kept as now.
        assert_eq!(kept.clone().kept_as_now(), kept, "{hashed}");
    }

    #[test]
    fn the_counts_stay_bounded() {
        let mut report = DriftReport::default();
        for n in 0..(MAX_DISTINCT + 50) {
            let lesson = Lesson {
                unknown_fields: vec![format!("Campo{n}")],
                ..Lesson::default()
            };
            report.learn(Operation::Tracking, &lesson);
        }
        let fields = &report.operations["POST /expedientes/v1/tracking"].unknown_fields;
        assert_eq!(fields.len(), MAX_DISTINCT + 1);
        assert_eq!(fields[MORE], 50);
    }
}

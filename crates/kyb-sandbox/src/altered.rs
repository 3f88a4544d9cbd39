//! One altered answer, shared by the tests that show what the desk learns from an answer
//! beyond the spec (the backend test, the journey and the screenshot): the tracking of
//! the example file with a null string, unknown members, an RFC used as a member's name
//! and personal data inside an unknown member.

use serde_json::{Value, json};

use crate::faults::{Alteration, Fault};

/// The personal data [`tracking_fault`] adds: a name, an e-mail, a CURP and an RFC in an
/// unknown member, and (last) an RFC used as a member's name.
pub const ADDED_PERSONAL: [&str; 5] = [
    "Lucía Fernández Ortega",
    "lucia.fernandez@correo.example.mx",
    "FEOL900215MDFRRC05",
    "FEOL900215AB1",
    "GODE561231GR8",
];

/// Every tracking answer altered: `FaceKeyId` and `FullName` of its first person null,
/// `CampoNuevo`, a member named by an RFC and `ContactoAdicional` holding
/// [`ADDED_PERSONAL`].
pub fn tracking_fault() -> Fault {
    let [name, email, curp, rfc, rfc_key] = ADDED_PERSONAL;
    let set = |pointer: String, value: Value| Alteration {
        pointer,
        value,
        remove: false,
    };
    Fault {
        route: kyb_api::Operation::Tracking.route().into(),
        alter: vec![
            set("/Data/Person/0/FaceKeyId".into(), Value::Null),
            set("/Data/Person/0/FullName".into(), Value::Null),
            set("/Data/CampoNuevo".into(), json!("x")),
            set(format!("/Data/{rfc_key}"), json!(true)),
            set(
                "/Data/ContactoAdicional".into(),
                json!({"Nombre": name, "Correo": email, "Curp": curp, "Rfc": rfc}),
            ),
        ],
        ..Fault::default()
    }
}

/// Every string under a member whose name says it holds a person's or a company's
/// name, e-mail, RFC or CURP.
pub fn personal_data(value: &Value) -> Vec<String> {
    let mut found = Vec::new();
    collect_personal(value, &mut found);
    found
}

fn collect_personal(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::Object(members) => {
            for (key, value) in members {
                let key = key.to_lowercase();
                let personal = ["name", "nombre", "mail", "correo", "rfc", "curp"]
                    .iter()
                    .any(|word| key.contains(word));
                match value {
                    Value::String(text) if personal && !text.trim().is_empty() => {
                        found.push(text.clone());
                    }
                    _ => collect_personal(value, found),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| collect_personal(item, found)),
        _ => {}
    }
}

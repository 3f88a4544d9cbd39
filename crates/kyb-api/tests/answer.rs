//! The short way of reading a successful answer (`envelope::answer`) reads what the
//! long way reads (the envelope's `Value`, then the model from `Data`'s), or gives way
//! to it: it never reads a body the long way refuses, nor reads one differently.

use std::path::Path;

use kyb_api::envelope::answer::Answer;
use kyb_api::envelope::{Envelope, Heading};
use kyb_api::models::correction::CorrectionResult;
use kyb_api::models::detail::DetailV2;
use kyb_api::models::file::{CreatedFile, DetailV1, EnrollmentLink, SectionsAdded};
use kyb_api::models::tracking::Tracking;
use kyb_api::models::verification::Verification;
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// What the long way reads: the heading and `Data` as `T`, or nothing.
fn long_way<T: DeserializeOwned>(body: &[u8]) -> Option<(Heading, T)> {
    let envelope = Envelope::parse(body).ok()?;
    let heading = Heading {
        code: envelope.code,
        status: envelope.status,
        success: envelope.success,
        warnings: envelope.warnings,
    };
    Some((heading, serde_json::from_value(envelope.data).ok()?))
}

/// Whether the short way read `body` (as the long way does, or the test fails).
fn agrees<T: DeserializeOwned + PartialEq + std::fmt::Debug>(body: &[u8]) -> bool {
    let Some(short) = Answer::<T>::read(body) else {
        return false;
    };
    let long = long_way::<T>(body);
    assert_eq!(
        Some((short.heading, short.data)),
        long,
        "{}",
        String::from_utf8_lossy(body)
    );
    true
}

/// Both readings the client makes: the model, and `Data` as a value for the learner.
fn both_agree<T: DeserializeOwned + PartialEq + std::fmt::Debug>(body: &[u8]) -> bool {
    let model = agrees::<T>(body);
    let value = agrees::<Value>(body);
    assert_eq!(
        Answer::read_value(body),
        Answer::<Value>::read(body),
        "{}",
        String::from_utf8_lossy(body)
    );
    assert!(
        !model || value,
        "a body read as a model is read as a value: {}",
        String::from_utf8_lossy(body)
    );
    model
}

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_success_fixture_is_read_the_short_way() {
    assert!(both_agree::<CreatedFile>(&fixture("create-file.json")));
    assert!(both_agree::<DetailV2>(&fixture("detail-v2.json")));
    assert!(both_agree::<CorrectionResult>(&fixture("correction.json")));
    assert!(both_agree::<SectionsAdded>(&fixture(
        "complementary-information.json"
    )));
    assert!(both_agree::<Tracking>(&fixture("tracking.json")));
    assert!(both_agree::<Verification>(&fixture("verification.json")));
    assert!(both_agree::<EnrollmentLink>(&fixture(
        "enrollment-link.json"
    )));
    assert!(both_agree::<DetailV1>(
        br#"{"Data":{"documentId":"x","sectionsAdded":["A"],"extra":{"b":[1,2]}},"Status":"Success"}"#
    ));
}

#[test]
fn what_the_long_way_refuses_the_short_way_leaves_to_it() {
    let deep = format!(
        r#"{{"Data":{{"Folio":"VD-1","Extra":{}1{}}},"Status":"Success"}}"#,
        "[".repeat(200),
        "]".repeat(200)
    );
    let mut not_utf8 = br#"{"Data":{"Folio":"VD-1","Extra":"#.to_vec();
    not_utf8.extend_from_slice(b"\"\xff\xfe\"}}");
    let refused: [&[u8]; 8] = [
        // Skipped by the model, but beyond the nesting a `Value` is read to.
        deep.as_bytes(),
        // Skipped members the long way cannot read: a number out of range, a lone
        // surrogate, bytes that are not UTF-8.
        br#"{"Data":{"Folio":"VD-1","Extra":1e400}}"#,
        br#"{"Data":{"Folio":"VD-1"},"Other":"\ud800"}"#,
        &not_utf8,
        // Not an envelope.
        br#"{"Data":{"Folio":"VD-1"}} trailing"#,
        br#"[{"Data":{"Folio":"VD-1"}}]"#,
        // A member of `Data` given twice: a `Value` keeps the last one.
        br#"{"Data":{"Folio":"VD-1","Folio":"VD-2"}}"#,
        // No `Data`.
        br#"{"Code":200,"Status":"Success"}"#,
    ];
    for body in refused {
        assert!(
            !agrees::<Verification>(body),
            "{}",
            String::from_utf8_lossy(body)
        );
        if Envelope::parse(body).is_err() {
            assert_eq!(
                Answer::read_value(body),
                None,
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }
}

#[test]
fn keys_are_matched_as_the_long_way_matches_them() {
    let read = [
        br#"{"data":{"Folio":"lower"},"DATA":{"Folio":"upper"},"Status":"Success"}"#.as_slice(),
        br#"{"data":{"Folio":"lower"},"Data":{"Folio":"exact"}}"#,
        br#"{"Data":{"Folio":"first"},"Data":{"Folio":"last"},"STATUS":"error"}"#,
        br#"{"D\u0061ta":{"Folio":"escaped"},"code":"404","Warnings":["w",1,null]}"#,
        br#"{"Data":{"Folio":"VD-1","VerificationStatus":"Archivado"},"success":false}"#,
    ];
    for body in read {
        assert!(
            both_agree::<Verification>(body),
            "{}",
            String::from_utf8_lossy(body)
        );
    }
}

/// A value of a verification's member, of its own type or another.
fn member_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        ".{0,12}".prop_map(Value::String),
        Just(Value::String("2026-11-20T10:00:00.123Z".into())),
        Just(Value::String("completado".into())),
    ];
    leaf.prop_recursive(3, 32, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::btree_map("[A-Za-z]{1,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A body around a verification-like `Data`, written with members repeated or not.
fn body() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        Just("Folio"),
        Just("VerificationStatus"),
        Just("CreatedAtUtc"),
        Just("Accuracy"),
        Just("GeoSignals"),
        Just("Photos"),
        Just("Other"),
    ];
    let data = proptest::collection::vec((key, member_value()), 0..8).prop_map(|members| {
        let written: Vec<String> = members
            .iter()
            .map(|(key, value)| format!("{key:?}:{value}"))
            .collect();
        format!("{{{}}}", written.join(","))
    });
    let envelope_key = prop_oneof![
        Just("Data"),
        Just("data"),
        Just("Status"),
        Just("status"),
        Just("Code"),
        Just("success"),
        Just("warnings"),
        Just("Message"),
    ];
    let member = prop_oneof![
        data.prop_map(|data| ("Data", data)),
        (envelope_key, member_value()).prop_map(|(key, value)| (key, value.to_string())),
    ];
    proptest::collection::vec(member, 0..5).prop_map(|members| {
        let written: Vec<String> = members
            .iter()
            .map(|(key, value)| format!("{key:?}:{value}"))
            .collect();
        format!("{{{}}}", written.join(","))
    })
}

proptest! {
    #[test]
    fn the_short_way_reads_as_the_long_way(body in body()) {
        both_agree::<Verification>(body.as_bytes());
        both_agree::<DetailV1>(body.as_bytes());
    }
}

//! The tolerant-reading rule, shown on every success fixture: any subset of its fields
//! made null or absent, unknown fields added anywhere, any timestamp written in any
//! accepted form, or as the unset instant of an event not yet happened, and any integer
//! written as a decimal, and the answer still decodes. Every field that was not changed
//! keeps its value and every changed one (the unset instant too) reads as missing:
//! nothing lost, nothing invented. The last test shows that one model field
//! made strict is caught.

use std::path::Path;

use chrono::{DateTime, Datelike, FixedOffset, Timelike, Utc};
use kyb_api::envelope::Envelope;
use kyb_api::models::correction::CorrectionResult;
use kyb_api::models::detail::DetailV2;
use kyb_api::models::file::{CreatedFile, EnrollmentLink, SectionsAdded};
use kyb_api::models::tracking::Tracking;
use kyb_api::models::verification::Verification;
use kyb_api::time::UtcTime;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Number, Value};

fn fixture_data(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Envelope::parse(&bytes).expect("an envelope").data
}

/// Reads the next decision from the generated choices (0 once they run out).
struct Choices<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Choices<'_> {
    fn next(&mut self) -> u8 {
        let byte = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        byte
    }

    /// True one time in `n`.
    fn one_in(&mut self, n: u8) -> bool {
        self.next().is_multiple_of(n)
    }
}

/// What missing reads as where `echo` was: an empty list for an array, null otherwise.
fn missing_like(echo: &Value) -> Value {
    match echo {
        Value::Array(_) => Value::Array(Vec::new()),
        _ => Value::Null,
    }
}

/// An instant in another accepted form: another offset (or none, meaning UTC), and a
/// fraction of at least the digits it needs and at most nine.
fn reform(at: DateTime<Utc>, choice: u8) -> String {
    let designators: [(&str, i32); 6] = [
        ("Z", 0),
        ("", 0),
        ("+00:00", 0),
        ("-06:00", -6 * 3600),
        ("+05:30", 5 * 3600 + 1800),
        ("-0300", -3 * 3600),
    ];
    let (designator, seconds) = designators[usize::from(choice) % designators.len()];
    let offset = FixedOffset::east_opt(seconds).expect("offset");
    let local = at.with_timezone(&offset).naive_local();
    let nanos = format!("{:09}", local.nanosecond());
    let needed = nanos.trim_end_matches('0').len();
    let digits = needed + usize::from(choice / 6) % (10 - needed);
    let fraction = if digits == 0 {
        String::new()
    } else {
        format!(".{}", &nanos[..digits])
    };
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{fraction}{designator}",
        local.year(),
        local.month(),
        local.day(),
        local.hour(),
        local.minute(),
        local.second()
    )
}

/// The unset instant (`DateTime.MinValue`, an event that has not happened) in one of
/// the writings a service may give it: any fraction of zeros, any designator, and its
/// time as written east or west of Greenwich.
fn unset(choice: u8) -> String {
    let designators = ["Z", "", "+00:00", "-06:00", "z", "+0530"];
    let designator = designators[usize::from(choice) % designators.len()];
    let time = if (choice / 6).is_multiple_of(2) {
        "00:00:00"
    } else {
        "06:00:00"
    };
    let digits = usize::from(choice / 12) % 8;
    let fraction = if digits == 0 {
        String::new()
    } else {
        format!(".{}", "0".repeat(digits))
    };
    format!("0001-01-01T{time}{fraction}{designator}")
}

/// Builds a variant of `received` (an answer) and what reading it must give, from
/// `expected` (the reading of the unchanged answer).
fn vary(received: &Value, expected: &Value, choices: &mut Choices) -> (Value, Value) {
    match (received, expected) {
        (Value::Object(fields), Value::Object(read)) => {
            let mut variant = Map::new();
            let mut reading = read.clone();
            for (key, value) in fields {
                let Some(read_value) = read.get(key) else {
                    variant.insert(key.clone(), value.clone());
                    continue;
                };
                match choices.next() % 8 {
                    0 => {
                        variant.insert(key.clone(), Value::Null);
                        reading.insert(key.clone(), missing_like(read_value));
                    }
                    1 => {
                        reading.insert(key.clone(), missing_like(read_value));
                    }
                    _ => {
                        let (v, r) = vary(value, read_value, choices);
                        variant.insert(key.clone(), v);
                        reading.insert(key.clone(), r);
                    }
                }
            }
            if choices.one_in(4) {
                let unknown = match choices.next() % 4 {
                    0 => Value::String("valor nuevo".into()),
                    1 => Value::from(7),
                    2 => serde_json::json!({"Anidado": [1, null, {"X": true}]}),
                    _ => Value::Null,
                };
                variant.insert(format!("CampoNuevo{}", choices.next()), unknown);
            }
            (Value::Object(variant), Value::Object(reading))
        }
        (Value::Array(items), Value::Array(read)) if items.len() == read.len() => {
            let (variant, reading) = items
                .iter()
                .zip(read)
                .map(|(item, read_item)| vary(item, read_item, choices))
                .unzip();
            (Value::Array(variant), Value::Array(reading))
        }
        (Value::String(text), _) if text.contains('T') => match UtcTime::parse(text) {
            UtcTime::At(_) if choices.one_in(6) => {
                (Value::String(unset(choices.next())), Value::Null)
            }
            UtcTime::At(at) if choices.one_in(2) => {
                (Value::String(reform(at, choices.next())), expected.clone())
            }
            _ => (received.clone(), expected.clone()),
        },
        (Value::Number(n), _) if n.is_u64() || n.is_i64() => {
            let whole = n.as_f64().expect("a number");
            match Number::from_f64(whole) {
                Some(decimal) if choices.one_in(2) => (Value::Number(decimal), expected.clone()),
                _ => (received.clone(), expected.clone()),
            }
        }
        _ => (received.clone(), expected.clone()),
    }
}

/// One variant of the fixture's answer decodes as `T` into exactly what it should.
fn check<T: DeserializeOwned + Serialize>(data: &Value, bytes: &[u8]) -> Result<(), TestCaseError> {
    let baseline: T = serde_json::from_value(data.clone())
        .map_err(|e| TestCaseError::fail(format!("the fixture itself: {e}")))?;
    let expected = serde_json::to_value(&baseline).expect("serialises");
    let (variant, reading) = vary(data, &expected, &mut Choices { bytes, at: 0 });
    let decoded: T = serde_json::from_value(variant.clone())
        .map_err(|e| TestCaseError::fail(format!("refused {variant}: {e}")))?;
    let got = serde_json::to_value(&decoded).expect("serialises");
    prop_assert_eq!(got, reading, "variant {}", variant);
    Ok(())
}

fn choices() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..400)
}

macro_rules! every_variant_decodes {
    ($($test:ident: $model:ty = $fixture:literal;)+) => {
        proptest! {
            #![proptest_config(Config::with_cases(192))]
            $(
                #[test]
                fn $test(bytes in choices()) {
                    check::<$model>(&fixture_data($fixture), &bytes)?;
                }
            )+
        }
    };
}

every_variant_decodes! {
    created_file_variants_decode: CreatedFile = "create-file.json";
    detail_variants_decode: DetailV2 = "detail-v2.json";
    correction_variants_decode: CorrectionResult = "correction.json";
    complementary_variants_decode: SectionsAdded = "complementary-information.json";
    tracking_variants_decode: Tracking = "tracking.json";
    verification_variants_decode: Verification = "verification.json";
    enrollment_link_variants_decode: EnrollmentLink = "enrollment-link.json";
}

/// The tracking answer as it would be with one strict field: `FaceKeyId` as a plain
/// `String`, the way the models were written before the rule.
#[derive(serde::Deserialize, Serialize)]
#[serde(rename_all = "PascalCase")]
struct StrictTracking {
    #[serde(default)]
    person: Vec<StrictPerson>,
}

#[derive(serde::Deserialize, Serialize)]
#[serde(rename_all = "PascalCase")]
struct StrictPerson {
    #[serde(default)]
    face_key_id: String,
}

#[test]
fn a_model_with_one_strict_field_is_caught() {
    let data = fixture_data("tracking.json");
    let mut runner = TestRunner::new(Config::with_cases(192));
    let outcome = runner.run(&choices(), |bytes| check::<StrictTracking>(&data, &bytes));
    let failure = outcome.expect_err("a null FaceKeyId is generated and refused");
    assert!(failure.to_string().contains("refused"), "{failure}");
}

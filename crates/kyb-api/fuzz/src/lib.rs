//! What the fuzz targets do with an input, shared by them, so that each target is one
//! line and the checks live in one place.
//!
//! Every input starts with one selector byte; the rest is an answer body. Choosing
//! by the first byte costs nothing per input and lets libFuzzer keep, for each body,
//! the operation, HTTP status or model that reaches new code. (The first version of
//! the target decoded every body nine times for the error classifier and six times as
//! a model, each from a clone of the envelope's data, and was ten times slower.)
#![forbid(unsafe_code)]

use std::fmt::Debug;
use std::hint::black_box;

use kyb_api::drift::{self, DriftReport, Lesson};
use kyb_api::envelope::{self, Envelope, SNIPPET_CHARS};
use kyb_api::models::correction::CorrectionResult;
use kyb_api::models::detail::DetailV2;
use kyb_api::models::file::{CreatedFile, DetailV1, EnrollmentLink, SectionsAdded};
use kyb_api::models::tracking::Tracking;
use kyb_api::models::verification::Verification;
use kyb_api::{ApiError, Operation};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The HTTP statuses an answer is fuzzed with: successes (read as the client reads a
/// 2xx), every status the classifier tells apart, and others it must still classify.
pub const STATUSES: [u16; 16] = [
    200, 201, 204, 299, 400, 401, 403, 404, 409, 418, 422, 429, 500, 502, 503, 504,
];

/// The selector byte for an operation and a status (used to build the seed corpus).
pub fn answer_selector(operation: Operation, status: u16) -> Option<u8> {
    let o = Operation::ALL.iter().position(|&op| op == operation)?;
    let s = STATUSES.iter().position(|&st| st == status)?;
    u8::try_from(s * Operation::ALL.len() + o).ok()
}

/// Target `envelope`: the selector picks the operation (byte mod 9) and the HTTP
/// status; the body goes the way the client takes it. A 2xx body is read as an
/// envelope and, when it says it failed, classified with its own `Code`; any other
/// status goes to the error classifier. The error must say its code, print, and
/// serialise with that code; a snippet stays within its length.
pub fn answer(input: &[u8]) {
    let Some((&selector, body)) = input.split_first() else {
        return;
    };
    let operation = Operation::ALL[usize::from(selector) % Operation::ALL.len()];
    let status = STATUSES[usize::from(selector) / Operation::ALL.len() % STATUSES.len()];
    assert!(envelope::snippet(body).chars().count() <= SNIPPET_CHARS + 1);
    if (200..300).contains(&status) {
        match Envelope::parse(body) {
            Ok(envelope) => {
                let _ = envelope.status_is("not_allowed");
                if envelope.says_failure() {
                    let code = envelope
                        .code
                        .and_then(|c| u16::try_from(c).ok())
                        .filter(|c| *c >= 400)
                        .unwrap_or(200);
                    check_error(&ApiError::from_answer(operation, code, body));
                }
            }
            Err(error) => {
                assert!(error.snippet().chars().count() <= SNIPPET_CHARS + 1);
                check_error(&ApiError::undecodable(status, &error));
            }
        }
    } else {
        check_error(&ApiError::from_answer(operation, status, body));
    }
}

fn check_error(error: &ApiError) {
    let code = error.code();
    let _ = error.to_string();
    let json = serde_json::to_value(error).expect("an error serialises");
    assert_eq!(json["code"], code.to_string(), "{error:?}");
}

/// The models, in selector order (byte mod 8), with the operation that answers each.
pub const MODELS: [(&str, Operation); 8] = [
    ("DetailV2", Operation::Detail),
    ("DetailV1", Operation::Detail),
    ("Tracking", Operation::Tracking),
    ("Verification", Operation::Verification),
    ("CorrectionResult", Operation::Correction),
    ("CreatedFile", Operation::CreateFile),
    ("SectionsAdded", Operation::ComplementaryInfo),
    ("EnrollmentLink", Operation::EnrollmentLink),
];

/// Target `models`: the selector picks one model; the body is decoded as that model
/// the three ways it can be: the envelope's `Data` as the desk reads it (with what
/// tolerant reading absorbed, `drift::read`, then learnt into a drift report), the
/// same `Data` as a client without a learner reads it (`serde_json::from_value`; both
/// readings must agree), and straight from the bytes (`serde_json::from_slice`, the
/// data alone). What decodes has its derived readings taken (section ids, comments,
/// bands) and is written as the desk writes it (to the window, to its local copies)
/// and read back: it must read back, and as the same model.
pub fn model(input: &[u8]) {
    let Some((&selector, body)) = input.split_first() else {
        return;
    };
    let index = usize::from(selector) % MODELS.len();
    let operation = MODELS[index].1;
    match index {
        0 => decode(operation, body, |d: &mut DetailV2, _| {
            black_box(d.section_ids());
            black_box(d.is_version_2());
        }),
        1 => decode(operation, body, |_: &mut DetailV1, _| {}),
        2 => decode(operation, body, |t: &mut Tracking, _| {
            for section in t.sections() {
                black_box(section.to_entry());
                black_box(section.status.to_string());
            }
            if let Some(status) = &t.document_status {
                black_box((status.category(), status.is_final()));
                black_box(status.is_awaiting_correction());
            }
            for person in &t.person {
                black_box(person.may_get_enrollment_link());
            }
        }),
        3 => decode(operation, body, |v: &mut Verification, _| {
            black_box((v.geo_band(), v.accepts_resend(), v.accepts_cancel()));
        }),
        // The correction's `warnings` sit beside `data`; the client copies them in.
        4 => decode(operation, body, |c: &mut CorrectionResult, warnings| {
            if let Some(warnings) = warnings {
                c.warnings = warnings.to_vec();
            }
            for section in &c.secciones {
                black_box(section.estatus.as_ref().map(|d| d.section_status()));
            }
        }),
        5 => decode(operation, body, |_: &mut CreatedFile, _| {}),
        6 => decode(operation, body, |_: &mut SectionsAdded, _| {}),
        _ => decode(operation, body, |_: &mut EnrollmentLink, _| {}),
    }
}

/// `read` takes the derived readings of a decoded model; it is given the envelope's
/// warnings when the model came from an envelope.
fn decode<T>(operation: Operation, body: &[u8], read: impl Fn(&mut T, Option<&[String]>))
where
    T: DeserializeOwned + Serialize + PartialEq + Debug,
{
    if let Ok(envelope) = Envelope::parse(body) {
        black_box(envelope.says_failure());
        let learnt = drift::read::<T>(operation, &envelope.data);
        let plain = serde_json::from_value::<T>(envelope.data);
        match (learnt, plain) {
            (Ok((mut model, lesson)), Ok(same)) => {
                assert_eq!(model, same, "the desk and a plain client read differently");
                read(&mut model, Some(&envelope.warnings));
                reads_back(&model);
                learns(operation, &lesson);
            }
            (Err(_), Err(_)) => {}
            (learnt, plain) => panic!(
                "one reading failed: with a learner {:?}, without {:?}",
                learnt.err(),
                plain.err()
            ),
        }
    }
    if let Ok(mut model) = serde_json::from_slice::<T>(body) {
        read(&mut model, None);
        reads_back(&model);
    }
}

/// A lesson goes into a drift report as the desk keeps it: new the first time (when it
/// has anything to teach), nothing new the second; the report is written and read back.
fn learns(operation: Operation, lesson: &Lesson) {
    black_box(lesson.absorbed_anything());
    let mut report = DriftReport::default();
    report.learn(operation, lesson);
    assert!(
        !report.learn(operation, lesson),
        "a lesson learnt twice taught something new: {lesson:?}"
    );
    reads_back(&report);
}

/// What the desk writes reads back as the same model, exactly. (This check found, on
/// 2026-11-23, that serde_json without its `float_roundtrip` feature read some
/// decimals it had written a unit in the last place off: `{"Data": {"Accuracy":
/// 1844674407370951}}` as a Verification came back 1844674407370951.25. The workspace
/// has enabled the feature since.)
fn reads_back<T>(model: &T)
where
    T: DeserializeOwned + Serialize + PartialEq + Debug,
{
    let written = serde_json::to_vec(model).expect("a model serialises");
    let again: T = serde_json::from_slice(&written).unwrap_or_else(|e| {
        panic!(
            "what was written does not read back: {e}\n{}",
            String::from_utf8_lossy(&written)
        )
    });
    assert_eq!(&again, model, "read back differently");
}

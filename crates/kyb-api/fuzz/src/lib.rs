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
    assert_eq!(json["code"], code, "{error:?}");
}

/// The models, in selector order (byte mod 8).
pub const MODELS: [&str; 8] = [
    "DetailV2",
    "DetailV1",
    "Tracking",
    "Verification",
    "CorrectionResult",
    "CreatedFile",
    "SectionsAdded",
    "EnrollmentLink",
];

/// Target `models`: the selector picks one model; the body is decoded as that model
/// twice, as the client does (the envelope's `Data`, through a `serde_json::Value`)
/// and straight from the bytes (`serde_json::from_slice`, the data alone). What
/// decodes has its derived readings taken (section ids, comments, bands), and is
/// written as the desk writes it (to the window, to its local copies) and read back:
/// it must read back, and as the same model.
pub fn model(input: &[u8]) {
    let Some((&selector, body)) = input.split_first() else {
        return;
    };
    match usize::from(selector) % MODELS.len() {
        0 => decode(body, |d: &DetailV2| {
            let _ = d.section_ids();
            let _ = d.is_version_2();
        }),
        1 => decode(body, |_: &DetailV1| {}),
        2 => decode(body, |t: &Tracking| {
            for section in t.sections() {
                let _ = section.to_entry();
                let _ = section.status.to_string();
            }
            if let Some(status) = &t.document_status {
                let _ = (status.category(), status.is_final());
                let _ = status.is_awaiting_correction();
            }
            for person in &t.person {
                black_box(person.may_get_enrollment_link());
            }
        }),
        3 => decode(body, |v: &Verification| {
            let _ = (v.geo_band(), v.accepts_resend(), v.accepts_cancel());
        }),
        4 => decode_correction(body),
        5 => decode(body, |_: &CreatedFile| {}),
        6 => decode(body, |_: &SectionsAdded| {}),
        _ => decode(body, |_: &EnrollmentLink| {}),
    }
}

fn decode<T>(body: &[u8], read: impl Fn(&T))
where
    T: DeserializeOwned + Serialize + PartialEq + Debug,
{
    if let Ok(envelope) = Envelope::parse(body) {
        let _ = envelope.says_failure();
        if let Ok(model) = serde_json::from_value::<T>(envelope.data) {
            read(&model);
            reads_back(&model);
        }
    }
    if let Ok(model) = serde_json::from_slice::<T>(body) {
        read(&model);
        reads_back(&model);
    }
}

/// The correction's `warnings` sit beside `data`; the client copies them in.
fn decode_correction(body: &[u8]) {
    if let Ok(envelope) = Envelope::parse(body) {
        let warnings = envelope.warnings;
        if let Ok(mut result) = serde_json::from_value::<CorrectionResult>(envelope.data) {
            result.warnings = warnings;
            for section in &result.secciones {
                black_box(section.estatus.as_ref().map(|d| d.section_status()));
            }
            reads_back(&result);
        }
    }
    if let Ok(result) = serde_json::from_slice::<CorrectionResult>(body) {
        reads_back(&result);
    }
}

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

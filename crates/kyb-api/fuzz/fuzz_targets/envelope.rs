//! Any bytes as an answer body: the envelope reader, the error classifier and the
//! typed decoding of every model must return, never panic.
#![no_main]

use kyb_api::envelope::Envelope;
use kyb_api::models::{correction, detail, file, tracking, verification};
use kyb_api::{ApiError, Operation};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|body: &[u8]| {
    for operation in Operation::ALL {
        let _ = ApiError::from_answer(operation, 400, body);
    }
    if let Ok(envelope) = Envelope::parse(body) {
        let _ = envelope.says_failure();
        let data = envelope.data;
        let _ = serde_json::from_value::<detail::DetailV2>(data.clone());
        let _ = serde_json::from_value::<tracking::Tracking>(data.clone());
        let _ = serde_json::from_value::<verification::Verification>(data.clone());
        let _ = serde_json::from_value::<correction::CorrectionResult>(data.clone());
        let _ = serde_json::from_value::<file::CreatedFile>(data.clone());
        let _ = serde_json::from_value::<file::DetailV1>(data);
    }
});

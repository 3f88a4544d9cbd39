//! The response envelope: `Code`, `Status`, `Message`, `Data`, with the HTTP status
//! equal to `Code`, and its exception of lowercase keys on some 401s. (The correction
//! request's own body shape lives in `correction.rs`.)

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

#[derive(Debug, Clone)]
pub struct Envelope {
    pub code: StatusCode,
    pub status: &'static str,
    pub message: String,
    pub data: Value,
    /// "Some 401 bodies use the lowercase keys code, status, message, data."
    pub lowercase_keys: bool,
}

impl Envelope {
    pub fn new(
        code: StatusCode,
        status: &'static str,
        message: impl Into<String>,
        data: Value,
    ) -> Self {
        Self {
            code,
            status,
            message: message.into(),
            data,
            lowercase_keys: false,
        }
    }

    /// An error envelope with `Data` null, as the Errors table has unless stated.
    pub fn error(code: StatusCode, status: &'static str, message: impl Into<String>) -> Self {
        Self::new(code, status, message, Value::Null)
    }

    pub fn lowercase_keys(mut self) -> Self {
        self.lowercase_keys = true;
        self
    }

    pub fn body(&self) -> Value {
        let (code, status, message, data) = if self.lowercase_keys {
            ("code", "status", "message", "data")
        } else {
            ("Code", "Status", "Message", "Data")
        };
        json!({
            code: self.code.as_u16(), status: self.status, message: self.message, data: self.data
        })
    }
}

impl IntoResponse for Envelope {
    fn into_response(self) -> Response {
        (self.code, Json(self.body())).into_response()
    }
}

/// 400 "Error de validacion" with one message per failed rule in `Data`.
pub fn validation_failed(messages: Vec<String>) -> Envelope {
    Envelope::new(
        StatusCode::BAD_REQUEST,
        crate::messages::status::BAD_REQUEST,
        crate::messages::VALIDATION_ERROR,
        Value::from(messages),
    )
}

/// Reads a JSON request body leniently: a body that is not JSON, or not of the
/// expected shape, reads as an empty request, so the caller answers with the
/// service's "required field" messages rather than a framework error.
pub fn read_body<T: serde::de::DeserializeOwned + Default>(bytes: &[u8]) -> T {
    serde_json::from_slice(bytes).unwrap_or_default()
}

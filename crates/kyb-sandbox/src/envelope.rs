//! The response envelope: `Code`, `Status`, `Message`, `Data`, with the HTTP status
//! equal to `Code`. (Its exceptions, lowercase 401 keys and the correction-request
//! body, arrive with the operations that use them.)

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
        }
    }

    /// An error envelope with `Data` null, as the Errors table has unless stated.
    pub fn error(code: StatusCode, status: &'static str, message: impl Into<String>) -> Self {
        Self::new(code, status, message, Value::Null)
    }

    pub fn body(&self) -> Value {
        json!({
            "Code": self.code.as_u16(), "Status": self.status, "Message": self.message, "Data": self.data
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

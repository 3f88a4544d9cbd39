//! Every answer body of the service, read into one normalised shape.
//!
//! The usual envelope is `Code`, `Status`, `Message`, `Data`; some 401 bodies spell the
//! keys in lower case, so keys are matched ignoring case. The correction request
//! answers `success`, `message`, `data`, `warnings` instead. The spec does not show its
//! error bodies; we read a failed-rule list from `errors` (what our sandbox sends) or
//! from `data` when it is an array of strings. Reading never panics, whatever the bytes.

use serde_json::{Map, Value};

pub mod answer;
mod checked;

/// The longest body excerpt an error carries, in characters.
pub const SNIPPET_CHARS: usize = 160;

/// The members by which an answer says whether it succeeded: what the client needs of
/// a successful answer besides its `Data` (see [`answer::Answer`]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Heading {
    pub code: Option<i64>,
    /// `Status` of the usual envelope (casing as sent).
    pub status: Option<String>,
    /// `success` of the correction-request shape.
    pub success: Option<bool>,
    pub warnings: Vec<String>,
}

impl Heading {
    /// The members a heading is read from; keys are matched ignoring case.
    pub const MEMBERS: [&str; 4] = ["code", "status", "success", "warnings"];

    fn of(object: &Map<String, Value>) -> Self {
        Self {
            code: field(object, "code").and_then(integer),
            status: field(object, "status").and_then(text),
            success: field(object, "success").and_then(Value::as_bool),
            warnings: field(object, "warnings").map(strings).unwrap_or_default(),
        }
    }

    /// Whether the body itself says the operation failed (`success: false`, or a
    /// `Status` other than success).
    pub fn says_failure(&self) -> bool {
        says_failure(self.success, self.status.as_deref())
    }
}

/// Whether a body says the operation failed: `success: false`, or a `Status` other
/// than success.
fn says_failure(success: Option<bool>, status: Option<&str>) -> bool {
    success == Some(false) || status.is_some_and(|s| !s.trim().eq_ignore_ascii_case("success"))
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Envelope {
    pub code: Option<i64>,
    /// `Status` of the usual envelope (casing as sent).
    pub status: Option<String>,
    /// `success` of the correction-request shape.
    pub success: Option<bool>,
    pub message: Option<String>,
    /// `Data` (or `data`), `Null` when absent.
    pub data: Value,
    pub warnings: Vec<String>,
    /// Failed rules: `Data` when it is an array of strings, or `errors`.
    pub messages: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    #[error("the body is not JSON: {snippet}")]
    NotJson { snippet: String },
    #[error("the body is JSON but not an object: {snippet}")]
    NotAnObject { snippet: String },
}

impl EnvelopeError {
    pub fn snippet(&self) -> &str {
        match self {
            Self::NotJson { snippet } | Self::NotAnObject { snippet } => snippet,
        }
    }
}

impl Envelope {
    pub fn parse(body: &[u8]) -> Result<Self, EnvelopeError> {
        let value: Value = serde_json::from_slice(body).map_err(|_| EnvelopeError::NotJson {
            snippet: snippet(body),
        })?;
        match value {
            Value::Object(object) => Ok(Self::from_object(&object)),
            _ => Err(EnvelopeError::NotAnObject {
                snippet: snippet(body),
            }),
        }
    }

    fn from_object(object: &Map<String, Value>) -> Self {
        let data = field(object, "data").cloned().unwrap_or(Value::Null);
        let mut messages = strings(&data);
        if messages.is_empty() {
            messages = field(object, "errors").map(strings).unwrap_or_default();
        }
        let Heading {
            code,
            status,
            success,
            warnings,
        } = Heading::of(object);
        Self {
            code,
            status,
            success,
            message: field(object, "message").and_then(text),
            warnings,
            messages,
            data,
        }
    }

    /// Whether the body itself says the operation failed (`success: false`, or a
    /// `Status` other than success).
    pub fn says_failure(&self) -> bool {
        says_failure(self.success, self.status.as_deref())
    }

    pub fn status_is(&self, word: &str) -> bool {
        self.status
            .as_deref()
            .is_some_and(|s| s.trim().eq_ignore_ascii_case(word))
    }
}

/// The value of `key`, ignoring the case of the key; an exact match wins.
fn field<'a>(object: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    pick(object, key)
}

/// The value of `key` among `members` (unique keys, in the order of their bytes, as
/// in a `Value`'s object): an exact match, else the first whose key matches ignoring
/// case.
fn pick<K: AsRef<str>, V>(members: impl IntoIterator<Item = (K, V)>, key: &str) -> Option<V> {
    let mut folded = None;
    for (name, value) in members {
        let name = name.as_ref();
        if name == key {
            return Some(value);
        }
        if folded.is_none() && name.eq_ignore_ascii_case(key) {
            folded = Some(value);
        }
    }
    folded
}

fn text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn integer(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The strings of an array (other elements are skipped); nothing for a non-array.
fn strings(value: &Value) -> Vec<String> {
    match value {
        Value::Array(items) => items.iter().filter_map(text).collect(),
        _ => Vec::new(),
    }
}

/// The start of a body, for an error message: lossy UTF-8, blanks collapsed, at most
/// [`SNIPPET_CHARS`] characters.
pub fn snippet(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let mut out = String::new();
    for (count, word) in text.split_whitespace().enumerate() {
        if count > 0 {
            out.push(' ');
        }
        out.push_str(word);
        if out.chars().count() >= SNIPPET_CHARS {
            break;
        }
    }
    if out.chars().count() > SNIPPET_CHARS {
        out = out.chars().take(SNIPPET_CHARS).collect();
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowercase_and_pascal_case_envelopes_read_alike() {
        let pascal =
            Envelope::parse(br#"{"Code":401,"Status":"forbidden","Message":"No","Data":null}"#)
                .expect("envelope");
        let lower =
            Envelope::parse(br#"{"code":401,"status":"forbidden","message":"No","data":null}"#)
                .expect("envelope");
        assert_eq!(pascal, lower);
        assert!(pascal.says_failure());
        assert_eq!(pascal.code, Some(401));
    }

    #[test]
    fn the_correction_shape_and_its_failed_rules() {
        let ok =
            Envelope::parse(br#"{"success":true,"message":"ok","data":{"a":1},"warnings":["w"]}"#)
                .expect("body");
        assert!(!ok.says_failure());
        assert_eq!(ok.warnings, ["w"]);
        let failed = Envelope::parse(
            br#"{"success":false,"message":"Error de validacion","data":null,"errors":["x","y"]}"#,
        )
        .expect("body");
        assert!(failed.says_failure());
        assert_eq!(failed.messages, ["x", "y"]);
    }

    #[test]
    fn html_pages_give_a_short_snippet() {
        let page = format!(
            "<html>\n  <body>{}</body></html>",
            "Bad gateway ".repeat(40)
        );
        let error = Envelope::parse(page.as_bytes()).expect_err("not JSON");
        assert!(error.snippet().starts_with("<html> <body>Bad gateway"));
        assert!(error.snippet().chars().count() <= SNIPPET_CHARS + 1);
        assert!(matches!(
            Envelope::parse(b"[1,2]"),
            Err(EnvelopeError::NotAnObject { .. })
        ));
    }
}

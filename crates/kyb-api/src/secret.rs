//! The API key, held so that it cannot leak by accident: `Debug` and `Display` print a
//! redaction, it is not `Serialize`, and its memory is wiped when dropped (`secrecy`).
//! Reading it takes an explicit [`Secret::expose`], which only the client calls, to
//! set the `SERVICE-API-KEY` header.

use std::fmt;

use secrecy::{ExposeSecret, SecretString};

pub const REDACTED: &str = "[redacted]";

#[derive(Clone)]
pub struct Secret(SecretString);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(SecretString::from(value.into()))
    }

    pub fn expose(&self) -> &str {
        self.0.expose_secret()
    }

    pub fn is_empty(&self) -> bool {
        self.expose().trim().is_empty()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Secret({REDACTED})")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

impl From<String> for Secret {
    fn from(value: String) -> Self {
        Self::new(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neither_debug_nor_display_shows_the_key() {
        let key = Secret::new("sk_live_0123456789");
        for shown in [
            format!("{key:?}"),
            format!("{key}"),
            format!("{:#?}", Some(&key)),
        ] {
            assert!(!shown.contains("0123456789"), "{shown}");
            assert!(shown.contains(REDACTED));
        }
        assert_eq!(key.expose(), "sk_live_0123456789");
    }
}

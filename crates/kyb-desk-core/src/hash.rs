//! SHA-256 in lowercase hex, the one place the desk hashes: the audit chain's entries and
//! head, the evidence's files and the verification photos.

use sha2::{Digest, Sha256};

/// SHA-256 of `bytes` in lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

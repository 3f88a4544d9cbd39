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

/// SHA-256 of several byte strings one after the other, in lowercase hex (a list
/// imported from two files).
pub fn sha256_hex_of<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> String {
    let mut digest = Sha256::new();
    for part in parts {
        digest.update(part);
    }
    digest
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

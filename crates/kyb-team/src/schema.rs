//! The schema's version, which a desk checks when it connects.

/// The schema version this desk speaks, the newest migration's number (`build.rs`
/// reads it from the file names); [`crate::Team::connect`] refuses an older schema.
pub const SCHEMA_VERSION: i32 = include!(concat!(env!("OUT_DIR"), "/schema_version.rs"));

//! Wire models and the typed client of the KYB onboarding and verification service.
//!
//! This crate knows nothing of Tauri or of any UI: the desktop app, the sandbox, the
//! end-to-end tests and the benchmarks all share its models and its rules. Each rule
//! of the service's interface lives in exactly one module here.

pub mod expediente;
pub mod requests;
pub mod validate;
pub mod verification;
mod wire_enum;

//! Wire models and the typed client of the KYB onboarding and verification service.
//!
//! This crate knows nothing of Tauri or of any UI: the desktop app, the sandbox, the
//! end-to-end tests and the benchmarks all share its models and its rules. Each rule
//! of the service's interface lives in exactly one module here.

pub mod address;
pub mod body;
pub mod client;
pub mod drift;
pub mod envelope;
pub mod error;
pub mod error_code;
pub mod file;
pub mod identifiers;
pub mod many;
pub mod models;
pub mod operation;
pub mod requests;
pub mod retry;
pub mod secret;
mod spec_catalogues;
pub mod time;
pub mod tolerant;
pub mod validate;
pub mod verification;
mod wire_enum;

pub use client::{Client, ClientConfig, Credentials, Endpoints, Environment, Learner};
pub use error::{ApiError, Result};
pub use error_code::ServiceCode;
pub use operation::Operation;
pub use secret::Secret;

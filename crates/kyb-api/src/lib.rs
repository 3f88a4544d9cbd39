//! Wire models and the typed client of the KYB onboarding and verification service.
//!
//! This crate knows nothing of Tauri or of any UI: the desktop app, the end-to-end
//! tests and the benchmarks all talk to the service through it. The models and the
//! client arrive with the `kyb-api` issue; the crate exists now so the workspace has
//! its final shape and dependencies can only point one way.

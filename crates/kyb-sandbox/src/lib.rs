//! A faithful, stateful local simulator of the KYB service, for tests, benchmarks
//! and the app's demo mode. It shares `kyb-api`'s wire models and never depends on
//! Tauri. The routes and state machines arrive with the `kyb-sandbox` issue.

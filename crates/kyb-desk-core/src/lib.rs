//! The desk of KYB Desk, with no Tauri in it: what the window's commands call. It joins
//! the profiles and their keys, the service client, and the local records (drafts,
//! watchlist, detail history, audit log, drift log); each of those rules lives in its
//! own module, and [`desk::Desk`] is their one entry point. The desktop shell
//! (`src-tauri`) is a thin layer of commands over it.

pub mod audit;
pub mod csv_export;
pub mod dashboard;
#[cfg(feature = "demo")]
pub mod demo;
pub mod desk;
pub mod detail_snapshots;
pub mod diagnostics;
pub mod dossier;
pub mod drafts;
pub mod drift_log;
pub mod error;
pub mod evidence;
pub mod file_address;
pub mod fsio;
pub mod guide;
pub mod hash;
pub mod images;
pub mod key_origin;
pub mod logging;
pub mod navigation;
pub mod policy;
pub mod preferences;
pub mod profile_records;
pub mod profiles;
pub mod reasons;
pub mod recovery;
pub mod saved_views;
pub mod screening;
pub mod secrets;
mod sent_summary;
pub mod sla;
pub mod store;
pub mod team_trail;
#[cfg(test)]
mod test_child;
pub mod watchlist;

//! The app's log: a file per day in the app's log folder (the last 14 kept), with
//! each call's operation, timing and outcome. The key never reaches it: it is held in
//! `kyb_api::Secret`, whose `Debug` and `Display` are redacted, and no log line
//! formats a request's headers.

use std::path::Path;

use tracing_appender::rolling::{Builder, Rotation};
use tracing_subscriber::EnvFilter;

pub const LOG_PREFIX: &str = "kyb-desk";

/// Starts logging to `dir`; a second call (tests) changes nothing.
pub fn init(dir: &Path) {
    // The appender prunes old files as it starts, and complains on standard error
    // when the folder is not there yet (a first run).
    let _ = std::fs::create_dir_all(dir);
    let Ok(appender) = Builder::new()
        .rotation(Rotation::DAILY)
        .filename_prefix(LOG_PREFIX)
        .filename_suffix("log")
        .max_log_files(14)
        .build(dir)
    else {
        return;
    };
    let filter = EnvFilter::try_from_env("KYB_DESK_LOG")
        .unwrap_or_else(|_| EnvFilter::new("info,kyb_api=info,kyb_desk=info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(false)
        .with_writer(appender)
        .try_init();
}

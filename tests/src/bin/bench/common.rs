//! What the measurements share: the sizes they measure at, progress on standard error,
//! and a figure as a cell of the report's tables.

use std::time::Duration;

/// The watchlist the measurements use: this many files of the sandbox's first tenant.
pub const WATCHLIST_FILES: usize = 1_000;
/// The refresh measured under added latency: this many of them…
pub const REFRESH_FILES: usize = 500;
/// …with this much added to every tracking request.
pub const REFRESH_LATENCY: Duration = Duration::from_millis(50);

pub fn progress(what: &str) {
    eprintln!("bench: {what}");
}

/// A duration in milliseconds, as a table's cell.
pub fn ms(value: f64) -> String {
    format!("{value:.0}")
}

/// A Markdown table's row.
pub fn row(cells: &[String]) -> String {
    format!("| {} |", cells.join(" | "))
}

//! Start-up time as the analyst lives it: from the process start to the watchlist
//! painted with its rows (the UI reports that moment once, after the frame was
//! presented). Every start writes it to the log; with `--report-startup` it is also
//! printed as one line on standard output, which `make bench` reads.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The line's fixed beginning, for tools that wait for it.
pub const REPORT_PREFIX: &str = "kyb-desk: watchlist painted";

pub struct Startup {
    began: Instant,
    print: bool,
    reported: AtomicBool,
}

impl Startup {
    /// `began`: as early in the process as the caller can take it.
    pub fn new(began: Instant, print: bool) -> Self {
        Self {
            began,
            print,
            reported: AtomicBool::new(false),
        }
    }

    /// The first paint of the watchlist (later calls, e.g. after a reload of the
    /// page, are not start-ups): how long since the start, or `None` when already told.
    /// `page_ms`: how much of it the page took, from its navigation start (so the log
    /// tells the shell's share from the page's).
    pub fn painted(&self, rows: u32, page_ms: f64) -> Option<Duration> {
        if self.reported.swap(true, Ordering::SeqCst) {
            return None;
        }
        let elapsed = self.began.elapsed();
        let ms = elapsed.as_millis();
        let page_ms = page_ms.round();
        tracing::info!(ms, page_ms, rows, "watchlist painted after start-up");
        if self.print {
            println!("{REPORT_PREFIX} with {rows} files after {ms} ms (page: {page_ms} ms)");
        }
        Some(elapsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_first_paint_is_the_start_up() {
        let began = Instant::now();
        let startup = Startup::new(began, false);
        let first = startup
            .painted(12, 40.0)
            .expect("the first paint is reported");
        assert!(first <= began.elapsed());
        assert_eq!(startup.painted(12, 40.0), None);
    }
}

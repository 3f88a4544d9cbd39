//! The queue's SLA column over 1,000 and 10,000 followed files: the board the window
//! draws it from (kyb_desk_core::desk::sla_board: every file's clock from its status
//! spans under the policy's business calendar, the sort by due time, the counts), as
//! the `sla_board` command computes it once the list is read. Whether the cost stays
//! linear is read from the growth exponent between the two sizes.

use std::time::{Duration, Instant};

use kyb_api::file::StatusCategory;
use kyb_desk_core::desk::sla_board;
use kyb_desk_core::sla::{SlaPolicy, StatusSpan};
use kyb_desk_core::watchlist::WatchedFile;

use crate::common::row;
use crate::stats::Summary;

pub const SIZES: [usize; 2] = [1_000, 10_000];

const CATEGORIES: [StatusCategory; 5] = [
    StatusCategory::Queued,
    StatusCategory::InReview,
    StatusCategory::WithUser,
    StatusCategory::Enrolling,
    StatusCategory::Approved,
];

/// `n` files, each with a history of three statuses over the last days (a pause among
/// them for some), so that clocks walk the calendar across weekends. Every thousand
/// files have the same ages: a larger list is more files, not older ones (a clock's
/// cost grows with the business days it walks), so the growth measured is the list's.
const NOW: &str = "2025-09-16T18:00:00Z";

fn files(n: usize) -> Vec<WatchedFile> {
    let now = kyb_api::time::parse_timestamp(NOW).expect("a time");
    (0..n)
        .map(|i| {
            let mut file =
                WatchedFile::followed("flujo", &format!("AAA{:06}AA{}", i, i % 10), None);
            let start = now - Duration::from_secs(u64::try_from(i % 1_000).unwrap_or(0) * 7 * 60);
            file.status_spans = (0..3)
                .map(|k| StatusSpan {
                    category: CATEGORIES[(i + k) % CATEGORIES.len()],
                    since: start + Duration::from_secs(u64::try_from(k).unwrap_or(0) * 9 * 3600),
                })
                .filter(|span| span.since <= now)
                .collect();
            file
        })
        .collect()
}

/// The median time of the board over `n` files, and its counts (vencidos, por vencer).
fn measure(n: usize, runs: usize) -> (Summary, (u32, u32)) {
    let now = kyb_api::time::parse_timestamp(NOW).expect("a time");
    let (files, policy) = (files(n), SlaPolicy::default());
    let mut samples = Vec::with_capacity(runs);
    let mut counts = (0, 0);
    // The first run warms the caches; not counted.
    for _ in 0..=runs {
        let started = Instant::now();
        let board = sla_board(&policy, &files, now);
        samples.push(started.elapsed());
        counts = (board.breached, board.at_risk);
    }
    (Summary::of_durations(&samples[1..]), counts)
}

/// The growth exponent k of cost ∝ filesᵏ between two sizes.
fn exponent(small: (usize, f64), large: (usize, f64)) -> f64 {
    (large.1 / small.1).ln() / (large.0 as f64 / small.0 as f64).ln()
}

/// The board at each of [`SIZES`]: the median time and its counts.
pub struct Sla {
    pub runs: usize,
    pub sizes: Vec<(usize, Summary, (u32, u32))>,
}

impl Sla {
    /// The growth exponent from the smallest size to the largest.
    pub fn growth(&self) -> Option<f64> {
        match self.sizes.as_slice() {
            [(a, sa, _), .., (b, sb, _)] => Some(exponent((*a, sa.median), (*b, sb.median))),
            _ => None,
        }
    }
}

pub fn measure_all(runs: usize) -> Sla {
    Sla {
        runs,
        sizes: SIZES
            .iter()
            .map(|&n| {
                let (summary, counts) = measure(n, runs);
                (n, summary, counts)
            })
            .collect(),
    }
}

pub fn section(sla: &Sla) -> Vec<String> {
    let (runs, measured) = (sla.runs, &sla.sizes);
    let mut out = vec![
        String::new(),
        "## The SLA column from 1,000 to 10,000 files".to_owned(),
        String::new(),
        format!(
            "Every followed file's SLA clock (three statuses each, a pause among them for \
             some, over the default calendar: weekdays 9:00–18:00, Mexico's holidays), \
             sorted by due time and counted, as the `sla_board` command computes it once \
             the list is read; the window's drawing of the column is in the watchlist's \
             rendering above. Median of {runs} runs."
        ),
        String::new(),
        "| files | median (ms) | min | max | vencidos | por vencer |".to_owned(),
        "|---:|---:|---:|---:|---:|---:|".to_owned(),
    ];
    for (n, summary, (breached, at_risk)) in measured {
        out.push(row(&[
            n.to_string(),
            format!("{:.2}", summary.median),
            format!("{:.2}", summary.min),
            format!("{:.2}", summary.max),
            breached.to_string(),
            at_risk.to_string(),
        ]));
    }
    if let (Some(k), [(a, ..), .., (b, ..)]) = (sla.growth(), measured.as_slice()) {
        out.push(String::new());
        out.push(format!(
            "Growth from {a} to {b} files, as the exponent k of cost ∝ filesᵏ (1 is \
             linear; the sort by due time alone, n log n, gives 1.12): **{k:.2}**"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_of_the_bench_has_every_state_and_one_clock_a_file() {
        let now = kyb_api::time::parse_timestamp(NOW).expect("a time");
        let files = files(1_000);
        let board = sla_board(&SlaPolicy::default(), &files, now);
        assert_eq!(board.clocks.len(), 1_000);
        assert!(
            board.breached > 0 && board.at_risk > 0,
            "{} {}",
            board.breached,
            board.at_risk
        );
        assert!((exponent((1_000, 2.0), (10_000, 20.0)) - 1.0).abs() < 1e-9);
    }
}

//! What glibc's mmap threshold costs the start-up and the idle memory. KYB Desk sets
//! `MALLOC_MMAP_THRESHOLD_=131072` for the processes it starts (WebKit's) unless the
//! variable is set already (src-tauri/src/main.rs); its own process read its
//! environment before `main`, so it keeps glibc's default there: a threshold starting at
//! 128 KiB that rises with the largest block freed (up to 32 MiB). Preset, the variable
//! fixes the threshold of every process, KYB Desk's own too.

use std::time::Duration;

use crate::common::{WATCHLIST_FILES, ms, progress, row};
use crate::stats::Summary;
use crate::{Args, memory, startup};

const VARIABLE: &str = "MALLOC_MMAP_THRESHOLD_";

/// The variable's values measured: none (the app's own choice) first.
const VALUES: [Option<&str>; 5] = [
    None,
    Some("65536"),
    Some("131072"),
    Some("262144"),
    Some("1048576"),
];

/// Starts left idle for the PSS, with each value.
const PSS_STARTS: usize = 3;

pub struct Malloc {
    /// Per value: start-up to the watchlist painted, and PSS idle (MiB).
    pub rows: Vec<(Option<&'static str>, Summary, f64)>,
}

/// KYB Desk on `data`'s watchlist started with each value in turn, `runs` times after a
/// warm-up round, so a slow moment of the machine falls on all; then [`PSS_STARTS`]
/// more each, left idle for the PSS.
pub fn measure(args: &Args, data: &kyb_e2e::DataDir) -> Malloc {
    let app_args = vec![
        "--data-dir".to_owned(),
        data.path().to_string_lossy().into_owned(),
        "--report-startup".to_owned(),
    ];
    let ready = "kyb-desk: watchlist painted";
    progress("malloc's mmap threshold: start-up with each value");
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); VALUES.len()];
    for run in 0..=args.runs {
        for (index, value) in VALUES.iter().enumerate() {
            let (took, _, ()) = startup::time_to_line_then(
                &args.app,
                &app_args,
                &[(VARIABLE, *value)],
                ready,
                |_| (),
            );
            if run > 0 {
                times[index].push(took);
            }
        }
    }
    progress("malloc's mmap threshold: PSS idle with each value");
    let mut idle: Vec<Vec<f64>> = vec![Vec::new(); VALUES.len()];
    for _ in 0..PSS_STARTS {
        for (index, value) in VALUES.iter().enumerate() {
            let (_, _, pss) = startup::time_to_line_then(
                &args.app,
                &app_args,
                &[(VARIABLE, *value)],
                ready,
                settled_pss,
            );
            idle[index].push(pss);
        }
    }
    let rows = VALUES
        .iter()
        .zip(times)
        .zip(idle)
        .map(|((value, times), idle)| {
            (
                *value,
                Summary::of_durations(&times),
                Summary::of(&idle).median,
            )
        })
        .collect();
    Malloc { rows }
}

/// PSS of the tree of `pid` after 5 s of quiet: the median of five readings a second
/// apart (MiB).
fn settled_pss(pid: u32) -> f64 {
    std::thread::sleep(Duration::from_secs(5));
    let mut readings: Vec<f64> = (0..5)
        .map(|_| {
            let total = memory::tree_pss(pid).total_mib;
            std::thread::sleep(Duration::from_secs(1));
            total
        })
        .collect();
    readings.sort_by(f64::total_cmp);
    readings[2]
}

pub fn section(runs: usize, malloc: &Malloc) -> Vec<String> {
    let mut out = vec![
        String::new(),
        "## glibc's mmap threshold".to_owned(),
        String::new(),
        format!(
            "KYB Desk started on a watchlist of {WATCHLIST_FILES} files with \
             `{VARIABLE}` preset to each value (none: the app sets 131072 for WebKit's \
             processes, its own keeps glibc's dynamic threshold); start-up to the \
             watchlist painted, median of {runs} runs after a warm-up, the values in \
             turn; PSS of the whole tree idle, the watchlist painted, after 5 s of quiet \
             (median of 5 readings a second apart), the median of {PSS_STARTS} starts each. \
             No value gives every process glibc's own dynamic threshold: any value set \
             fixes it (glibc 2.36 here: even one it cannot read), and none \
             set, the app sets one for WebKit's."
        ),
        String::new(),
        format!("| {VARIABLE} | start-up median (ms) | min | max | PSS idle (MiB) |"),
        "|---|---:|---:|---:|---:|".to_owned(),
    ];
    for (value, start, pss) in &malloc.rows {
        out.push(row(&[
            value.map_or_else(
                || "not set (app: 131072 for WebKit, dynamic for itself)".to_owned(),
                |v| format!("{v} (every process)"),
            ),
            ms(start.median),
            ms(start.min),
            ms(start.max),
            format!("{pss:.1}"),
        ]));
    }
    out
}

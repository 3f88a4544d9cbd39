//! `make bench`'s measurements of the real windows, KYB Desk's release build beside a
//! bare Tauri 2 window (`benches/bare-window`) built with the same toolchain:
//! start-up, memory (PSS), rendering and a long watchlist refresh. Prints Markdown on
//! standard output, progress on standard error.
//!
//!   bench --app PATH --bare PATH [--runs N]
//!
//! Needs what `scripts/bench.sh` provides: a display, a D-Bus session with a keyring
//! and tauri-driver (`scripts/session.sh --driver`).

mod journeys;
mod memory;
mod startup;
mod stats;

use std::path::PathBuf;
use std::time::Duration;

use kyb_sandbox::{Sandbox, SandboxConfig};

use crate::stats::Summary;

pub struct Args {
    pub app: PathBuf,
    pub bare: PathBuf,
    /// Repetitions of each timed measurement (the start-ups, the renderings).
    pub runs: usize,
}

impl Args {
    fn parse() -> Args {
        let mut app = None;
        let mut bare = None;
        let mut runs = 11;
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            let mut value = || {
                args.next()
                    .unwrap_or_else(|| usage(&format!("{arg} needs a value")))
            };
            match arg.as_str() {
                "--app" => app = Some(PathBuf::from(value())),
                "--bare" => bare = Some(PathBuf::from(value())),
                "--runs" => {
                    runs = value()
                        .parse()
                        .unwrap_or_else(|_| usage("--runs needs a number"))
                }
                other => usage(&format!("unknown argument {other}")),
            }
        }
        Args {
            app: app.unwrap_or_else(|| usage("--app is required")),
            bare: bare.unwrap_or_else(|| usage("--bare is required")),
            runs: runs.max(1),
        }
    }
}

fn usage(problem: &str) -> ! {
    eprintln!("{problem}\nusage: bench --app PATH --bare PATH [--runs N]");
    std::process::exit(2);
}

/// The watchlist the measurements use: this many files of the sandbox's first tenant.
pub const WATCHLIST_FILES: usize = 1_000;
/// The refresh measured under added latency: this many of them…
pub const REFRESH_FILES: usize = 500;
/// …with this much added to every tracking request.
pub const REFRESH_LATENCY: Duration = Duration::from_millis(50);

pub fn progress(what: &str) {
    eprintln!("bench: {what}");
}

fn ms(value: f64) -> String {
    format!("{value:.0}")
}

fn row(cells: &[String]) -> String {
    format!("| {} |", cells.join(" | "))
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    // Enough files that the first tenant has a thousand with an RFC (three in four
    // are its own), among them the large example.
    let sandbox = Sandbox::start(SandboxConfig {
        files: 1_400,
        ..SandboxConfig::default()
    })
    .await
    .expect("a sandbox starts");
    let data = kyb_e2e::DataDir::new();

    let measured = journeys::measure(&args, &sandbox, &data).await;

    progress("start-up");
    let app_args = vec![
        "--data-dir".to_owned(),
        data.path().to_string_lossy().into_owned(),
        "--report-startup".to_owned(),
    ];
    let (mut app_times, mut bare_times, mut page_times) = (Vec::new(), Vec::new(), Vec::new());
    // One run of each to warm the disk cache, not counted; then the two in turn, so a
    // slow moment of the machine falls on both.
    for run in 0..=args.runs {
        let (app, line) =
            startup::time_to_line(&args.app, &app_args, "kyb-desk: watchlist painted");
        let (bare, _) = startup::time_to_line(&args.bare, &[], "bare-window: page painted");
        if run > 0 {
            app_times.push(app);
            bare_times.push(bare);
            page_times.extend(startup::page_ms(&line));
        }
    }
    let app_start = Summary::of_durations(&app_times);
    let bare_start = Summary::of_durations(&bare_times);
    let page = Summary::of(&page_times);
    sandbox.stop().await;

    let concurrency = kyb_api::many::DEFAULT_CONCURRENCY;
    let ideal = REFRESH_FILES.div_ceil(concurrency) as f64 * REFRESH_LATENCY.as_secs_f64() * 1e3;
    let lines = [
        "## Start-up".to_owned(),
        String::new(),
        format!(
            "From the process start to the first screen painted; median of {} runs each, \
             after one warm-up run, the two programs in turn. KYB Desk opens on a profile \
             whose watchlist follows {WATCHLIST_FILES} files (shown from its local copy).",
            args.runs
        ),
        String::new(),
        "| program | what is painted | median (ms) | min | max |".to_owned(),
        "|---|---|---:|---:|---:|".to_owned(),
        row(&[
            "KYB Desk".into(),
            format!("watchlist with {WATCHLIST_FILES} files"),
            ms(app_start.median),
            ms(app_start.min),
            ms(app_start.max),
        ]),
        row(&[
            "bare Tauri window".into(),
            "empty page".into(),
            ms(bare_start.median),
            ms(bare_start.min),
            ms(bare_start.max),
        ]),
        row(&[
            "**ratio KYB Desk / bare**".into(),
            String::new(),
            format!("**{:.2}**", app_start.median / bare_start.median),
            String::new(),
            String::new(),
        ]),
        String::new(),
        format!(
            "Of KYB Desk's start-up, its page (from its navigation start: the UI's \
             script, the profile and watchlist calls, the first layout and paint of text) \
             took a median of {} ms; the rest is the shell and WebKit starting, as for the \
             bare window.",
            ms(page.median)
        ),
        String::new(),
        "## Memory".to_owned(),
        String::new(),
        "Proportional set size (PSS) of the program and every process it started \
         (WebKitGTK's web and network processes), summed; both windows driven through \
         WebDriver, read after 5 s of quiet, median of 5 readings a second apart."
            .to_owned(),
        String::new(),
        "| state | KYB Desk (MiB) | bare window (MiB) | ratio | KYB Desk by process (MiB) |"
            .to_owned(),
        "|---|---:|---:|---:|---|".to_owned(),
    ];
    let mut out: Vec<String> = lines.to_vec();
    for (state, pss) in &measured.memory {
        out.push(row(&[
            state.clone(),
            format!("{:.1}", pss.total_mib),
            format!("{:.1}", measured.bare_idle.total_mib),
            format!("{:.2}", pss.total_mib / measured.bare_idle.total_mib),
            pss.by_name
                .iter()
                .map(|(name, mib)| format!("{name} {mib:.1}"))
                .collect::<Vec<_>>()
                .join(", "),
        ]));
    }
    out.extend([
        String::new(),
        "## Rendering".to_owned(),
        String::new(),
        format!(
            "From the data received (or the tab chosen) to the screen painted, as the UI \
             records it (`ui/src/perf.ts`: User Timing measures, ended in the first task \
             after the next frame); {} runs each.",
            args.runs
        ),
        String::new(),
        "| screen | median (ms) | min | max |".to_owned(),
        "|---|---:|---:|---:|".to_owned(),
    ]);
    for (screen, summary) in &measured.rendering {
        out.push(row(&[
            screen.clone(),
            ms(summary.median),
            ms(summary.min),
            ms(summary.max),
        ]));
    }
    let refresh = measured.refresh;
    out.extend([
        String::new(),
        "## Watchlist refresh".to_owned(),
        String::new(),
        format!(
            "\"Refresh all\" pressed to the last answer painted, {REFRESH_FILES} files, \
             {} ms added by the sandbox to every tracking request; the ideal is \
             ⌈{REFRESH_FILES} / {concurrency}⌉ × {} ms, the added latency alone at the \
             client's concurrency ({concurrency} requests at a time); median of {} runs.",
            REFRESH_LATENCY.as_millis(),
            REFRESH_LATENCY.as_millis(),
            refresh.runs
        ),
        String::new(),
        "| files | concurrency | ideal (ms) | measured median (ms) | min | max | ratio measured / ideal |".to_owned(),
        "|---:|---:|---:|---:|---:|---:|---:|".to_owned(),
        row(&[
            REFRESH_FILES.to_string(),
            concurrency.to_string(),
            ms(ideal),
            ms(refresh.median),
            ms(refresh.min),
            ms(refresh.max),
            format!("**{:.2}**", refresh.median / ideal),
        ]),
    ]);
    println!("{}", out.join("\n"));
}

//! `make bench`'s measurements of the real windows, KYB Desk's release build beside a
//! bare Tauri 2 window (`benches/bare-window`) built with the same toolchain:
//! start-up (and where the page's share of it goes), memory (PSS, also over a working
//! day of 200 details), rendering, a long watchlist refresh, and how the watchlist's
//! costs grow from 100 to 10,000 files, and the screens new this round (screening,
//! the review with the team's notes, the risk sort). Prints Markdown on
//! standard output, progress on standard error.
//!
//!   bench --app PATH --bare PATH [--runs N] [--goals PATH]
//!         [--only dashboard|startup|day|evidence|screens|malloc]
//!
//! Needs what `scripts/bench.sh` provides: a display, a D-Bus session with a keyring
//! and tauri-driver (`scripts/session.sh --driver`); with a PostgreSQL too
//! (`--postgres`), the review is measured with the team's notes.

mod args;
mod common;
mod dashboard;
mod day;
mod evidence;
mod goals;
mod journeys;
mod malloc;
mod memory;
mod page;
mod scale;
mod screens;
mod sla;
mod startup;
mod stats;
mod twin;

use kyb_sandbox::{Sandbox, SandboxConfig};

pub use crate::args::Args;
use crate::common::{REFRESH_FILES, REFRESH_LATENCY, WATCHLIST_FILES, ms, progress, row};
use crate::memory::by_process;
use crate::stats::Summary;

/// The evidence beside the decision: section switches and memory.
fn evidence_section(evidence: &evidence::Evidence) -> Vec<String> {
    let mut out = vec![
        String::new(),
        "## Evidence beside the decision".to_owned(),
        String::new(),
        "A review of the large example file: a section focused (as `j`/`k` do) to its \
         evidence's file painted, as the UI records it (`evidence` measure: a PDF's page \
         drawn on its canvas, an image decoded and shown); the files were fetched once \
         before (the session keeps them in memory), each switch draws again."
            .to_owned(),
        String::new(),
        "| file shown | switches | median (ms) | p95 (ms) | min | max |".to_owned(),
        "|---|---:|---:|---:|---:|---:|".to_owned(),
    ];
    for (kind, samples) in &evidence.switches {
        let summary = Summary::of(samples);
        out.push(row(&[
            kind.clone(),
            summary.runs.to_string(),
            ms(summary.median),
            ms(Summary::p95(samples)),
            ms(summary.min),
            ms(summary.max),
        ]));
    }
    out.extend([
        String::new(),
        format!(
            "Memory (PSS, read as above): the watchlist alone, then the large file's \
             review with its evidence open, then that review closed (the watchlist \
             shown), then after {} more reviews each with its proof of address drawn, \
             the watchlist shown again.",
            evidence::FILES
        ),
        String::new(),
        "| state | KYB Desk (MiB) | ratio to before | by process (MiB) |".to_owned(),
        "|---|---:|---:|---|".to_owned(),
    ]);
    for (state, pss) in [
        ("before: the watchlist shown", &evidence.before),
        ("the large file's review, evidence open", &evidence.open),
        (
            "after the large file's review closed, the watchlist shown",
            &evidence.closed,
        ),
        (
            "after the 50 reviews with evidence, the watchlist shown",
            &evidence.after,
        ),
    ] {
        out.push(row(&[
            state.to_owned(),
            format!("{:.1}", pss.total_mib),
            format!("{:.2}", pss.total_mib / evidence.before.total_mib),
            by_process(pss),
        ]));
    }
    out
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    // Enough files that the first tenant has ten thousand with an RFC (three in four
    // are its own), among them the large example.
    let sandbox = Sandbox::start(SandboxConfig {
        files: 14_000,
        ..SandboxConfig::default()
    })
    .await
    .expect("a sandbox starts");
    let data = kyb_e2e::DataDir::new();

    if args.only.as_deref() == Some("startup") {
        startup::prepare(&args, &sandbox, &data).await;
        let start = startup::measure(&args, &data).await;
        sandbox.stop().await;
        if let Some(path) = &args.goals {
            let goals = startup::goal_rows(&start).join("\n") + "\n";
            std::fs::write(path, goals).expect("the goals are written");
        }
        println!("{}", startup::section(args.runs, &start).join("\n"));
        return;
    }
    if let Some(only @ ("day" | "evidence")) = args.only.as_deref() {
        startup::prepare(&args, &sandbox, &data).await;
        let lines = if only == "day" {
            progress("a working day: 200 details opened one after another");
            let day = day::measure(&args, &data).await;
            [day::section(&day), day::kinds(&day)].concat()
        } else {
            let evidence = evidence::measure(&args, &sandbox.manifest, &data).await;
            let mut lines = evidence_section(&evidence);
            lines.extend(evidence::counts_section(&evidence));
            lines
        };
        sandbox.stop().await;
        println!("{}", lines.join("\n"));
        return;
    }
    if args.only.as_deref() == Some("malloc") {
        startup::prepare(&args, &sandbox, &data).await;
        let malloc = malloc::measure(&args, &data);
        sandbox.stop().await;
        println!("{}", malloc::section(args.runs, &malloc).join("\n"));
        return;
    }
    if args.only.as_deref() == Some("screens") {
        let screens = screens::measure(&args, &sandbox).await;
        sandbox.stop().await;
        if let Some(path) = &args.goals {
            let goals = screens::goal_rows(&screens).join("\n") + "\n";
            std::fs::write(path, goals).expect("the goals are written");
        }
        println!("{}", screens::section(args.runs, &screens).join("\n"));
        return;
    }
    if let Some(only) = &args.only {
        assert_eq!(
            only, "dashboard",
            "--only knows the dashboard, start-up, day, evidence, screens, malloc"
        );
        progress("the dashboard in the window");
        let window = dashboard::in_window(&args, &sandbox).await;
        if let Some(path) = &args.goals {
            std::fs::write(path, goals::dashboard(&window) + "\n").expect("the goal is written");
        }
        println!("{}", dashboard::section(args.runs, &window).join("\n"));
        return;
    }

    let measured = journeys::measure(&args, &sandbox, &data).await;

    progress("the dashboard in the window");
    let dashboard_window = dashboard::in_window(&args, &sandbox).await;

    progress("a working day: 200 details opened one after another");
    let day = day::measure(&args, &data).await;

    progress("the evidence beside the decision");
    let evidence = evidence::measure(&args, &sandbox.manifest, &data).await;

    let start = startup::measure(&args, &data).await;

    let scale = scale::measure(&args, &sandbox).await;

    let screens = screens::measure(&args, &sandbox).await;
    sandbox.stop().await;

    let concurrency = kyb_api::many::DEFAULT_CONCURRENCY;
    let ideal = REFRESH_FILES.div_ceil(concurrency) as f64 * REFRESH_LATENCY.as_secs_f64() * 1e3;
    let mut out = startup::section(args.runs, &start);
    out.extend([
        String::new(),
        include_str!("../../../../docs/bench/startup.md")
            .trim_end()
            .to_owned(),
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
    ]);
    for (state, pss) in &measured.memory {
        out.push(row(&[
            state.clone(),
            format!("{:.1}", pss.total_mib),
            format!("{:.1}", measured.bare_idle.total_mib),
            format!("{:.2}", pss.total_mib / measured.bare_idle.total_mib),
            by_process(pss),
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
    out.extend([
        String::new(),
        format!(
            "Over a working day: the same window, its watchlist of {WATCHLIST_FILES} files \
             shown, then {} different files' details opened one after another (each from \
             the watchlist: search, file, detail) and the watchlist shown again; PSS read \
             as above, after the first detail too, and last a minute after the \
             details, once the closed files' cached answers have been let go.",
            day::DETAILS
        ),
        String::new(),
    ]);
    out.extend(day::section(&day));
    out.extend([
        String::new(),
        "The same readings by kind of memory, every process of each tree summed \
         (`/proc/PID/smaps`; MiB):"
            .to_owned(),
        String::new(),
    ]);
    out.extend(memory::kinds_table(&[
        ("bare window, empty page", &measured.bare_idle),
        ("KYB Desk, idle", &measured.memory[0].1),
        ("KYB Desk, large file open", &measured.memory[1].1),
        ("KYB Desk, before the 200 details", &day.before),
        ("KYB Desk, after one detail", &day.first),
        ("KYB Desk, after them", &day.after),
        ("KYB Desk, then minimized", &day.hidden),
        ("KYB Desk, then shown again", &day.shown),
        ("KYB Desk, a minute later", &day.later),
    ]));
    out.extend([
        String::new(),
        include_str!("../../../../docs/bench/memory.md")
            .trim_end()
            .to_owned(),
    ]);
    out.extend(evidence_section(&evidence));
    out.extend(evidence::counts_section(&evidence));
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
    out.extend(dashboard::section(args.runs, &dashboard_window));
    let sla = sla::measure_all(args.runs);
    out.extend(sla::section(&sla));
    out.extend(scale_lines(&scale, args.runs));
    out.extend(screens::section(args.runs, &screens));
    if let Some(path) = &args.goals {
        let rows = goals::rows(&goals::Met {
            startup: &start,
            tabs: &measured.rendering[1..],
            large: measured.memory[1].1.total_mib / measured.bare_idle.total_mib,
            day: day.after.total_mib / day.before.total_mib,
            scale: &scale,
            dashboard: &dashboard_window,
            evidence: &evidence,
            sla: &sla,
            screens: &screens,
        });
        std::fs::write(path, rows.join("\n") + "\n").expect("the goals are written");
    }
    println!("{}", out.join("\n"));
}

/// The watchlist at each size, and how each figure grows from 1,000 to 10,000 files.
fn scale_lines(rows: &[scale::Row], runs: usize) -> Vec<String> {
    let concurrency = kyb_api::many::DEFAULT_CONCURRENCY;
    let mut out = vec![
        String::new(),
        "## The watchlist from 100 to 10,000 files".to_owned(),
        String::new(),
        format!(
            "A profile of its own for each size, following that many files by one CSV \
             import. Start-up: process start → watchlist painted, median of {} runs \
             after a warm-up; rendering: list received → rows painted, median of {runs}; \
             a keystroke in the search → its rows painted, median of {} keys (a prefix \
             of an RFC typed, then deleted); the CSV import as the page calls it; \
             \"refresh all\" with {} ms added to every tracking request (median of 3 \
             runs, 1 at 10,000), against its ideal ⌈files / {concurrency}⌉ × {} ms.",
            runs.min(5),
            2 * scale::TYPED,
            REFRESH_LATENCY.as_millis(),
            REFRESH_LATENCY.as_millis()
        ),
        String::new(),
        "| files | start-up (ms) | rendering (ms) | keystroke (ms) | CSV import (ms) | refresh (ms) | ideal (ms) | ideal / refresh |".to_owned(),
        "|---:|---:|---:|---:|---:|---:|---:|---:|".to_owned(),
    ];
    for r in rows {
        out.push(row(&[
            r.files.to_string(),
            ms(r.startup.median),
            ms(r.render.median),
            ms(r.keystroke.median),
            ms(r.import_ms),
            ms(r.refresh.median),
            ms(r.ideal_refresh_ms()),
            format!("**{:.2}**", r.ideal_refresh_ms() / r.refresh.median),
        ]));
    }
    if let (Some(small), Some(large)) = (
        rows.iter().find(|r| r.files == 1_000),
        rows.iter().find(|r| r.files == 10_000),
    ) {
        // The exponent k of cost ∝ filesᵏ between the two sizes: 1 is linear.
        let growth = |a: f64, b: f64| format!("{:.2}", (b / a).ln() / 10f64.ln());
        out.extend([
            String::new(),
            "Growth from 1,000 to 10,000 files, as the exponent k of cost ∝ filesᵏ \
             (1 is linear; below 1, better):"
                .to_owned(),
            String::new(),
            "| start-up | rendering | keystroke | CSV import | refresh |".to_owned(),
            "|---:|---:|---:|---:|---:|".to_owned(),
            row(&[
                growth(small.startup.median, large.startup.median),
                growth(small.render.median, large.render.median),
                growth(small.keystroke.median, large.keystroke.median),
                growth(small.import_ms, large.import_ms),
                growth(small.refresh.median, large.refresh.median),
            ]),
        ]);
    }
    out.push(
        include_str!("../../../../docs/bench/scale.md")
            .trim_end()
            .to_owned(),
    );
    out
}

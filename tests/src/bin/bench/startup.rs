//! Start-up, timed from outside: from spawning the program to the line it prints once
//! its first screen has painted (KYB Desk with `--report-startup`: the watchlist with
//! its rows; the bare window: its empty page, or the static twin of KYB Desk's first
//! screen, `twin.rs`). All print after the same "next paint" in their pages, so the
//! three are timed alike.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use kyb_e2e::DataDir;
use kyb_sandbox::RunningSandbox;

use crate::common::{WATCHLIST_FILES, ms, progress, row};
use crate::journeys::{
    first_profile, follow, open_app, refresh_all, show_watchlist_again, wait_for_measure,
    watchlist_files,
};
use crate::stats::Summary;
use crate::{Args, memory, twin};

/// Start-up's goals: against the bare window's empty page, and against the
/// static twin, the floor for painting the same screen.
const GOAL_BARE: f64 = 1.25;
const GOAL_TWIN: f64 = 1.15;

pub struct Startup {
    pub app: Summary,
    pub bare: Summary,
    pub twin: Summary,
    /// KYB Desk's page's share (from its navigation start), from its line.
    pub page: Summary,
    /// Where the page's share goes, from one start.
    pub steps: Vec<(String, f64)>,
    /// The twin's page: elements, HTML and CSS bytes.
    pub twin_page: (u64, usize, usize),
}

/// For `--only startup`: `data` made as the whole bench leaves it, a profile following
/// [`WATCHLIST_FILES`] files of the sandbox, refreshed once.
pub async fn prepare(args: &Args, sandbox: &RunningSandbox, data: &DataDir) {
    progress("a profile following the watchlist's files");
    let files = watchlist_files(sandbox, WATCHLIST_FILES);
    let app = open_app(args, data).await;
    first_profile(&app, &sandbox.manifest, &files).await;
    follow(&app, &files, &sandbox.manifest.examples.flow_id).await;
    show_watchlist_again(&app).await;
    refresh_all(&app).await;
    app.close().await;
}

/// KYB Desk on `data`'s watchlist, the bare window and the twin, `args.runs` times each
/// in turn after one warm-up run of each, so a slow moment of the machine falls on all
/// three; first, one start driven through WebDriver for the page's steps and the
/// twin's snapshot.
pub async fn measure(args: &Args, data: &DataDir) -> Startup {
    progress("where the page's start-up goes; its static twin");
    let app = open_app(args, data).await;
    wait_for_measure(&app, "watchlist", 1, Duration::from_secs(30)).await;
    let steps = page_steps(&app).await;
    let twin = twin::snapshot(&app).await;
    app.close().await;

    progress("start-up");
    let app_args = vec![
        "--data-dir".to_owned(),
        data.path().to_string_lossy().into_owned(),
        "--report-startup".to_owned(),
    ];
    let twin_args = twin.args();
    let (mut app_times, mut bare_times, mut twin_times, mut page_times) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for run in 0..=args.runs {
        let (app, line) = time_to_line(&args.app, &app_args, "kyb-desk: watchlist painted");
        let (bare, _) = time_to_line(&args.bare, &[], "bare-window: page painted");
        let (twin, _) = time_to_line(&args.bare, &twin_args, "bare-window: page painted");
        if run > 0 {
            app_times.push(app);
            bare_times.push(bare);
            twin_times.push(twin);
            page_times.extend(page_ms(&line));
        }
    }
    Startup {
        app: Summary::of_durations(&app_times),
        bare: Summary::of_durations(&bare_times),
        twin: Summary::of_durations(&twin_times),
        page: Summary::of(&page_times),
        steps,
        twin_page: (twin.elements, twin.html_bytes, twin.css_bytes),
    }
}

/// The report's start-up section.
pub fn section(runs: usize, start: &Startup) -> Vec<String> {
    let (elements, html, css) = start.twin_page;
    let kib = |bytes: usize| format!("{:.0}", bytes as f64 / 1024.0);
    let ratio = |what: &str, by: &Summary| {
        row(&[
            format!("**ratio KYB Desk / {what}**"),
            String::new(),
            format!("**{:.2}**", start.app.median / by.median),
            String::new(),
            String::new(),
        ])
    };
    let mut out = vec![
        "## Start-up".to_owned(),
        String::new(),
        format!(
            "From the process start to the first screen painted; median of {runs} runs each, \
             after one warm-up run, the three in turn. KYB Desk opens on a profile whose \
             watchlist follows {WATCHLIST_FILES} files (shown from its local copy). Its \
             static twin is the bare window showing a snapshot of that screen, taken from \
             this build's window once its watchlist painted: the same HTML, the same \
             stylesheets (from `ui/dist`) and system fonts, no script but the bare page's \
             paint signal (`tests/src/bin/bench/twin.rs`); the floor for painting those \
             pixels in this Tauri and WebKit."
        ),
        String::new(),
        "| program | what is painted | median (ms) | min | max |".to_owned(),
        "|---|---|---:|---:|---:|".to_owned(),
        row(&[
            "KYB Desk".into(),
            format!("watchlist with {WATCHLIST_FILES} files"),
            ms(start.app.median),
            ms(start.app.min),
            ms(start.app.max),
        ]),
        row(&[
            "bare Tauri window".into(),
            "empty page".into(),
            ms(start.bare.median),
            ms(start.bare.min),
            ms(start.bare.max),
        ]),
        row(&[
            "bare Tauri window".into(),
            format!(
                "static twin of the first screen ({elements} elements, {} KiB of HTML, \
                 {} KiB of CSS)",
                kib(html),
                kib(css)
            ),
            ms(start.twin.median),
            ms(start.twin.min),
            ms(start.twin.max),
        ]),
        ratio("bare", &start.bare),
        ratio("static twin", &start.twin),
        String::new(),
        format!(
            "Of KYB Desk's start-up, its page (from its navigation start: the UI's \
             script, the profile and watchlist calls, the first layout and paint of text) \
             took a median of {} ms; the rest is the shell and WebKit starting, as for the \
             bare window.",
            ms(start.page.median)
        ),
        String::new(),
        "Where the page's share goes, from one start on the same watchlist (driven \
         through WebDriver; times from the page's navigation start, as its own \
         navigation and resource timings and the marks of `ui/src/api/early.ts` and \
         `ui/src/App.tsx` record them):"
            .to_owned(),
        String::new(),
        "| step | at (ms) | since the step before (ms) |".to_owned(),
        "|---|---:|---:|".to_owned(),
    ];
    let mut previous = 0.0;
    for (step, at) in &start.steps {
        out.push(row(&[step.clone(), ms(*at), ms(at - previous)]));
        previous = *at;
    }
    out
}

/// The goals' rows: start-up against the bare window and against the twin.
pub fn goal_rows(start: &Startup) -> Vec<String> {
    let verdict = |ok: bool| if ok { "met" } else { "**not met**" }.to_owned();
    let bare = start.app.median / start.bare.median;
    let twin = start.app.median / start.twin.median;
    vec![
        row(&[
            format!("start-up to the watchlist painted ({WATCHLIST_FILES} files) / bare window"),
            format!("≤ {GOAL_BARE}×"),
            format!("{bare:.2}×"),
            verdict(bare <= GOAL_BARE),
        ]),
        row(&[
            format!(
                "start-up to the watchlist painted ({WATCHLIST_FILES} files) / its static twin"
            ),
            format!("≤ {GOAL_TWIN}×"),
            format!("{twin:.2}×"),
            verdict(twin <= GOAL_TWIN),
        ]),
    ]
}

const LIMIT: Duration = Duration::from_secs(60);

/// Starts `program` with `args`, waits for a line of its standard output starting
/// with `ready`, stops it (and waits for every process it started to end) and
/// returns how long the line took, and the line.
pub fn time_to_line(program: &Path, args: &[String], ready: &str) -> (Duration, String) {
    let (took, line, ()) = time_to_line_then(program, args, &[], ready, |_| ());
    (took, line)
}

/// As [`time_to_line`], with `env` set in the program's environment (a value of None
/// removes the variable) and `then` called with its process id once the line came,
/// before it is stopped; also what `then` returned.
pub fn time_to_line_then<T>(
    program: &Path,
    args: &[String],
    env: &[(&str, Option<&str>)],
    ready: &str,
    then: impl FnOnce(u32) -> T,
) -> (Duration, String, T) {
    let mut command = Command::new(program);
    for (name, value) in env {
        match value {
            Some(value) => command.env(name, value),
            None => command.env_remove(name),
        };
    }
    let began = Instant::now();
    let mut child = command
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
    let stdout = child.stdout.take().expect("piped standard output");
    let (tx, rx) = mpsc::channel();
    let wanted = ready.to_owned();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if line.starts_with(&wanted) {
                let _ = tx.send((Instant::now(), line));
                return;
            }
        }
    });
    let arrived = rx.recv_timeout(LIMIT);
    let after = arrived.is_ok().then(|| then(child.id()));
    stop(&mut child);
    match (arrived, after) {
        (Ok((at, line)), Some(after)) => (at - began, line, after),
        _ => panic!(
            "{} printed no line starting «{ready}» within {LIMIT:?}",
            program.display()
        ),
    }
}

/// Kills the program and waits until none of the processes it started is left, so
/// the next run starts from the same state.
fn stop(child: &mut Child) {
    let started = memory::tree(child.id());
    let _ = child.kill();
    let _ = child.wait();
    let deadline = Instant::now() + Duration::from_secs(10);
    while started
        .iter()
        .any(|pid| Path::new(&format!("/proc/{pid}")).exists())
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The page's share of KYB Desk's start-up, from its line ("… (page: 512 ms)").
pub fn page_ms(line: &str) -> Option<f64> {
    line.split("(page: ")
        .nth(1)?
        .split(" ms")
        .next()?
        .parse()
        .ok()
}

/// Where the page's share of the start-up goes: each step's time from the page's
/// navigation start, read from the page once its watchlist is painted (its navigation
/// and resource timings, and the marks `ui/src/api/early.ts`, `App.tsx` and the
/// watchlist's screen leave).
pub async fn page_steps(app: &kyb_e2e::App) -> Vec<(String, f64)> {
    let found = app
        .run_script(
            "const nav = performance.getEntriesByType('navigation')[0];
             const at = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null;
             const scripts = performance.getEntriesByType('resource')
               .filter((r) => r.name.endsWith('.js'));
             const painted = performance.getEntriesByName('watchlist', 'measure')[0];
             return [
               ['the page (index.html) received', nav ? nav.responseEnd : null],
               ['its first scripts received (' + scripts.length + ' files)',
                 scripts.length ? Math.max(...scripts.map((r) => r.responseEnd)) : null],
               ['the script running: the first reads asked for', at('startup:script')],
               ['the frame drawn (React, no data yet)', at('startup:frame')],
               ['the profile book answered', at('startup:book')],
               ['the watchlist answered', at('startup:list')],
               ['the watchlist handed to its screen', painted ? painted.startTime : null],
               ['its rows committed to the document (React done)', at('startup:rows')],
               ['its rows painted', painted ? painted.startTime + painted.duration : null],
             ];",
        )
        .await;
    found
        .as_array()
        .map(|steps| {
            steps
                .iter()
                .filter_map(|step| Some((step[0].as_str()?.to_owned(), step[1].as_f64()?)))
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_share_is_read_from_the_line() {
        let line = "kyb-desk: watchlist painted with 1000 files after 900 ms (page: 512 ms)";
        assert_eq!(super::page_ms(line), Some(512.0));
        assert_eq!(
            super::page_ms("bare-window: page painted after 400 ms"),
            None
        );
    }
}

//! Start-up, timed from outside: from spawning the program to the line it prints once
//! its first screen has painted (KYB Desk with `--report-startup`: the watchlist with
//! its rows; the bare window: its empty page). Both print after the same "next paint"
//! in their pages, so the two are timed alike.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::memory;

const LIMIT: Duration = Duration::from_secs(60);

/// Starts `program` with `args`, waits for a line of its standard output starting
/// with `ready`, stops it (and waits for every process it started to end) and
/// returns how long the line took, and the line.
pub fn time_to_line(program: &Path, args: &[String], ready: &str) -> (Duration, String) {
    let began = Instant::now();
    let mut child = Command::new(program)
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
    stop(&mut child);
    match arrived {
        Ok((at, line)) => (at - began, line),
        Err(_) => panic!(
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
/// and resource timings, and the marks `ui/src/api/early.ts` and `App.tsx` leave).
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

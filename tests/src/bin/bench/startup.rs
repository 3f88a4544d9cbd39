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
/// returns how long the line took.
pub fn time_to_line(program: &Path, args: &[String], ready: &str) -> Duration {
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
                let _ = tx.send(Instant::now());
                return;
            }
        }
    });
    let arrived = rx.recv_timeout(LIMIT);
    stop(&mut child);
    match arrived {
        Ok(at) => at - began,
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

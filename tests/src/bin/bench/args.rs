//! The bench's command line.

use std::path::PathBuf;

pub struct Args {
    pub app: PathBuf,
    pub bare: PathBuf,
    /// Repetitions of each timed measurement (the start-ups, the renderings).
    pub runs: usize,
    /// Where the goals' rows go (Markdown table rows), when asked.
    pub goals: Option<PathBuf>,
    /// `--only dashboard` or `--only startup`: that section alone (its goals' rows
    /// too), for its own run; `--only day` or `--only evidence`: that memory reading
    /// alone (no goals' rows), on a profile of its own; `--only screens`: the screens
    /// new this round (their goals' rows too); `--only malloc`: start-up and idle
    /// memory with glibc's mmap threshold preset to several values (no goals' rows).
    pub only: Option<String>,
}

impl Args {
    pub fn parse() -> Args {
        let mut app = None;
        let mut bare = None;
        let mut runs = 11;
        let mut goals = None;
        let mut only = None;
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            let mut value = || {
                args.next()
                    .unwrap_or_else(|| usage(&format!("{arg} needs a value")))
            };
            match arg.as_str() {
                "--app" => app = Some(PathBuf::from(value())),
                "--bare" => bare = Some(PathBuf::from(value())),
                "--goals" => goals = Some(PathBuf::from(value())),
                "--only" => only = Some(value()),
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
            goals,
            only,
        }
    }
}

fn usage(problem: &str) -> ! {
    eprintln!(
        "{problem}\nusage: bench --app PATH --bare PATH [--runs N] [--goals PATH] [--only dashboard|startup|day|evidence|screens|malloc]"
    );
    std::process::exit(2);
}

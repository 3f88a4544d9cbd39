//! How the watchlist's costs grow with its length: for each size, a profile of its own
//! follows that many files of the sandbox's first tenant, by one CSV import, and the
//! bench times what an analyst waits for: the import, a refresh of them all under
//! added latency, the list's rendering, a keystroke in its search, and the start-up.

use std::time::Duration;

use kyb_e2e::{App, DataDir};
use kyb_sandbox::RunningSandbox;

use crate::common::{REFRESH_LATENCY, progress};
use crate::journeys::{
    clear_measures, first_profile, follow, open_app, refreshes_under_latency, show_watchlist_again,
    wait_for_measure, watchlist_files,
};
use crate::stats::Summary;
use crate::{Args, startup};

/// The lengths measured.
pub const SIZES: [usize; 3] = [100, 1_000, 10_000];
/// Keystrokes measured per size: a prefix of an RFC typed, then deleted, key by key.
pub const TYPED: usize = 4;

pub struct Row {
    pub files: usize,
    pub startup: Summary,
    pub render: Summary,
    pub keystroke: Summary,
    /// The import of the CSV text, called as the page calls it (ms).
    pub import_ms: f64,
    pub refresh: Summary,
}

impl Row {
    /// ⌈files / concurrency⌉ × the added latency: the latency alone, at the client's
    /// concurrency.
    pub fn ideal_refresh_ms(&self) -> f64 {
        self.files.div_ceil(kyb_api::many::DEFAULT_CONCURRENCY) as f64
            * REFRESH_LATENCY.as_secs_f64()
            * 1e3
    }
}

pub async fn measure(args: &Args, sandbox: &RunningSandbox) -> Vec<Row> {
    let mut rows = Vec::new();
    for files in SIZES {
        rows.push(measure_one(args, sandbox, files).await);
    }
    rows
}

async fn measure_one(args: &Args, sandbox: &RunningSandbox, count: usize) -> Row {
    let manifest = &sandbox.manifest;
    let files = watchlist_files(sandbox, count);
    let data = DataDir::new();

    progress(&format!("{count} files: profile and CSV import"));
    let app = open_app(args, &data).await;
    first_profile(&app, manifest, &files).await;
    let import_ms = follow(&app, &files, &manifest.examples.flow_id).await;
    show_watchlist_again(&app).await;

    // Larger lists take long enough that fewer runs say as much.
    let refresh_runs = if count > 1_000 { 1 } else { 3 };
    progress(&format!(
        "{count} files: {refresh_runs} refreshes with {} ms added to each request",
        REFRESH_LATENCY.as_millis()
    ));
    let refreshes = refreshes_under_latency(&app, sandbox, refresh_runs).await;

    progress(&format!("{count} files: rendering and search"));
    clear_measures(&app).await;
    let mut render = Vec::new();
    for run in 1..=args.runs {
        show_watchlist_again(&app).await;
        render.push(wait_for_measure(&app, "watchlist", run, Duration::from_secs(60)).await);
    }
    let keystroke = keystrokes(&app, &files[files.len() / 2].1).await;
    app.close().await;

    progress(&format!("{count} files: start-up"));
    let startup_args = vec![
        "--data-dir".to_owned(),
        data.path().to_string_lossy().into_owned(),
        "--report-startup".to_owned(),
    ];
    let mut startups = Vec::new();
    for run in 0..=args.runs.min(5) {
        let (took, _) =
            startup::time_to_line(&args.app, &startup_args, "kyb-desk: watchlist painted");
        if run > 0 {
            startups.push(took);
        }
    }
    Row {
        files: count,
        startup: Summary::of_durations(&startups),
        render: Summary::of(&render),
        keystroke: Summary::of(&keystroke),
        import_ms,
        refresh: Summary::of(&refreshes),
    }
}

/// Types the first [`TYPED`] characters of `rfc` into the search, then deletes them,
/// one key at a time, waiting for each key's rows to be painted; each key's time.
async fn keystrokes(app: &App, rfc: &str) -> Vec<f64> {
    const BACKSPACE: char = '\u{E003}';
    let mut keys: Vec<char> = rfc.chars().take(TYPED).collect();
    keys.extend(std::iter::repeat_n(BACKSPACE, keys.len()));
    let mut times = Vec::new();
    for (index, key) in keys.into_iter().enumerate() {
        app.type_into("input[type=search]", &key.to_string()).await;
        times.push(
            wait_for_measure(app, "watchlist-search", index + 1, Duration::from_secs(30)).await,
        );
    }
    let search = app.value_of("input[type=search]").await;
    assert!(search.is_empty(), "the search still holds «{search}»");
    // Each key's own measure: none was left out by a quicker next key.
    let all = crate::journeys::measures(app, "watchlist-search").await;
    assert_eq!(all.len(), times.len(), "one measure per key");
    times
}

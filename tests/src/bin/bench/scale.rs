//! How the watchlist's costs grow with its length: for each size, a profile of its own
//! follows that many files of the sandbox's first tenant, by one CSV import, and the
//! bench times what an analyst waits for: the import, a refresh of them all under
//! added latency, the list's rendering, a keystroke in its search, and the start-up.

use std::time::Duration;

use kyb_e2e::{App, DataDir, ProfileEntry};
use kyb_sandbox::{Fault, RunningSandbox};
use serde_json::json;

use crate::journeys::{
    add_flows, clear_measures, refresh_all, show_watchlist_again, wait_for_measure, watchlist_files,
};
use crate::stats::Summary;
use crate::{Args, REFRESH_LATENCY, progress, startup};

/// The lengths measured.
pub const SIZES: [usize; 3] = [100, 1_000, 10_000];
/// Keystrokes measured per size: a prefix of an RFC typed, then deleted, key by key.
pub const TYPED: usize = 4;
const TRACKING: &str = "POST /expedientes/v1/tracking";

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
    let app_path = args.app.to_string_lossy().into_owned();
    let data_dir = data.path().to_string_lossy().into_owned();
    let app_args = ["--data-dir", data_dir.as_str()];

    progress(&format!("{count} files: profile and CSV import"));
    let app = App::open(&app_path, &app_args).await;
    ProfileEntry::for_tenant(manifest).fill(&app).await;
    app.click_button("Guardar y probar conexión").await;
    app.wait_for_text(".empty", "No sigue ningún expediente")
        .await;
    add_flows(&app, &files).await;
    let import_ms = import(&app, &files, &manifest.examples.flow_id).await;
    show_watchlist_again(&app).await;

    // Larger lists take long enough that fewer runs say as much.
    let refresh_runs = if count > 1_000 { 1 } else { 3 };
    progress(&format!(
        "{count} files: {refresh_runs} refreshes with {} ms added to each request",
        REFRESH_LATENCY.as_millis()
    ));
    sandbox
        .add_fault(Fault {
            route: TRACKING.into(),
            latency_ms: REFRESH_LATENCY.as_millis() as u64,
            ..Fault::default()
        })
        .expect("a valid fault");
    let mut refreshes = Vec::new();
    for _ in 0..refresh_runs {
        refreshes.push(refresh_all(&app).await);
    }
    sandbox.clear_faults();

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
        data_dir.clone(),
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

/// Follows `files` by one CSV import (one `RFC,FlowID` line each), called from the page
/// as the watchlist's import calls it; how long the call took, in the page's clock.
async fn import(app: &App, files: &[(String, String)], default_flow: &str) -> f64 {
    let csv: String = files
        .iter()
        .map(|(flow, rfc)| format!("{rfc},{flow}\n"))
        .collect();
    let answer = app
        .run_async_script(&format!(
            "const done = arguments[arguments.length - 1];
             const began = performance.now();
             window.__TAURI_INTERNALS__.invoke('import_watchlist_csv', {}).then(
               (ok) => done({{ ok, ms: performance.now() - began }}), (error) => done({{ error }}));",
            json!({"text": csv, "defaultFlowId": default_flow})
        ))
        .await;
    assert_eq!(
        answer["ok"]["added"],
        json!(files.len()),
        "the import: {answer}"
    );
    answer["ms"].as_f64().expect("the import's duration")
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

//! What is measured in the windows themselves, through WebDriver: the watchlist of a
//! thousand files (its refresh under added latency, its rendering), the large example
//! file's detail (rendering, memory) and the bare window's memory.

use std::path::Path;
use std::time::Duration;

use kyb_e2e::{App, DataDir, ProfileEntry, poll};
use kyb_sandbox::{Fault, Manifest, RunningSandbox};
use serde_json::{Value, json};

use crate::Args;
use crate::common::{REFRESH_FILES, REFRESH_LATENCY, WATCHLIST_FILES, progress};
use crate::memory::{self, TreePss};
use crate::stats::Summary;

const TRACKING: &str = "POST /expedientes/v1/tracking";
/// Refreshes measured under added latency.
const REFRESH_RUNS: usize = 3;
/// How long a refresh of the whole list may take before the bench gives up.
const REFRESH_LIMIT: Duration = Duration::from_secs(300);

pub struct Measured {
    /// KYB Desk's PSS by state.
    pub memory: Vec<(String, TreePss)>,
    pub bare_idle: TreePss,
    pub rendering: Vec<(String, Summary)>,
    pub refresh: Summary,
}

pub async fn measure(args: &Args, sandbox: &RunningSandbox, data: &DataDir) -> Measured {
    let manifest = &sandbox.manifest;
    let files = watchlist_files(sandbox, WATCHLIST_FILES);

    progress("profile and the first 500 files");
    let app = open_app(args, data).await;
    first_profile(&app, manifest, &files).await;
    let (first, rest) = files.split_at(REFRESH_FILES);
    let _ = follow(&app, first, &manifest.examples.flow_id).await;
    show_watchlist_again(&app).await;

    progress("refresh of 500 files with 50 ms added to each request");
    let refreshes = refreshes_under_latency(&app, sandbox, REFRESH_RUNS).await;

    progress("the other 500 files");
    let _ = follow(&app, rest, &manifest.examples.flow_id).await;
    show_watchlist_again(&app).await;
    refresh_all(&app).await;

    progress("watchlist rendering");
    clear_measures(&app).await;
    let mut watchlist = Vec::new();
    for run in 1..=args.runs {
        show_watchlist_again(&app).await;
        watchlist.push(wait_for_measure(&app, "watchlist", run, Duration::from_secs(30)).await);
    }
    app.close().await;

    progress("a fresh start: idle, then the large file");
    let app = open_app(args, data).await;
    wait_for_measure(&app, "watchlist", 1, Duration::from_secs(30)).await;
    let idle = settled_pss(&args.app).await;
    // The detail as it arrives (its summary), then every tab chosen in turn, the
    // summary last (chosen back from the raw JSON).
    let tabs = [
        "detail",
        "detail-entities",
        "detail-documents",
        "detail-forms",
        "detail-json",
        "detail-summary",
    ];
    let mut rendering: Vec<Vec<f64>> = vec![Vec::new(); tabs.len()];
    app.type_into("input[type=search]", &manifest.examples.large_rfc)
        .await;
    app.click("[data-testid=open-file]").await;
    for run in 1..=args.runs {
        if run > 1 {
            app.click_button("← Seguimiento del expediente").await;
        }
        app.click("[data-testid=view-detail]").await;
        for (index, name) in tabs.iter().enumerate() {
            if let Some(tab) = name.strip_prefix("detail-") {
                app.click(&format!("[data-testid=tab-{tab}]")).await;
            }
            rendering[index].push(wait_for_measure(&app, name, run, Duration::from_secs(30)).await);
        }
    }
    // Memory is read with the file open once, in a session of its own, so the
    // readings are not of a window that opened it again and again.
    progress("memory with the large file open");
    app.close().await;
    let app = open_app(args, data).await;
    wait_for_measure(&app, "watchlist", 1, Duration::from_secs(30)).await;
    app.type_into("input[type=search]", &manifest.examples.large_rfc)
        .await;
    app.click("[data-testid=open-file]").await;
    app.click("[data-testid=view-detail]").await;
    for tab in ["entities", "documents", "forms", "json", "summary"] {
        app.click(&format!("[data-testid=tab-{tab}]")).await;
        wait_for_measure(&app, &format!("detail-{tab}"), 1, Duration::from_secs(30)).await;
    }
    let large = settled_pss(&args.app).await;
    app.close().await;

    progress("the bare window");
    let bare = App::open(&args.bare.to_string_lossy(), &[]).await;
    let loaded = poll(Duration::from_secs(30), || async {
        (bare.run_script("return document.readyState").await == json!("complete")).then_some(())
    })
    .await;
    assert!(loaded.is_some(), "the bare page never loaded");
    let bare_idle = settled_pss(&args.bare).await;
    bare.close().await;

    let rendering = [
        format!("watchlist, {WATCHLIST_FILES} files (list received → rows painted)"),
        "large file (50 entities, 200 documents): detail received → summary painted".into(),
        "large file: Entities tab chosen → painted".into(),
        "large file: Documents tab chosen → painted".into(),
        "large file: Forms tab chosen → painted".into(),
        "large file: JSON tab chosen → painted".into(),
        "large file: Summary tab chosen (back) → painted".into(),
    ]
    .into_iter()
    .zip(std::iter::once(watchlist).chain(rendering))
    .map(|(screen, samples)| (screen, Summary::of(&samples)))
    .collect();
    Measured {
        memory: vec![
            (
                format!("idle: watchlist of {WATCHLIST_FILES} files painted (bare: empty page)"),
                idle,
            ),
            (
                "large file open (50 entities, 200 documents), every tab shown".into(),
                large,
            ),
        ],
        bare_idle,
        rendering,
        refresh: Summary::of(&refreshes),
    }
}

/// `count` files of the first tenant, the large example among them, as
/// (FlowID, RFC).
/// KYB Desk's window on `data`'s data directory.
pub(crate) async fn open_app(args: &Args, data: &DataDir) -> App {
    let data_dir = data.path().to_string_lossy().into_owned();
    App::open(
        &args.app.to_string_lossy(),
        &["--data-dir", data_dir.as_str()],
    )
    .await
}

/// Where every watchlist journey starts: the sandbox's first tenant as the profile,
/// saved and its connection tried, with the flows of `files`.
pub(crate) async fn first_profile(app: &App, manifest: &Manifest, files: &[(String, String)]) {
    ProfileEntry::for_tenant(manifest).fill(app).await;
    app.click_button("Guardar y probar conexión").await;
    app.wait_for_text(".empty", "No sigue ningún expediente")
        .await;
    add_flows(app, files).await;
}

pub(crate) fn watchlist_files(sandbox: &RunningSandbox, count: usize) -> Vec<(String, String)> {
    let manifest = &sandbox.manifest;
    let large = (
        manifest.examples.flow_id.clone(),
        manifest.examples.large_rfc.clone(),
    );
    let mut files = vec![large.clone()];
    files.extend(
        sandbox
            .followable_files(manifest.tenants[0].workspace_id)
            .into_iter()
            .filter(|f| *f != large),
    );
    assert!(
        files.len() >= count,
        "the sandbox has only {} files to follow, {count} wanted",
        files.len()
    );
    files.truncate(count);
    files
}

/// Adds every flow of `files` to the active profile, as its form would: the import
/// refuses a FlowID the profile does not work with.
pub(crate) async fn add_flows(app: &App, files: &[(String, String)]) {
    let book = call(app, "profiles", json!({})).await;
    let active = book["active"].clone();
    let mut profile = book["profiles"]
        .as_array()
        .and_then(|all| all.iter().find(|p| p["id"] == active))
        .cloned()
        .expect("the active profile");
    let mut flows = profile["flows"].as_array().cloned().unwrap_or_default();
    for (flow, _) in files {
        if !flows.iter().any(|f| f["flowId"] == json!(flow)) {
            flows.push(json!({"flowId": flow, "label": format!("Flujo {}", flows.len() + 1), "personType": "Moral"}));
        }
    }
    profile["flows"] = json!(flows);
    call(app, "save_profile", json!({"input": profile})).await;
}

/// Follows files as the watchlist's CSV import does (one `RFC,FlowID` line each).
/// How long the import took, in the page's clock (ms).
pub(crate) async fn follow(app: &App, files: &[(String, String)], default_flow: &str) -> f64 {
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

/// `runs` refreshes of the whole list with [`REFRESH_LATENCY`] added by the sandbox
/// to every tracking request; each one's time (see [`refresh_all`]).
pub(crate) async fn refreshes_under_latency(
    app: &App,
    sandbox: &RunningSandbox,
    runs: usize,
) -> Vec<f64> {
    sandbox
        .add_fault(Fault {
            route: TRACKING.into(),
            latency_ms: REFRESH_LATENCY.as_millis() as u64,
            ..Fault::default()
        })
        .expect("a valid fault");
    let mut refreshes = Vec::new();
    for _ in 0..runs {
        refreshes.push(refresh_all(app).await);
    }
    sandbox.clear_faults();
    refreshes
}

/// A backend command called from the page, as the UI calls it.
pub(crate) async fn call(app: &App, command: &str, args: Value) -> Value {
    let answer = app
        .run_async_script(&format!(
            "const done = arguments[arguments.length - 1];
             window.__TAURI_INTERNALS__.invoke({}, {}).then(
               (ok) => done({{ ok }}), (error) => done({{ error }}));",
            json!(command),
            args
        ))
        .await;
    match answer.get("ok") {
        Some(ok) => ok.clone(),
        None => panic!("{command} failed: {answer}"),
    }
}

/// Leaves the watchlist and comes back, so it loads (and is measured) again.
pub(crate) async fn show_watchlist_again(app: &App) {
    app.click("[data-testid=nav-audit]").await;
    app.wait_until_gone("[data-testid=rows-shown]").await;
    app.click("[data-testid=nav-watchlist]").await;
    app.text_of("[data-testid=rows-shown]").await;
}

/// Presses "refresh all" and returns how long until the last answer was painted;
/// every file must have been refreshed.
pub(crate) async fn refresh_all(app: &App) -> f64 {
    let before = measures(app, "watchlist-refresh").await.len();
    // The button is disabled until the list is read (10,000 files take a moment): a
    // click before would do nothing. Export is enabled by the same condition.
    let ready = poll(Duration::from_secs(120), || async {
        app.is_enabled("[data-testid=export-watchlist]")
            .await
            .then_some(())
    })
    .await;
    assert!(ready.is_some(), "the watchlist was never read");
    app.click_button("Actualizar todo").await;
    let ms = wait_for_measure(app, "watchlist-refresh", before + 1, REFRESH_LIMIT).await;
    let files = call(app, "watchlist", json!({})).await;
    let failed: Vec<&Value> = files
        .as_array()
        .expect("the watchlist")
        .iter()
        .filter(|f| !f["lastError"].is_null())
        .collect();
    assert!(failed.is_empty(), "files not refreshed: {failed:?}");
    ms
}

/// The RFCs of the followed files whose DocumentId a refresh learnt (so each has a
/// detail and a review to open), in the watchlist's order.
pub(crate) async fn followed_with_detail(app: &App) -> Vec<String> {
    call(app, "watchlist", json!({}))
        .await
        .as_array()
        .expect("the watchlist")
        .iter()
        .filter(|f| f["documentId"].is_string())
        .filter_map(|f| f["rfc"].as_str().map(str::to_owned))
        .collect()
}

pub(crate) async fn measures(app: &App, name: &str) -> Vec<f64> {
    let found = app
        .run_script(&format!(
            "return performance.getEntriesByName({}, 'measure').map((e) => e.duration)",
            json!(name)
        ))
        .await;
    found
        .as_array()
        .map(|all| all.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default()
}

pub(crate) async fn clear_measures(app: &App) {
    app.run_script("performance.clearMeasures(); return null")
        .await;
}

/// Waits until the page holds `count` measures named `name`; the last one's duration.
pub(crate) async fn wait_for_measure(app: &App, name: &str, count: usize, limit: Duration) -> f64 {
    let found = poll(limit, || async move {
        let found = measures(app, name).await;
        (found.len() >= count).then(|| found[found.len() - 1])
    })
    .await;
    match found {
        Some(ms) => ms,
        None => panic!(
            "no measure `{name}` #{count} within {limit:?}; the window shows:\n{}",
            app.page_text().await
        ),
    }
}

/// PSS of the one running `program` and what it started, after 5 s of quiet: the
/// median of five readings a second apart.
pub(crate) async fn settled_pss(program: &Path) -> TreePss {
    tokio::time::sleep(Duration::from_secs(5)).await;
    let running = memory::running(program);
    let [root] = running[..] else {
        panic!(
            "expected one {} running, found {running:?}",
            program.display()
        );
    };
    let mut readings = Vec::new();
    for _ in 0..5 {
        readings.push(memory::tree_pss(root));
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    readings.sort_by(|a, b| a.total_mib.total_cmp(&b.total_mib));
    readings.swap_remove(2)
}

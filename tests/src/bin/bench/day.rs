//! Memory over a working day: the window's PSS with its watchlist shown, then after
//! opening 200 different files' details one after another (each from the watchlist,
//! as an analyst does) and coming back to the watchlist. What a closed detail leaves
//! behind shows as the difference, in PSS and in the page's own counts of its objects
//! (`page.rs`); PSS after the first detail tells what one detail costs once from what
//! the others add. Then the window is minimized and shown again, and left past the
//! minute the closed files' answers stay cached, PSS read each time.

use std::time::Duration;

use kyb_e2e::DataDir;
use serde_json::Value;

use crate::common::{progress, row};
use crate::journeys::{followed_with_detail, open_app, settled_pss, wait_for_measure};
use crate::memory::by_process;
use crate::memory::{self, TreePss};
use crate::{Args, page};

/// How many different files' details are opened.
pub const DETAILS: usize = 200;

/// How long the window is left on its watchlist before the last reading: past the
/// minute a closed file's answers stay cached (`FILE_KEPT_MS`, ui/src/api/queries.ts),
/// so the reading shows what the details leave once the cache has let them go, as
/// after an analyst's day, where the files are spread over hours, not five minutes.
const CACHE_MINUTE: Duration = Duration::from_secs(70);

pub struct Day {
    pub before: TreePss,
    /// After the first detail, the watchlist shown again: what one detail's screen
    /// costs once (its chunk's code compiled, WebKit's caches warmed), apart from what
    /// each further detail adds.
    pub first: TreePss,
    pub after: TreePss,
    /// After the details, the window minimized (WebDriver's Minimize Window).
    pub hidden: TreePss,
    /// Then shown again at its size (WebDriver's Set Window Rect restores it).
    pub shown: TreePss,
    /// Then left on the watchlist past the cache's minute ([`CACHE_MINUTE`]).
    pub later: TreePss,
    /// Whether the page saw itself hidden while minimized (`document.visibilityState`):
    /// a display without a window manager (Xvfb) may not minimize at all.
    pub page_hidden: bool,
    /// Whether WebDriver's Minimize Window answered (within 10 s) without an error.
    pub minimized: bool,
    pub counts_before: page::Counts,
    pub counts_after: page::Counts,
    pub counts_later: page::Counts,
}

/// On the data directory the other journeys left: a profile following the watchlist's
/// files, refreshed (so each knows its DocumentId).
pub async fn measure(args: &Args, data: &DataDir) -> Day {
    let app = open_app(args, data).await;
    wait_for_measure(&app, "watchlist", 1, Duration::from_secs(30)).await;
    let before = settled_pss(&args.app).await;
    let counts_before = page::read(&app).await;

    let rfcs: Vec<String> = followed_with_detail(&app)
        .await
        .into_iter()
        .take(DETAILS)
        .collect();
    assert_eq!(rfcs.len(), DETAILS, "files with a detail to open");
    let mut first = None;
    for (index, rfc) in rfcs.iter().enumerate() {
        if index % 50 == 0 {
            progress(&format!("details opened: {index} of {DETAILS}"));
        }
        app.type_into("input[type=search]", rfc).await;
        app.click("[data-testid=open-file]").await;
        app.click("[data-testid=view-detail]").await;
        wait_for_measure(&app, "detail", index + 1, Duration::from_secs(30)).await;
        app.click("[data-testid=nav-watchlist]").await;
        wait_for_measure(&app, "watchlist", index + 2, Duration::from_secs(30)).await;
        if index == 0 {
            first = Some(settled_pss(&args.app).await);
        }
    }
    let first = first.expect("a first detail");
    let after = settled_pss(&args.app).await;
    let counts_after = page::read(&app).await;
    let shown: Value = app
        .run_script("return performance.getEntriesByName('detail', 'measure').length")
        .await;
    assert_eq!(shown, serde_json::json!(DETAILS), "every detail was shown");

    progress("the window minimized, then shown again");
    let (width, height) = app.window_size().await;
    let minimized = app.minimize().await;
    let page_hidden = page::hidden(&app).await;
    let hidden = settled_pss(&args.app).await;
    app.set_window_size(width as u32, height as u32).await;
    let shown = settled_pss(&args.app).await;
    progress("the window left on its watchlist past the cache's minute");
    tokio::time::sleep(CACHE_MINUTE).await;
    let later = settled_pss(&args.app).await;
    let counts_later = page::read(&app).await;
    app.close().await;
    Day {
        before,
        first,
        after,
        hidden,
        shown,
        later,
        page_hidden,
        minimized,
        counts_before,
        counts_after,
        counts_later,
    }
}

/// The day's table: PSS before, after the details, minimized and shown again; then the
/// page's counts before and after.
pub fn section(day: &Day) -> Vec<String> {
    let mut out = vec![
        "| state | KYB Desk (MiB) | ratio to before | by process (MiB) |".to_owned(),
        "|---|---:|---:|---|".to_owned(),
    ];
    let minimized = match (day.minimized, day.page_hidden) {
        (_, true) => "then the window minimized (the page hidden)",
        (true, false) => "then the window minimized (the page still sees itself visible)",
        (false, false) => "then asked to minimize (the driver could not; the page visible)",
    };
    for (state, pss) in [
        ("before: the watchlist shown", &day.before),
        ("after one detail, the watchlist shown again", &day.first),
        ("after the details, the watchlist shown again", &day.after),
        (minimized, &day.hidden),
        ("then shown again", &day.shown),
        (
            "then a minute later, the closed files' answers let go",
            &day.later,
        ),
    ] {
        out.push(row(&[
            state.to_owned(),
            format!("{:.1}", pss.total_mib),
            format!("{:.2}", pss.total_mib / day.before.total_mib),
            by_process(pss),
        ]));
    }
    out.extend([
        String::new(),
        format!(
            "The page's own objects, counted by a script in it (ui/src/perf.ts exposes \
             the answers TanStack Query keeps; the UI makes no object URLs, so none \
             can be left outstanding; WebKitGTK gives the page no heap figure), before \
             and after the {DETAILS} details, and a minute later:"
        ),
        String::new(),
    ]);
    out.extend(page::table(&[
        ("before", &day.counts_before),
        ("after the details", &day.counts_after),
        ("a minute later", &day.counts_later),
    ]));
    out
}

/// The day's readings by kind of memory (for `--only day`; the full report has them
/// in its table of kinds).
pub fn kinds(day: &Day) -> Vec<String> {
    let mut out = vec![String::new()];
    out.extend(memory::kinds_table(&[
        ("before", &day.before),
        ("after one detail", &day.first),
        ("after the details", &day.after),
        ("minimized", &day.hidden),
        ("shown again", &day.shown),
        ("a minute later", &day.later),
    ]));
    out
}

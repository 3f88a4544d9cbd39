//! The evidence beside the decision: how long a review takes from a section focused to
//! its evidence's file painted (an image, a one-page PDF, a PDF of about thirty pages),
//! and the window's memory with the evidence open and after the evidence of 50 files
//! was shown one review after another, against the watchlist alone.

use std::time::Duration;

use kyb_e2e::{App, DataDir};
use kyb_sandbox::Manifest;
use serde_json::json;

use crate::common::progress;
use crate::journeys::{followed_with_detail, measures, open_app, settled_pss, wait_for_measure};
use crate::memory::{self, TreePss};
use crate::{Args, page};

/// Reviews whose evidence is shown one after another for the memory reading.
pub const FILES: usize = 50;

/// The kinds of file measured, each by the first section of the large example whose
/// name starts with the prefix.
pub const KINDS: [(&str, &str); 3] = [
    ("image: a branch's proof of address (PNG)", "Sucursal"),
    ("PDF of 1 page: the proof of address", "ProofAddress"),
    (
        "PDF of about 30 pages: the deed with its signature annex",
        "ActaConstitutiva",
    ),
];

pub struct Evidence {
    /// Per kind: the times from a section focused to its file painted (ms).
    pub switches: Vec<(String, Vec<f64>)>,
    pub before: TreePss,
    pub open: TreePss,
    /// The large file's review closed, the watchlist shown: what one review leaves.
    pub closed: TreePss,
    pub after: TreePss,
    /// The page's counts with the watchlist shown, before and after the reviews.
    pub counts_before: page::Counts,
    pub counts_closed: page::Counts,
    pub counts_after: page::Counts,
}

/// Focuses the first review section whose name starts with `prefix`; false when the
/// review has none.
async fn focus_section(app: &App, prefix: &str) -> bool {
    app.run_script(&format!(
        "const row = document.querySelector('[data-testid=review-section][data-section^={}]');
         if (!row) return false;
         row.focus();
         return true;",
        json!(prefix)
    ))
    .await
        == json!(true)
}

/// Focuses a section and waits for its evidence's paint; its time.
async fn switch_to(app: &App, prefix: &str) -> f64 {
    let count = measures(app, "evidence").await.len();
    assert!(focus_section(app, prefix).await, "a section {prefix}…");
    wait_for_measure(app, "evidence", count + 1, Duration::from_secs(60)).await
}

pub async fn measure(args: &Args, manifest: &Manifest, data: &DataDir) -> Evidence {
    let app = open_app(args, data).await;
    wait_for_measure(&app, "watchlist", 1, Duration::from_secs(30)).await;
    let before = settled_pss(&args.app).await;
    let counts_before = page::read(&app).await;

    progress("evidence: section switches on the large file's review");
    app.type_into("input[type=search]", &manifest.examples.large_rfc)
        .await;
    app.click("[data-testid=open-file]").await;
    app.click("[data-testid=start-review]").await;
    app.wait_for_text("[data-testid=evidence-pane]", "").await;
    // One round first, not counted: each file fetched once (the session keeps it).
    for (_, prefix) in KINDS {
        switch_to(&app, prefix).await;
    }
    let mut switches: Vec<Vec<f64>> = vec![Vec::new(); KINDS.len()];
    for _ in 0..args.runs.max(5) * 2 {
        for (index, (_, prefix)) in KINDS.iter().enumerate() {
            switches[index].push(switch_to(&app, prefix).await);
        }
    }
    let open = settled_pss(&args.app).await;
    // One review closed: split what one review leaves behind from what 50 do.
    app.click("[data-testid=nav-watchlist]").await;
    let closed = settled_pss(&args.app).await;
    let counts_closed = page::read(&app).await;

    progress(&format!(
        "evidence: {FILES} reviews, each with its proof of address shown"
    ));
    let rfcs: Vec<String> = followed_with_detail(&app)
        .await
        .into_iter()
        .filter(|rfc| *rfc != manifest.examples.large_rfc)
        .collect();
    let mut shown = 0;
    for rfc in &rfcs {
        if shown == FILES {
            break;
        }
        app.click("[data-testid=nav-watchlist]").await;
        app.type_into("input[type=search]", rfc).await;
        app.click("[data-testid=open-file]").await;
        app.click("[data-testid=start-review]").await;
        app.wait_for_text("[data-testid=evidence-pane]", "").await;
        let count = measures(&app, "evidence").await.len();
        if !focus_section(&app, "ProofAddress").await {
            continue;
        }
        wait_for_measure(&app, "evidence", count + 1, Duration::from_secs(60)).await;
        shown += 1;
    }
    assert_eq!(shown, FILES, "reviews whose proof of address was shown");
    app.click("[data-testid=nav-watchlist]").await;
    let after = settled_pss(&args.app).await;
    let counts_after = page::read(&app).await;
    app.close().await;

    Evidence {
        switches: KINDS
            .iter()
            .zip(switches)
            .map(|((kind, _), samples)| ((*kind).to_owned(), samples))
            .collect(),
        before,
        open,
        closed,
        after,
        counts_before,
        counts_closed,
        counts_after,
    }
}

/// The page's counts before and after the reviews, for the evidence's section.
pub fn counts_section(evidence: &Evidence) -> Vec<String> {
    let mut out = vec![
        String::new(),
        format!(
            "The page's own objects (as over a working day) before and after the {FILES} reviews:"
        ),
        String::new(),
    ];
    out.extend(page::table(&[
        ("before: the watchlist shown", &evidence.counts_before),
        (
            "after one review closed, the watchlist shown",
            &evidence.counts_closed,
        ),
        (
            "after the reviews, the watchlist shown",
            &evidence.counts_after,
        ),
    ]));
    out.push(String::new());
    out.push("The same readings by kind of memory (MiB):".to_owned());
    out.push(String::new());
    out.extend(memory::kinds_table(&[
        ("before", &evidence.before),
        ("review open", &evidence.open),
        ("one review closed", &evidence.closed),
        ("after the reviews", &evidence.after),
    ]));
    out
}

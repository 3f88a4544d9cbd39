//! Memory over a working day: the window's PSS with its watchlist shown, then after
//! opening 200 different files' details one after another (each from the watchlist,
//! as an analyst does) and coming back to the watchlist. What a closed detail leaves
//! behind shows as the difference.

use std::time::Duration;

use kyb_e2e::DataDir;
use serde_json::Value;

use crate::journeys::{followed_with_detail, open_app, settled_pss, wait_for_measure};
use crate::memory::TreePss;
use crate::{Args, progress};

/// How many different files' details are opened.
pub const DETAILS: usize = 200;

pub struct Day {
    pub before: TreePss,
    pub after: TreePss,
}

/// On the data directory the other journeys left: a profile following the watchlist's
/// files, refreshed (so each knows its DocumentId).
pub async fn measure(args: &Args, data: &DataDir) -> Day {
    let app = open_app(args, data).await;
    wait_for_measure(&app, "watchlist", 1, Duration::from_secs(30)).await;
    let before = settled_pss(&args.app).await;

    let rfcs: Vec<String> = followed_with_detail(&app)
        .await
        .into_iter()
        .take(DETAILS)
        .collect();
    assert_eq!(rfcs.len(), DETAILS, "files with a detail to open");
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
    }
    let after = settled_pss(&args.app).await;
    let shown: Value = app
        .run_script("return performance.getEntriesByName('detail', 'measure').length")
        .await;
    assert_eq!(shown, serde_json::json!(DETAILS), "every detail was shown");
    app.close().await;
    Day { before, after }
}

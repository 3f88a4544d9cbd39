//! The screens new this round, each to its paint in the real window, as the UI records
//! it (`ui/src/perf.ts`): a file's screening against the risk lists (the deed's section
//! chosen in the review → its hit and the ownership painted), the review of the large
//! file with the team's notes on it, and the watchlist's risk column sorted over 1,000
//! and 10,000 files.

use std::path::Path;
use std::time::Duration;

use kyb_desk_core::recovery::Recoveries;
use kyb_desk_core::screening::ListFormat;
use kyb_desk_core::screening::store::{ImportOf, ListOrigin, ListStore};
use kyb_e2e::{App, DataDir, TeamDatabase, poll};
use kyb_sandbox::RunningSandbox;
use serde_json::{Value, json};

use crate::Args;
use crate::common::{ms, progress, row};
use crate::journeys::{
    call, first_profile, follow, measures, open_app, refresh_all, show_watchlist_again,
    wait_for_measure, watchlist_files,
};
use crate::stats::Summary;

/// The team's notes on the large file when its review is measured.
pub const NOTES: usize = 20;
/// The watchlist's lengths the risk sort is measured at.
pub const SORT_SIZES: [usize; 2] = [1_000, 10_000];
/// A screen chosen → painted, the median (as the detail's tabs).
pub const SCREEN_MS: f64 = 100.0;
/// The risk sort from 1,000 to 10,000 files: linear, with the room n log n needs
/// (k = 1 + log₁₀(4/3) ≈ 1.12 between the two sizes), as the SLA column's goal.
pub const SORT_GROWTH: f64 = 1.15;

/// The example file's deed: its shareholder is on the demo's 69-B list.
const DEED: &str = "ActaConstitutivaObligatorio";
const LIMIT: Duration = Duration::from_secs(60);

pub struct Screens {
    /// The deed's section chosen → its screening painted (ms).
    pub screening: Summary,
    /// The large file's review received → painted with its notes (ms).
    pub review: Summary,
    /// Whether the review had the team's notes: the session has a PostgreSQL.
    pub with_notes: bool,
    /// The risk sort chosen → the rows painted, at each of [`SORT_SIZES`].
    pub sort: Vec<(usize, Summary)>,
}

impl Screens {
    /// The risk sort's growth exponent k of cost ∝ filesᵏ, smallest to largest size.
    pub fn sort_growth(&self) -> Option<f64> {
        match self.sort.as_slice() {
            [(a, sa), .., (b, sb)] => {
                Some((sb.median / sa.median).ln() / (*b as f64 / *a as f64).ln())
            }
            _ => None,
        }
    }
}

pub async fn measure(args: &Args, sandbox: &RunningSandbox) -> Screens {
    let (screening, review_alone) = screening(args, sandbox).await;
    let with_notes = std::env::var_os("KYB_TEST_DATABASE_URL").is_some();
    let review = if with_notes {
        review_with_notes(args, sandbox).await
    } else {
        review_alone
    };
    let mut sort = Vec::new();
    for files in SORT_SIZES {
        sort.push((files, risk_sort(args, sandbox, files).await));
    }
    Screens {
        screening,
        review,
        with_notes,
        sort,
    }
}

/// The large example and the demo's example (whose shareholder is listed), as
/// (FlowID, RFC).
fn examples(sandbox: &RunningSandbox) -> Vec<(String, String)> {
    let examples = &sandbox.manifest.examples;
    vec![
        (examples.flow_id.clone(), examples.large_rfc.clone()),
        (examples.flow_id.clone(), examples.rfc.clone()),
    ]
}

async fn active_profile(app: &App) -> String {
    call(app, "profiles", json!({})).await["active"]
        .as_str()
        .expect("an active profile")
        .to_owned()
}

/// A profile following the two examples, refreshed (each learns its DocumentId), with
/// the demo's 69-B list imported as the lists page keeps one, before the window opens
/// again on it: then the example's review, its deed chosen again and again (another
/// section between), and the large file's review opened again and again.
async fn screening(args: &Args, sandbox: &RunningSandbox) -> (Summary, Summary) {
    let manifest = &sandbox.manifest;
    let files = examples(sandbox);
    let data = DataDir::new();
    progress("screens: a profile following the two examples, the 69-B list");
    let app = open_app(args, &data).await;
    first_profile(&app, manifest, &files).await;
    follow(&app, &files, &manifest.examples.flow_id).await;
    show_watchlist_again(&app).await;
    refresh_all(&app).await;
    let profile = active_profile(&app).await;
    app.close().await;
    import_69b(sandbox, data.path(), &profile).await;

    progress("screens: the example's deed chosen in its review");
    let app = open_app(args, &data).await;
    wait_for_measure(&app, "watchlist", 1, LIMIT).await;
    open_review(&app, &manifest.examples.rfc).await;
    let deed = format!("[data-testid=review-section][data-section={DEED}]");
    app.wait_for_text(
        &format!("{deed} [data-testid=finding-badge]"),
        "En lista de riesgo",
    )
    .await;
    let mut times = Vec::new();
    // The first round loads the picture's chunk: not counted.
    for run in 0..=args.runs {
        assert!(
            focus_other_than(&app, DEED).await,
            "a section besides the deed"
        );
        app.frames(3).await;
        let count = measures(&app, "screening").await.len();
        assert!(focus(&app, DEED).await, "the deed's section");
        let took = wait_for_measure(&app, "screening", count + 1, LIMIT).await;
        if run > 0 {
            times.push(took);
        }
    }
    let hit = app
        .text_of("[data-testid=evidence-pane] [data-testid=hit]")
        .await;
    assert!(hit.contains("69-B"), "the hit is shown: {hit}");

    progress("screens: the large file's review, without a team");
    let review = reviews(&app, &manifest.examples.large_rfc, args.runs, None).await;
    app.close().await;
    (Summary::of(&times), Summary::of(&review))
}

/// The demo's 69-B list kept for `profile` in `data`, as an import from the lists page
/// keeps it (the window is closed meanwhile).
async fn import_69b(sandbox: &RunningSandbox, data: &Path, profile: &str) {
    let files: Vec<(String, Vec<u8>)> = sandbox
        .demo_lists()
        .into_iter()
        .filter(|f| f.format == "sat69b")
        .map(|f| (f.name.to_owned(), f.bytes))
        .collect();
    assert!(!files.is_empty(), "the demo has a 69-B list");
    let store = ListStore::new(data.join("lists"), Recoveries::default());
    store
        .import(
            profile,
            ImportOf {
                format: ListFormat::Sat69b,
                origin: ListOrigin::Files {
                    names: files.iter().map(|(name, _)| name.clone()).collect(),
                },
                files,
                by: "bench",
                now: "2025-09-16T18:00:00Z".to_owned(),
            },
        )
        .await
        .expect("the list is imported");
}

/// From the watchlist: the file of `rfc`, its review, its evidence pane shown.
async fn open_review(app: &App, rfc: &str) {
    app.click("[data-testid=nav-watchlist]").await;
    app.type_into("input[type=search]", rfc).await;
    app.click("[data-testid=open-file]").await;
    app.click("[data-testid=start-review]").await;
    app.wait_for_text("[data-testid=evidence-pane]", "").await;
}

/// Focuses the review's section `section`, as a click or j/k does; false when none.
async fn focus(app: &App, section: &str) -> bool {
    app.run_script(&format!(
        "const row = document.querySelector('[data-testid=review-section][data-section={}]');
         if (!row) return false;
         row.focus();
         return true;",
        json!(section)
    ))
    .await
        == json!(true)
}

/// Focuses the first section that is not `section`.
async fn focus_other_than(app: &App, section: &str) -> bool {
    app.run_script(&format!(
        "const row = [...document.querySelectorAll('[data-testid=review-section]')]
           .find((r) => r.dataset.section !== {});
         if (!row) return false;
         row.focus();
         return true;",
        json!(section)
    ))
    .await
        == json!(true)
}

/// The review of `rfc` opened `runs` times (and once before, not counted), each from
/// the watchlist: its material received → painted; with `notes`, that many shown.
async fn reviews(app: &App, rfc: &str, runs: usize, notes: Option<usize>) -> Vec<f64> {
    let mut times = Vec::new();
    for run in 0..=runs {
        let count = measures(app, "review").await.len();
        open_review(app, rfc).await;
        let took = wait_for_measure(app, "review", count + 1, LIMIT).await;
        if let Some(notes) = notes {
            let shown = app
                .run_script("return document.querySelectorAll('[data-testid=team-note]').length")
                .await;
            assert_eq!(
                shown,
                json!(notes),
                "the team's notes shown with the review"
            );
        }
        if run > 0 {
            times.push(took);
        }
    }
    times
}

/// In a team on the session's PostgreSQL: an analyst's desk follows the large file, its
/// supervisor writes [`NOTES`] notes on it, and the analyst opens its review again and
/// again, the notes shown below the decisions.
async fn review_with_notes(args: &Args, sandbox: &RunningSandbox) -> Summary {
    let manifest = &sandbox.manifest;
    progress(&format!(
        "screens: the large file's review with the team's {NOTES} notes"
    ));
    let workspace = manifest.tenants[0].workspace_id.to_string();
    let db = TeamDatabase::create("kyb_bench_screens", &workspace, "beto").await;
    let (ana, password) = db.add("ana", kyb_team::Role::Analyst).await;
    let data = DataDir::new();
    let app = open_app(args, &data).await;
    db.sign_in_first_run(&app, manifest, &ana, &password).await;
    let files = examples(sandbox);
    follow(&app, &files[..1], &manifest.examples.flow_id).await;
    show_watchlist_again(&app).await;
    refresh_all(&app).await;
    let document = manifest.examples.large_document_id.to_string();
    // The file is the team's once the analyst's desk shared it.
    let first = poll(Duration::from_secs(30), || async {
        db.boss
            .add_note(&document, "Nota 1 del supervisor: revisar el acta.")
            .await
            .ok()
    })
    .await;
    assert!(first.is_some(), "the supervisor writes on the file");
    for n in 2..=NOTES {
        db.boss
            .add_note(
                &document,
                &format!("Nota {n} del supervisor: el comprobante {n} no coincide con el domicilio fiscal."),
            )
            .await
            .expect("a note");
    }
    let times = reviews(&app, &manifest.examples.large_rfc, args.runs, Some(NOTES)).await;
    app.close().await;
    Summary::of(&times)
}

/// A profile following `count` files, each with a risk as a review leaves it (a fifth
/// never reviewed, the rest from none found to high, with their findings' counts),
/// written into its watchlist while the window is closed; then the risk column's sort
/// chosen again and again (each choice turns the order), the first not counted.
async fn risk_sort(args: &Args, sandbox: &RunningSandbox, count: usize) -> Summary {
    let manifest = &sandbox.manifest;
    let files = watchlist_files(sandbox, count);
    let data = DataDir::new();
    progress(&format!("screens: {count} files with their risks"));
    let app = open_app(args, &data).await;
    first_profile(&app, manifest, &files).await;
    follow(&app, &files, &manifest.examples.flow_id).await;
    let profile = active_profile(&app).await;
    app.close().await;
    with_risks(data.path(), &profile);

    progress(&format!("screens: {count} files sorted by risk"));
    let app = open_app(args, &data).await;
    wait_for_measure(&app, "watchlist", 1, LIMIT).await;
    let listed = call(&app, "watchlist", json!({})).await;
    let risky = listed
        .as_array()
        .expect("the watchlist")
        .iter()
        .filter(|f| !f["risk"].is_null())
        .count();
    assert_eq!(risky, count - count / 5, "files with a risk");
    let mut times = Vec::new();
    for run in 0..=args.runs {
        let took = press_risk_head(&app).await;
        if run > 0 {
            times.push(took);
        }
    }
    // Highest first at last (one more press if the runs left it lowest first).
    let order = app
        .run_script(
            "return [...document.querySelectorAll('button.sort')]
               .find((b) => b.textContent.startsWith('Riesgo'))
               ?.parentElement.getAttribute('aria-sort');",
        )
        .await;
    if order != json!("descending") {
        press_risk_head(&app).await;
    }
    let first = app
        .text_of("[data-testid=watch-row] [data-testid=row-risk]")
        .await;
    assert!(first.contains("Alto"), "highest first: {first}");
    app.close().await;
    Summary::of(&times)
}

/// Presses the risk column's head; how long until the rows were painted in its order.
async fn press_risk_head(app: &App) -> f64 {
    let sorts = measures(app, "watchlist-sort").await.len();
    let clicked = app
        .run_script(
            "const head = [...document.querySelectorAll('button.sort')]
               .find((b) => b.textContent.startsWith('Riesgo'));
             if (!head) return false;
             head.click();
             return true;",
        )
        .await;
    assert_eq!(clicked, json!(true), "the risk column's sort");
    wait_for_measure(app, "watchlist-sort", sorts + 1, LIMIT).await
}

/// Gives every followed file of `profile`'s watchlist in `data` a risk: one in five
/// none (never reviewed), the others low, medium, high or nothing found, with 0–12
/// findings and, among the high, a risk-list hit.
fn with_risks(data: &Path, profile: &str) {
    let path = data
        .join("watchlist")
        .join(format!("{}.json", kyb_desk_core::fsio::safe_name(profile)));
    let text = std::fs::read_to_string(&path).expect("the watchlist's file");
    let mut files: Vec<Value> = serde_json::from_str(&text).expect("a list of files");
    let levels = [Value::Null, json!("low"), json!("medium"), json!("high")];
    for (i, file) in files.iter_mut().enumerate() {
        file["risk"] = if i % 5 == 4 {
            Value::Null
        } else {
            let level = &levels[(i * 7) % levels.len()];
            json!({
                "level": level,
                "findings": if level.is_null() { 0 } else { (i * 11) % 13 },
                "hits": u32::from(*level == json!("high") && i % 3 == 0),
                "checkedAtUtc": "2025-09-16T18:00:00Z",
            })
        };
    }
    std::fs::write(&path, serde_json::to_vec(&files).expect("JSON")).expect("written");
}

/// The report's section.
pub fn section(runs: usize, screens: &Screens) -> Vec<String> {
    let review_what = if screens.with_notes {
        format!(
            "in a team on a private PostgreSQL, with {NOTES} notes by the supervisor on the \
             file: the material received → the review painted with the notes panel listing \
             them (read by the desk once the material is there, so their round trip to the \
             database is inside the figure; after the first opening the answer at hand is \
             shown while it is read again)"
        )
    } else {
        "without a team (the session had no PostgreSQL: notes are the team's, and a desk \
         with none shows no notes panel): the material received → the review painted"
            .to_owned()
    };
    let mut out = vec![
        String::new(),
        "## The screens of this round".to_owned(),
        String::new(),
        format!(
            "Each from the moment it is chosen (or its data received) to its paint, as the \
             UI records it (`ui/src/perf.ts`); median of {runs} runs after one not counted. \
             The screening: a profile following the demo's example file, the demo's SAT \
             69-B list imported (its shareholder XEXX800101AB9 is on it); in the file's \
             review, another section focused, then the deed's (as a click or j/k does) → \
             its risk-list hit and the ownership (the shareholders' table and their \
             picture) painted, with the rest of the pane's commit (the deed's card, its \
             PDF viewer mounted; the page's drawing is the evidence's figure above). The review: the large example file (50 entities, 200 \
             documents), {review_what}. The risk sort: a profile following that many \
             files, each given a risk as a review leaves it (one in five never reviewed, \
             the rest from nothing found to high, 0–12 findings), the risk column's head \
             pressed (each press turns the order) → the rows painted."
        ),
        String::new(),
        "| screen | median (ms) | min | max |".to_owned(),
        "|---|---:|---:|---:|".to_owned(),
        row(&[
            "screening: the deed's section chosen → its hit and ownership painted".into(),
            ms(screens.screening.median),
            ms(screens.screening.min),
            ms(screens.screening.max),
        ]),
        row(&[
            if screens.with_notes {
                format!("the large file's review with {NOTES} team notes, received → painted")
            } else {
                "the large file's review (no team), received → painted".to_owned()
            },
            ms(screens.review.median),
            ms(screens.review.min),
            ms(screens.review.max),
        ]),
    ];
    for (files, summary) in &screens.sort {
        out.push(row(&[
            format!("watchlist of {files} files: the risk sort chosen → rows painted"),
            ms(summary.median),
            ms(summary.min),
            ms(summary.max),
        ]));
    }
    if let (Some(k), [(a, sa), .., (b, sb)]) = (screens.sort_growth(), screens.sort.as_slice()) {
        // What each file more costs: the press's fixed share (a frame, the rows in view
        // drawn) is the same at every length, and below 1 the exponent says little else.
        let per_file_us = (sb.median - sa.median) * 1e3 / (*b as f64 - *a as f64);
        out.extend([
            String::new(),
            format!(
                "The risk sort's growth from {a} to {b} files, as the exponent k of cost ∝ \
                 filesᵏ (1 is linear; a sort alone, n log n, gives 1.12): **{k:.2}**. \
                 The press's fixed share (a frame, the rows in view drawn) is most of it at \
                 both lengths; each file more adds {per_file_us:.2} µs."
            ),
        ]);
    }
    out
}

fn verdict(ok: bool) -> String {
    if ok { "met" } else { "**not met**" }.to_owned()
}

/// The goals' rows: each screen painted, and the sort's growth.
pub fn goal_rows(screens: &Screens) -> Vec<String> {
    let k = screens.sort_growth().unwrap_or(f64::NAN);
    let review = if screens.with_notes {
        format!("the large file's review with {NOTES} team notes, received → painted (median)")
    } else {
        "the large file's review (no team: no notes), received → painted (median)".to_owned()
    };
    vec![
        row(&[
            "screening: a section with a risk-list hit chosen → hit and ownership painted (median)"
                .into(),
            format!("≤ {SCREEN_MS} ms"),
            format!("{} ms", ms(screens.screening.median)),
            verdict(screens.screening.median <= SCREEN_MS),
        ]),
        row(&[
            review,
            format!("≤ {SCREEN_MS} ms"),
            format!("{} ms", ms(screens.review.median)),
            verdict(screens.review.median <= SCREEN_MS),
        ]),
        row(&[
            "the watchlist's risk sort from 1,000 to 10,000 files: growth (k of filesᵏ)".into(),
            format!("linear: ≤ {SORT_GROWTH} (a sort alone gives 1.12)"),
            format!("{k:.2}"),
            verdict(k <= SORT_GROWTH),
        ]),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sort_grows_by_the_exponent_between_its_two_lengths() {
        let at = |files, median| {
            (
                files,
                Summary {
                    runs: 1,
                    median,
                    min: median,
                    max: median,
                },
            )
        };
        let linear = Screens {
            screening: Summary::of(&[1.0]),
            review: Summary::of(&[1.0]),
            with_notes: false,
            sort: vec![at(1_000, 3.0), at(10_000, 30.0)],
        };
        assert!((linear.sort_growth().expect("two lengths") - 1.0).abs() < 1e-9);
        let square = Screens {
            sort: vec![at(1_000, 1.0), at(10_000, 100.0)],
            ..linear
        };
        assert!((square.sort_growth().expect("two lengths") - 2.0).abs() < 1e-9);
        assert!(goal_rows(&square)[2].contains("not met"));
    }
}

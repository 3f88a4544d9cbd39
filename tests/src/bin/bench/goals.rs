//! The speed goals, one Markdown row each (figure, goal, this run, met or not), for the
//! table at the top of docs/BENCHMARKS.md. The windows' goals are here; the binary's,
//! the package's, the scripts' and the client's are scripts/bench.sh's, which measures
//! them.

use crate::common::{ms, row};
use crate::stats::Summary;
use crate::{dashboard, evidence, scale, screens, sla, startup};

/// A section switch in the review → its evidence's file painted: images and
/// a PDF's first page, the median.
const EVIDENCE_MS: f64 = 100.0;
/// The window's PSS after the 50 reviews with evidence / before them.
const EVIDENCE_PSS: f64 = 1.15;
/// The SLA board from 1,000 to 10,000 files: linear. Every clock costs the same
/// whatever the list's length, but the board is sorted by due time, and n log n alone
/// grows with k = 1 + log₁₀(4/3) ≈ 1.12 between the two sizes: 1.15 leaves it that and
/// no more.
const SLA_GROWTH: f64 = 1.15;

/// What the goals are checked against.
pub struct Met<'a> {
    pub startup: &'a startup::Startup,
    /// The detail's tabs chosen → painted (all but the detail's first paint).
    pub tabs: &'a [(String, Summary)],
    pub large: f64,
    pub day: f64,
    pub scale: &'a [scale::Row],
    pub dashboard: &'a dashboard::Window,
    pub evidence: &'a evidence::Evidence,
    pub sla: &'a sla::Sla,
    pub screens: &'a screens::Screens,
}

fn verdict(ok: bool) -> String {
    if ok { "met" } else { "**not met**" }.to_owned()
}

/// Every goal of the windows' measurements, in the table's order.
pub fn rows(met: &Met) -> Vec<String> {
    let slowest_tab = met
        .tabs
        .iter()
        .max_by(|a, b| a.1.median.total_cmp(&b.1.median))
        .map(|(name, s)| (name.clone(), s.median))
        .unwrap_or_default();
    let worst_refresh = met
        .scale
        .iter()
        .map(|r| r.ideal_refresh_ms() / r.refresh.median)
        .fold(f64::INFINITY, f64::min);
    let (steepest, exponent) = steepest_growth(met.scale).unwrap_or(("none", f64::NAN));
    let mut rows = vec![row(&[
        "watchlist costs from 1,000 to 10,000 files: the steepest growth (k of filesᵏ)".into(),
        "≤ 1 (linear or better)".into(),
        format!("{exponent:.2} ({steepest})"),
        verdict(exponent <= 1.0),
    ])];
    rows.extend(startup::goal_rows(met.startup));
    rows.extend([
        row(&[
            "every tab of the large file, chosen → painted (median)".into(),
            "≤ 100 ms".into(),
            format!("slowest {} ms ({})", ms(slowest_tab.1), slowest_tab.0),
            verdict(slowest_tab.1 <= 100.0),
        ]),
        row(&[
            "PSS with the large file open / bare window".into(),
            "≤ 1.3×".into(),
            format!("{:.2}×", met.large),
            verdict(met.large <= 1.3),
        ]),
        row(&[
            "PSS after 200 details, back on the watchlist / before".into(),
            "≤ 1.1×".into(),
            format!("{:.2}×", met.day),
            verdict(met.day <= 1.1),
        ]),
    ]);
    rows.extend(evidence_rows(met.evidence));
    rows.extend([
        row(&[
            "refresh of all at 50 ms latency, ideal / measured (worst size)".into(),
            "≥ 0.9".into(),
            format!("{worst_refresh:.2}"),
            verdict(worst_refresh >= 0.9),
        ]),
        dashboard(met.dashboard),
        sla_row(met.sla),
    ]);
    rows.extend(screens::goal_rows(met.screens));
    rows
}

/// The watchlist's figure that grows fastest from 1,000 to 10,000 files, and its k.
fn steepest_growth(scale: &[scale::Row]) -> Option<(&'static str, f64)> {
    let small = scale.iter().find(|r| r.files == 1_000)?;
    let large = scale.iter().find(|r| r.files == 10_000)?;
    [
        ("start-up", small.startup.median, large.startup.median),
        ("rendering", small.render.median, large.render.median),
        ("keystroke", small.keystroke.median, large.keystroke.median),
        ("CSV import", small.import_ms, large.import_ms),
        ("refresh", small.refresh.median, large.refresh.median),
    ]
    .into_iter()
    .map(|(name, a, b)| (name, (b / a).ln() / 10f64.ln()))
    .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// A section switch → its file painted, for each kind of file; then the memory after
/// the reviews.
fn evidence_rows(evidence: &evidence::Evidence) -> Vec<String> {
    let mut rows: Vec<String> = evidence
        .switches
        .iter()
        .map(|(kind, samples)| {
            let median = Summary::of(samples).median;
            row(&[
                format!("evidence: a section switch → its file painted, {kind} (median)"),
                format!("≤ {EVIDENCE_MS} ms (images, a PDF's first page)"),
                format!("{} ms", ms(median)),
                verdict(median <= EVIDENCE_MS),
            ])
        })
        .collect();
    let ratio = evidence.after.total_mib / evidence.before.total_mib;
    rows.push(row(&[
        format!(
            "PSS after {} reviews with evidence, back on the watchlist / before",
            evidence::FILES
        ),
        format!("≤ {EVIDENCE_PSS}×"),
        format!("{ratio:.2}×"),
        verdict(ratio <= EVIDENCE_PSS),
    ]));
    rows
}

/// The dashboard's goal: over a trail of 100,000 entries, asked → drawn.
pub fn dashboard(window: &dashboard::Window) -> String {
    let median = Summary::of(&window.drawn).median;
    row(&[
        format!(
            "the dashboard over a trail of {} entries, asked → drawn (median)",
            dashboard::ENTRIES
        ),
        "≤ 500 ms".into(),
        format!("{} ms", ms(median)),
        verdict(median <= 500.0),
    ])
}

fn sla_row(sla: &sla::Sla) -> String {
    let k = sla.growth().unwrap_or(f64::NAN);
    row(&[
        "the SLA column from 1,000 to 10,000 files: growth (k of filesᵏ)".into(),
        format!("linear: ≤ {SLA_GROWTH} (the sort by due time alone gives 1.12)"),
        format!("{k:.2}"),
        verdict(k <= SLA_GROWTH),
    ])
}

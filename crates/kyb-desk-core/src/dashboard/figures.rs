//! The dashboard's figures in one pass over the trail (oldest first, as both trails
//! are read) and one over the queue, each step a hash-map look-up (and a look at the
//! decided file's few status spans): linear in their lengths.
//!
//! A decision is the end of its file's round: what the trail shows of the file after it
//! belongs to the next one. When the file arrived for a round, and whether its decision
//! was within the SLA, is decided in [`super::timing`]. Intents and failed calls are
//! never arrivals nor decisions: they are not what happened.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use chrono::{DateTime, Utc};

use super::stats::nearest_rank;
use super::timing::{self, Attained};
use super::{
    AgeBand, AgeBandCount, Dashboard, DecisionsOnDay, Period, QueueAges, ReasonCount,
    RejectionReasons, RiskBand, RiskBandCount, SlaAttainment, TOP_REASONS, TimeToDecision,
    TrailEntry,
};
use crate::reasons::ReasonCatalogue;
use crate::sent_summary;
use crate::sla::clock::SlaState;
use crate::sla::{SlaPolicy, StatusSpan};
use crate::watchlist::WatchedFile;
use kyb_api::file::StatusCategory;
use kyb_api::time::parse_timestamp;

/// One reason as counted: comments that differ only in case, spacing or a final
/// period are the same reason.
fn reason_key(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    words
        .join(" ")
        .trim_end_matches('.')
        .trim_end()
        .to_lowercase()
}

pub fn compute<'a>(
    trail: impl IntoIterator<Item = TrailEntry<'a>>,
    queue: &[WatchedFile],
    catalogue: &ReasonCatalogue,
    policy: &SlaPolicy,
    period: &Period,
    now: DateTime<Utc>,
) -> Dashboard {
    let flows_of: HashMap<&str, &str> = queue
        .iter()
        .filter_map(|f| Some((f.document_id.as_deref()?, f.flow_id.as_str())))
        .collect();
    let catalogued: HashSet<String> = catalogue
        .values()
        .flatten()
        .map(|r| reason_key(r))
        .collect();

    // Each file's status history, as the desk or the team recorded it.
    let spans_of: HashMap<&str, &[StatusSpan]> = queue
        .iter()
        .filter_map(|f| Some((f.document_id.as_deref()?, f.status_spans.as_slice())))
        .collect();
    // The trail's first entry of each file's open round, and its last decision.
    let mut arrived: HashMap<Cow<'a, str>, DateTime<Utc>> = HashMap::new();
    let mut decided: HashMap<Cow<'a, str>, DateTime<Utc>> = HashMap::new();
    let mut per_day: BTreeMap<(chrono::NaiveDate, &str), u32> = BTreeMap::new();
    let mut analysts: BTreeSet<&str> = BTreeSet::new();
    let mut waits: Vec<u32> = Vec::new();
    let mut untimed = 0u32;
    let mut sla = SlaAttainment::default();
    let mut rejected_sections = 0u32;
    let mut without_reason = 0u32;
    let mut reasons: HashMap<String, (String, u32)> = HashMap::new();

    for entry in trail {
        if !entry.counts() {
            continue;
        }
        let decision = entry.is_decision();
        let (Some(at), Some(document_id)) = (entry.at, entry.document_id) else {
            continue;
        };
        if !decision {
            arrived.entry(document_id).or_insert(at);
            continue;
        }
        analysts.insert(entry.analyst);
        let spans = spans_of.get(document_id.as_ref()).copied().unwrap_or(&[]);
        let arrival = timing::arrival(
            spans,
            decided.insert(document_id.clone(), at),
            at,
            arrived.remove(document_id.as_ref()),
        );
        let day = period.day_of(at);
        let counted = period.holds(day)
            && period.analyst.as_deref().is_none_or(|a| a == entry.analyst)
            && period
                .flow
                .as_deref()
                .is_none_or(|flow| flows_of.get(document_id.as_ref()) == Some(&flow));
        if !counted {
            continue;
        }
        *per_day.entry((day, entry.analyst)).or_default() += 1;
        match arrival {
            Some(arrival) => {
                let seconds = (at - arrival).num_seconds().max(0);
                waits.push(u32::try_from(seconds).unwrap_or(u32::MAX));
            }
            None => untimed += 1,
        }
        match timing::attainment(policy, spans, arrival, at) {
            Attained::Within => sla.within += 1,
            Attained::Breached => sla.breached += 1,
            Attained::Unmeasured => sla.unmeasured += 1,
        }
        let (rejected, given) = sent_summary::rejections(entry.summary);
        rejected_sections += rejected;
        without_reason += rejected.saturating_sub(u32::try_from(given.len()).unwrap_or(u32::MAX));
        for reason in given {
            let counted = reasons.entry(reason_key(&reason)).or_insert((reason, 0));
            counted.1 += 1;
        }
    }

    let mut top: Vec<ReasonCount> = reasons
        .into_iter()
        .map(|(key, (reason, count))| ReasonCount {
            catalogued: catalogued.contains(&key),
            reason,
            count,
        })
        .collect();
    top.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.reason.cmp(&b.reason)));
    top.truncate(TOP_REASONS);

    let decisions: Vec<DecisionsOnDay> = per_day
        .into_iter()
        .map(|((day, analyst), count)| DecisionsOnDay {
            day: day.format("%Y-%m-%d").to_string(),
            analyst: analyst.to_owned(),
            count,
        })
        .collect();
    Dashboard {
        decisions_total: decisions.iter().map(|d| d.count).sum(),
        decisions,
        analysts: analysts.into_iter().map(str::to_owned).collect(),
        flows: queue
            .iter()
            .map(|f| f.flow_id.clone())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect(),
        time_to_decision: TimeToDecision {
            timed: u32::try_from(waits.len()).unwrap_or(u32::MAX),
            untimed,
            median_seconds: nearest_rank(&mut waits, 0.5),
            p90_seconds: nearest_rank(&mut waits, 0.9),
        },
        queue: queue_ages(queue, policy, period, now),
        sla: sla.with_share(),
        reasons: RejectionReasons {
            rejected_sections,
            without_reason,
            top,
        },
    }
}

/// A file still to finish: neither approved nor closed (a file never read yet is open:
/// it is in the queue, its status unknown).
fn is_open(file: &WatchedFile) -> bool {
    !matches!(
        file.status_category,
        Some(StatusCategory::Approved | StatusCategory::Closed)
    )
}

/// The open files of the flow asked for (the queue is the desk's or the team's, so no
/// analyst filter applies), by age band as of `now`, by their SLA clock's state, and by
/// risk.
fn queue_ages(
    queue: &[WatchedFile],
    policy: &SlaPolicy,
    period: &Period,
    now: DateTime<Utc>,
) -> QueueAges {
    let mut counts = [0u32; AgeBand::ALL.len()];
    let mut risks = [0u32; RiskBand::ALL.len()];
    let (mut overdue, mut due_soon) = (0, 0);
    for file in queue
        .iter()
        .filter(|f| is_open(f))
        .filter(|f| period.flow.as_deref().is_none_or(|flow| f.flow_id == flow))
    {
        match crate::sla::clock::clock(policy, &file.status_spans, now).state {
            SlaState::Breached => overdue += 1,
            SlaState::AtRisk => due_soon += 1,
            _ => {}
        }
        let risk = RiskBand::of(file.risk.as_ref());
        risks[RiskBand::ALL.iter().position(|b| *b == risk).unwrap_or(0)] += 1;
        let band = file
            .updated_at_utc
            .as_deref()
            .and_then(parse_timestamp)
            .map_or(AgeBand::Unknown, |at| {
                AgeBand::of_days((now - at).num_days())
            });
        counts[AgeBand::ALL.iter().position(|b| *b == band).unwrap_or(0)] += 1;
    }
    QueueAges {
        open: counts.iter().sum(),
        bands: AgeBand::ALL
            .iter()
            .zip(counts)
            .map(|(band, count)| AgeBandCount { band: *band, count })
            .collect(),
        overdue,
        due_soon,
        by_risk: RiskBand::ALL
            .iter()
            .zip(risks)
            .map(|(band, count)| RiskBandCount { band: *band, count })
            .collect(),
    }
}

//! The SLA of the active profile's workspace: its policy, and the clock of each
//! followed file with the overview's counts, computed here so the window only draws.

use std::collections::HashSet;
use std::path::Path;

use chrono::{DateTime, Utc};
use serde::Serialize;
use ts_rs::TS;

pub(crate) use super::sla_records::SlaRecords;
use super::{Desk, SelectedFile};
use crate::audit::DeskEvent;
use crate::error::AppResult;
use crate::recovery::Recoveries;
use crate::sla::notice_store::{FileKey, NoticeStore};
use crate::sla::policy_store::PolicyStore;
use crate::sla::{SlaClock, SlaPolicy, SlaState, clock};
use crate::watchlist::WatchedFile;

/// The clock of one followed file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FileClock {
    pub flow_id: String,
    pub rfc: String,
    pub clock: SlaClock,
}

/// Every followed file's clock, in due order (the most overdue first; files without a
/// due instant last), and the overview's counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SlaBoard {
    pub clocks: Vec<FileClock>,
    /// "Vencidos".
    pub breached: u32,
    /// "Por vencer".
    pub at_risk: u32,
    /// The analyst's files "por vencer" that the window has not shown them yet: named
    /// at every read until `sla_notices_shown` says they were shown, then once per file
    /// and clock (a file that leaves "por vencer" and comes back, with a new status, is
    /// told again). Remembered per profile in a local record, so an app opened again
    /// does not tell them again.
    pub newly_at_risk: Vec<FileClock>,
    /// The instant the clocks were read at.
    #[ts(as = "String")]
    pub at: DateTime<Utc>,
}

/// The clocks of `files` under `policy` at `now`, in due order, with the counts.
pub fn board(policy: &SlaPolicy, files: &[WatchedFile], now: DateTime<Utc>) -> SlaBoard {
    let mut clocks: Vec<FileClock> = files
        .iter()
        .map(|file| FileClock {
            flow_id: file.flow_id.clone(),
            rfc: file.rfc.clone(),
            clock: clock(policy, &file.spans(), now),
        })
        .collect();
    clocks.sort_by(|a, b| match (a.clock.due_at, b.clock.due_at) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    let count = |state| {
        u32::try_from(clocks.iter().filter(|c| c.clock.state == state).count()).unwrap_or(u32::MAX)
    };
    SlaBoard {
        breached: count(SlaState::Breached),
        at_risk: count(SlaState::AtRisk),
        clocks,
        newly_at_risk: Vec::new(),
        at: now,
    }
}

impl SlaRecords {
    pub(crate) fn new(data_dir: &Path, recoveries: Recoveries) -> Self {
        Self {
            policies: PolicyStore::new(data_dir.join("sla"), recoveries.clone()),
            notices: NoticeStore::new(data_dir.join("sla"), recoveries),
        }
    }

    pub(crate) fn forget_profile(&self, profile_id: &str) -> std::io::Result<()> {
        self.notices.forget_profile(profile_id)?;
        self.policies.forget_profile(profile_id)
    }

    /// Names in `board` the files "por vencer" not yet shown to the profile's analyst,
    /// among those `mine` says are theirs (on one desk, every followed file).
    fn tell(
        &self,
        profile_id: &str,
        board: &mut SlaBoard,
        mine: impl Fn(&FileClock) -> bool,
    ) -> AppResult<()> {
        let at_risk: Vec<FileKey> = board
            .clocks
            .iter()
            .filter(|c| c.clock.state == SlaState::AtRisk && mine(c))
            .map(|c| (c.flow_id.clone(), c.rfc.clone()))
            .collect();
        let new: HashSet<FileKey> = self
            .notices
            .untold(profile_id, &at_risk)?
            .into_iter()
            .collect();
        board.newly_at_risk = board
            .clocks
            .iter()
            .filter(|c| new.contains(&(c.flow_id.clone(), c.rfc.clone())))
            .cloned()
            .collect();
        Ok(())
    }
}

impl Desk {
    /// The window has shown the analyst these files about to breach: no board names
    /// them again until they leave "por vencer" and come back.
    pub fn sla_notices_shown(&self, files: &[SelectedFile]) -> AppResult<()> {
        let profile = self.active_profile()?;
        let keys: Vec<FileKey> = files
            .iter()
            .map(|f| (f.flow_id.clone(), f.rfc.clone()))
            .collect();
        self.sla.notices.shown(&profile.id, &keys)
    }

    /// The active profile's SLA policy (the defaults until one is set): a team
    /// profile's is the workspace's, kept in the team's database.
    pub async fn sla_policy(&self) -> AppResult<SlaPolicy> {
        let profile = self.active_profile()?;
        if profile.team.is_some() {
            return self.team_sla_policy(&profile).await;
        }
        self.sla.policies.get(&profile.id)
    }

    /// Keeps the active profile's SLA policy (a team's: a supervisor only); the policy
    /// as kept.
    pub async fn set_sla_policy(&self, policy: SlaPolicy) -> AppResult<SlaPolicy> {
        let profile = self.active_profile()?;
        if profile.team.is_some() {
            return self.set_team_sla_policy(&profile, policy).await;
        }
        let old = self.sla.policies.get(&profile.id)?;
        let kept = self.sla.policies.set(&profile.id, policy)?;
        // On one desk the log is the trail: who changed the clocks' targets, and how.
        self.record_event(
            &profile,
            DeskEvent::SlaPolicyChanged,
            crate::sla::change::change_words(&old, &kept),
        );
        Ok(kept)
    }

    /// The clocks of the active profile's followed files, now. In a team, the
    /// workspace's policy and the spans the team's database recorded (the same on every
    /// desk), and the member is told only of their files (assigned or claimed); on one
    /// desk, the local policy and spans, and every followed file is theirs.
    pub async fn sla_board(&self) -> AppResult<SlaBoard> {
        let profile = self.active_profile()?;
        let mut files = self.watchlist.list(&profile.id)?;
        if profile.team.is_none() {
            let policy = self.sla.policies.get(&profile.id)?;
            let mut board = board(&policy, &files, Utc::now());
            self.sla.tell(&profile.id, &mut board, |_| true)?;
            return Ok(board);
        }
        let team = self.team_sla(&profile).await?;
        for file in &mut files {
            if let Some(spans) = team.spans.get(&(file.flow_id.clone(), file.rfc.clone())) {
                file.status_spans.clone_from(spans);
            }
        }
        let mut board = board(&team.policy, &files, Utc::now());
        self.sla.tell(&profile.id, &mut board, |c| {
            team.mine.contains(&(c.flow_id.clone(), c.rfc.clone()))
        })?;
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use kyb_api::file::StatusCategory;

    use super::*;
    use crate::sla::StatusSpan;

    fn file(rfc: &str, category: StatusCategory, since: &str) -> WatchedFile {
        let mut file = WatchedFile::followed("flujo", rfc, None);
        file.status_spans = vec![StatusSpan {
            category,
            since: kyb_api::time::parse_timestamp(since).expect("an instant"),
        }];
        file
    }

    #[test]
    fn the_board_sorts_by_due_counts_and_tells_until_shown() {
        let files = [
            file(
                "AAA010101AA1",
                StatusCategory::InReview,
                "2025-06-02T15:00:00Z",
            ),
            file(
                "BBB020202BB2",
                StatusCategory::Queued,
                "2025-06-02T15:00:00Z",
            ),
            file(
                "CCC030303CC3",
                StatusCategory::Approved,
                "2025-06-02T15:00:00Z",
            ),
            file(
                "DDD040404DD4",
                StatusCategory::Queued,
                "2025-06-02T20:00:00Z",
            ),
        ];
        // Monday 2 June 2025, 15:30 in Mexico City: the first Pendiente has 1.5 h left.
        let now = kyb_api::time::parse_timestamp("2025-06-02T21:30:00Z").expect("an instant");
        let mut board = board(&SlaPolicy::default(), &files, now);
        let order: Vec<&str> = board.clocks.iter().map(|c| c.rfc.as_str()).collect();
        assert_eq!(
            order,
            [
                "BBB020202BB2",
                "DDD040404DD4",
                "AAA010101AA1",
                "CCC030303CC3"
            ]
        );
        assert_eq!((board.breached, board.at_risk), (0, 1));

        let dir = tempfile::tempdir().expect("temporary directory");
        let records = SlaRecords::new(dir.path(), Recoveries::default());
        records
            .tell("p", &mut board, |_| true)
            .expect("the record is written");
        assert_eq!(board.newly_at_risk.len(), 1);
        records
            .tell("p", &mut board, |_| true)
            .expect("the record is read");
        assert_eq!(board.newly_at_risk.len(), 1, "named until shown");
        records
            .notices
            .shown("p", &[("flujo".to_owned(), "BBB020202BB2".to_owned())])
            .expect("the record is written");
        records
            .tell("p", &mut board, |_| true)
            .expect("the record is read");
        assert!(board.newly_at_risk.is_empty(), "told once shown");
        // Not the analyst's: not told.
        records
            .tell("q", &mut board, |_| false)
            .expect("the record is written");
        assert!(board.newly_at_risk.is_empty(), "only their files");
    }
}

//! The SLA of a team profile: the workspace's policy and the status spans every desk
//! of the team reads alike from the database (migration 0007), and which files are the
//! member's own (assigned to them or claimed by them), whose approach they are told of.

use std::collections::{HashMap, HashSet};

use kyb_api::file::{DocumentStatus, StatusCategory};

use super::team_error;
use crate::desk::Desk;
use crate::error::AppResult;
use crate::profiles::Profile;
use crate::sla::{SlaPolicy, StatusSpan};
use crate::watchlist::WatchedFile;

/// A file by its flow and RFC.
type Key = (String, String);

/// What the team says of its files' clocks.
pub(in crate::desk) struct TeamSla {
    pub policy: SlaPolicy,
    pub spans: HashMap<Key, Vec<StatusSpan>>,
    pub mine: HashSet<Key>,
}

/// A status as the queue keeps it (the service's text), in its category; a text the
/// spec does not list runs as an unknown status.
fn category(status: &str) -> StatusCategory {
    serde_json::from_value::<DocumentStatus>(serde_json::Value::String(status.to_owned()))
        .map_or(StatusCategory::Unknown, |s| s.category())
}

/// The workspace's policy as kept; the defaults when none was set or it breaks today's
/// bounds (a clock never counts to a target the desk would refuse).
fn policy(kept: Option<serde_json::Value>) -> SlaPolicy {
    kept.and_then(|v| serde_json::from_value::<SlaPolicy>(v).ok())
        .and_then(|p| p.validated().ok())
        .unwrap_or_default()
}

/// The status spans the team's database recorded (migration 0007), by file: the same on
/// every desk of the team.
async fn status_spans(team: &kyb_team::Team) -> AppResult<HashMap<Key, Vec<StatusSpan>>> {
    let mut spans: HashMap<Key, Vec<StatusSpan>> = HashMap::new();
    for change in team.status_history().await.map_err(team_error)? {
        let Some(since) = kyb_api::time::parse_timestamp(&change.since) else {
            continue;
        };
        spans
            .entry((change.flow_id, change.rfc))
            .or_default()
            .push(StatusSpan {
                category: category(&change.status),
                since,
            });
    }
    Ok(spans)
}

impl Desk {
    /// `files` with the team's spans in place of the desk's own, where the team has some
    /// (as the SLA board reads them).
    pub(in crate::desk) async fn with_team_spans(
        &self,
        team: &kyb_team::Team,
        files: &mut [WatchedFile],
    ) -> AppResult<()> {
        let spans = status_spans(team).await?;
        for file in files {
            if let Some(spans) = spans.get(&(file.flow_id.clone(), file.rfc.clone())) {
                file.status_spans.clone_from(spans);
            }
        }
        Ok(())
    }

    pub(in crate::desk) async fn team_sla_policy(&self, profile: &Profile) -> AppResult<SlaPolicy> {
        let team = self.team_of(profile).await?;
        Ok(policy(team.sla_policy().await.map_err(team_error)?))
    }

    /// Keeps the workspace's policy (validated here first); the policy as kept.
    pub(in crate::desk) async fn set_team_sla_policy(
        &self,
        profile: &Profile,
        policy: SlaPolicy,
    ) -> AppResult<SlaPolicy> {
        let policy = policy.validated()?;
        let team = self.team_of(profile).await?;
        super::refuse_outdated(&team).await?;
        // A policy always serializes; were it not to, the database would refuse the null.
        let value = serde_json::to_value(&policy).unwrap_or_default();
        team.set_sla_policy(&value).await.map_err(team_error)?;
        Ok(policy)
    }

    pub(in crate::desk) async fn team_sla(&self, profile: &Profile) -> AppResult<TeamSla> {
        let team = self.team_of(profile).await?;
        let policy = policy(team.sla_policy().await.map_err(team_error)?);
        let spans = status_spans(&team).await?;
        let me = team.member().to_owned();
        let claimed: HashSet<String> = team
            .claims()
            .await
            .map_err(team_error)?
            .into_iter()
            .filter(|c| c.member == me)
            .map(|c| c.document_id.to_lowercase())
            .collect();
        let mine = team
            .files(kyb_team::QueueFilter::All)
            .await
            .map_err(team_error)?
            .into_iter()
            .filter(|f| {
                f.assignee.as_deref() == Some(me.as_str())
                    || f.document_id
                        .as_deref()
                        .is_some_and(|d| claimed.contains(&d.to_lowercase()))
            })
            .map(|f| (f.flow_id, f.rfc))
            .collect();
        Ok(TeamSla {
            policy,
            spans,
            mine,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_of_the_queue_in_its_category_and_a_kept_policy_read_tolerantly() {
        assert_eq!(category("En Revisión"), StatusCategory::InReview);
        assert_eq!(category("pendiente"), StatusCategory::Queued);
        assert_eq!(category("Algo nuevo"), StatusCategory::Unknown);
        assert_eq!(policy(None), SlaPolicy::default());
        assert_eq!(policy(Some(serde_json::json!([]))), SlaPolicy::default());
        let mut kept = SlaPolicy::default();
        kept.targets.queued_hours = Some(3);
        assert_eq!(
            policy(Some(serde_json::to_value(&kept).expect("a policy as JSON"))),
            kept
        );
    }
}

//! The team's queue: the files every desk shares (this desk's followed files go in,
//! the others' are followed here), who works on which (assignments and claims), and
//! the notes on a file and the members they mention.

use kyb_team::{Claim, Mention, NewTeamFile, Note, QueueFilter, Role, Team, TeamFile};
use serde::Serialize;
use ts_rs::TS;

use super::team_error;
use crate::desk::Desk;
use crate::error::AppResult;
use crate::profiles::Profile;
use crate::watchlist::in_profile;

/// How long a review's claim lasts without renewal; the window renews it at a third.
pub const CLAIM_LEASE: std::time::Duration = kyb_team::LEASE;

/// The team's queue for the watchlist: the files with their assignees, the running
/// claims, and who is asking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamQueue {
    pub files: Vec<TeamFile>,
    pub claims: Vec<Claim>,
    pub me: String,
    pub role: Role,
}

impl Desk {
    /// The team's queue as `filter` shows it, after this desk's followed files were
    /// shared with it (each once, with the status its last refresh gave) and the
    /// files other members follow were followed here too, so that every row has data.
    pub async fn team_queue(&self, filter: QueueFilter) -> AppResult<TeamQueue> {
        let profile = self.active_profile()?;
        let team = self.team_of(&profile).await?;
        self.sync_queue(&profile, &team).await?;
        Ok(TeamQueue {
            files: team.files(filter).await.map_err(team_error)?,
            claims: team.claims().await.map_err(team_error)?,
            me: team.member().to_owned(),
            role: team.role().await.map_err(team_error)?,
        })
    }

    /// Shares this desk's followed files the queue lacks (in one statement), tells it
    /// what this desk's refreshes learnt of the files it has (in another), and follows
    /// here what other members share (in one write of the list). Its cost grows with
    /// the lists, not with their product: a desk joining a team of 10,000 files is not
    /// stalled, and a refresh of them all reaches the other desks as one change.
    pub(in crate::desk) async fn sync_queue(
        &self,
        profile: &Profile,
        team: &Team,
    ) -> AppResult<()> {
        use std::collections::{HashMap, HashSet};
        let shared: HashMap<(String, String), TeamFile> = team
            .files(QueueFilter::All)
            .await
            .map_err(team_error)?
            .into_iter()
            .map(|f| ((f.flow_id.clone(), f.rfc.clone()), f))
            .collect();
        let local = self.watchlist.list(&profile.id)?;
        let (mut unshared, mut learnt) = (Vec::new(), Vec::new());
        for file in &local {
            let status = file.document_status.clone().unwrap_or_default();
            let updated_at = status_as_of(file);
            let Some(known) = shared.get(&(file.flow_id.clone(), file.rfc.clone())) else {
                unshared.push(NewTeamFile {
                    flow_id: file.flow_id.clone(),
                    rfc: file.rfc.clone(),
                    status,
                    document_id: file.document_id.clone(),
                    updated_at,
                });
                continue;
            };
            let stale = (!status.is_empty() && known.status != status)
                || (file.document_id.is_some()
                    && known.document_id.as_deref().map(str::to_lowercase)
                        != file.document_id.as_deref().map(str::to_lowercase));
            if stale {
                learnt.push(NewTeamFile {
                    flow_id: file.flow_id.clone(),
                    rfc: file.rfc.clone(),
                    // No status of its own: the queue's, undated (the desk only
                    // tells a DocumentId).
                    updated_at: if status.is_empty() { None } else { updated_at },
                    status: if status.is_empty() {
                        known.status.clone()
                    } else {
                        status
                    },
                    document_id: file.document_id.clone(),
                });
            }
        }
        team.update_all(&learnt).await.map_err(team_error)?;
        team.follow_all(&unshared).await.map_err(team_error)?;
        // What another member shared is followed here when it could be followed by
        // hand: a file of one of this profile's flows, with a valid RFC (the watchlist
        // checks it); a DocumentId that is not one is left for a refresh to learn.
        let here: HashSet<(&str, &str)> = local
            .iter()
            .map(|l| (l.flow_id.as_str(), l.rfc.as_str()))
            .collect();
        let flows: Vec<&str> = profile.flows.iter().map(|f| f.flow_id.as_str()).collect();
        let mut theirs: Vec<_> = shared
            .values()
            .filter(|f| !here.contains(&(f.flow_id.as_str(), f.rfc.as_str())))
            .filter(|f| in_profile(&flows, &f.flow_id))
            .map(|f| {
                let document_id = f.document_id.as_deref().filter(|id| {
                    kyb_api::validate::document_id_failures("DocumentId", id).is_empty()
                });
                (f.flow_id.as_str(), f.rfc.as_str(), document_id)
            })
            .collect();
        // By FlowID and RFC, not in the map's order: the same list on every desk.
        theirs.sort_unstable();
        if !theirs.is_empty() {
            self.watchlist.add_all(&profile.id, theirs)?;
        }
        // The risks rank the queue; one that cannot be shared now is shared next time,
        // and the queue is shown all the same.
        if let Err(error) = self.share_risks(profile, team).await {
            tracing::warn!(code = %error.code, "the files' risks were not shared");
        }
        Ok(())
    }

    /// Tells the team the risks this desk judged after the team's last judgement of
    /// each file, and takes the team's newer ones: every desk's risk column ranks the
    /// files alike, a supervisor's who reviewed none of them too (migration 0019).
    async fn share_risks(&self, profile: &Profile, team: &Team) -> AppResult<()> {
        use chrono::SubsecRound;
        use kyb_api::time::parse_timestamp;
        use std::collections::HashMap;
        let shared: HashMap<String, kyb_team::TeamRisk> = team
            .risks()
            .await
            .map_err(team_error)?
            .into_iter()
            .map(|r| (r.document_id.to_lowercase(), r))
            .collect();
        let (mut tell, mut take) = (Vec::new(), Vec::new());
        for file in self.watchlist.list(&profile.id)? {
            let Some(document_id) = file
                .document_id
                .as_deref()
                .map(|d| d.trim().to_lowercase())
                .filter(|d| kyb_api::validate::document_id_failures("DocumentId", d).is_empty())
            else {
                continue;
            };
            let theirs = shared.get(&document_id);
            let mine_at = file
                .risk
                .as_ref()
                .and_then(|r| parse_timestamp(&r.checked_at_utc));
            let theirs_at = theirs.and_then(|t| parse_timestamp(&t.checked_at));
            // The team keeps whole seconds, and dates no judgement later than its own
            // now: this desk's own judgement, kept there, is not told again.
            let mine_at = mine_at.map(|at| at.trunc_subsecs(0));
            let told_already = match (&file.risk, theirs) {
                (Some(mine), Some(theirs)) => {
                    theirs.checked_by == team.member()
                        && theirs.level.as_deref() == mine.level.map(|l| l.word())
                        && i64::from(theirs.findings) == i64::from(mine.findings)
                        && i64::from(theirs.hits) == i64::from(mine.hits)
                }
                _ => false,
            };
            match (&file.risk, theirs) {
                _ if told_already => {}
                (Some(mine), _)
                    if mine_at.is_some() && (theirs_at.is_none() || mine_at > theirs_at) =>
                {
                    tell.push(kyb_team::TeamRisk {
                        document_id,
                        level: mine.level.map(|l| l.word().to_owned()),
                        findings: i32::try_from(mine.findings).unwrap_or(i32::MAX),
                        hits: i32::try_from(mine.hits).unwrap_or(i32::MAX),
                        checked_at: mine.checked_at_utc.clone(),
                        checked_by: String::new(),
                    });
                }
                (_, Some(theirs))
                    if theirs_at.is_some() && (mine_at.is_none() || theirs_at > mine_at) =>
                {
                    take.push((
                        document_id,
                        crate::watchlist::FileRisk {
                            level: theirs
                                .level
                                .as_deref()
                                .and_then(crate::evidence::Severity::of_word),
                            findings: u32::try_from(theirs.findings).unwrap_or(0),
                            hits: u32::try_from(theirs.hits).unwrap_or(0),
                            checked_at_utc: theirs.checked_at.clone(),
                        },
                    ));
                }
                _ => {}
            }
        }
        if !tell.is_empty() {
            team.set_risks(&tell).await.map_err(team_error)?;
        }
        if !take.is_empty() {
            self.watchlist.set_risks(&profile.id, &take)?;
        }
        Ok(())
    }

    pub async fn take_next(&self) -> AppResult<Option<TeamFile>> {
        self.team_for_change()
            .await?
            .take_next()
            .await
            .map_err(team_error)
    }

    pub async fn assign_file(
        &self,
        flow_id: &str,
        rfc: &str,
        member: Option<&str>,
    ) -> AppResult<()> {
        self.team_for_change()
            .await?
            .assign(flow_id, rfc, member)
            .await
            .map_err(team_error)
    }

    /// Claims a file for its review, or renews this member's claim. Another member's
    /// lapsed claim (their desk away, perhaps with a draft) is taken only when
    /// `take_lapsed` says the user was asked and chose to.
    pub async fn claim_file(&self, document_id: &str, take_lapsed: bool) -> AppResult<Claim> {
        self.team_for_change()
            .await?
            .claim(document_id, CLAIM_LEASE, take_lapsed)
            .await
            .map_err(team_error)
    }

    pub async fn release_file(&self, document_id: &str) -> AppResult<()> {
        self.team_for_change()
            .await?
            .release(document_id)
            .await
            .map_err(team_error)
    }

    pub async fn take_over_claim(&self, document_id: &str, reason: &str) -> AppResult<Claim> {
        self.team_for_change()
            .await?
            .take_over(document_id, reason, CLAIM_LEASE)
            .await
            .map_err(team_error)
    }

    pub async fn file_notes(&self, document_id: &str) -> AppResult<Vec<Note>> {
        self.team()
            .await?
            .notes(document_id)
            .await
            .map_err(team_error)
    }

    /// A note on a file, with the key the window made for this text: pressed again
    /// after an answer that was lost (the note written, the reply not), the same key
    /// answers with the note already written, never a second one.
    pub async fn add_note(&self, document_id: &str, body: &str, key: &str) -> AppResult<Note> {
        self.team_for_change()
            .await?
            .add_note_keyed(document_id, body, key)
            .await
            .map_err(team_error)
    }

    /// This member's mentions in notes, newest first (`unseen`: only those not yet
    /// marked seen). One person on one desk is mentioned by nobody: none.
    pub async fn my_mentions(&self, unseen: bool) -> AppResult<Vec<Mention>> {
        let profile = self.active_profile()?;
        match self.team_if_any(&profile).await? {
            Some(team) => team.my_mentions(unseen).await.map_err(team_error),
            None => Ok(Vec::new()),
        }
    }

    /// Marks this member's mentions `ids` seen, so no desk of theirs shows them again
    /// (another's are left as they are). The window holds ids as plain numbers.
    pub async fn mentions_seen(&self, ids: &[u32]) -> AppResult<()> {
        let ids: Vec<i64> = ids.iter().copied().map(i64::from).collect();
        self.team()
            .await?
            .mentions_seen(&ids)
            .await
            .map_err(team_error)?;
        Ok(())
    }
}

/// As of when a followed file's status is true, for the queue to take the newest: the
/// service's UpdatedAtUTC of the answer that gave it; without one, when the desk asked
/// (if that answer was the last: a refresh that failed since says nothing of now).
fn status_as_of(file: &crate::watchlist::WatchedFile) -> Option<chrono::DateTime<chrono::Utc>> {
    let parse = |at: &Option<String>| kyb_api::time::parse_timestamp(at.as_deref()?);
    parse(&file.updated_at_utc).or_else(|| {
        file.last_error
            .is_none()
            .then(|| parse(&file.last_refresh_utc))
            .flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::status_as_of;
    use crate::error::ServiceCode;
    use crate::watchlist::WatchedFile;

    #[test]
    fn a_status_is_dated_by_the_service_else_by_the_last_refresh_that_answered() {
        let at = |s: &str| Some(kyb_api::time::parse_timestamp(s).expect("a date"));
        let mut file = WatchedFile {
            updated_at_utc: Some("2026-11-24T10:00:00Z".into()),
            last_refresh_utc: Some("2026-11-24T11:00:00Z".into()),
            ..WatchedFile::default()
        };
        assert_eq!(status_as_of(&file), at("2026-11-24T10:00:00Z"));
        file.updated_at_utc = Some("ayer".into());
        assert_eq!(status_as_of(&file), at("2026-11-24T11:00:00Z"));
        file.updated_at_utc = None;
        assert_eq!(status_as_of(&file), at("2026-11-24T11:00:00Z"));
        file.last_error = Some(ServiceCode::Network.into());
        assert_eq!(
            status_as_of(&file),
            None,
            "that refresh said nothing of the status"
        );
    }
}

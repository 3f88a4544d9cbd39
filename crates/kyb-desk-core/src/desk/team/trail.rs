//! The team's trail as the audit screen shows it, with its verification, and the
//! desk's own hold on it, which no one with the database's rights can rewrite unseen:
//! - the last (sequence, hash) this desk saw, kept in its keyring: a chain that later
//!   ends before it (entries removed) or has another hash there (rewritten, forked)
//!   raises an alarm, and the anchor stays where it was until a person looks;
//! - a supervisor's checkpoint, signed with an Ed25519 key kept in their keyring,
//!   stored in the database (every desk's verification checks it) and exported to a
//!   file the supervisor keeps elsewhere.

use kyb_team::{Checkpoint, CheckpointKey, Head, Team, TeamAuditEntry, TeamChain};
use serde::Serialize;
use ts_rs::TS;

use std::path::Path;

use super::{Desk, team_error};
use crate::error::{AppError, AppResult, DeskCode, Task, TeamCode};
use crate::fsio;
use crate::profiles::Profile;

/// The keyring entries beside the profile's API key.
fn anchor_entry(profile_id: &str) -> String {
    format!("{profile_id}.team.anchor")
}

fn signing_entry(profile_id: &str) -> String {
    format!("{profile_id}.team.signing")
}

/// Why the chain is not the one this desk saw before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum AnchorAlarm {
    /// The chain ends before the entry this desk last saw: entries were removed.
    WentBack {
        #[ts(type = "number")]
        seen: i64,
        #[ts(type = "number")]
        head: i64,
    },
    /// The entry this desk last saw has another hash now: the chain was rewritten.
    Forked {
        #[ts(type = "number")]
        seq: i64,
    },
}

/// A signed checkpoint, as a supervisor exports it: everything needed to check it
/// against the chain later, anywhere.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ExportedCheckpoint {
    pub database: String,
    pub workspace: String,
    #[serde(flatten)]
    pub checkpoint: Checkpoint,
    /// What was signed, in words: `kyb-team checkpoint v1`, workspace, sequence, hash.
    pub signed: String,
}

fn parse_anchor(text: &str) -> Option<Head> {
    let (seq, hash) = text.split_once(':')?;
    Some(Head {
        seq: seq.parse().ok()?,
        hash: hash.to_owned(),
    })
}

impl Desk {
    /// Checks the chain against the last head this desk saw, then keeps the new head
    /// (unless the check raised an alarm: the anchor stays until a person looks).
    pub(super) async fn check_anchor(
        &self,
        profile: &Profile,
        team: &Team,
        head: &Head,
    ) -> AppResult<Option<AnchorAlarm>> {
        let Some(address) = profile.team.as_ref() else {
            return Ok(None);
        };
        let entry = anchor_entry(&profile.id);
        let seen = self
            .vault
            .get(&entry)?
            .filter(|bound| bound.origin.as_deref() == Some(address.origin().as_str()))
            .and_then(|bound| parse_anchor(bound.key.expose()));
        let unchanged = seen.as_ref() == Some(head);
        let alarm = match seen {
            Some(seen) if head.seq < seen.seq => Some(AnchorAlarm::WentBack {
                seen: seen.seq,
                head: head.seq,
            }),
            Some(seen) if seen.seq > 0 => {
                let now = team.hash_at(seen.seq).await.map_err(team_error)?;
                (now.as_deref() != Some(seen.hash.as_str()))
                    .then_some(AnchorAlarm::Forked { seq: seen.seq })
            }
            _ => None,
        };
        // The keyring is written only when the head moved (this runs on every look at
        // the team).
        if alarm.is_none() && !unchanged {
            self.vault.set(
                &entry,
                &format!("{}:{}", head.seq, head.hash),
                &address.origin(),
            )?;
        }
        Ok(alarm)
    }

    /// Signs a checkpoint (see [`Desk::sign_team_checkpoint`]) and writes it to `path`,
    /// which the supervisor chose (to keep it away from the database).
    pub async fn export_team_checkpoint(&self, path: &Path) -> AppResult<ExportedCheckpoint> {
        let exported = self.sign_team_checkpoint().await?;
        fsio::write_json(path, &exported)
            .map_err(|e| AppError::storage(Task::ExportCheckpoint, e))?;
        Ok(exported)
    }

    /// A supervisor signs the chain as it is now with their key (made on first use and
    /// kept in their keyring), the database keeps the checkpoint, and the desk hands it
    /// over for the supervisor to save elsewhere.
    pub async fn sign_team_checkpoint(&self) -> AppResult<ExportedCheckpoint> {
        let profile = self.active_profile()?;
        let address = profile
            .team
            .clone()
            .ok_or_else(|| AppError::of(TeamCode::NoTeam))?;
        let team = self.team_for_change().await?;
        let entry = signing_entry(&profile.id);
        let kept = self
            .vault
            .get(&entry)?
            .and_then(|bound| CheckpointKey::from_kept(bound.key.expose()));
        let key = match kept {
            Some(key) => key,
            None => {
                let (key, kept) = CheckpointKey::generate().ok_or_else(|| {
                    AppError::new(DeskCode::Storage, "no signing key could be made")
                })?;
                self.vault.set(&entry, &kept, &address.origin())?;
                key
            }
        };
        let checkpoint = team.sign_checkpoint(&key).await.map_err(team_error)?;
        Ok(ExportedCheckpoint {
            database: address.origin(),
            workspace: team.workspace().to_owned(),
            signed: format!(
                "kyb-team checkpoint v1 / {} / {} / {}",
                team.workspace(),
                checkpoint.seq,
                checkpoint.hash
            ),
            checkpoint,
        })
    }
}

/// The team's trail for the audit screen, with its verification.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamTrail {
    pub entries: Vec<TeamAuditEntry>,
    pub chain: TeamChain,
    /// The chain is not the one this desk saw before (its keyring's anchor).
    pub anchor: Option<AnchorAlarm>,
}

impl Desk {
    pub async fn team_trail(&self, limit: u32) -> AppResult<TeamTrail> {
        let profile = self.active_profile()?;
        let team = self.team_of(&profile).await?;
        // What this desk owes the trail is written before the trail is read.
        self.tell_owed(&profile, &team).await;
        let chain = team.verify_chain().await.map_err(team_error)?;
        let anchor = self.check_anchor(&profile, &team, &chain.head).await?;
        Ok(TeamTrail {
            entries: team.trail(i64::from(limit)).await.map_err(team_error)?,
            chain,
            anchor,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::parse_anchor;

    #[test]
    fn an_anchor_reads_back_as_written() {
        let head = parse_anchor("12:abcd").expect("an anchor");
        assert_eq!((head.seq, head.hash.as_str()), (12, "abcd"));
        assert!(parse_anchor("doce:abcd").is_none());
    }
}

//! A state-changing call in a team: its intent in the central trail before it leaves
//! (the claim or approval it needs is checked there), its outcome after, and the
//! outcomes owed to the trail when the team was out of reach as a call ended.

use kyb_api::Operation;
use kyb_team::{Team, TeamAddress, TeamError};

use super::pending::Pending;
use super::team_error;
use crate::desk::Desk;
use crate::error::AppResult;
use crate::profiles::Profile;

/// What a state-changing call holds of the team while it is out: the team and its
/// intent in the trail (the database knows the approval it uses), and where to owe
/// its outcome should the team be out of reach when it ends.
pub(in crate::desk) struct TeamCall {
    team: Team,
    intent: i64,
    profile_id: String,
    origin: String,
}

impl Desk {
    /// Before a state-changing call leaves, in a team: a correction or complementary
    /// information needs the file's claim (taken or renewed here: refused while
    /// another member holds it); a cancellation, or a resend past the team's limit,
    /// needs an approval another member gave this member; and the intent goes in the
    /// central trail. Any of these failing stops the call.
    pub(in crate::desk) async fn team_begin(
        &self,
        profile: &Profile,
        operation: Operation,
        target: &str,
        summary: &str,
    ) -> AppResult<Option<TeamCall>> {
        let Some(team) = self.team_if_any(profile).await? else {
            return Ok(None);
        };
        super::refuse_outdated(&team).await?;
        self.tell_owed(profile, &team).await;
        let (intent, _approval) = team
            .intent(operation.route(), target, summary)
            .await
            .map_err(team_error)?;
        Ok(Some(TeamCall {
            team,
            intent,
            profile_id: profile.id.clone(),
            origin: profile
                .team
                .as_ref()
                .map(TeamAddress::origin)
                .unwrap_or_default(),
        }))
    }

    /// How the call ended, in the central trail (and its approval, used or failed).
    /// The call's own result stands whatever happens here; a failure is logged.
    pub(in crate::desk) async fn team_end(
        &self,
        call: Option<TeamCall>,
        operation: Operation,
        target: &str,
        summary: &str,
        outcome: &crate::audit::Outcome,
    ) {
        let Some(call) = call else { return };
        let _ = summary;
        let code = outcome.code.as_ref().map(ToString::to_string);
        let written = call
            .team
            .outcome(
                call.intent,
                outcome.ok,
                code.as_deref(),
                outcome.message.as_deref(),
                false,
            )
            .await;
        if let Err(error) = written {
            // Owed: told when the team is back, as written late; meanwhile the trail
            // shows the intent open, never a clean chain.
            tracing::error!("team audit outcome not written, owed: {error}");
            let sent_review = outcome.ok
                && matches!(
                    operation,
                    Operation::Correction | Operation::ComplementaryInfo
                );
            self.team_pending.push(Pending {
                profile_id: call.profile_id,
                origin: call.origin,
                intent: call.intent,
                ok: outcome.ok,
                code,
                message: outcome.message.clone(),
                release: sent_review
                    .then(|| target.split(" / ").next().unwrap_or(target).to_owned()),
            });
        }
    }

    /// Tells the team's trail what this desk owes it (outcomes of calls that ended
    /// while the team was out of reach, and the claims they were to let go), once the
    /// team answers again. What cannot be told yet stays owed.
    pub(in crate::desk) async fn tell_owed(&self, profile: &Profile, team: &Team) {
        let Some(address) = profile.team.as_ref() else {
            return;
        };
        let origin = address.origin();
        let owed = self.team_pending.owed(&profile.id, &origin);
        if owed.is_empty() {
            return;
        }
        let mut told = Vec::new();
        for pending in owed {
            let written = team
                .outcome(
                    pending.intent,
                    pending.ok,
                    pending.code.as_deref(),
                    pending.message.as_deref(),
                    true,
                )
                .await;
            match written {
                // Told now, or already (another try got through before its answer).
                Ok(_) | Err(TeamError::NoOpenIntent) => {
                    if let Some(document_id) = &pending.release
                        && let Err(error) = team.release(document_id).await
                    {
                        tracing::warn!("claim of a sent review not let go: {error}");
                    }
                    told.push(pending.intent);
                }
                Err(error) => {
                    tracing::warn!("team outcome still owed: {error}");
                    break;
                }
            }
        }
        self.team_pending.told(&profile.id, &origin, &told);
    }
}

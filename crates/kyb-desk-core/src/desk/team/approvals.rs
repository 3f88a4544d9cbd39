//! Four eyes: the team's setting, and the approvals one member asks and another gives
//! (the approved call is sent from the approving desk).

use kyb_team::{Approval, ApprovalAction, ApprovalState, FourEyes, ShownRequest, TeamError};

use super::team_error;
use crate::desk::Desk;
use crate::error::AppResult;

impl Desk {
    pub async fn set_four_eyes(&self, setting: FourEyes) -> AppResult<FourEyes> {
        let team = self.team_for_change().await?;
        team.set_four_eyes(setting).await.map_err(team_error)?;
        team.four_eyes().await.map_err(team_error)
    }

    pub async fn ask_approval(
        &self,
        action: ApprovalAction,
        folio: &str,
        reason: &str,
    ) -> AppResult<Approval> {
        self.team_for_change()
            .await?
            .ask_approval(action, folio, reason)
            .await
            .map_err(team_error)
    }

    pub async fn open_approvals(&self) -> AppResult<Vec<Approval>> {
        self.team()
            .await?
            .open_approvals()
            .await
            .map_err(team_error)
    }

    /// A supervisor approves another member's request, as this desk showed it, and
    /// sends the call from this desk, or declines it. The database refuses a request
    /// that is not what was shown (`approval_changed`). The call's own result (a
    /// refusal of the service included) is the answer; the request is closed as sent
    /// or failed either way. A request this member approved whose call never left
    /// (the team or the desk failed between the approval and the send) is still
    /// theirs to send: approving it again sends it, instead of saying it was decided.
    pub async fn decide_approval(
        &self,
        shown: &ShownRequest,
        approve: bool,
    ) -> AppResult<Approval> {
        let team = self.team_for_change().await?;
        let decided = match team.decide_approval(shown.clone(), approve).await {
            Err(TeamError::NotWaiting) if approve => {
                let mine = team
                    .open_approvals()
                    .await
                    .map_err(team_error)?
                    .into_iter()
                    .find(|open| awaits_my_send(open, shown, team.member()));
                mine.ok_or_else(|| team_error(TeamError::NotWaiting))?
            }
            other => other.map_err(team_error)?,
        };
        if approve {
            match decided.action {
                ApprovalAction::Cancel => self.cancel_verification(&decided.folio).await?,
                ApprovalAction::Resend => self.resend_verification(&decided.folio).await?,
            }
        }
        Ok(decided)
    }
}

/// Whether `open` is the request `shown`, approved by `me` and not yet used by a call.
fn awaits_my_send(open: &Approval, shown: &ShownRequest, me: &str) -> bool {
    open.id == shown.id
        && open.state == ApprovalState::Approved
        && open.used_by.is_none()
        && open.decided_by.as_deref() == Some(me)
        && open.action == shown.action
        && open.folio.eq_ignore_ascii_case(shown.folio.trim())
        && open.asked_by == shown.asked_by
}

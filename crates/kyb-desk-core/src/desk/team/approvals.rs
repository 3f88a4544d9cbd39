//! Four eyes: the team's setting, and the approvals one member asks and another gives
//! (the approved call is sent from the approving desk).

use kyb_team::{Approval, ApprovalAction, FourEyes, ShownRequest};

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
    /// or failed either way.
    pub async fn decide_approval(
        &self,
        shown: &ShownRequest,
        approve: bool,
    ) -> AppResult<Approval> {
        let team = self.team_for_change().await?;
        let decided = team
            .decide_approval(shown.clone(), approve)
            .await
            .map_err(team_error)?;
        if approve {
            match decided.action {
                ApprovalAction::Cancel => self.cancel_verification(&decided.folio).await?,
                ApprovalAction::Resend => self.resend_verification(&decided.folio).await?,
            }
        }
        Ok(decided)
    }
}

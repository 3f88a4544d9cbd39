//! Four eyes: where a team turns it on, cancelling a verification, and resending one
//! already resent `resend_limit` times, needs a supervisor's approval. One member asks
//! (with a reason), a supervisor other than them approves what their desk showed
//! (action, folio and requester, checked by the database), and the approver's desk
//! sends, using the approval once. A request moves only by its state's transitions
//! (a trigger refuses any other change), and a request whose verification changed
//! meanwhile (resent or cancelled) is withdrawn. Each step is in the trail.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{Team, TeamError, TeamResult, claims::REASON_MAX};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ApprovalAction {
    Cancel,
    Resend,
}

impl ApprovalAction {
    fn as_str(self) -> &'static str {
        match self {
            Self::Cancel => "cancel",
            Self::Resend => "resend",
        }
    }

    fn of(text: &str) -> Self {
        if text == "cancel" {
            Self::Cancel
        } else {
            Self::Resend
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ApprovalState {
    Waiting,
    Approved,
    Declined,
    Sent,
    Failed,
    /// The verification changed (resent or cancelled) before the request was used.
    Withdrawn,
}

impl ApprovalState {
    fn of(text: &str) -> Self {
        match text {
            "approved" => Self::Approved,
            "declined" => Self::Declined,
            "withdrawn" => Self::Withdrawn,
            "sent" => Self::Sent,
            "failed" => Self::Failed,
            _ => Self::Waiting,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Approval {
    #[ts(type = "number")]
    pub id: i64,
    pub action: ApprovalAction,
    pub folio: String,
    pub asked_by: String,
    pub asked_at: String,
    pub reason: String,
    pub state: ApprovalState,
    pub decided_by: Option<String>,
    /// Its approval was used by the call of this intent (it is sent or failing).
    #[ts(type = "number | null")]
    pub used_by: Option<i64>,
}

/// A request as the approver's desk showed it: what the database checks an approval
/// against, so that the request approved is the one the supervisor saw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ShownRequest {
    #[ts(type = "number")]
    pub id: i64,
    pub action: ApprovalAction,
    pub folio: String,
    pub asked_by: String,
}

impl From<&Approval> for ShownRequest {
    fn from(approval: &Approval) -> Self {
        Self {
            id: approval.id,
            action: approval.action,
            folio: approval.folio.clone(),
            asked_by: approval.asked_by.clone(),
        }
    }
}

/// The team's four-eyes setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FourEyes {
    pub on: bool,
    pub resend_limit: u32,
}

impl Default for FourEyes {
    fn default() -> Self {
        Self {
            on: false,
            resend_limit: 2,
        }
    }
}

impl FourEyes {
    /// Whether `action` on a verification resent `resends` times needs approval.
    pub fn needs_approval(&self, action: ApprovalAction, resends: u32) -> bool {
        self.on
            && match action {
                ApprovalAction::Cancel => true,
                ApprovalAction::Resend => resends >= self.resend_limit,
            }
    }
}

type Row = (
    i64,
    String,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    Option<i64>,
);

const APPROVAL: &str = "id, action, folio, asked_by,
     to_char(asked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), reason, state, decided_by, used_by";

fn approval(row: Row) -> Approval {
    let (id, action, folio, asked_by, asked_at, reason, state, decided_by, used_by) = row;
    Approval {
        id,
        action: ApprovalAction::of(&action),
        folio,
        asked_by,
        asked_at,
        reason,
        state: ApprovalState::of(&state),
        decided_by,
        used_by,
    }
}

impl Team {
    pub async fn four_eyes(&self) -> TeamResult<FourEyes> {
        let row: Option<(bool, i32)> = sqlx::query_as(
            "SELECT four_eyes, resend_limit FROM team_settings_v WHERE workspace_id = $1",
        )
        .bind(&self.workspace)
        .fetch_optional(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(row.map_or_else(FourEyes::default, |(on, limit)| FourEyes {
            on,
            resend_limit: u32::try_from(limit).unwrap_or(0),
        }))
    }

    /// A supervisor turns four eyes on or off, and sets the resend limit (the trail
    /// records it).
    pub async fn set_four_eyes(&self, setting: FourEyes) -> TeamResult<()> {
        sqlx::query("SELECT team_set_four_eyes($1, $2, $3)")
            .bind(&self.workspace)
            .bind(setting.on)
            .bind(i32::try_from(setting.resend_limit).unwrap_or(i32::MAX))
            .execute(&self.pool)
            .await
            .map_err(TeamError::of)?;
        Ok(())
    }

    /// Asks a supervisor to approve `action` on `folio`.
    pub async fn ask_approval(
        &self,
        action: ApprovalAction,
        folio: &str,
        reason: &str,
    ) -> TeamResult<Approval> {
        let reason = reason.trim();
        if reason.is_empty() || reason.chars().count() > REASON_MAX {
            return Err(TeamError::BadText);
        }
        let row: Row = sqlx::query_as(&format!(
            "SELECT {APPROVAL} FROM team_ask_approval($1, $2, $3, $4)"
        ))
        .bind(&self.workspace)
        .bind(action.as_str())
        .bind(folio.trim())
        .bind(reason)
        .fetch_one(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(approval(row))
    }

    /// Requests waiting for a decision, or approved and not yet sent, oldest first.
    pub async fn open_approvals(&self) -> TeamResult<Vec<Approval>> {
        let rows: Vec<Row> = sqlx::query_as(&format!(
            "SELECT {APPROVAL} FROM team_approvals_v
             WHERE workspace_id = $1 AND state IN ('waiting', 'approved') ORDER BY asked_at, id"
        ))
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(rows.into_iter().map(approval).collect())
    }

    /// A supervisor approves (or declines) the waiting request `shown`, as their desk
    /// showed it: the database refuses it when the request with that id is another
    /// action, folio or requester (`NotAsShown`). An approved request is this desk's
    /// to send: its call's intent uses it, once.
    pub async fn decide_approval(
        &self,
        shown: impl Into<ShownRequest>,
        approve: bool,
    ) -> TeamResult<Approval> {
        let shown: ShownRequest = shown.into();
        let row: Row = sqlx::query_as(&format!(
            "SELECT {APPROVAL} FROM team_decide_approval($1, $2, $3, $4, $5, $6)"
        ))
        .bind(&self.workspace)
        .bind(shown.id)
        .bind(approve)
        .bind(shown.action.as_str())
        .bind(shown.folio.trim())
        .bind(&shown.asked_by)
        .fetch_one(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(approval(row))
    }
}

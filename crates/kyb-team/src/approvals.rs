//! Four eyes: where a team turns it on, cancelling a verification, and resending one
//! already resent `resend_limit` times, needs a second member. One member asks (with a
//! reason), another approves, and the approver's desk sends; each step is in the trail.
//! The request's state moves only forward, each move a conditional update, so two
//! approvers at once cannot both send.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{Team, TeamEntry, TeamError, TeamResult, claims::REASON_MAX};

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

    /// As the trail's summaries say it (the records are in Spanish, as the desk's).
    fn in_words(self) -> &'static str {
        match self {
            Self::Cancel => "cancelación",
            Self::Resend => "reenvío",
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
}

impl ApprovalState {
    fn of(text: &str) -> Self {
        match text {
            "approved" => Self::Approved,
            "declined" => Self::Declined,
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
);

const APPROVAL: &str = "id, action, folio, asked_by,
     to_char(asked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), reason, state, decided_by";

fn approval(row: Row) -> Approval {
    let (id, action, folio, asked_by, asked_at, reason, state, decided_by) = row;
    Approval {
        id,
        action: ApprovalAction::of(&action),
        folio,
        asked_by,
        asked_at,
        reason,
        state: ApprovalState::of(&state),
        decided_by,
    }
}

fn step(operation: &str, approval: &Approval, summary: String) -> TeamEntry {
    TeamEntry {
        operation: format!("team: {operation}"),
        target: approval.folio.clone(),
        summary,
        ok: true,
        code: None,
        message: None,
        completes: None,
    }
}

impl Team {
    pub async fn four_eyes(&self) -> TeamResult<FourEyes> {
        let row: Option<(bool, i32)> = sqlx::query_as(
            "SELECT four_eyes, resend_limit FROM team_setting WHERE workspace_id = $1",
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

    /// A supervisor turns four eyes on or off, and sets the resend limit.
    pub async fn set_four_eyes(&self, setting: FourEyes) -> TeamResult<()> {
        if !self.is_supervisor().await? {
            return Err(TeamError::NotSupervisor);
        }
        let mut tx = self.pool.begin().await.map_err(TeamError::of)?;
        sqlx::query(
            "INSERT INTO team_setting (workspace_id, four_eyes, resend_limit) VALUES ($1, $2, $3)
             ON CONFLICT (workspace_id) DO UPDATE SET four_eyes = $2, resend_limit = $3",
        )
        .bind(&self.workspace)
        .bind(setting.on)
        .bind(i32::try_from(setting.resend_limit).unwrap_or(i32::MAX))
        .execute(&mut *tx)
        .await
        .map_err(TeamError::of)?;
        self.append_in(
            &mut tx,
            TeamEntry {
                operation: "team: four-eyes-set".into(),
                target: self.workspace.clone(),
                summary: format!(
                    "cuatro ojos {}; reenvíos sin aprobación: {}",
                    if setting.on {
                        "activado"
                    } else {
                        "desactivado"
                    },
                    setting.resend_limit
                ),
                ok: true,
                code: None,
                message: None,
                completes: None,
            },
        )
        .await?;
        tx.commit().await.map_err(TeamError::of)
    }

    /// Asks another member to approve `action` on `folio`.
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
        let mut tx = self.pool.begin().await.map_err(TeamError::of)?;
        let row: Option<Row> = sqlx::query_as(&format!(
            "INSERT INTO team_approval (workspace_id, action, folio, asked_by, reason)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT DO NOTHING
             RETURNING {APPROVAL}"
        ))
        .bind(&self.workspace)
        .bind(action.as_str())
        .bind(folio.trim())
        .bind(&self.member)
        .bind(reason)
        .fetch_optional(&mut *tx)
        .await
        .map_err(TeamError::of)?;
        let Some(asked) = row.map(approval) else {
            return Err(TeamError::AlreadyAsked);
        };
        self.append_in(
            &mut tx,
            step(
                "approval-asked",
                &asked,
                format!("{}: {reason}", action.in_words()),
            ),
        )
        .await?;
        tx.commit().await.map_err(TeamError::of)?;
        Ok(asked)
    }

    /// Requests waiting for a decision, or approved and not yet sent, oldest first.
    pub async fn open_approvals(&self) -> TeamResult<Vec<Approval>> {
        let rows: Vec<Row> = sqlx::query_as(&format!(
            "SELECT {APPROVAL} FROM team_approval
             WHERE workspace_id = $1 AND state IN ('waiting', 'approved') ORDER BY asked_at, id"
        ))
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(rows.into_iter().map(approval).collect())
    }

    /// Approves (or declines) a waiting request of another member. An approved request
    /// is this desk's to send, then to [`Team::finish_approval`].
    pub async fn decide_approval(&self, id: i64, approve: bool) -> TeamResult<Approval> {
        let mut tx = self.pool.begin().await.map_err(TeamError::of)?;
        let current: Option<Row> = sqlx::query_as(&format!(
            "SELECT {APPROVAL} FROM team_approval WHERE workspace_id = $1 AND id = $2 FOR UPDATE"
        ))
        .bind(&self.workspace)
        .bind(id)
        .fetch_optional(&mut *tx)
        .await
        .map_err(TeamError::of)?;
        let Some(current) = current.map(approval) else {
            return Err(TeamError::NotWaiting);
        };
        if current.state != ApprovalState::Waiting {
            return Err(TeamError::NotWaiting);
        }
        if current.asked_by == self.member {
            return Err(TeamError::OwnRequest);
        }
        let state = if approve { "approved" } else { "declined" };
        let row: Row = sqlx::query_as(&format!(
            "UPDATE team_approval SET state = $3, decided_by = $4, decided_at = now()
             WHERE workspace_id = $1 AND id = $2 RETURNING {APPROVAL}"
        ))
        .bind(&self.workspace)
        .bind(id)
        .bind(state)
        .bind(&self.member)
        .fetch_one(&mut *tx)
        .await
        .map_err(TeamError::of)?;
        let decided = approval(row);
        let operation = if approve {
            "approval-given"
        } else {
            "approval-declined"
        };
        self.append_in(
            &mut tx,
            step(
                operation,
                &decided,
                format!(
                    "{} pedida por {}",
                    current.action.in_words(),
                    current.asked_by
                ),
            ),
        )
        .await?;
        tx.commit().await.map_err(TeamError::of)?;
        Ok(decided)
    }

    /// Records how the approver's call ended: `sent`, or `failed` (the request can be
    /// asked again).
    pub async fn finish_approval(&self, id: i64, sent: bool) -> TeamResult<()> {
        let changed = sqlx::query(
            "UPDATE team_approval SET state = $4
             WHERE workspace_id = $1 AND id = $2 AND state = 'approved' AND decided_by = $3",
        )
        .bind(&self.workspace)
        .bind(id)
        .bind(&self.member)
        .bind(if sent { "sent" } else { "failed" })
        .execute(&self.pool)
        .await
        .map_err(TeamError::of)?;
        if changed.rows_affected() == 0 {
            return Err(TeamError::NotWaiting);
        }
        Ok(())
    }

    /// The approved, unsent request of this member for `action` on `folio`, if any:
    /// what lets the call go.
    pub async fn approved(&self, action: ApprovalAction, folio: &str) -> TeamResult<Option<i64>> {
        sqlx::query_scalar(
            "SELECT id FROM team_approval WHERE workspace_id = $1 AND action = $2 AND lower(folio) = lower($3)
             AND state = 'approved' AND decided_by = $4",
        )
        .bind(&self.workspace)
        .bind(action.as_str())
        .bind(folio.trim())
        .bind(&self.member)
        .fetch_optional(&self.pool)
        .await
        .map_err(TeamError::of)
    }
}

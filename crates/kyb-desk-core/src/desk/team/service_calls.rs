//! A state-changing call in a team: its intent in the central trail before it leaves
//! (the claim or approval it needs is checked there), its outcome after, and the
//! outcomes owed to the trail when the team was out of reach as a call ended.
//!
//! Each intent carries a key the desk made and recorded first ([`CallRecord`]): an
//! intent whose answer was lost (so the call never left), or a call out when the desk
//! was closed, is found by that key among the member's open intents at the next look
//! at the team (start, reconnection, the next call, the trail screen), and its outcome
//! written, late: not sent, or not known.

use kyb_api::Operation;
use kyb_team::{Team, TeamAddress, TeamError};

use super::pending::{CallRecord, Pending};
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
    /// The desk's key of the intent (recorded until the outcome is written or owed).
    pub(in crate::desk) key: String,
}

/// The longest the answer of a call waits for the trail's outcome to be written (a
/// database slow or gone): the analyst sees the service's answer, and the outcome is
/// owed meanwhile.
const OUTCOME_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

/// How long an intent asked may still be on its way to the database: a statement runs
/// at most 15 s (the team's limit), and a margin.
const IN_FLIGHT_SECS: i64 = 30;

/// The outcome codes the desk writes for a call it judges from its own record.
const NOT_SENT: &str = "not_sent";
const OUTCOME_UNKNOWN: &str = "outcome_unknown";

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
        let origin = profile
            .team
            .as_ref()
            .map(TeamAddress::origin)
            .unwrap_or_default();
        let key = uuid::Uuid::new_v4().to_string();
        let recorded = self.team_pending.asking(CallRecord {
            profile_id: profile.id.clone(),
            origin: origin.clone(),
            key: key.clone(),
            operation: operation.route().to_owned(),
            target: target.to_owned(),
            sent: false,
            asked_at: chrono::Utc::now().timestamp(),
        });
        if !recorded {
            return Err(crate::error::AppError::of(crate::error::DeskCode::Storage)
                .during(crate::error::Task::RecordIntent));
        }
        let intent = match team
            .intent_keyed(operation.route(), target, summary, &key)
            .await
        {
            Ok((intent, _approval)) => intent,
            // The answer may be lost after the intent was written (the connection lost,
            // or an answer the desk could not read): the record stays, and the next
            // look at the team writes "not sent" if it finds the intent.
            Err(error @ (TeamError::Unreachable(_) | TeamError::Query(_))) => {
                self.team_pending.release(&key);
                return Err(team_error(error));
            }
            // Refused by the team's rules: nothing was written.
            Err(error) => {
                self.team_pending.settled(&key);
                return Err(team_error(error));
            }
        };
        Ok(Some(TeamCall {
            team,
            intent,
            profile_id: profile.id.clone(),
            origin,
            key,
        }))
    }

    /// The call of `call` leaves for the service now: a desk closed from here on leaves
    /// its outcome not known, not "not sent". False when that cannot be recorded (the
    /// call is then not sent).
    pub(in crate::desk) fn team_sending(&self, call: Option<&TeamCall>) -> bool {
        call.is_none_or(|call| self.team_pending.sending(&call.key))
    }

    /// How the call ended, in the central trail (and its approval, used or failed),
    /// and, for a sent review, its claim let go. The call's own result stands whatever
    /// happens here, and is shown without waiting on the team for more than
    /// [`OUTCOME_WAIT`]: past it, the outcome is kept as owed (told late, from this
    /// desk's record) while the write goes on; if it lands, the owed one is forgotten.
    pub(in crate::desk) async fn team_end(
        &self,
        call: Option<TeamCall>,
        operation: Operation,
        target: &str,
        outcome: &crate::audit::Outcome,
    ) {
        let Some(call) = call else { return };
        // A sent review (a correction) frees its file for the team; sections added from
        // another flow are still to be reviewed, and keep the claim.
        let sent_review = outcome.ok && operation == Operation::Correction;
        let owed = Pending {
            profile_id: call.profile_id.clone(),
            origin: call.origin.clone(),
            intent: call.intent,
            ok: outcome.ok,
            code: outcome.code.as_ref().map(ToString::to_string),
            message: outcome.message.clone(),
            release: sent_review.then(|| target.split(" / ").next().unwrap_or(target).to_owned()),
        };
        let mut writing = tokio::spawn(tell(call.team.clone(), owed.clone()));
        match tokio::time::timeout(OUTCOME_WAIT, &mut writing).await {
            Ok(Ok(Ok(()))) => self.team_pending.settled(&call.key),
            Ok(Ok(Err(error))) => {
                // Owed: told when the team is back, as written late; meanwhile the
                // trail shows the intent open, never a clean chain.
                tracing::error!("team audit outcome not written, owed: {error}");
                self.team_pending.owe_instead(&call.key, owed);
            }
            Ok(Err(error)) => {
                tracing::error!("team audit outcome not written, owed: {error}");
                self.team_pending.owe_instead(&call.key, owed);
            }
            Err(_) => {
                tracing::warn!("team audit outcome slow to write: kept as owed meanwhile");
                self.team_pending.owe_instead(&call.key, owed.clone());
                let pending = self.team_pending.clone();
                tokio::spawn(async move {
                    if let Ok(Ok(())) = writing.await {
                        pending.told(&owed.profile_id, &owed.origin, &[owed.intent]);
                    }
                });
            }
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
        // One telling at a time (two looks at the team at once would tell one outcome
        // twice); a look that finds one under way leaves it to finish.
        let Ok(_telling) = self.team_pending.telling.try_lock() else {
            return;
        };
        // Known outcomes first, then the calls judged from their records: a call whose
        // outcome is owed is ended by it, never judged "not known".
        self.tell_owed_outcomes(profile, team, &origin).await;
        self.judge_calls(profile, team, &origin).await;
    }

    /// The outcomes this desk owes the trail, told late, once.
    async fn tell_owed_outcomes(&self, profile: &Profile, team: &Team, origin: &str) {
        let origin = origin.to_owned();
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
                // Told now: the sent review's claim is let go with it.
                Ok(_) => {
                    if let Some(document_id) = &pending.release
                        && let Err(error) = team.release(document_id).await
                    {
                        tracing::warn!("claim of a sent review not let go: {error}");
                    }
                    told.push(pending.intent);
                }
                // Told already (another try got through before its answer, and let go
                // of the claim then): a claim taken again since is the member's.
                Err(TeamError::NoOpenIntent) => told.push(pending.intent),
                Err(error) => {
                    tracing::warn!("team outcome still owed: {error}");
                    break;
                }
            }
        }
        self.team_pending.told(&profile.id, &origin, &told);
    }
}

impl Desk {
    /// The calls this desk recorded and no longer has out (asked before a restart, or
    /// whose intent's answer was lost): each one's intent, found open by its key, gets
    /// its outcome, written late: not sent when the desk never sent it, not known when
    /// it may have left. A call whose intent is not open (never written, or ended) is
    /// forgotten.
    async fn judge_calls(&self, profile: &Profile, team: &Team, origin: &str) {
        let calls = self.team_pending.calls(&profile.id, origin);
        if calls.is_empty() {
            return;
        }
        let open = match team.my_open_calls().await {
            Ok(open) => open,
            Err(error) => {
                tracing::warn!("team calls not judged yet: {error}");
                return;
            }
        };
        for call in calls {
            let Some(intent) = open
                .iter()
                .find(|o| o.key.as_deref() == Some(call.key.as_str()))
            else {
                // Not written, or ended. An intent asked moments ago may still be on its
                // way (a statement runs up to 15 s): judged at a later look.
                if chrono::Utc::now().timestamp() - call.asked_at > IN_FLIGHT_SECS {
                    self.team_pending.settled(&call.key);
                }
                continue;
            };
            let (code, message) = if call.sent {
                (
                    OUTCOME_UNKNOWN,
                    "La mesa se cerró o perdió la conexión con la llamada en curso: no se sabe si llegó al servicio.",
                )
            } else {
                (
                    NOT_SENT,
                    "No se envió: la respuesta de la base de datos del equipo a la intención se perdió, y la mesa no envió la llamada.",
                )
            };
            match team
                .outcome(intent.seq, false, Some(code), Some(message), true)
                .await
            {
                Ok(_) | Err(TeamError::NoOpenIntent) => self.team_pending.settled(&call.key),
                Err(error) => {
                    tracing::warn!("team call still to be judged: {error}");
                    return;
                }
            }
        }
    }
}

/// Writes a call's outcome in the trail, and lets go of a sent review's claim.
async fn tell(team: Team, owed: Pending) -> Result<(), TeamError> {
    team.outcome(
        owed.intent,
        owed.ok,
        owed.code.as_deref(),
        owed.message.as_deref(),
        false,
    )
    .await?;
    if let Some(document_id) = &owed.release
        && let Err(error) = team.release(document_id).await
    {
        tracing::warn!("claim of a sent review not let go: {error}");
    }
    Ok(())
}

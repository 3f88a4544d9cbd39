//! The desk in a team: a profile that names a team database works with the team's
//! queue, claims, notes, trail and approvals (`kyb_team`). The desk connects on first
//! need as the login the profile's team address names, in the profile's workspace,
//! with the password the keyring holds for that address; who the member is (e-mail,
//! role) is the database's answer, never the profile's. A one-time password (a new
//! member's, or one a supervisor reset) is replaced at once by a strong one this desk
//! makes and keeps in the keyring. A failed connection is tried again on the next
//! need, so a database that comes back is found without a restart.
//!
//! When the database cannot be reached, the service's reads go on; what needs the
//! team (a claim, an approval, the central trail's intent) is refused with
//! `team_unreachable`, and nothing typed is lost: drafts stay on this desk.

use std::time::Duration;

use kyb_api::Operation;
use kyb_team::{
    Approval, ApprovalAction, Claim, FourEyes, Member, NewTeamFile, Note, QueueFilter, Role,
    ShownRequest, Team, TeamAddress, TeamAuditEntry, TeamChain, TeamError, TeamFile,
};
use serde::Serialize;
use ts_rs::TS;

use super::Desk;
use super::team_pending::Pending;
use crate::error::{AppError, AppResult, ErrorCode};
use crate::profiles::Profile;
use crate::secrets::{BoundKey, KeyStatus};
use crate::watchlist::in_profile;

/// How long a review's claim lasts without renewal; the window renews it at a third.
pub const CLAIM_LEASE: Duration = kyb_team::LEASE;

/// The connection of the active profile to its team, kept while the profile and its
/// address stay the same.
pub(super) struct Joined {
    profile_id: String,
    origin: String,
    team: Team,
}

/// The keyring entry of a profile's team password, beside its API key's.
fn password_entry(profile_id: &str) -> String {
    format!("{profile_id}.team")
}

/// What the window knows of the team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamStatus {
    /// The profile names a team database.
    pub configured: bool,
    pub address: Option<TeamAddress>,
    pub password: KeyStatus,
    /// Connected now; `problem` says why not.
    pub connected: bool,
    pub problem: Option<AppError>,
    /// The login this desk acts as, and its e-mail, as the database says.
    pub member: Option<String>,
    pub email: Option<String>,
    pub role: Option<Role>,
    pub four_eyes: Option<FourEyes>,
    /// The team's trail is not the one this desk saw before (its keyring's anchor).
    pub trail_alarm: Option<super::AnchorAlarm>,
}

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

/// A member added (or given a new password): the team's members now, and the
/// one-time password to hand over, shown once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AddedMember {
    pub members: Vec<Member>,
    pub one_time_password: Option<String>,
}

/// The team's trail for the audit screen, with its verification.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamTrail {
    pub entries: Vec<TeamAuditEntry>,
    pub chain: TeamChain,
    /// The chain is not the one this desk saw before (its keyring's anchor).
    pub anchor: Option<super::AnchorAlarm>,
}

/// The desk's one listener to its team (see [`Desk::listen_team`]).
pub struct TeamListening {
    listener: kyb_team::Listener,
    superseded: tokio::sync::watch::Receiver<u64>,
}

impl TeamListening {
    /// The next change, or `None` once another listener took over.
    pub async fn next(&mut self) -> AppResult<Option<kyb_team::Change>> {
        tokio::select! {
            change = self.listener.next() => change.map(Some).map_err(team_error),
            _ = self.superseded.changed() => Ok(None),
        }
    }
}

/// The one translation of the team's errors into the window's codes.
pub fn team_error(error: TeamError) -> AppError {
    let message = error.to_string();
    let code = match error {
        TeamError::Unreachable(_) => ErrorCode::TeamUnreachable,
        TeamError::Schema(_) => ErrorCode::TeamSchemaOld,
        TeamError::Login(_) | TeamError::MustChangePassword => ErrorCode::TeamLoginRefused,
        TeamError::Busy(_) => ErrorCode::TeamBusy,
        TeamError::Query(_) | TeamError::NoOpenIntent | TeamError::QueueFull => {
            ErrorCode::TeamRefused
        }
        // The group's rights no longer reach (the member was removed).
        TeamError::Refused(_) => ErrorCode::NotTeamMember,
        TeamError::Claimed {
            member,
            since,
            until,
        } => {
            return AppError::of(ErrorCode::ClaimedByOther)
                .with_details(vec![member, since, until]);
        }
        TeamError::Lapsed { member, until } => {
            return AppError::of(ErrorCode::ClaimLapsed).with_details(vec![member, until]);
        }
        TeamError::NotSupervisor => ErrorCode::NotSupervisor,
        TeamError::NotMember(login) => {
            return AppError::of(ErrorCode::NotTeamMember).with_details(vec![login]);
        }
        TeamError::LastSupervisor => ErrorCode::LastSupervisor,
        TeamError::OwnRequest => ErrorCode::OwnRequest,
        TeamError::NotWaiting => ErrorCode::ApprovalClosed,
        TeamError::AlreadyAsked => ErrorCode::AlreadyAsked,
        TeamError::NotAsShown {
            action,
            folio,
            asked_by,
        } => {
            return AppError::of(ErrorCode::ApprovalChanged)
                .with_details(vec![action, folio, asked_by]);
        }
        TeamError::NeedsApproval { resends } => {
            return AppError::of(ErrorCode::NeedsApproval).with_details(vec![resends.to_string()]);
        }
        TeamError::BadText => return AppError::of(ErrorCode::InvalidInput),
        TeamError::LoginRefused(login) => {
            return AppError::of(ErrorCode::TeamLoginNameRefused).with_details(vec![login]);
        }
    };
    AppError::new(code, message)
}

/// What a state-changing call holds of the team while it is out: the team and its
/// intent in the trail (the database knows the approval it uses), and where to owe
/// its outcome should the team be out of reach when it ends.
pub(super) struct TeamCall {
    team: Team,
    intent: i64,
    profile_id: String,
    origin: String,
}

impl Desk {
    /// Keeps a profile's team password, bound to its database's address; the next
    /// need connects with it.
    pub async fn set_team_password(
        &self,
        profile_id: &str,
        password: &str,
    ) -> AppResult<KeyStatus> {
        let profile = self.profile(profile_id)?;
        let address = profile
            .team
            .clone()
            .ok_or_else(|| AppError::of(ErrorCode::NoTeam))?;
        if password.is_empty() {
            return Err(AppError::of(ErrorCode::InvalidInput));
        }
        let entry = password_entry(&profile.id);
        self.vault.set(&entry, password, &address.origin())?;
        if let Some(old) = self.team.lock().await.take() {
            old.team.close().await;
        }
        Ok(self.vault.status(&entry))
    }

    fn team_status_now(&self, profile: &Profile) -> TeamStatus {
        TeamStatus {
            configured: profile.team.is_some(),
            address: profile.team.clone(),
            password: self.vault.status(&password_entry(&profile.id)),
            connected: false,
            problem: None,
            member: None,
            email: None,
            role: None,
            four_eyes: None,
            trail_alarm: None,
        }
    }

    /// The team as the window shows it: connected or why not, who, what role.
    pub async fn team_status(&self) -> AppResult<TeamStatus> {
        let profile = self.active_profile()?;
        let mut status = self.team_status_now(&profile);
        if profile.team.is_none() {
            return Ok(status);
        }
        match self.team_of(&profile).await {
            Ok(team) => {
                self.tell_owed(&profile, &team).await;
                status.member = Some(team.member().to_owned());
                match (team.whoami().await, team.four_eyes().await) {
                    (Ok(me), Ok(four_eyes)) => {
                        status.connected = true;
                        status.email = Some(me.email);
                        status.role = Some(me.role);
                        status.four_eyes = Some(four_eyes);
                        // The chain is checked against this desk's anchor on every look
                        // at the team, not only on the audit screen.
                        if let Ok(head) = team.head().await {
                            status.trail_alarm = self
                                .check_anchor(&profile, &team, &head)
                                .await
                                .ok()
                                .flatten();
                        }
                    }
                    (Err(error), _) | (_, Err(error)) => status.problem = Some(team_error(error)),
                }
            }
            Err(error) => status.problem = Some(error),
        }
        Ok(status)
    }

    /// The active profile's team, connected (and joined) on first need.
    pub(super) async fn team(&self) -> AppResult<Team> {
        let profile = self.active_profile()?;
        self.team_of(&profile).await
    }

    /// The active profile's team when it has one; `None` for one person on one desk.
    pub(super) async fn team_if_any(&self, profile: &Profile) -> AppResult<Option<Team>> {
        if profile.team.is_none() {
            return Ok(None);
        }
        self.team_of(profile).await.map(Some)
    }

    async fn team_of(&self, profile: &Profile) -> AppResult<Team> {
        let address = profile
            .team
            .clone()
            .ok_or_else(|| AppError::of(ErrorCode::NoTeam))?;
        let origin = address.origin();
        let mut slot = self.team.lock().await;
        if let Some(joined) = slot.as_ref()
            && joined.profile_id == profile.id
            && joined.origin == origin
        {
            return Ok(joined.team.clone());
        }
        if let Some(old) = slot.take() {
            old.team.close().await;
        }
        let password = match self.vault.get(&password_entry(&profile.id))? {
            Some(BoundKey { key, origin: bound })
                if crate::secrets::may_go_to(bound.as_deref(), &origin) =>
            {
                Some(key)
            }
            // A database on this computer may trust its local users (no password).
            None if address.is_local() => None,
            _ => return Err(AppError::of(ErrorCode::NoTeamPassword).with_details(vec![origin])),
        };
        let options = address.connect_options(password.as_ref().map(|p| p.expose()));
        let mut team = Team::connect(options, &profile.workspace_id)
            .await
            .map_err(team_error)?;
        if team.me().must_change {
            team = self
                .replace_one_time_password(profile, &address, team)
                .await?;
        }
        *slot = Some(Joined {
            profile_id: profile.id.clone(),
            origin,
            team: team.clone(),
        });
        Ok(team)
    }

    /// A one-time password is replaced by a strong one made here (the member never
    /// needs to know it) and kept in the keyring, bound to the same address; the desk
    /// connects again with it.
    async fn replace_one_time_password(
        &self,
        profile: &Profile,
        address: &TeamAddress,
        team: Team,
    ) -> AppResult<Team> {
        let chosen = format!(
            "{}{}",
            uuid::Uuid::new_v4().simple(),
            uuid::Uuid::new_v4().simple()
        );
        team.change_password(&chosen).await.map_err(team_error)?;
        team.close().await;
        self.vault
            .set(&password_entry(&profile.id), &chosen, &address.origin())?;
        Team::connect(
            address.connect_options(Some(&chosen)),
            &profile.workspace_id,
        )
        .await
        .map_err(team_error)
    }

    /// Before a state-changing call leaves, in a team: a correction or complementary
    /// information needs the file's claim (taken or renewed here: refused while
    /// another member holds it); a cancellation, or a resend past the team's limit,
    /// needs an approval another member gave this member; and the intent goes in the
    /// central trail. Any of these failing stops the call.
    pub(super) async fn team_begin(
        &self,
        profile: &Profile,
        operation: Operation,
        target: &str,
        summary: &str,
    ) -> AppResult<Option<TeamCall>> {
        let Some(team) = self.team_if_any(profile).await? else {
            return Ok(None);
        };
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
    pub(super) async fn team_end(
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
    pub(super) async fn tell_owed(&self, profile: &Profile, team: &Team) {
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

    // The queue.

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
    pub(super) async fn sync_queue(&self, profile: &Profile, team: &Team) -> AppResult<()> {
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
        Ok(())
    }

    pub async fn take_next(&self) -> AppResult<Option<TeamFile>> {
        self.team().await?.take_next().await.map_err(team_error)
    }

    pub async fn assign_file(
        &self,
        flow_id: &str,
        rfc: &str,
        member: Option<&str>,
    ) -> AppResult<()> {
        self.team()
            .await?
            .assign(flow_id, rfc, member)
            .await
            .map_err(team_error)
    }

    // Claims.

    /// Claims a file for its review, or renews this member's claim. Another member's
    /// lapsed claim (their desk away, perhaps with a draft) is taken only when
    /// `take_lapsed` says the user was asked and chose to.
    pub async fn claim_file(&self, document_id: &str, take_lapsed: bool) -> AppResult<Claim> {
        self.team()
            .await?
            .claim(document_id, CLAIM_LEASE, take_lapsed)
            .await
            .map_err(team_error)
    }

    pub async fn release_file(&self, document_id: &str) -> AppResult<()> {
        self.team()
            .await?
            .release(document_id)
            .await
            .map_err(team_error)
    }

    pub async fn take_over_claim(&self, document_id: &str, reason: &str) -> AppResult<Claim> {
        self.team()
            .await?
            .take_over(document_id, reason, CLAIM_LEASE)
            .await
            .map_err(team_error)
    }

    // Notes, members, trail, approvals.

    pub async fn file_notes(&self, document_id: &str) -> AppResult<Vec<Note>> {
        self.team()
            .await?
            .notes(document_id)
            .await
            .map_err(team_error)
    }

    pub async fn add_note(&self, document_id: &str, body: &str) -> AppResult<Note> {
        self.team()
            .await?
            .add_note(document_id, body)
            .await
            .map_err(team_error)
    }

    pub async fn team_members(&self) -> AppResult<Vec<Member>> {
        self.team().await?.members().await.map_err(team_error)
    }

    pub async fn set_member_role(&self, login: &str, role: Role) -> AppResult<Vec<Member>> {
        let team = self.team().await?;
        team.set_role(login, role).await.map_err(team_error)?;
        team.members().await.map_err(team_error)
    }

    /// A supervisor adds a member: a new login, whose one-time password is returned
    /// here once (to hand over; the member's desk replaces it at the first sign-in),
    /// or with `bind` an existing login of the company's directory (no password).
    pub async fn add_member(
        &self,
        login: &str,
        email: &str,
        role: Role,
        bind: bool,
    ) -> AppResult<AddedMember> {
        let team = self.team().await?;
        let one_time_password = team
            .add_member(login, email, role, bind)
            .await
            .map_err(team_error)?;
        Ok(AddedMember {
            members: team.members().await.map_err(team_error)?,
            one_time_password,
        })
    }

    /// A supervisor gives a member a new one-time password.
    pub async fn reset_member_password(&self, login: &str) -> AppResult<AddedMember> {
        let team = self.team().await?;
        let password = team.reset_password(login).await.map_err(team_error)?;
        Ok(AddedMember {
            members: team.members().await.map_err(team_error)?,
            one_time_password: Some(password),
        })
    }

    /// A supervisor removes a member: their access ends at once.
    pub async fn remove_member(&self, login: &str) -> AppResult<Vec<Member>> {
        let team = self.team().await?;
        team.remove_member(login).await.map_err(team_error)?;
        team.members().await.map_err(team_error)
    }

    pub async fn team_trail(&self, limit: u32) -> AppResult<TeamTrail> {
        let profile = self.active_profile()?;
        let team = self.team_of(&profile).await?;
        let chain = team.verify_chain().await.map_err(team_error)?;
        let anchor = self.check_anchor(&profile, &team, &chain.head).await?;
        Ok(TeamTrail {
            entries: team.trail(i64::from(limit)).await.map_err(team_error)?,
            chain,
            anchor,
        })
    }

    pub async fn set_four_eyes(&self, setting: FourEyes) -> AppResult<FourEyes> {
        let team = self.team().await?;
        team.set_four_eyes(setting).await.map_err(team_error)?;
        team.four_eyes().await.map_err(team_error)
    }

    pub async fn ask_approval(
        &self,
        action: ApprovalAction,
        folio: &str,
        reason: &str,
    ) -> AppResult<Approval> {
        self.team()
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
        let team = self.team().await?;
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

    /// Listens to the team's changes (for the window to read again). One listener
    /// per desk: a new one (the window reloaded, another profile) ends the one before,
    /// so no connection is left listening for nobody.
    pub async fn listen_team(&self) -> AppResult<TeamListening> {
        let listener = self.team().await?.listen().await.map_err(team_error)?;
        let mut superseded = self.listening.subscribe();
        self.listening.send_modify(|n| *n += 1);
        superseded.borrow_and_update();
        Ok(TeamListening {
            listener,
            superseded,
        })
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
    use crate::error::ErrorCode;
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
        file.last_error = Some(ErrorCode::Network);
        assert_eq!(
            status_as_of(&file),
            None,
            "that refresh said nothing of the status"
        );
    }
}

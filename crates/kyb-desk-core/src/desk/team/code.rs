//! The team's codes: why something that needs the team (its database, a claim, an
//! approval, a member's rights) was refused. The team's crate raises its own errors;
//! this module is where they become codes ([`super::team_error`]), with the desk's
//! refusals of a profile's team (no database named, no password, a policy that asks
//! for one). Snake_case in the records that keep them (the trail's outcomes): never
//! rename one.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum TeamCode {
    /// The active profile works alone: it names no team database.
    NoTeam,
    /// The team database's password is not in the keyring, or was given for another
    /// address (its details name the address).
    NoTeamPassword,
    /// The team database cannot be reached: what needs the team (a claim, an approval,
    /// the central trail) is refused; reading the service goes on.
    TeamUnreachable,
    /// The team database refused the request for a reason of its own.
    TeamRefused,
    /// Another member is reviewing the file (its details: who, since and until when
    /// their lease runs).
    ClaimedByOther,
    /// Four eyes: another member must approve this action first.
    NeedsApproval,
    /// Only a supervisor may do this.
    NotSupervisor,
    /// The login is not (or no longer) a member of the team.
    NotTeamMember,
    /// The team's last supervisor keeps the role.
    LastSupervisor,
    /// A request is approved by another member than the one who asked.
    OwnRequest,
    /// The request was decided already, or sent.
    ApprovalClosed,
    /// The same action on the same folio already waits for approval.
    AlreadyAsked,
    /// The request is not the one the approver was shown (it changed, or another
    /// request has its number): its details hold action, folio and requester as it is.
    ApprovalChanged,
    /// The holder's claim ran out while their desk was away (perhaps with a draft): its
    /// details hold who and until when. Taken only after asking.
    ClaimLapsed,
    /// Another member holds the team's database too long: nothing was changed, and
    /// what was typed is kept; try again.
    TeamBusy,
    /// A note on a file the team's queue does not have: following the file puts it
    /// there.
    FileNotInTeam,
    /// The team's database is out of space (its disk is full): the operation was undone
    /// whole, nothing saved before was lost, and what was typed is kept.
    TeamOutOfSpace,
    /// The team's database refused the login (a wrong or expired password, or a
    /// member removed from the team).
    TeamLoginRefused,
    /// The team's database is older than this desk: its owner must bring it up to date.
    TeamSchemaOld,
    /// A login name the team cannot create or bind (its details name it).
    TeamLoginNameRefused,
    /// The company's policy says this workspace works as a team, and the profile
    /// names no team database: nothing is changed on the service from it.
    TeamRequired,
    /// The member has as many open files as their cap allows (its details: who, how
    /// many, the cap): take-next and assignments give them nothing more.
    MemberAtCap,
    /// The member is away until an instant (its details: who, until): they get no
    /// files meanwhile.
    MemberAway,
    /// A previewed reassignment no longer matches the queue (its details: the file
    /// and its holder now): nothing was changed; preview again.
    PlanChanged,
    /// The saved view is not there any more (its owner deleted it or stopped sharing
    /// it, from another desk, since this list was read): read the views again.
    ViewGone,
    /// This desk is older than the lowest version its team needs: it changes nothing
    /// until updated (its package manager, or the company's IT); the Team screen says
    /// which version and how.
    DeskOutdated,
}

//! The team's errors, as the window's codes ([`TeamCode`]) and the details the window
//! words them with.

use kyb_team::TeamError;

use super::code::TeamCode;
use crate::error::{AppError, DeskCode, Details};

/// The one translation of the team's errors into the window's codes.
pub fn team_error(error: TeamError) -> AppError {
    let message = error.to_string();
    let code = match error {
        TeamError::Unreachable(_) => TeamCode::TeamUnreachable,
        TeamError::Schema(_) => TeamCode::TeamSchemaOld,
        TeamError::Login(_) | TeamError::MustChangePassword => TeamCode::TeamLoginRefused,
        TeamError::Busy(_) => TeamCode::TeamBusy,
        TeamError::OutOfSpace(_) => TeamCode::TeamOutOfSpace,
        TeamError::UnknownFile(_) => TeamCode::FileNotInTeam,
        TeamError::Query(_) | TeamError::NoOpenIntent | TeamError::QueueFull => {
            TeamCode::TeamRefused
        }
        // Met when another desk deleted or unshared the view this one still lists.
        TeamError::NoSuchView => TeamCode::ViewGone,
        // The group's rights no longer reach (the member was removed).
        TeamError::Refused(_) => TeamCode::NotTeamMember,
        TeamError::Claimed {
            member,
            since,
            until,
        } => {
            return AppError::of(TeamCode::ClaimedByOther).with_details(Details::ClaimedByOther {
                holder: member,
                since,
                until,
            });
        }
        TeamError::Lapsed { member, until } => {
            return AppError::of(TeamCode::ClaimLapsed).with_details(Details::ClaimLapsed {
                holder: member,
                until,
            });
        }
        TeamError::NotSupervisor => TeamCode::NotSupervisor,
        TeamError::NotMember(login) => {
            return AppError::of(TeamCode::NotTeamMember).with_details(Details::Login { login });
        }
        TeamError::LastSupervisor => TeamCode::LastSupervisor,
        TeamError::OwnRequest => TeamCode::OwnRequest,
        TeamError::NotWaiting => TeamCode::ApprovalClosed,
        TeamError::AlreadyAsked => TeamCode::AlreadyAsked,
        TeamError::NotAsShown {
            action,
            folio,
            asked_by,
        } => {
            return AppError::of(TeamCode::ApprovalChanged).with_details(
                Details::ApprovalChanged {
                    action,
                    folio,
                    requester: asked_by,
                },
            );
        }
        TeamError::NeedsApproval { resends } => {
            return AppError::of(TeamCode::NeedsApproval)
                .with_details(Details::NeedsApproval { resends });
        }
        TeamError::BadText => return AppError::of(DeskCode::InvalidInput),
        TeamError::LoginRefused(login) => {
            return AppError::of(TeamCode::TeamLoginNameRefused)
                .with_details(Details::Login { login });
        }
        TeamError::AtCap { member, open, cap } => {
            return AppError::of(TeamCode::MemberAtCap).with_details(Details::MemberAtCap {
                member,
                open,
                cap,
            });
        }
        TeamError::Away { member, until } => {
            return AppError::of(TeamCode::MemberAway)
                .with_details(Details::MemberAway { member, until });
        }
        TeamError::PlanChanged { file, assignee } => {
            return AppError::of(TeamCode::PlanChanged)
                .with_details(Details::PlanChanged { file, assignee });
        }
    };
    AppError::new(code, message)
}

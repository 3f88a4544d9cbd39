//! What an entry of the audit log is about, typed. Entries written since carry it in
//! their record (`about`, hashed with the rest); entries written before it have only
//! their text `target`, which [`AuditTarget::read`] reads here, the one place that knows
//! how each operation wrote it. The text stays in every record as it always was (the
//! CSV export, the search by target, and the hashes of old entries rely on it).

use kyb_api::Operation;
use kyb_api::validate::is_uuid;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::action::{Action, DeskEvent};

/// Separates the parts of an older text target ("DocumentId / PersonId").
const PARTS: &str = " / ";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AuditTarget {
    /// A file, by its DocumentId (a correction, a created file, an acknowledgement).
    #[serde(rename_all = "camelCase")]
    File { document_id: String },
    /// A person of a file (an enrollment link).
    #[serde(rename_all = "camelCase")]
    Person {
        document_id: String,
        person_id: String,
    },
    /// A flow's sections added to a file (complementary information).
    #[serde(rename_all = "camelCase")]
    AddedFlow {
        document_id: String,
        flow_id: String,
    },
    /// A file being created, before it has an id: its flow and its company (the RFC,
    /// or the name when it has none).
    #[serde(rename_all = "camelCase")]
    NewFile { flow_id: String, company: String },
    /// A field verification.
    Folio { folio: String },
    /// A profile of this desk (its address or key).
    #[serde(rename_all = "camelCase")]
    Profile { profile_id: String },
    /// A file of the desk's own (the log, a torn line set aside).
    LogFile { name: String },
    /// An older entry whose text says nothing known: shown as written.
    Other { text: String },
}

impl AuditTarget {
    /// What an entry is about: its typed `about` when it has one, else read from the
    /// text `target` that `operation` wrote before entries carried it.
    pub fn of(about: Option<&AuditTarget>, operation: &str, target: &str) -> AuditTarget {
        match about {
            Some(about) => about.clone(),
            None => Self::read(operation, target),
        }
    }

    /// An older entry's text target, as each operation wrote it: a verification by its
    /// folio; a correction and an acknowledgement by the DocumentId; an enrollment link
    /// "DocumentId / PersonId"; complementary information "DocumentId / FlowID" (its
    /// intent; its result the DocumentId alone); a new file "FlowID / company" until it
    /// exists, then its DocumentId; the desk's events about a profile by its id, and
    /// about the log by a file name.
    pub fn read(operation: &str, target: &str) -> AuditTarget {
        let text = target.trim();
        let other = || AuditTarget::Other {
            text: target.to_owned(),
        };
        if text.is_empty() {
            return other();
        }
        let (first, second) = match text.split_once(PARTS) {
            Some((first, second)) => (first.trim(), Some(second.trim())),
            None => (text, None),
        };
        let file = || AuditTarget::File {
            document_id: first.to_owned(),
        };
        let action = Operation::ALL
            .into_iter()
            .map(Action::Service)
            .chain(DeskEvent::ALL.into_iter().map(Action::Desk))
            .find(|action| action.label() == operation);
        match action {
            Some(Action::Service(
                Operation::ResendVerification
                | Operation::CancelVerification
                | Operation::Verification,
            )) => AuditTarget::Folio {
                folio: text.to_owned(),
            },
            Some(Action::Service(Operation::CreateFile)) => match second {
                Some(company) => AuditTarget::NewFile {
                    flow_id: first.to_owned(),
                    company: company.to_owned(),
                },
                None if is_uuid(first) => file(),
                None => other(),
            },
            Some(Action::Service(Operation::EnrollmentLink)) => match second {
                Some(person) if is_uuid(first) => AuditTarget::Person {
                    document_id: first.to_owned(),
                    person_id: person.to_owned(),
                },
                _ => other(),
            },
            Some(Action::Service(Operation::ComplementaryInfo)) if is_uuid(first) => match second {
                Some(flow) => AuditTarget::AddedFlow {
                    document_id: first.to_owned(),
                    flow_id: flow.to_owned(),
                },
                None => file(),
            },
            Some(
                Action::Service(Operation::Correction)
                | Action::Desk(DeskEvent::FindingsAcknowledged | DeskEvent::DossierExported),
            ) if second.is_none() && is_uuid(first) => file(),
            Some(Action::Desk(
                DeskEvent::ProfileAddressChanged
                | DeskEvent::KeyOriginConfirmed
                | DeskEvent::KeyReplaced
                | DeskEvent::SlaPolicyChanged,
            )) => AuditTarget::Profile {
                profile_id: text.to_owned(),
            },
            Some(Action::Desk(DeskEvent::AuditRecovered | DeskEvent::AuditTamperDetected)) => {
                AuditTarget::LogFile {
                    name: text.to_owned(),
                }
            }
            _ => other(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10";

    fn read(operation: Operation, target: &str) -> AuditTarget {
        AuditTarget::read(Action::Service(operation).label().as_str(), target)
    }

    #[test]
    fn older_text_targets_read_as_each_operation_wrote_them() {
        assert_eq!(
            read(Operation::Correction, DOC),
            AuditTarget::File {
                document_id: DOC.into()
            }
        );
        assert_eq!(
            read(Operation::EnrollmentLink, &format!("{DOC} / persona-7")),
            AuditTarget::Person {
                document_id: DOC.into(),
                person_id: "persona-7".into()
            }
        );
        assert_eq!(
            read(Operation::ComplementaryInfo, &format!("{DOC} / flujo-b")),
            AuditTarget::AddedFlow {
                document_id: DOC.into(),
                flow_id: "flujo-b".into()
            }
        );
        assert_eq!(
            read(Operation::ComplementaryInfo, DOC),
            AuditTarget::File {
                document_id: DOC.into()
            }
        );
        assert_eq!(
            read(Operation::CreateFile, "flujo-a / PCE120505QW3"),
            AuditTarget::NewFile {
                flow_id: "flujo-a".into(),
                company: "PCE120505QW3".into()
            }
        );
        assert_eq!(
            read(Operation::CreateFile, DOC),
            AuditTarget::File {
                document_id: DOC.into()
            }
        );
        assert_eq!(
            read(Operation::ResendVerification, " F-0001 "),
            AuditTarget::Folio {
                folio: "F-0001".into()
            }
        );
        assert_eq!(
            AuditTarget::read(&Action::Desk(DeskEvent::KeyReplaced).label(), "perfil-1"),
            AuditTarget::Profile {
                profile_id: "perfil-1".into()
            }
        );
        assert_eq!(
            AuditTarget::read(
                &Action::Desk(DeskEvent::AuditRecovered).label(),
                "audit.jsonl.torn-x"
            ),
            AuditTarget::LogFile {
                name: "audit.jsonl.torn-x".into()
            }
        );
    }

    #[test]
    fn a_text_no_operation_wrote_stays_as_it_is() {
        for (operation, target) in [
            (
                Action::Service(Operation::Correction).label(),
                "no es un id",
            ),
            (Action::Service(Operation::EnrollmentLink).label(), DOC),
            ("una operación futura".to_owned(), DOC),
            (Action::Service(Operation::Correction).label(), "  "),
        ] {
            assert_eq!(
                AuditTarget::read(&operation, target),
                AuditTarget::Other {
                    text: target.into()
                },
                "{operation}: {target}"
            );
        }
    }

    #[test]
    fn a_typed_target_wins_over_the_text() {
        let about = AuditTarget::Folio {
            folio: "F-9".into(),
        };
        assert_eq!(AuditTarget::of(Some(&about), "x", DOC), about);
        assert_eq!(
            AuditTarget::of(None, &Action::Service(Operation::Correction).label(), DOC),
            AuditTarget::File {
                document_id: DOC.into()
            }
        );
    }
}

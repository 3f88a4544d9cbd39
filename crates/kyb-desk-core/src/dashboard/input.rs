//! One entry of a trail as the dashboard reads it, from either trail: the desk's own
//! audit log ([`AuditEntry`]) or the team's ([`TeamAuditEntry`]). Borrowed, so a trail
//! of 100,000 entries is read without copying its text.

use kyb_api::Operation;
use kyb_team::TeamAuditEntry;

use crate::audit::{AuditEntry, AuditTarget};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrailEntry<'a> {
    pub at_utc: &'a str,
    /// Who acted: the profile's agent e-mail on one desk, the member's login in a team.
    pub analyst: &'a str,
    pub operation: &'a str,
    /// The file the entry concerns, when it concerns one.
    pub document_id: Option<String>,
    pub summary: &'a str,
    /// The call succeeded (an intent, a failed call and a refused one did not).
    pub ok: bool,
}

/// The file an entry is about.
fn document_of(target: AuditTarget) -> Option<String> {
    match target {
        AuditTarget::File { document_id }
        | AuditTarget::Person { document_id, .. }
        | AuditTarget::AddedFlow { document_id, .. } => Some(document_id),
        _ => None,
    }
}

impl<'a> From<&'a AuditEntry> for TrailEntry<'a> {
    fn from(entry: &'a AuditEntry) -> Self {
        let record = &entry.record;
        Self {
            at_utc: &record.at_utc,
            analyst: &record.agent_email,
            operation: &record.operation,
            document_id: document_of(entry.subject.clone()),
            summary: &record.summary,
            ok: record.outcome.ok,
        }
    }
}

impl<'a> From<&'a TeamAuditEntry> for TrailEntry<'a> {
    fn from(entry: &'a TeamAuditEntry) -> Self {
        Self {
            at_utc: &entry.at_utc,
            analyst: &entry.member,
            operation: &entry.operation,
            // The team's entries keep only the text target, written as the desk's.
            document_id: document_of(AuditTarget::read(&entry.operation, &entry.target)),
            summary: &entry.summary,
            ok: entry.ok,
        }
    }
}

impl TrailEntry<'_> {
    /// A decision: a correction request the service accepted.
    pub fn is_decision(&self) -> bool {
        self.ok && self.operation == Operation::Correction.route()
    }
}

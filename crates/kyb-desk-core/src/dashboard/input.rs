//! One entry of a trail as the dashboard reads it, from either trail: the desk's own
//! audit log ([`AuditEntry`]) or the team's ([`TeamAuditEntry`]), or as the desk keeps
//! the team's between requests ([`KeptEntry`]). Borrowed, so a trail of 100,000 entries
//! is read without copying its text.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use kyb_api::Operation;
use kyb_api::time::parse_timestamp;
use kyb_team::TeamAuditEntry;

use crate::audit::{AuditEntry, AuditTarget};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrailEntry<'a> {
    /// When it was written; none when its time does not read as one.
    pub at: Option<DateTime<Utc>>,
    /// Who acted: the profile's agent e-mail on one desk, the member's login in a team.
    pub analyst: &'a str,
    pub operation: &'a str,
    /// The file the entry concerns, when it concerns one.
    pub document_id: Option<Cow<'a, str>>,
    pub summary: &'a str,
    /// The call succeeded (an intent, a failed call and a refused one did not).
    pub ok: bool,
}

/// The file an entry is about.
fn document_of(target: AuditTarget) -> Option<Cow<'static, str>> {
    match target {
        AuditTarget::File { document_id }
        | AuditTarget::Person { document_id, .. }
        | AuditTarget::AddedFlow { document_id, .. } => Some(Cow::Owned(document_id)),
        _ => None,
    }
}

impl<'a> From<&'a AuditEntry> for TrailEntry<'a> {
    fn from(entry: &'a AuditEntry) -> Self {
        let record = &entry.record;
        Self {
            at: parse_timestamp(&record.at_utc),
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
            at: parse_timestamp(&entry.at_utc),
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

    /// Whether the figures read this entry at all: a call that succeeded, at a time, on
    /// a file. Intents, failed and refused calls count for nothing.
    pub fn counts(&self) -> bool {
        self.ok && self.at.is_some() && self.document_id.is_some()
    }
}

/// An entry of the team's trail as the desk keeps it between the dashboard's requests
/// (`crate::team_trail`): only one the figures read ([`TrailEntry::counts`]), its time
/// read once, its file found once, the texts it shares with others (who, what, which
/// file) held once, and the summary only of a decision (the only one the figures read).
/// A million entries of a bank's trail are held in about a tenth of their full size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptEntry {
    at: DateTime<Utc>,
    analyst: Arc<str>,
    operation: Arc<str>,
    document_id: Arc<str>,
    summary: Box<str>,
}

/// The texts kept entries share, each held once.
#[derive(Default)]
pub struct Shared(HashSet<Arc<str>>);

impl Shared {
    fn get(&mut self, text: &str) -> Arc<str> {
        if let Some(held) = self.0.get(text) {
            return held.clone();
        }
        let held: Arc<str> = Arc::from(text);
        self.0.insert(held.clone());
        held
    }
}

impl KeptEntry {
    /// `entry` as kept, when the figures read it.
    pub fn keep(entry: &TeamAuditEntry, shared: &mut Shared) -> Option<Self> {
        let read = TrailEntry::from(entry);
        if !read.counts() {
            return None;
        }
        Some(Self {
            at: read.at?,
            analyst: shared.get(read.analyst),
            operation: shared.get(read.operation),
            document_id: shared.get(read.document_id.as_deref()?),
            summary: if read.is_decision() {
                read.summary.into()
            } else {
                Box::default()
            },
        })
    }
}

impl<'a> From<&'a KeptEntry> for TrailEntry<'a> {
    fn from(entry: &'a KeptEntry) -> Self {
        Self {
            at: Some(entry.at),
            analyst: &entry.analyst,
            operation: &entry.operation,
            document_id: Some(Cow::Borrowed(&entry.document_id)),
            summary: &entry.summary,
            ok: true,
        }
    }
}

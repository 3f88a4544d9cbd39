//! What an entry of the audit log holds, and what a check of the log reports.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use super::action::{Action, DeskEvent};
pub use super::target::AuditTarget;
use crate::error::ErrorCode;

/// `prev_hash` of the first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The code of an entry that did not succeed: the error of a call that failed, or the
/// log's own mark. Written in the hashed record, so it reads back exactly as written:
/// a code this version does not know (a newer version's) is kept as its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum OutcomeCode {
    Failed(ErrorCode),
    Mark(AuditMark),
    #[ts(skip)]
    Unrecognised(String),
}

/// The log's own codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AuditMark {
    /// Written before a request leaves, when its result is not known yet.
    Intent,
    /// A torn last line was set aside.
    TornLine,
    /// The log does not match the head anchored in the keyring.
    AnchorMismatch,
}

impl OutcomeCode {
    pub const INTENT: Self = Self::Mark(AuditMark::Intent);
}

/// As the record writes it (the CSV export's column).
impl std::fmt::Display for OutcomeCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(text)) => f.write_str(&text),
            _ => write!(f, "{self:?}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    pub ok: bool,
    /// The error code when it failed; [`OutcomeCode::INTENT`] while the result is unknown.
    pub code: Option<OutcomeCode>,
    pub message: Option<String>,
}

/// What a caller records; the log adds sequence, time and hashes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEntry {
    pub profile: String,
    pub agent_email: String,
    pub action: Action,
    /// DocumentId, folio or PersonId the call concerned, as text (as every entry
    /// has always written it).
    pub target: String,
    /// The same, typed.
    pub about: AuditTarget,
    pub summary: String,
    pub outcome: Outcome,
    /// The sequence of the intent this entry is the result of.
    pub completes: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    pub seq: u32,
    pub at_utc: String,
    pub profile: String,
    pub agent_email: String,
    #[ts(type = "string")]
    pub operation: String,
    pub target: String,
    pub summary: String,
    pub outcome: Outcome,
    /// The intent this entry is the result of. Absent, not null, when none: entries
    /// written before intents existed hash the same as they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub completes: Option<u32>,
    /// What the entry is about, typed. Absent, not null, in entries written before
    /// it existed, which hash the same as they did; read from `target` instead
    /// ([`AuditEntry::subject`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub about: Option<AuditTarget>,
    pub prev_hash: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    #[serde(flatten)]
    pub record: Record,
    /// SHA-256 of the record (every field above, as serialised).
    pub hash: String,
    /// What the entry is about: the record's `about`, or for an older entry, read
    /// from its text (see [`AuditTarget::read`]). Derived when read, never written in
    /// the file (see [`AuditEntry::line`]), so it is outside the hash.
    #[serde(skip_deserializing, default = "unread")]
    pub subject: AuditTarget,
}

fn unread() -> AuditTarget {
    AuditTarget::Other {
        text: String::new(),
    }
}

/// An entry as its line in the file holds it: the record and its hash.
#[derive(Serialize)]
struct Line<'a> {
    #[serde(flatten)]
    record: &'a Record,
    hash: &'a str,
}

impl AuditEntry {
    /// An entry as read or written, its subject derived from its record.
    pub fn new(record: Record, hash: String) -> Self {
        let subject = AuditTarget::of(record.about.as_ref(), &record.operation, &record.target);
        Self {
            record,
            hash,
            subject,
        }
    }

    /// The entry as read from its line: its subject derived.
    pub(super) fn read(self) -> Self {
        Self::new(self.record, self.hash)
    }

    /// The entry's line in the file, without its newline.
    pub(super) fn line(&self) -> serde_json::Result<Vec<u8>> {
        serde_json::to_vec(&Line {
            record: &self.record,
            hash: &self.hash,
        })
    }

    /// Written before a request left; its result is a later entry that `completes` it.
    pub fn is_intent(&self) -> bool {
        !self.record.outcome.ok && self.record.outcome.code == Some(OutcomeCode::INTENT)
    }
}

/// The entries that could be read, newest last, and how many lines could not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntries {
    pub entries: Vec<AuditEntry>,
    pub unreadable: u32,
    /// The sequence of each intent no later entry completes, oldest first: its
    /// request may or may not have reached the service (a crash, or an answer that
    /// never came).
    pub unresolved: Vec<u32>,
}

/// A count from the log, and whether it may be short: a line could not be read, or
/// a call of the kind counted has no known result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub count: u32,
    pub uncertain: bool,
}

/// One place where the file is not what was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ChainBreak {
    /// Line of the file, from 1.
    pub line: u32,
    pub problem: BreakKind,
}

/// How a line breaks the chain; the window words it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BreakKind {
    /// The line is not a readable entry.
    Unreadable,
    /// The entry is not what was written: its hash differs.
    Modified,
    /// Entries are missing: after entry `after` comes entry `next`.
    Missing { after: u32, next: u32 },
    /// The entry does not follow the one before it (one is missing or was moved).
    NotFollowing,
}

/// As the log's own entries record a break (in the log's language, Spanish).
impl std::fmt::Display for BreakKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unreadable => f.write_str("la línea no es una entrada legible"),
            Self::Modified => f.write_str("la entrada fue modificada"),
            Self::Missing { after, next } => {
                write!(f, "faltan entradas: después de la {after} sigue la {next}")
            }
            Self::NotFollowing => {
                f.write_str("la entrada no sigue a la anterior (falta o se movió una entrada)")
            }
        }
    }
}

/// The file's last entry compared with the head anchored outside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum AnchorState {
    Matches,
    /// No head was ever anchored: a new log, or one written before anchoring.
    Missing,
    /// The anchor could not be read (no keyring); nothing is known. `reason` is the
    /// keyring's own words.
    Unavailable {
        reason: String,
    },
    /// The keyring holds, for this log, something that is not a head; nothing is known.
    Unreadable,
    /// The file has entries after the anchored one: their head could not be stored
    /// (the keyring was unreachable then), or they were added by another hand.
    #[serde(rename_all = "camelCase")]
    Behind {
        anchored_seq: u32,
        last_seq: u32,
    },
    /// The anchor knows entries the file lacks: its last entries were deleted.
    #[serde(rename_all = "camelCase")]
    Truncated {
        anchored_seq: u32,
        last_seq: u32,
    },
    /// The entry at the anchored sequence is not the one anchored: the chain was
    /// rewritten from it or before it.
    Rewritten {
        seq: u32,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ChainReport {
    /// Entries that could be read.
    pub entries: u32,
    /// Lines that could not (each is also a break).
    pub unreadable: u32,
    /// Every break, in file order.
    pub breaks: Vec<ChainBreak>,
    pub anchor: AnchorState,
    /// The first problem, for the desk's own use (a log line, a test): the first
    /// break, else a deleted tail (the line after the last) or a rewritten entry
    /// found by the anchor; `None` when neither was found. The window has `breaks`
    /// and `anchor`, which say the same, so these do not cross.
    #[serde(skip)]
    #[ts(skip)]
    pub first_broken_line: Option<u32>,
    #[serde(skip)]
    #[ts(skip)]
    pub problem: Option<String>,
}

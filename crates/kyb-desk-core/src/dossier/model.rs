//! What a dossier holds, as its `dossier.json` writes it and its PDF shows it. Plain
//! data: the desk gathers it (`gather`), this module only says its shape.

use serde::{Deserialize, Serialize};

/// The dossier's format, written first in its JSON: a checker knows which rules apply
/// (how the PDF is drawn from the JSON, how each trail entry is hashed).
pub const FORMAT: &str = "kyb-desk dossier v1";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Dossier {
    pub format: String,
    pub generated_at_utc: String,
    /// Who exported it: the profile's agent (one desk) or the member (team).
    pub generated_by: String,
    pub file: FileFacts,
    pub sections: Vec<SectionRecord>,
    pub acknowledged: Vec<Acknowledged>,
    /// Every finding of the file's review, in words (absent in dossiers made before
    /// they were written).
    #[serde(default)]
    pub findings: Vec<FindingRecord>,
    /// Every risk-list hit of the file's parties, with the analyst's disposition.
    #[serde(default)]
    pub hits: Vec<HitRecord>,
    pub documents: Vec<DocumentHash>,
    pub notes: Notes,
    pub trail: Trail,
}

/// The file as the desk last read it from the service.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileFacts {
    pub document_id: String,
    pub flow_id: String,
    pub rfc: String,
    pub company_name: Option<String>,
    pub status: Option<String>,
    pub created_at_utc: Option<String>,
    pub updated_at_utc: Option<String>,
    pub people: Vec<PersonFacts>,
    /// When the version-2 detail below was fetched (the desk's latest snapshot).
    pub detail_fetched_at_utc: Option<String>,
    /// The version-2 detail as the service sent it (JSON only; the PDF names it).
    pub detail: Option<serde_json::Value>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PersonFacts {
    pub name: String,
    pub rfc: Option<String>,
    pub curp: Option<String>,
}

/// A section's decision as the service holds it (tracking's `Comments`), and who sent
/// it when, from the trail's last successful correction naming the section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SectionRecord {
    pub section: String,
    pub status: String,
    pub comment: Option<String>,
    pub decided_by: Option<String>,
    pub decided_at_utc: Option<String>,
    /// The trail entry that says so.
    pub trail_seq: Option<i64>,
    /// A decision drafted on this desk and not sent yet.
    pub draft: Option<String>,
}

/// A section's high findings the analyst acknowledged before accepting it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Acknowledged {
    pub trail_seq: i64,
    pub at_utc: String,
    pub by: String,
    pub summary: String,
}

/// One finding of the review, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FindingRecord {
    /// The section it is on; none for a finding of no section.
    pub section: Option<String>,
    pub severity: String,
    pub words: String,
    pub subject: Option<String>,
    pub codes: Vec<String>,
    pub source: Option<String>,
}

/// One risk-list hit, and what the analyst decided of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HitRecord {
    pub list: String,
    pub list_version: u32,
    pub row: String,
    pub listed_name: String,
    pub score: u32,
    pub party: String,
    pub disposition: Option<String>,
}

/// An evidence document the desk fetched, by its SHA-256.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentHash {
    pub name: String,
    pub section: Option<String>,
    /// Lower-case hex; none when it could not be fetched (`problem` says why).
    pub sha256: Option<String>,
    pub bytes: Option<u64>,
    pub problem: Option<String>,
    /// Its name in the ZIP (`documentos/…`) when the dossier includes the document
    /// itself; absent when it does not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Notes {
    /// Notes are kept only by a team; one desk keeps none, and says so.
    pub kept: bool,
    pub statement: String,
    pub items: Vec<NoteItem>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NoteItem {
    pub at_utc: String,
    pub author: String,
    pub text: String,
}

/// Which trail the entries come from, and so how each is hashed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrailKind {
    /// The desk's audit log (audit.jsonl): the hash is SHA-256 of the entry's line
    /// without its `hash` member.
    Local,
    /// The team's trail: format 1 hashes a JSON record, format 2 a length-prefixed text
    /// (both given in `hashed`).
    Team,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Trail {
    pub kind: TrailKind,
    pub workspace: Option<String>,
    /// The file's entries, whole.
    pub entries: Vec<TrailEntry>,
    /// Every link of the chain from the file's first entry to the head: other files'
    /// entries by their hashes only, so the file's entries are shown in the chain
    /// without showing what the others say.
    pub links: Vec<Link>,
    pub head: Link,
    /// How the head was vouched for outside the trail: the keyring's anchor (one desk)
    /// or a supervisor's signed checkpoint (team).
    pub anchor: Option<String>,
    pub checkpoint: Option<SignedCheckpoint>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrailEntry {
    pub seq: i64,
    pub at_utc: String,
    pub by: String,
    pub operation: String,
    pub summary: String,
    pub ok: bool,
    pub prev_hash: String,
    pub hash: String,
    /// Exactly the text whose SHA-256 is `hash` (see `docs/DOSSIER.md`).
    pub hashed: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Link {
    pub seq: i64,
    pub prev_hash: String,
    pub hash: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignedCheckpoint {
    pub seq: i64,
    pub hash: String,
    pub signer: String,
    pub at: String,
    pub public_key: String,
    pub signature: String,
}

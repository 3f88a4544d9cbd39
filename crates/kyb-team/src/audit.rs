//! The central audit trail: every state-changing call of every member (an intent
//! before it leaves, the outcome after) and every team event (a member added, a claim
//! taken over, a request approved), in an append-only table. Entries are written only
//! by the database's functions (migration 0005), which stamp the member
//! (`session_user`) and the time and chain each entry's hash to the one before under
//! the head row's lock. [`Team::verify_chain`] reads the chain back and finds what a
//! hand with the owner's rights changed, removed or rewrote: against the hashes, the
//! head, the supervisors' signed checkpoints, and (on the desk) the last head this desk
//! saw, kept in its keyring.

use serde::Serialize;
use sha2::{Digest, Sha256};
use ts_rs::TS;

use crate::{Team, TeamError, TeamResult};

/// `prev_hash` of a workspace's first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// An entry as the trail holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TeamAuditEntry {
    #[ts(type = "number")]
    pub seq: i64,
    pub at_utc: String,
    pub member: String,
    pub operation: String,
    pub target: String,
    pub summary: String,
    pub ok: bool,
    pub code: Option<String>,
    pub message: Option<String>,
    #[ts(type = "number | null")]
    pub completes: Option<i64>,
    pub prev_hash: String,
    pub hash: String,
    /// 1: hashed by the desk that wrote it (before migration 0005); 2: by the database.
    pub format: i16,
}

/// What is hashed: every field of an entry but its own hash, the workspace included
/// (an entry moved to another workspace's chain breaks it). Field order is fixed by
/// this struct; serde_json writes it the same on every desk.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Hashed<'a> {
    workspace: &'a str,
    seq: i64,
    at_utc: &'a str,
    member: &'a str,
    operation: &'a str,
    target: &'a str,
    summary: &'a str,
    ok: bool,
    code: Option<&'a str>,
    message: Option<&'a str>,
    completes: Option<i64>,
    prev_hash: &'a str,
}

pub(crate) fn digest(workspace: &str, entry: &TeamAuditEntry) -> String {
    crate::checkpoint::hex(&Sha256::digest(hashed_text(workspace, entry).as_bytes()))
}

/// Exactly the text an entry's hash covers: format 1 the compact JSON of its fields,
/// format 2 `team_entry_hash`'s text. A reader elsewhere (an auditor's dossier)
/// recomputes the hash from it.
pub fn hashed_text(workspace: &str, entry: &TeamAuditEntry) -> String {
    if entry.format == 2 {
        return text_v2(workspace, entry);
    }
    let hashed = Hashed {
        workspace,
        seq: entry.seq,
        at_utc: &entry.at_utc,
        member: &entry.member,
        operation: &entry.operation,
        target: &entry.target,
        summary: &entry.summary,
        ok: entry.ok,
        code: entry.code.as_deref(),
        message: entry.message.as_deref(),
        completes: entry.completes,
        prev_hash: &entry.prev_hash,
    };
    serde_json::to_string(&hashed).unwrap_or_default()
}

/// Format 2, as the database's `team_entry_hash` computes it: each field as its byte
/// length, ':', the field and ';' (a null as '-;'), after the format's own number.
fn text_v2(workspace: &str, e: &TeamAuditEntry) -> String {
    let mut text = String::new();
    let mut field = |value: Option<&str>| match value {
        Some(v) => text.push_str(&format!("{}:{v};", v.len())),
        None => text.push_str("-;"),
    };
    field(Some("2"));
    field(Some(workspace));
    field(Some(&e.seq.to_string()));
    field(Some(&e.at_utc));
    field(Some(&e.member));
    field(Some(&e.operation));
    field(Some(&e.target));
    field(Some(&e.summary));
    field(Some(if e.ok { "true" } else { "false" }));
    field(e.code.as_deref());
    field(e.message.as_deref());
    field(e.completes.map(|c| c.to_string()).as_deref());
    field(Some(&e.prev_hash));
    text
}

/// One place where the trail is not what was written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum TeamBreak {
    /// The entry's fields are not those it was written with.
    Modified {
        #[ts(type = "number")]
        seq: i64,
    },
    /// Entries are missing between two that remain.
    Missing {
        #[ts(type = "number")]
        after: i64,
        #[ts(type = "number")]
        next: i64,
    },
    /// The entry does not follow the one before it.
    NotFollowing {
        #[ts(type = "number")]
        seq: i64,
    },
    /// The chain's head names entries the trail no longer has, or others.
    HeadMismatch {
        #[ts(type = "number")]
        head: i64,
        #[ts(type = "number")]
        last: i64,
    },
    /// A supervisor's checkpoint names a hash the chain no longer has at its
    /// sequence (or an entry it no longer has), or its signature does not hold.
    Checkpoint {
        #[ts(type = "number")]
        seq: i64,
        signer: String,
        #[serde(rename = "signatureHolds")]
        #[ts(rename = "signatureHolds")]
        signature_holds: bool,
    },
}

/// A call whose intent is in the trail without its outcome: sent (or not) while the
/// team could not be told, or still under way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OpenIntent {
    #[ts(type = "number")]
    pub seq: i64,
    pub at_utc: String,
    pub member: String,
    pub operation: String,
    pub target: String,
}

/// One of this member's intents without an outcome, and the desk's key it was written
/// with (none for an intent written without one).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OpenCall {
    pub seq: i64,
    pub at_utc: String,
    pub operation: String,
    pub target: String,
    pub key: Option<String>,
}

/// The chain's last link, as the database's head row says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Head {
    #[ts(type = "number")]
    pub seq: i64,
    pub hash: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamChain {
    pub entries: u32,
    pub breaks: Vec<TeamBreak>,
    /// Intents without an outcome, every one at once: a call under way owes its
    /// outcome as much as one whose answer was lost, and the trail is not whole until
    /// it is written.
    pub open_intents: Vec<OpenIntent>,
    /// Checkpoints whose signature and hash hold.
    pub checkpoints: u32,
    /// The head the chain ends at, for the desk to keep.
    pub head: Head,
}

pub(crate) const COLUMNS: &str = "seq, at_utc, member, operation, target, summary, ok, code, message, completes, prev_hash, hash, format";

impl Team {
    /// A service call's intent, before it leaves: its sequence, and the approval it
    /// uses. The database refuses it when the call needs what the member lacks: the
    /// file's claim for a correction or complementary information (taken or renewed
    /// here), or a supervisor's approval for a cancellation, or a resend past the
    /// team's limit (`NeedsApproval`).
    pub async fn intent(
        &self,
        operation: &str,
        target: &str,
        summary: &str,
    ) -> TeamResult<(i64, Option<i64>)> {
        sqlx::query_as("SELECT seq, approval FROM team_intent($1, $2, $3, $4)")
            .bind(&self.workspace)
            .bind(operation)
            .bind(target)
            .bind(summary)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)
    }

    /// As [`Team::intent`], with the desk's key for the call: asked again with the same
    /// key (the answer was lost), the intent already written is the answer.
    pub async fn intent_keyed(
        &self,
        operation: &str,
        target: &str,
        summary: &str,
        key: &str,
    ) -> TeamResult<(i64, Option<i64>)> {
        sqlx::query_as("SELECT seq, approval FROM team_intent($1, $2, $3, $4, $5)")
            .bind(&self.workspace)
            .bind(operation)
            .bind(target)
            .bind(summary)
            .bind(key)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)
    }

    /// This member's intents without an outcome, with the key each was written with.
    pub async fn my_open_calls(&self) -> TeamResult<Vec<OpenCall>> {
        sqlx::query_as::<_, OpenCall>(
            "SELECT seq, at_utc, operation, target, key FROM team_my_open_calls($1)",
        )
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)
    }

    /// How this member's call of intent `intent` ended (once); `late` when written
    /// from the desk's local log after the team was unreachable. Its sequence.
    pub async fn outcome(
        &self,
        intent: i64,
        ok: bool,
        code: Option<&str>,
        message: Option<&str>,
        late: bool,
    ) -> TeamResult<i64> {
        sqlx::query_scalar("SELECT team_outcome($1, $2, $3, $4, $5, $6)")
            .bind(&self.workspace)
            .bind(intent)
            .bind(ok)
            .bind(code)
            .bind(message)
            .bind(late)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)
    }

    /// Records that this member acknowledged a section's high findings (a team event
    /// of the desk's; the database writes it in the member's name).
    pub async fn acknowledged(&self, document_id: &str, summary: &str) -> TeamResult<i64> {
        sqlx::query_scalar("SELECT team_acknowledged($1, $2, $3)")
            .bind(&self.workspace)
            .bind(document_id)
            .bind(summary)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)
    }

    /// An analyst disposed of a watchlist hit of a file's party (the summary says which,
    /// how and why): an event of the trail, stamped by the database.
    pub async fn hit_disposed(&self, document_id: &str, summary: &str) -> TeamResult<i64> {
        sqlx::query_scalar("SELECT team_hit_disposed($1, $2, $3)")
            .bind(&self.workspace)
            .bind(document_id)
            .bind(summary)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)
    }

    /// How many calls of `operation` on `target` succeeded, by any member.
    pub async fn successes(&self, operation: &str, target: &str) -> TeamResult<u32> {
        let count: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM team_audit_v
             WHERE workspace_id = $1 AND operation = $2 AND lower(target) = lower($3) AND ok
               AND completes IS NOT NULL",
        )
        .bind(&self.workspace)
        .bind(operation)
        .bind(target)
        .fetch_one(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(u32::try_from(count).unwrap_or(u32::MAX))
    }

    /// The chain's head as the database has it.
    pub async fn head(&self) -> TeamResult<Head> {
        let row: Option<(i64, String)> =
            sqlx::query_as("SELECT seq, hash FROM team_head_v WHERE workspace_id = $1")
                .bind(&self.workspace)
                .fetch_optional(&self.pool)
                .await
                .map_err(TeamError::of)?;
        let (seq, hash) = row.unwrap_or((0, GENESIS.to_owned()));
        Ok(Head { seq, hash })
    }

    /// The hash of entry `seq`, if the chain has it.
    pub async fn hash_at(&self, seq: i64) -> TeamResult<Option<String>> {
        sqlx::query_scalar("SELECT hash FROM team_audit_v WHERE workspace_id = $1 AND seq = $2")
            .bind(&self.workspace)
            .bind(seq)
            .fetch_optional(&self.pool)
            .await
            .map_err(TeamError::of)
    }

    /// This member's intents without an outcome (for the desk to complete from its
    /// local log).
    pub async fn my_open_intents(&self) -> TeamResult<Vec<OpenIntent>> {
        sqlx::query_as::<_, OpenIntent>(
            "SELECT seq, at_utc, member, operation, target FROM team_open_intents_v
             WHERE workspace_id = $1 AND member = $2 ORDER BY seq",
        )
        .bind(&self.workspace)
        .bind(self.member())
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)
    }

    /// The latest `limit` entries of the workspace, newest last.
    pub async fn trail(&self, limit: i64) -> TeamResult<Vec<TeamAuditEntry>> {
        let mut entries = sqlx::query_as::<_, TeamAuditEntry>(&format!(
            "SELECT {COLUMNS} FROM team_audit_v WHERE workspace_id = $1 ORDER BY seq DESC LIMIT $2"
        ))
        .bind(&self.workspace)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        entries.reverse();
        Ok(entries)
    }

    /// At most `limit` entries after `seq`, oldest first: what was appended since a desk
    /// last read the trail up to `seq` (a long trail read a page at a time).
    pub async fn trail_after(&self, seq: i64, limit: i64) -> TeamResult<Vec<TeamAuditEntry>> {
        sqlx::query_as::<_, TeamAuditEntry>(&format!(
            "SELECT {COLUMNS} FROM team_audit_v WHERE workspace_id = $1 AND seq > $2 ORDER BY seq LIMIT $3"
        ))
        .bind(&self.workspace)
        .bind(seq)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)
    }

    /// Reads the workspace's whole chain and reports every break: an entry whose hash
    /// is not its fields', one that does not follow the one before, missing sequences,
    /// and a head that names other entries than the last (a deleted tail).
    pub async fn verify_chain(&self) -> TeamResult<TeamChain> {
        let entries = sqlx::query_as::<_, TeamAuditEntry>(&format!(
            "SELECT {COLUMNS} FROM team_audit_v WHERE workspace_id = $1 ORDER BY seq"
        ))
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        let head = self.head().await?;
        let mut breaks = Vec::new();
        let (mut last_seq, mut last_hash) = (0, GENESIS.to_owned());
        for entry in &entries {
            if entry.seq != last_seq + 1 {
                breaks.push(TeamBreak::Missing {
                    after: last_seq,
                    next: entry.seq,
                });
            } else if entry.prev_hash != last_hash {
                breaks.push(TeamBreak::NotFollowing { seq: entry.seq });
            }
            if digest(&self.workspace, entry) != entry.hash {
                breaks.push(TeamBreak::Modified { seq: entry.seq });
            }
            last_seq = entry.seq;
            last_hash.clone_from(&entry.hash);
        }
        if head.seq != last_seq || head.hash != last_hash {
            breaks.push(TeamBreak::HeadMismatch {
                head: head.seq,
                last: last_seq,
            });
        }
        let mut held = 0;
        for checkpoint in self.checkpoints().await? {
            let signature_holds = checkpoint.signature_holds(&self.workspace);
            let hash_holds = entries
                .binary_search_by_key(&checkpoint.seq, |e| e.seq)
                .is_ok_and(|i| entries[i].hash == checkpoint.hash);
            if signature_holds && hash_holds {
                held += 1;
            } else {
                breaks.push(TeamBreak::Checkpoint {
                    seq: checkpoint.seq,
                    signer: checkpoint.signer,
                    signature_holds,
                });
            }
        }
        let open_intents = sqlx::query_as::<_, OpenIntent>(
            "SELECT seq, at_utc, member, operation, target FROM team_open_intents_v
             WHERE workspace_id = $1 ORDER BY seq",
        )
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(TeamChain {
            entries: u32::try_from(entries.len()).unwrap_or(u32::MAX),
            breaks,
            open_intents,
            checkpoints: held,
            head,
        })
    }
}

//! The central audit trail: every state-changing call of every member (an intent
//! before it leaves, the outcome after) and every team event (a claim taken over, a
//! request approved), in an append-only table. Entries form one hash chain per
//! workspace: each holds the SHA-256 of its fields and of the previous entry's hash.
//! An entry is appended under the lock of the chain's head row, so two desks never
//! fork it; the table refuses UPDATE and DELETE (see the migration), and
//! [`Team::verify_chain`] finds what a hand with more rights changed or removed.

use serde::Serialize;
use sha2::{Digest, Sha256};
use ts_rs::TS;

use crate::{Team, TeamError, TeamResult};

/// `prev_hash` of a workspace's first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// What a desk records; the trail adds sequence, time, member and hashes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamEntry {
    /// The service call's route (`/v1/...`), or `team: <event>`.
    pub operation: String,
    /// DocumentId, folio or PersonId the entry concerns.
    pub target: String,
    pub summary: String,
    pub ok: bool,
    /// The error code of a failed call, `intent` while the result is unknown.
    pub code: Option<String>,
    pub message: Option<String>,
    /// The sequence of the intent this entry is the result of.
    pub completes: Option<i64>,
}

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

fn digest(workspace: &str, entry: &TeamAuditEntry) -> String {
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
    Sha256::digest(serde_json::to_vec(&hashed).unwrap_or_default())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
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
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamChain {
    pub entries: u32,
    pub breaks: Vec<TeamBreak>,
}

const COLUMNS: &str = "seq, at_utc, member, operation, target, summary, ok, code, message, completes, prev_hash, hash";

/// The time an entry is written, as it is hashed: UTC to the millisecond.
fn now_utc() -> String {
    jiff::Timestamp::now()
        .round(jiff::Unit::Millisecond)
        .map(|t| t.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string())
        .unwrap_or_default()
}

impl Team {
    /// Appends an entry by this member; its sequence.
    pub async fn append(&self, entry: TeamEntry) -> TeamResult<i64> {
        let mut tx = self.pool.begin().await.map_err(TeamError::of)?;
        let seq = self.append_in(&mut tx, entry).await?;
        tx.commit().await.map_err(TeamError::of)?;
        Ok(seq)
    }

    /// Appends inside a transaction of the caller's (a claim taken over and its entry
    /// are one change): the head row is locked until it commits.
    pub(crate) async fn append_in(
        &self,
        tx: &mut sqlx::PgTransaction<'_>,
        entry: TeamEntry,
    ) -> TeamResult<i64> {
        sqlx::query(
            "INSERT INTO team_audit_head (workspace_id, seq, hash) VALUES ($1, 0, $2)
             ON CONFLICT DO NOTHING",
        )
        .bind(&self.workspace)
        .bind(GENESIS)
        .execute(&mut **tx)
        .await
        .map_err(TeamError::of)?;
        let (last, prev_hash): (i64, String) = sqlx::query_as(
            "SELECT seq, hash FROM team_audit_head WHERE workspace_id = $1 FOR UPDATE",
        )
        .bind(&self.workspace)
        .fetch_one(&mut **tx)
        .await
        .map_err(TeamError::of)?;
        let mut written = TeamAuditEntry {
            seq: last + 1,
            at_utc: now_utc(),
            member: self.member.clone(),
            operation: entry.operation,
            target: entry.target,
            summary: entry.summary,
            ok: entry.ok,
            code: entry.code,
            message: entry.message,
            completes: entry.completes,
            prev_hash,
            hash: String::new(),
        };
        written.hash = digest(&self.workspace, &written);
        sqlx::query(&format!(
            "INSERT INTO team_audit (workspace_id, {COLUMNS})
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
        ))
        .bind(&self.workspace)
        .bind(written.seq)
        .bind(&written.at_utc)
        .bind(&written.member)
        .bind(&written.operation)
        .bind(&written.target)
        .bind(&written.summary)
        .bind(written.ok)
        .bind(&written.code)
        .bind(&written.message)
        .bind(written.completes)
        .bind(&written.prev_hash)
        .bind(&written.hash)
        .execute(&mut **tx)
        .await
        .map_err(TeamError::of)?;
        sqlx::query("UPDATE team_audit_head SET seq = $2, hash = $3 WHERE workspace_id = $1")
            .bind(&self.workspace)
            .bind(written.seq)
            .bind(&written.hash)
            .execute(&mut **tx)
            .await
            .map_err(TeamError::of)?;
        Ok(written.seq)
    }

    /// The latest `limit` entries of the workspace, newest last.
    pub async fn trail(&self, limit: i64) -> TeamResult<Vec<TeamAuditEntry>> {
        let mut entries = sqlx::query_as::<_, TeamAuditEntry>(&format!(
            "SELECT {COLUMNS} FROM team_audit WHERE workspace_id = $1 ORDER BY seq DESC LIMIT $2"
        ))
        .bind(&self.workspace)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        entries.reverse();
        Ok(entries)
    }

    /// How many calls of `operation` on `target` succeeded, by any member.
    pub async fn successes(&self, operation: &str, target: &str) -> TeamResult<u32> {
        let count: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM team_audit
             WHERE workspace_id = $1 AND operation = $2 AND lower(target) = lower($3) AND ok",
        )
        .bind(&self.workspace)
        .bind(operation)
        .bind(target)
        .fetch_one(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(u32::try_from(count).unwrap_or(u32::MAX))
    }

    /// Reads the workspace's whole chain and reports every break: an entry whose hash
    /// is not its fields', one that does not follow the one before, missing sequences,
    /// and a head that names other entries than the last (a deleted tail).
    pub async fn verify_chain(&self) -> TeamResult<TeamChain> {
        let entries = sqlx::query_as::<_, TeamAuditEntry>(&format!(
            "SELECT {COLUMNS} FROM team_audit WHERE workspace_id = $1 ORDER BY seq"
        ))
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        let head: Option<(i64, String)> =
            sqlx::query_as("SELECT seq, hash FROM team_audit_head WHERE workspace_id = $1")
                .bind(&self.workspace)
                .fetch_optional(&self.pool)
                .await
                .map_err(TeamError::of)?;
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
        let (head_seq, head_hash) = head.unwrap_or((0, GENESIS.to_owned()));
        if head_seq != last_seq || head_hash != last_hash {
            breaks.push(TeamBreak::HeadMismatch {
                head: head_seq,
                last: last_seq,
            });
        }
        Ok(TeamChain {
            entries: u32::try_from(entries.len()).unwrap_or(u32::MAX),
            breaks,
        })
    }
}

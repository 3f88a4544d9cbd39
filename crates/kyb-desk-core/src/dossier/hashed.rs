//! What a trail entry's hashed text says, read back: the check compares it with the
//! fields the dossier shows, and the report tells an intent from a failure by its code.
//! Both read it here, so the check and the report agree on one reading.

use super::model::{TrailEntry, TrailKind};
use crate::audit::Record;

/// The fields an entry shows, as its hashed text has them.
struct Hashed {
    seq: i64,
    at_utc: String,
    by: String,
    operation: String,
    summary: String,
    ok: bool,
    /// The outcome's code ("intent" while the result was not known yet).
    code: Option<String>,
    prev_hash: String,
}

/// The outcome's code an entry's hashed text holds: the report tells an intent (written
/// before the call, its result another entry) from a failure by it.
pub(super) fn outcome_code(kind: TrailKind, entry: &TrailEntry) -> Option<String> {
    hashed_fields(kind, entry).and_then(|h| h.code)
}

fn hashed_fields(kind: TrailKind, entry: &TrailEntry) -> Option<Hashed> {
    match kind {
        TrailKind::Local => serde_json::from_str::<Record>(&entry.hashed)
            .ok()
            .map(|r| Hashed {
                seq: i64::from(r.seq),
                at_utc: r.at_utc,
                by: r.agent_email,
                operation: r.operation,
                summary: r.summary,
                ok: r.outcome.ok,
                code: r.outcome.code.map(|c| c.to_string()),
                prev_hash: r.prev_hash,
            }),
        TrailKind::Team => team_fields(&entry.hashed),
    }
}

pub(super) fn fields_match(kind: TrailKind, entry: &TrailEntry) -> bool {
    hashed_fields(kind, entry).is_some_and(|h| {
        h.seq == entry.seq
            && h.at_utc == entry.at_utc
            && h.by == entry.by
            && h.operation == entry.operation
            && h.summary == entry.summary
            && h.ok == entry.ok
            && h.prev_hash == entry.prev_hash
    })
}

/// A team entry's hashed text: format 1 a JSON record, format 2 each field as its
/// byte length, ':', the field and ';' (a null as '-;'): format, workspace, seq, time,
/// member, operation, target, summary, ok, code, message, completes, previous hash.
fn team_fields(text: &str) -> Option<Hashed> {
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
        let s = |k: &str| value.get(k)?.as_str().map(str::to_owned);
        return Some(Hashed {
            seq: value.get("seq")?.as_i64()?,
            at_utc: s("atUtc")?,
            by: s("member")?,
            operation: s("operation")?,
            summary: s("summary")?,
            ok: value.get("ok")?.as_bool()?,
            code: s("code"),
            prev_hash: s("prevHash")?,
        });
    }
    let mut fields: Vec<Option<&str>> = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("-;") {
            fields.push(None);
            rest = after;
            continue;
        }
        let (len, after) = rest.split_once(':')?;
        let len: usize = len.parse().ok()?;
        let value = after.get(..len)?;
        rest = after.get(len..)?.strip_prefix(';')?;
        fields.push(Some(value));
    }
    let field = |i: usize| fields.get(i).copied().flatten().map(str::to_owned);
    if fields.len() != 13 || field(0).as_deref() != Some("2") {
        return None;
    }
    Some(Hashed {
        seq: field(2)?.parse().ok()?,
        at_utc: field(3)?,
        by: field(4)?,
        operation: field(5)?,
        summary: field(7)?,
        ok: field(8)? == "true",
        code: field(9),
        prev_hash: field(12)?,
    })
}

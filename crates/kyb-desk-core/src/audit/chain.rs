//! The log file read as a chain: its lines as entries, each entry's hash, and the chain
//! checked against itself and against the head anchored outside the file.

use std::collections::HashSet;

use super::anchor::{AnchorError, Head};
use super::entry::*;
use crate::hash::sha256_hex;

pub(super) fn digest(record: &Record) -> String {
    sha256_hex(&serde_json::to_vec(record).unwrap_or_default())
}

pub(super) fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The file's lines (bytes: a torn line may end inside a character), without the
/// final newline's empty remainder.
pub(super) fn split_lines(bytes: &[u8]) -> Vec<&[u8]> {
    if bytes.is_empty() {
        return Vec::new();
    }
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    body.split(|b| *b == b'\n').collect()
}

/// Each line as an entry, `None` where it cannot be read.
pub(super) fn parse_lines(bytes: &[u8]) -> Vec<Option<AuditEntry>> {
    split_lines(bytes)
        .into_iter()
        .map(|line| serde_json::from_slice(line).ok().map(AuditEntry::read))
        .collect()
}

pub(super) fn last_entry(lines: &[Option<AuditEntry>]) -> Option<&AuditEntry> {
    lines.iter().rev().flatten().next()
}

pub(super) fn anchor_state(
    loaded: Result<Option<Head>, AnchorError>,
    lines: &[Option<AuditEntry>],
) -> AnchorState {
    let head = match loaded {
        Err(AnchorError::Unreachable(reason)) => return AnchorState::Unavailable { reason },
        Err(AnchorError::Malformed) => return AnchorState::Unreadable,
        Ok(None) => return AnchorState::Missing,
        Ok(Some(head)) => head,
    };
    let last_seq = last_entry(lines).map_or(0, |e| e.record.seq);
    if head.seq > last_seq {
        return AnchorState::Truncated {
            anchored_seq: head.seq,
            last_seq,
        };
    }
    let anchored = lines
        .iter()
        .rev()
        .flatten()
        .find(|e| e.record.seq == head.seq);
    match anchored {
        Some(entry) if entry.hash == head.hash && head.seq < last_seq => AnchorState::Behind {
            anchored_seq: head.seq,
            last_seq,
        },
        Some(entry) if entry.hash == head.hash => AnchorState::Matches,
        _ => AnchorState::Rewritten { seq: head.seq },
    }
}

/// What the anchor found, as a break of the file would be told; `None` when it is
/// no sign of tampering.
pub(super) fn anchor_problem(
    anchor: &AnchorState,
    lines: &[Option<AuditEntry>],
) -> Option<(u32, String)> {
    let after_last = count(lines.len() + 1);
    match anchor {
        AnchorState::Truncated {
            anchored_seq,
            last_seq,
        } => Some((
            after_last,
            format!(
                "faltan entradas al final: el llavero registró la {anchored_seq} y la bitácora termina en la {last_seq}"
            ),
        )),
        AnchorState::Rewritten { seq } => {
            let line = lines
                .iter()
                .rposition(|l| l.as_ref().is_some_and(|e| e.record.seq == *seq))
                .map_or(after_last, |index| count(index + 1));
            Some((
                line,
                format!(
                    "la entrada {seq} no es la que registró el llavero: la cadena se reescribió"
                ),
            ))
        }
        AnchorState::Matches
        | AnchorState::Missing
        | AnchorState::Unavailable { .. }
        | AnchorState::Unreadable
        | AnchorState::Behind { .. } => None,
    }
}

pub(super) fn chain_report(lines: &[Option<AuditEntry>], anchor: AnchorState) -> ChainReport {
    let mut breaks = Vec::new();
    let mut unreadable = 0;
    // What the next entry must follow; unknown right after an unreadable line, which
    // is already a break of its own.
    let mut previous: Option<(u32, &str)> = Some((0, GENESIS));
    for (index, line) in lines.iter().enumerate() {
        let mut broken = |problem: BreakKind| {
            breaks.push(ChainBreak {
                line: count(index + 1),
                problem,
            });
        };
        let Some(entry) = line else {
            unreadable += 1;
            broken(BreakKind::Unreadable);
            previous = None;
            continue;
        };
        let record = &entry.record;
        if entry.hash != digest(record) {
            broken(BreakKind::Modified);
        }
        if let Some((seq, hash)) = previous {
            if record.seq > seq.saturating_add(1) {
                broken(BreakKind::Missing {
                    after: seq,
                    next: record.seq,
                });
            } else if record.seq != seq.saturating_add(1) || record.prev_hash != hash {
                broken(BreakKind::NotFollowing);
            }
        }
        // The stored hash, not a recomputed one: an entry edited in place is one
        // break, not one more for the entry after it.
        previous = Some((record.seq, &entry.hash));
    }
    let (first_broken_line, problem) = match breaks.first() {
        Some(first) => (Some(first.line), Some(first.problem.to_string())),
        None => anchor_problem(&anchor, lines).unzip(),
    };
    ChainReport {
        entries: count(lines.len()) - unreadable,
        unreadable,
        breaks,
        anchor,
        first_broken_line,
        problem,
    }
}

/// The intents no later entry completes, oldest first.
pub(super) fn unresolved(entries: &[AuditEntry]) -> Vec<&AuditEntry> {
    let mut completed = HashSet::new();
    let mut open = Vec::new();
    for entry in entries.iter().rev() {
        if entry.is_intent() && !completed.contains(&entry.record.seq) {
            open.push(entry);
        }
        completed.extend(entry.record.completes);
    }
    open.reverse();
    open
}

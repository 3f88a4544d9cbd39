//! The audit log's entries as CSV.

use super::entry::{AuditEntry, OutcomeCode};
use crate::csv_export;
use crate::error::AppResult;

/// The audit log's entries as CSV, one line per entry with its hashes.
pub fn to_csv(entries: &[AuditEntry]) -> AppResult<String> {
    let header = [
        "seq",
        "at_utc",
        "profile",
        "agent_email",
        "operation",
        "target",
        "summary",
        "ok",
        "code",
        "message",
        "prev_hash",
        "hash",
        "completes",
    ];
    let rows = entries.iter().map(|entry| {
        let r = &entry.record;
        [
            r.seq.to_string(),
            r.at_utc.clone(),
            r.profile.clone(),
            r.agent_email.clone(),
            r.operation.clone(),
            r.target.clone(),
            r.summary.clone(),
            r.outcome.ok.to_string(),
            r.outcome
                .code
                .as_ref()
                .map(OutcomeCode::to_string)
                .unwrap_or_default(),
            r.outcome.message.clone().unwrap_or_default(),
            r.prev_hash.clone(),
            entry.hash.clone(),
            r.completes.map(|seq| seq.to_string()).unwrap_or_default(),
        ]
    });
    csv_export::text(&header, rows)
}

//! A file's history: the one reader that turns the team's trail entries
//! about a file, and its notes, into what changed, from what to what, who and when.
//! The database writes the changes as "old → new" ('—' for none; migration 0009, and
//! 0006's "asignado: a → b" with 'cola' for the queue); notes are their own rows.
//! One person on one desk has no team: their file's history is read from the desk's
//! own audit log (the service calls' outcomes and the findings acknowledged).

use kyb_team::{Note, TeamAuditEntry};
use serde::Serialize;
use ts_rs::TS;

use super::{Desk, team_error};
use crate::audit::{Action, AuditEntry, DeskEvent};
use crate::desk::review::{SaidAcknowledgement, read_acknowledged};
use crate::dossier::local::concerns;
use crate::error::AppResult;
use crate::sent_summary::{
    SaidComplementary, SaidCorrection, SaidEnrollmentLink, read_complementary, read_correction,
    read_enrollment_link,
};

/// What changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum HistoryWhat {
    Assignee,
    Status,
    Claim,
    Note,
    /// A section's decision sent to the service (a correction, complementary
    /// information): `new` is its summary, `old` none.
    Decision,
    /// High findings acknowledged before a section was accepted.
    Approval,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct HistoryItem {
    /// RFC 3339, UTC.
    pub at: String,
    pub who: String,
    pub what: HistoryWhat,
    pub old: Option<String>,
    pub new: Option<String>,
    /// The trail entry's sequence and hash; none for a note (its own row).
    #[ts(type = "number | null")]
    pub seq: Option<i64>,
    pub hash: Option<String>,
    /// What a decision's or an acknowledgement's summary says, read back from the words
    /// the desk writes (beside their writers), for the window to say it in the user's
    /// language; none for a text of another shape, shown as written.
    pub said: Option<EntryWords>,
}

/// A summary read back, by what it records.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum EntryWords {
    Acknowledged(SaidAcknowledgement),
    Correction(SaidCorrection),
    Complementary(SaidComplementary),
    EnrollmentLink(SaidEnrollmentLink),
}

/// What `summary` of an item of `what` says, when it is of a shape the desk writes.
fn said(what: &HistoryWhat, summary: Option<&str>) -> Option<EntryWords> {
    let summary = summary?;
    match what {
        HistoryWhat::Approval => read_acknowledged(summary).map(EntryWords::Acknowledged),
        HistoryWhat::Decision => read_correction(summary)
            .map(EntryWords::Correction)
            .or_else(|| read_complementary(summary).map(EntryWords::Complementary))
            .or_else(|| read_enrollment_link(summary).map(EntryWords::EnrollmentLink)),
        _ => None,
    }
}

/// "a → b" as (old, new); '—' (and 0006's 'cola') is none.
fn old_new(text: &str) -> Option<(Option<String>, Option<String>)> {
    let (old, new) = text.split_once(" → ")?;
    let side = |s: &str| {
        let s = s.trim();
        (!s.is_empty() && s != "—" && s != "cola").then(|| s.to_owned())
    };
    Some((side(old), side(new)))
}

fn item(entry: &TeamAuditEntry) -> Option<HistoryItem> {
    let (what, old, new) = match entry.operation.strip_prefix("team: ") {
        Some("claimed") => {
            let (old, new) = old_new(&entry.summary)?;
            (HistoryWhat::Claim, old, new)
        }
        Some("status") => {
            let (old, new) = old_new(&entry.summary)?;
            (HistoryWhat::Status, old, new)
        }
        Some("assigned") => {
            let text = entry
                .summary
                .strip_prefix("asignado: ")
                .unwrap_or(&entry.summary);
            let (old, new) = old_new(text)?;
            (HistoryWhat::Assignee, old, new)
        }
        Some("findings-acknowledged") => (HistoryWhat::Approval, None, Some(entry.summary.clone())),
        // Other events (a claim's reason, members, checkpoints) are not a file's change
        // or are said by the entries above.
        Some(_) => return None,
        // A call to the service: its outcome (not the intent written before it left),
        // when it went through.
        None if entry.completes.is_some() && entry.ok => {
            (HistoryWhat::Decision, None, Some(entry.summary.clone()))
        }
        None => return None,
    };
    Some(HistoryItem {
        at: entry.at_utc.clone(),
        who: entry.member.clone(),
        said: said(&what, new.as_deref()),
        what,
        old,
        new,
        seq: Some(entry.seq),
        hash: Some(entry.hash.clone()),
    })
}

/// The history of a file from its trail entries and notes, oldest first.
pub fn history(entries: &[TeamAuditEntry], notes: &[Note]) -> Vec<HistoryItem> {
    let mut items: Vec<HistoryItem> = entries.iter().filter_map(item).collect();
    items.extend(notes.iter().map(|note| HistoryItem {
        at: note.at.clone(),
        who: note.member.clone(),
        what: HistoryWhat::Note,
        old: None,
        new: Some(note.body.clone()),
        seq: None,
        hash: None,
        said: None,
    }));
    // Times of one format compare as text; a note and an entry of one second keep
    // their order (the sort is stable).
    items.sort_by(|a, b| a.at.get(..19).cmp(&b.at.get(..19)));
    items
}

/// The history of a file on one desk, from its audit log (`entries` in file order):
/// each service call's outcome when it went through, and the findings acknowledged.
pub fn local_history(entries: &[AuditEntry], document_id: &str) -> Vec<HistoryItem> {
    let acknowledged = Action::Desk(DeskEvent::FindingsAcknowledged).label();
    entries
        .iter()
        .filter(|entry| concerns(entry, document_id))
        .filter_map(|entry| {
            let record = &entry.record;
            let what = if record.operation == acknowledged {
                HistoryWhat::Approval
            } else if record.completes.is_some() && record.outcome.ok {
                HistoryWhat::Decision
            } else {
                return None;
            };
            Some(HistoryItem {
                at: record.at_utc.clone(),
                who: record.agent_email.clone(),
                said: said(&what, Some(&record.summary)),
                what,
                old: None,
                new: Some(record.summary.clone()),
                seq: Some(i64::from(record.seq)),
                hash: Some(entry.hash.clone()),
            })
        })
        .collect()
}

impl Desk {
    /// The history of the file `document_id`: from the team's trail and notes, or on
    /// one desk from its own audit log.
    pub async fn file_history(&self, document_id: &str) -> AppResult<Vec<HistoryItem>> {
        let profile = self.active_profile()?;
        let Some(team) = self.team_if_any(&profile).await? else {
            return Ok(local_history(&self.audit_entries()?.entries, document_id));
        };
        let entries = team.file_trail(document_id).await.map_err(team_error)?;
        let notes = team.notes(document_id).await.map_err(team_error)?;
        Ok(history(&entries, &notes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(seq: i64, at: &str, operation: &str, summary: &str) -> TeamAuditEntry {
        TeamAuditEntry {
            seq,
            at_utc: at.to_owned(),
            member: "ana".to_owned(),
            operation: operation.to_owned(),
            target: "doc".to_owned(),
            summary: summary.to_owned(),
            ok: true,
            code: None,
            message: None,
            completes: None,
            prev_hash: String::new(),
            hash: format!("h{seq}"),
            format: 2,
        }
    }

    #[test]
    fn changes_read_with_old_and_new_and_notes_in_their_place() {
        let mut intent = entry(
            5,
            "2025-06-01T10:04:00.000Z",
            "POST /expedientes/solicitar-correccion",
            "doc / acta",
        );
        intent.ok = false;
        intent.code = Some("intent".to_owned());
        let mut sent = intent.clone();
        (sent.seq, sent.ok, sent.code, sent.completes) = (6, true, None, Some(5));
        sent.at_utc = "2025-06-01T10:05:00.000Z".to_owned();
        let mut failed = sent.clone();
        (failed.seq, failed.ok, failed.completes) = (7, false, Some(4));
        let entries = [
            entry(
                1,
                "2025-06-01T10:00:00.000Z",
                "team: assigned",
                "asignado: cola → ana",
            ),
            entry(
                2,
                "2025-06-01T10:01:00.000Z",
                "team: status",
                "Pendiente → Validado",
            ),
            entry(3, "2025-06-01T10:02:00.000Z", "team: claimed", "— → ana"),
            entry(
                4,
                "2025-06-01T10:02:00.000Z",
                "team: claim-taken-over",
                "reclamado a beto: x",
            ),
            intent,
            sent,
            failed,
            entry(
                8,
                "2025-06-01T10:06:00.000Z",
                "team: findings-acknowledged",
                "acta: 2 hallazgos",
            ),
            entry(9, "2025-06-01T10:07:00.000Z", "team: claimed", "ana → —"),
            entry(
                10,
                "2025-06-01T10:08:00.000Z",
                "team: status",
                "texto sin flecha",
            ),
        ];
        let notes = [Note {
            id: 1,
            member: "beto".to_owned(),
            at: "2025-06-01T10:03:00Z".to_owned(),
            body: "@ana mira".to_owned(),
        }];
        let got = history(&entries, &notes);
        let seen: Vec<_> = got
            .iter()
            .map(|i| (i.what.clone(), i.old.as_deref(), i.new.as_deref(), i.seq))
            .collect();
        assert_eq!(
            seen,
            [
                (HistoryWhat::Assignee, None, Some("ana"), Some(1)),
                (
                    HistoryWhat::Status,
                    Some("Pendiente"),
                    Some("Validado"),
                    Some(2)
                ),
                (HistoryWhat::Claim, None, Some("ana"), Some(3)),
                (HistoryWhat::Note, None, Some("@ana mira"), None),
                (HistoryWhat::Decision, None, Some("doc / acta"), Some(6)),
                (
                    HistoryWhat::Approval,
                    None,
                    Some("acta: 2 hallazgos"),
                    Some(8)
                ),
                (HistoryWhat::Claim, Some("ana"), None, Some(9)),
            ]
        );
        assert_eq!(got[0].hash.as_deref(), Some("h1"));
        assert_eq!(got[3].who, "beto");
    }

    fn local(
        seq: u32,
        operation: &str,
        target: &str,
        ok: bool,
        completes: Option<u32>,
    ) -> AuditEntry {
        AuditEntry::new(
            crate::audit::Record {
                seq,
                at_utc: format!("2025-06-01T10:0{seq}:00Z"),
                profile: "Producción".into(),
                agent_email: "ana@example.mx".into(),
                operation: operation.into(),
                target: target.into(),
                summary: format!("s{seq}"),
                outcome: crate::audit::Outcome {
                    ok,
                    code: None,
                    message: None,
                },
                completes,
                about: None,
                prev_hash: String::new(),
            },
            format!("h{seq}"),
        )
    }

    #[test]
    fn one_desk_reads_its_audit_log() {
        // DocumentIds as the service writes them (a text target is read as one only then).
        const FILE: &str = "0b4c1f2e-8d3a-4c55-9e21-7a6b5c4d3e2f";
        const OTHER: &str = "1b4c1f2e-8d3a-4c55-9e21-7a6b5c4d3e2f";
        let correction = "POST /expedientes/solicitar-correccion";
        let entries = [
            local(1, correction, FILE, false, None),
            local(2, correction, FILE, true, Some(1)),
            local(3, correction, OTHER, true, Some(1)),
            local(4, correction, FILE, false, Some(1)),
            local(5, "desk: findings-acknowledged", FILE, true, None),
            local(6, "desk: dossier-exported", FILE, true, None),
        ];
        let got = local_history(&entries, &FILE.to_uppercase());
        let seen: Vec<_> = got
            .iter()
            .map(|i| (i.what.clone(), i.new.as_deref(), i.seq, i.hash.as_deref()))
            .collect();
        assert_eq!(
            seen,
            [
                (HistoryWhat::Decision, Some("s2"), Some(2), Some("h2")),
                (HistoryWhat::Approval, Some("s5"), Some(5), Some("h5")),
            ]
        );
        assert_eq!(got[0].who, "ana@example.mx");
        assert!(local_history(&entries, "otro").is_empty());
    }
}

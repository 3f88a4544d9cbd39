//! What a team's trail gives a dossier: the file's entries whole (with the text each
//! hash covers, `kyb_team::hashed_text`), the chain's links from the first of them to
//! the head, the latest supervisor's checkpoint whose signature holds, the findings
//! acknowledged, and the notes.

use kyb_team::{Checkpoint, Head, Note, TeamAuditEntry};

use super::model::{
    Acknowledged, Link, NoteItem, Notes, SignedCheckpoint, Trail, TrailEntry, TrailKind,
};

/// The team trail's name for an acknowledgement (`desk::ACKNOWLEDGED`'s words).
const ACKNOWLEDGED: &str = "team: findings-acknowledged";

fn entry(workspace: &str, e: &TeamAuditEntry) -> TrailEntry {
    TrailEntry {
        seq: e.seq,
        at_utc: e.at_utc.clone(),
        by: e.member.clone(),
        operation: e.operation.clone(),
        summary: e.summary.clone(),
        ok: e.ok,
        prev_hash: e.prev_hash.clone(),
        hash: e.hash.clone(),
        hashed: kyb_team::hashed_text(workspace, e),
    }
}

/// The file's part of the trail. `file` are its entries (oldest first), `chain` the
/// trail's entries from the first of them on (or the whole trail).
pub fn trail(
    workspace: &str,
    file: &[TeamAuditEntry],
    chain: &[TeamAuditEntry],
    head: &Head,
    checkpoints: &[Checkpoint],
) -> Trail {
    let first = file
        .first()
        .map_or(head.seq, |e| e.seq)
        .min(checkpoints.last().map_or(i64::MAX, |c| c.seq));
    let links = chain
        .iter()
        .filter(|e| e.seq >= first)
        .map(|e| Link {
            seq: e.seq,
            prev_hash: e.prev_hash.clone(),
            hash: e.hash.clone(),
        })
        .collect();
    let checkpoint = checkpoints
        .iter()
        .rev()
        .find(|c| c.signature_holds(workspace))
        .map(|c| SignedCheckpoint {
            seq: c.seq,
            hash: c.hash.clone(),
            signer: c.signer.clone(),
            at: c.at.clone(),
            public_key: c.public_key.clone(),
            signature: c.signature.clone(),
        });
    Trail {
        kind: TrailKind::Team,
        workspace: Some(workspace.to_owned()),
        entries: file.iter().map(|e| entry(workspace, e)).collect(),
        links,
        head: Link {
            seq: head.seq,
            prev_hash: String::new(),
            hash: head.hash.clone(),
        },
        anchor: None,
        checkpoint,
    }
}

pub fn acknowledged(file: &[TeamAuditEntry]) -> Vec<Acknowledged> {
    file.iter()
        .filter(|e| e.operation == ACKNOWLEDGED)
        .map(|e| Acknowledged {
            trail_seq: e.seq,
            at_utc: e.at_utc.clone(),
            by: e.member.clone(),
            summary: e.summary.clone(),
        })
        .collect()
}

pub fn notes(notes: &[Note]) -> Notes {
    Notes {
        kept: true,
        statement: if notes.is_empty() {
            "El equipo no tiene notas de este expediente.".into()
        } else {
            format!("Notas del equipo: {}.", notes.len())
        },
        items: notes
            .iter()
            .map(|n| NoteItem {
                at_utc: n.at.clone(),
                author: n.member.clone(),
                text: n.body.clone(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use kyb_team::{CheckpointKey, GENESIS};

    use super::*;
    use crate::dossier::{archive, verify};
    use crate::hash::sha256_hex;

    /// A chain of `n` entries of the workspace, hashed as the database hashes them
    /// (format 2), every other one about the file.
    fn chain(workspace: &str, n: i64) -> Vec<TeamAuditEntry> {
        let mut out: Vec<TeamAuditEntry> = Vec::new();
        for seq in 1..=n {
            let mut e = TeamAuditEntry {
                seq,
                at_utc: format!("2026-11-26T10:00:0{seq}Z"),
                member: "marta.núñez".into(),
                operation: if seq == 2 {
                    ACKNOWLEDGED.into()
                } else {
                    "POST /expedientes/correccion".into()
                },
                target: if seq % 2 == 0 { "DOC-1" } else { "DOC-2" }.into(),
                summary: format!("entrada {seq} ¿sí?"),
                ok: true,
                code: None,
                message: None,
                completes: None,
                prev_hash: out.last().map_or(GENESIS.to_owned(), |p| p.hash.clone()),
                hash: String::new(),
                format: 2,
            };
            e.hash = sha256_hex(kyb_team::hashed_text(workspace, &e).as_bytes());
            out.push(e);
        }
        out
    }

    #[test]
    fn a_team_s_trail_and_checkpoint_check_in_a_dossier() {
        let (_dir, mut dossier, _) = crate::dossier::tests::built();
        let all = chain("equipo-1", 6);
        let file: Vec<TeamAuditEntry> = all
            .iter()
            .filter(|e| e.target == "DOC-1")
            .cloned()
            .collect();
        let last = all.last().expect("entries");
        let head = Head {
            seq: last.seq,
            hash: last.hash.clone(),
        };
        let (key, _) = CheckpointKey::generate().expect("a key");
        let signed = |seq: i64, hash: &str| Checkpoint {
            seq,
            hash: hash.to_owned(),
            signer: "supervisora".into(),
            at: "2026-11-26T11:00:00Z".into(),
            public_key: key.public_hex(),
            signature: key.sign_hex(&kyb_team::checkpoint_message("equipo-1", seq, hash)),
        };
        let checkpoint = signed(5, &all[4].hash);
        dossier.trail = trail("equipo-1", &file, &all, &head, &[checkpoint]);
        dossier.acknowledged = acknowledged(&file);
        dossier.notes = notes(&[]);
        assert_eq!(dossier.trail.entries.len(), 3);
        assert_eq!(dossier.acknowledged.len(), 1);
        assert!(dossier.trail.checkpoint.is_some());
        let check = verify(&archive::build(&dossier).expect("built").bytes);
        assert!(check.holds(), "{:?}", check.problems);

        // A checkpoint forged with another key is not shown; one whose hash the chain
        // lacks is caught.
        let mut forged = dossier.clone();
        if let Some(c) = forged.trail.checkpoint.as_mut() {
            c.hash = "e".repeat(64);
        }
        let check = verify(&archive::build(&forged).expect("built").bytes);
        assert_eq!(
            check.problems,
            [crate::dossier::DossierProblem::Checkpoint {
                signature_holds: false
            }]
        );
    }
}

//! The dossier's check, as `docs/DOSSIER.md` tells an auditor to make it by hand:
//! the members against `SHA256SUMS`; the PDF against the JSON (drawn again); each trail
//! entry's hash recomputed from the text it hashes, and that text's fields against
//! those shown; the chain's links from the file's entries to the head; a team's signed
//! checkpoint. The dossier's digest is reported for the last step, which needs the
//! trail: the export's entry there must name the same digest.

use serde::Serialize;
use ts_rs::TS;

use super::archive::{self, JSON, Member, PDF, SUMS};
use super::hashed::fields_match;
use super::model::{Dossier, FORMAT, Trail};
use super::report;
use crate::audit::GENESIS;
use crate::hash::sha256_hex;

/// What is wrong with a dossier; the window words it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DossierProblem {
    /// Not a ZIP, or a member that cannot be read.
    Unreadable {
        reason: String,
    },
    MissingMember {
        name: String,
    },
    /// A member that is not one of the dossier's.
    ExtraMember {
        name: String,
    },
    /// A member's SHA-256 is not the one `SHA256SUMS` lists.
    SumMismatch {
        name: String,
    },
    /// The JSON is not a dossier of a known format.
    NotADossier {
        reason: String,
    },
    /// The PDF is not the JSON's report.
    PdfNotFromJson,
    /// A trail entry's hash is not the SHA-256 of what it hashes.
    EntryHash {
        seq: i64,
    },
    /// A trail entry shows other fields than those it hashes.
    EntryFields {
        seq: i64,
    },
    /// A trail entry is not in the chain's links.
    EntryNotInChain {
        seq: i64,
    },
    /// The links do not follow one another.
    ChainBroken {
        seq: i64,
    },
    /// The last link is not the head.
    HeadMismatch,
    /// The checkpoint's signature does not hold, or the chain lacks its entry.
    Checkpoint {
        signature_holds: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DossierCheck {
    /// SHA-256 of `SHA256SUMS`: what the trail's export entry must name.
    pub digest: Option<String>,
    pub document_id: Option<String>,
    /// Trail entries whose hash was recomputed.
    pub entries_checked: u32,
    pub problems: Vec<DossierProblem>,
}

impl DossierCheck {
    /// Nothing in the dossier contradicts itself (its digest still has to be found in
    /// the trail).
    pub fn holds(&self) -> bool {
        self.problems.is_empty()
    }
}

fn member<'a>(members: &'a [Member], name: &str) -> Option<&'a [u8]> {
    members
        .iter()
        .find(|m| m.name == name)
        .map(|m| m.bytes.as_slice())
}

/// Checks a dossier's ZIP.
pub fn verify(bytes: &[u8]) -> DossierCheck {
    let mut check = DossierCheck {
        digest: None,
        document_id: None,
        entries_checked: 0,
        problems: Vec::new(),
    };
    let members = match archive::members(bytes) {
        Ok(members) => members,
        Err(reason) => {
            check.problems.push(DossierProblem::Unreadable { reason });
            return check;
        }
    };
    // A document is one of the dossier's only when its JSON names it (checked below).
    for m in &members {
        if ![JSON, PDF, SUMS].contains(&m.name.as_str()) && !archive::is_document_name(&m.name) {
            check.problems.push(DossierProblem::ExtraMember {
                name: m.name.clone(),
            });
        }
    }
    let (Some(json), Some(pdf), Some(sums)) = (
        member(&members, JSON),
        member(&members, PDF),
        member(&members, SUMS),
    ) else {
        for name in [JSON, PDF, SUMS] {
            if member(&members, name).is_none() {
                check.problems.push(DossierProblem::MissingMember {
                    name: name.to_owned(),
                });
            }
        }
        return check;
    };
    check.digest = Some(sha256_hex(sums));
    check.problems.extend(check_sums(sums, json, pdf));
    let dossier: Dossier = match serde_json::from_slice(json) {
        Ok(d) => d,
        Err(e) => {
            check.problems.push(DossierProblem::NotADossier {
                reason: e.to_string(),
            });
            return check;
        }
    };
    check.document_id = Some(dossier.file.document_id.clone());
    if dossier.format != FORMAT {
        check.problems.push(DossierProblem::NotADossier {
            reason: format!("formato desconocido: {}", dossier.format),
        });
        return check;
    }
    if report::pdf(&dossier) != pdf {
        check.problems.push(DossierProblem::PdfNotFromJson);
    }
    check
        .problems
        .extend(check_documents(&dossier, &members, sums));
    check.entries_checked = u32::try_from(dossier.trail.entries.len()).unwrap_or(u32::MAX);
    check.problems.extend(check_trail(&dossier.trail));
    check
}

/// Each member against its line of `SHA256SUMS`; a member the file does not list is
/// a mismatch too.
fn check_sums(sums: &[u8], json: &[u8], pdf: &[u8]) -> Vec<DossierProblem> {
    let text = String::from_utf8_lossy(sums);
    let listed = |name: &str| {
        text.lines().find_map(|line| {
            let (hash, file) = line.split_once("  ")?;
            (file == name).then(|| hash.trim().to_lowercase())
        })
    };
    [(JSON, json), (PDF, pdf)]
        .into_iter()
        .filter(|(name, bytes)| listed(name) != Some(sha256_hex(bytes)))
        .map(|(name, _)| DossierProblem::SumMismatch {
            name: name.to_owned(),
        })
        .collect()
}

/// The documents included: each one the JSON names is in the ZIP, its bytes hashing to
/// both the JSON's SHA-256 and its line of `SHA256SUMS`; a document member the JSON
/// does not name is one too many.
fn check_documents(dossier: &Dossier, members: &[Member], sums: &[u8]) -> Vec<DossierProblem> {
    let text = String::from_utf8_lossy(sums);
    let listed = |name: &str| {
        text.lines().find_map(|line| {
            let (hash, file) = line.split_once("  ")?;
            (file == name).then(|| hash.trim().to_lowercase())
        })
    };
    let mut problems = Vec::new();
    for doc in &dossier.documents {
        let Some(name) = doc.member.as_deref() else {
            continue;
        };
        match members.iter().find(|m| m.name == name) {
            None => problems.push(DossierProblem::MissingMember {
                name: name.to_owned(),
            }),
            Some(m) => {
                let hashed = m.sha256.as_deref();
                if hashed.is_none()
                    || hashed != doc.sha256.as_deref()
                    || listed(name).as_deref() != hashed
                {
                    problems.push(DossierProblem::SumMismatch {
                        name: name.to_owned(),
                    });
                }
            }
        }
    }
    for m in members
        .iter()
        .filter(|m| archive::is_document_name(&m.name))
    {
        if !dossier
            .documents
            .iter()
            .any(|d| d.member.as_deref() == Some(m.name.as_str()))
        {
            problems.push(DossierProblem::ExtraMember {
                name: m.name.clone(),
            });
        }
    }
    problems
}

fn check_trail(trail: &Trail) -> Vec<DossierProblem> {
    let mut problems = Vec::new();
    for entry in &trail.entries {
        if sha256_hex(entry.hashed.as_bytes()) != entry.hash {
            problems.push(DossierProblem::EntryHash { seq: entry.seq });
        }
        if !fields_match(trail.kind, entry) {
            problems.push(DossierProblem::EntryFields { seq: entry.seq });
        }
        let linked = trail
            .links
            .iter()
            .any(|l| l.seq == entry.seq && l.hash == entry.hash && l.prev_hash == entry.prev_hash);
        if !linked {
            problems.push(DossierProblem::EntryNotInChain { seq: entry.seq });
        }
    }
    for pair in trail.links.windows(2) {
        if pair[1].seq != pair[0].seq + 1 || pair[1].prev_hash != pair[0].hash {
            problems.push(DossierProblem::ChainBroken { seq: pair[1].seq });
        }
    }
    if let Some(first) = trail.links.first()
        && first.seq == 1
        && first.prev_hash != GENESIS
    {
        problems.push(DossierProblem::ChainBroken { seq: 1 });
    }
    let ends_at_head = trail.links.last().map_or(trail.head.seq == 0, |last| {
        last.seq == trail.head.seq && last.hash == trail.head.hash
    });
    if !ends_at_head {
        problems.push(DossierProblem::HeadMismatch);
    }
    if let Some(checkpoint) = &trail.checkpoint {
        let signed = kyb_team::Checkpoint {
            seq: checkpoint.seq,
            hash: checkpoint.hash.clone(),
            signer: checkpoint.signer.clone(),
            at: checkpoint.at.clone(),
            public_key: checkpoint.public_key.clone(),
            signature: checkpoint.signature.clone(),
        };
        let signature_holds = signed.signature_holds(trail.workspace.as_deref().unwrap_or(""));
        let in_chain = trail
            .links
            .iter()
            .any(|l| l.seq == checkpoint.seq && l.hash == checkpoint.hash);
        if !signature_holds || !in_chain {
            problems.push(DossierProblem::Checkpoint { signature_holds });
        }
    }
    problems
}

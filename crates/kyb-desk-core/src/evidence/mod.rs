//! A section's evidence: what the analyst decides on, beside the decision. For every
//! section of a file it gathers, from the version-2 detail and the tracking, the
//! documents that belong to it, the entities it concerns with every provided-vs-
//! authority mismatch, each document's validations, the persons' biometric results, the
//! branch's photos and the deed's powers and shareholders; and it turns every failed
//! check into a typed [`Finding`] with a [`Severity`]. The window receives all of it as
//! data ([`FileEvidence`]) and only words it.
//!
//! Which documents and entities a section covers is decided once, in [`rules`]; a
//! section that no rule covers has "no evidence known" ([`EvidenceRule::NoneKnown`]),
//! never an error. The documents' bytes come through [`files`].

pub mod checks;
pub mod files;
mod finding;
mod findings;
pub mod identity;
pub mod judge;
pub mod owners;
pub mod rules;
pub mod unreadable;

use kyb_api::file::{SectionId, SectionStatus};
use kyb_api::models::detail::DetailV2;
use kyb_api::models::tracking::Tracking;
use serde::Serialize;
use ts_rs::TS;

pub use checks::{CheckedField, EntityEvidence, MAX_PHOTOS, Mismatch};
pub(crate) use finding::OwnFinding;
pub use finding::{Finding, FindingKind, Severity, Target, source_of};
pub use identity::CheckContext;
pub use owners::Ownership;
pub use rules::EvidenceRule;

/// The evidence of one section.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SectionEvidence {
    /// The section identifier, as tracking and the detail spell it.
    pub section: String,
    pub rule: EvidenceRule,
    /// Indices into the detail's `Documentos`.
    pub documents: Vec<u32>,
    /// Indices into the detail's `Entidades`.
    pub entities: Vec<u32>,
    /// Whether the deed's powers and shareholders belong to this section's evidence.
    pub deed: bool,
    /// Most severe first.
    pub findings: Vec<Finding>,
    /// Accepting it asks for an explicit acknowledgement of its high findings.
    pub needs_acknowledgement: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DocumentFile {
    /// The handle of its `Archivo.URL` for [`files`]; none when it has no address.
    pub file: Option<String>,
}

/// The whole file's risk at a glance. A finding is counted once however many sections
/// show it (the deed's in its section and in the powers'; the opinion in its own and in
/// tax information).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RiskSummary {
    pub high: u32,
    pub medium: u32,
    pub low: u32,
    /// The most severe finding's severity; none when nothing was found.
    pub level: Option<Severity>,
    /// Sections with at least one finding.
    pub sections_flagged: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FileEvidence {
    /// The tracked sections first, in tracking's order, then any other section of
    /// the detail's `Secciones`.
    pub sections: Vec<SectionEvidence>,
    /// Per entity of `Entidades`, in its order.
    pub entities: Vec<EntityEvidence>,
    /// Per document of `Documentos`, in its order.
    pub documents: Vec<DocumentFile>,
    /// Findings of documents no section covers (a kind of document the rules do not
    /// know, or one of a section with no evidence known): said at the file's level, so
    /// nothing found is hidden.
    pub unassigned: Vec<Finding>,
    pub summary: RiskSummary,
    /// The deed's owners and officers, when a deed has them.
    pub ownership: Option<Ownership>,
    /// Every watchlist hit of the file's parties, those disposed of as false positives
    /// too (the dossier lists them all).
    pub hits: Vec<crate::screening::screen::Hit>,
}

impl FileEvidence {
    pub fn section(&self, section: &str) -> Option<&SectionEvidence> {
        self.sections.iter().find(|s| s.section == section)
    }
}

/// Gathers the evidence of every section of a file. `handle` names a file address for
/// [`files`] (the desk registers it); a file with no version 2 has `detail` none, and
/// every section then has no evidence known but tracking's own status.
pub fn gather(
    detail: Option<&DetailV2>,
    tracking: Option<&Tracking>,
    ctx: &CheckContext,
    mut handle: impl FnMut(&str) -> String,
) -> FileEvidence {
    let empty = DetailV2::default();
    let detail = detail.unwrap_or(&empty);
    let mut names: Vec<(String, Option<SectionStatus>)> = tracking
        .map(|t| {
            t.sections()
                .into_iter()
                .map(|s| (s.section, Some(s.status)))
                .collect()
        })
        .unwrap_or_default();
    for raw in &detail.secciones {
        let id = SectionId::parse(raw);
        // A limit suffix is a rule about the section, not a section of its own.
        if id.limit.is_some() || id.name.is_empty() {
            continue;
        }
        if !names.iter().any(|(n, _)| n.eq_ignore_ascii_case(&id.name)) {
            names.push((id.name, None));
        }
    }
    let entities: Vec<EntityEvidence> = detail
        .entidades
        .iter()
        .map(|entity| {
            let addresses: Vec<&String> = entity
                .datos
                .as_ref()
                .map(|d| {
                    d.imagenes_interiores
                        .iter()
                        .chain(&d.imagenes_exteriores)
                        .filter(|url| !url.trim().is_empty())
                        .collect()
                })
                .unwrap_or_default();
            EntityEvidence {
                mismatches: checks::mismatches(entity),
                more_photos: addresses.len().saturating_sub(MAX_PHOTOS) as u32,
                photos: addresses
                    .into_iter()
                    .take(MAX_PHOTOS)
                    .map(|url| handle(url))
                    .collect(),
            }
        })
        .collect();
    let documents: Vec<DocumentFile> = detail
        .documentos
        .iter()
        .map(|doc| DocumentFile {
            file: doc
                .archivo
                .as_ref()
                .and_then(|a| a.url.as_deref())
                .filter(|url| !url.trim().is_empty())
                .map(&mut handle),
        })
        .collect();
    let mut own = identity::own_findings(detail, ctx);
    let hits = match &ctx.screening {
        Some(screening) => {
            let (hits, found) = crate::screening::screen::screen(
                detail,
                &screening.lists,
                &screening.dispositions,
                ctx.rules.screening_threshold_percent,
            );
            own.extend(found);
            hits
        }
        None => Vec::new(),
    };
    let sections: Vec<SectionEvidence> = names
        .into_iter()
        .map(|(name, status)| {
            let id = SectionId::parse(&name);
            let rule = EvidenceRule::of(&id);
            let covered = rules::covered(rule, detail);
            let findings =
                findings::of_section(rule, &covered, detail, &entities, &own, status.as_ref());
            SectionEvidence {
                section: name,
                rule,
                needs_acknowledgement: findings.iter().any(|f| f.severity == Severity::High),
                documents: covered.documents,
                entities: covered.entities,
                deed: covered.deed,
                findings,
            }
        })
        .collect();
    let covered: std::collections::HashSet<u32> = sections
        .iter()
        .flat_map(|s| s.documents.iter().copied())
        .collect();
    let mut unassigned = findings::of_unassigned(detail, &covered);
    unassigned.extend(
        own.iter()
            .filter(|(target, _)| *target == Target::File)
            .map(|(_, f)| f.clone()),
    );
    let summary = summarize(&sections, &unassigned);
    FileEvidence {
        sections,
        entities,
        documents,
        unassigned,
        summary,
        ownership: owners::of_file(detail, f64::from(ctx.rules.owner_threshold_percent)),
        hits,
    }
}

pub(crate) fn summarize(sections: &[SectionEvidence], unassigned: &[Finding]) -> RiskSummary {
    let mut summary = RiskSummary::default();
    let mut counted = std::collections::HashSet::new();
    let all = sections
        .iter()
        .flat_map(|s| s.findings.iter().map(move |f| (Some(&s.section), f)))
        .chain(unassigned.iter().map(|f| (None, f)));
    for (section, finding) in all {
        // One thing found is one finding: the same document's or entity's finding shown
        // in two sections counts once. A section's own (no document, no entity) is its.
        let key = (
            finding.kind,
            finding.document,
            finding.entity,
            (finding.document.is_none() && finding.entity.is_none()).then_some(section),
            // Two shareholders' findings of one kind on one deed are two.
            finding.subject.as_deref(),
        );
        if !counted.insert(key) {
            continue;
        }
        match finding.severity {
            Severity::High => summary.high += 1,
            Severity::Medium => summary.medium += 1,
            Severity::Low => summary.low += 1,
        }
        summary.level = summary.level.max(Some(finding.severity));
    }
    summary.sections_flagged = sections.iter().filter(|s| !s.findings.is_empty()).count() as u32;
    summary
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod own_tests;

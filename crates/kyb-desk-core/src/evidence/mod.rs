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

pub use checks::{CheckedField, Mismatch};
pub use identity::CheckContext;
pub use owners::Ownership;
pub use rules::EvidenceRule;

/// How much a finding weighs on the decision. Accepting a section with a `High`
/// finding asks the analyst to acknowledge it ([`SectionEvidence::needs_acknowledgement`]).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize, TS,
)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Low,
    Medium,
    High,
}

impl Severity {
    /// Its word as serialised (`high`, `medium`, `low`): the team's database keeps it so.
    pub fn word(self) -> &'static str {
        match self {
            Self::Low => "low",
            Self::Medium => "medium",
            Self::High => "high",
        }
    }

    pub fn of_word(word: &str) -> Option<Self> {
        [Self::Low, Self::Medium, Self::High]
            .into_iter()
            .find(|s| s.word() == word)
    }
}

/// A failed check, in the terms the window words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    /// An alteration analysis found the document edited (`DocumentoEditado`).
    DocumentEdited,
    /// An alteration analysis rated the document's risk high or medium, without
    /// saying it was edited.
    AlterationRisk,
    /// The compliance opinion is negative.
    OpinionNegative,
    /// Another validation of a document failed (`Resultado` false).
    DocumentCheckFailed,
    /// The incorporation deed's analysis says it is not a deed (`EsActa` false).
    NotADeed,
    /// The shareholders' percentages do not add up to 100.
    SharesDoNotAddUp,
    /// The biometric validation failed: the face did not match.
    FaceMismatch,
    /// A biometric validation asked for and not done yet.
    BiometricPending,
    /// The voter list (INE) did not find the person's credential.
    NotOnVoterList,
    /// The CURP authority did not validate the CURP.
    CurpNotValid,
    /// Another validation of an entity failed.
    EntityCheckFailed,
    /// What the user entered differs from what an authority returned; `count` fields.
    NameMismatch,
    /// The service's automatic validations of the section failed (Requiere Atención).
    AutomaticCheckFailed,
    /// A document the section covers has no file to show.
    NoFile,
    /// The section covers documents, and the file has none of them.
    NoDocument,
    /// The desk's own checks (`identity`, `owners`; the source in [`source_of`]).
    /// An RFC or CURP outside its issuer's layout; codes: which, its value, the rules.
    IdentifierMalformed,
    /// An RFC or CURP whose check digit is not its issuer's; codes as above.
    IdentifierCheckDigit,
    /// A person's RFC and CURP differ in their first ten characters.
    RfcCurpDisagree,
    /// The CURP's four letters are not those of the person's names.
    CurpNamesDisagree,
    /// The company's RFC date is not the deed's constitution date.
    CompanyRfcDate,
    /// The deed's company name is not the file's.
    DeedCompanyName,
    /// The proof of address's holder is neither the company nor a representative.
    ProofHolder,
    /// The proof of address is older than the policy's limit; codes: its date, months.
    ProofStale,
    /// A shareholder's fixed plus variable capital is not its total.
    CapitalDoesNotAddUp,
    /// A shareholder's share of the capital is not its percentage.
    CapitalDisagreesWithShares,
    /// A shareholder is a company: its owners are unknown.
    CompanyShareholder,
    /// A party of the file is on an imported list (`hit` says which row, how alike).
    WatchlistHit,
    /// A document the desk will not show as it is: damaged, no document at all, over
    /// the size, or carrying scripts or a launch action; codes: what ([`unreadable`]).
    DocumentUnreadable,
}

/// The authority or law a desk's own check follows, beside its code; none for the
/// service's own findings.
pub fn source_of(kind: FindingKind) -> Option<&'static str> {
    use FindingKind::*;
    Some(match kind {
        IdentifierMalformed | IdentifierCheckDigit => {
            "SAT, algoritmo del RFC con homoclave; RENAPO, Instructivo normativo de la CURP"
        }
        RfcCurpDisagree | CurpNamesDisagree => "RENAPO, Instructivo normativo de la CURP",
        CompanyRfcDate => "SAT, algoritmo del RFC (fecha de constitución)",
        DeedCompanyName | ProofHolder => "Acta constitutiva y expediente",
        ProofStale => "Política de la empresa (vigencia del comprobante de domicilio)",
        CapitalDoesNotAddUp | CapitalDisagreesWithShares | SharesDoNotAddUp => {
            "Acta constitutiva, órganos internos"
        }
        CompanyShareholder => "CFF art. 32-B Quáter (beneficiario controlador)",
        _ => return None,
    })
}

/// What one of the desk's own findings concerns, before sections are known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Entity(u32),
    Document(u32),
    /// The file as a whole (a company RFC without a deed).
    File,
}

pub(crate) type OwnFinding = (Target, Finding);

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    pub kind: FindingKind,
    pub severity: Severity,
    /// What it concerns: a document's or an entity's reference as the service gave it.
    pub subject: Option<String>,
    /// The index of that document in `Documentos` or entity in `Entidades`.
    pub document: Option<u32>,
    pub entity: Option<u32>,
    /// How many (fields that differ); 1 for most findings.
    pub count: u32,
    /// The service's own codes or words for it (indicator codes, a risk level, a
    /// status), as received.
    pub codes: Vec<String>,
    /// The rule's source for the desk's own checks ([`source_of`]), or the list's.
    pub source: Option<String>,
    /// A watchlist hit's list, row, score and disposition.
    pub hit: Option<Box<crate::screening::screen::Hit>>,
}

impl Finding {
    pub fn new(kind: FindingKind, severity: Severity) -> Self {
        Self {
            kind,
            severity,
            subject: None,
            document: None,
            entity: None,
            count: 1,
            codes: Vec::new(),
            source: source_of(kind).map(str::to_owned),
            hit: None,
        }
    }
}

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

/// What the detail says of one entity, beyond its own fields.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EntityEvidence {
    pub mismatches: Vec<Mismatch>,
    /// Handles of its photos (a branch's interior then exterior), for [`files`]; at
    /// most [`MAX_PHOTOS`].
    pub photos: Vec<String>,
    /// Photos beyond those, not offered (a crafted answer may list thousands).
    pub more_photos: u32,
}

/// Photos of one entity the evidence offers.
pub const MAX_PHOTOS: usize = 50;

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

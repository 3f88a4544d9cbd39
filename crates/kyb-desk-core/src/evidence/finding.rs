//! What a finding is: its kind, its [`Severity`], what it concerns and where its rule
//! comes from. The evidence's checks and the watchlists' screening both make findings;
//! neither imports the other for them.

use serde::Serialize;
use ts_rs::TS;

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

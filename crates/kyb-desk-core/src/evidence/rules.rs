//! Which documents and entities each section covers. The spec lists the section
//! identifiers and the documents' fields but not how one maps to the other; this is the
//! one place that decides it ([`EvidenceRule::of`], then [`covered`]; docs/ARCHITECTURE.md,
//! "Where each rule lives"):
//! - proof of address: `Comprobante` documents (or category `Domicilio`) not a branch's;
//! - branch: the `Sucursal` entities with their photos, and documents of `Contexto`
//!   `Sucursal`;
//! - deed: `ActaConstitutiva` documents (or category `Legal`) with their powers and
//!   shareholders; powers: the deed's documents and the `Representante` entities;
//! - person, biometrics: the `Representante` entities' data and checks, validations;
//! - tax certificate, compliance opinion, bank statement: `ConstanciaSituacionFiscal`,
//!   `OpinionCumplimiento`, `EstadoCuenta` documents (tax information: the first two);
//! - anything else (`Asamblea`, a name the desk does not know): "no evidence known".
//!
//! Only `Comprobante` and `ActaConstitutiva` are the spec's kinds; the others are the
//! sandbox's, compared ignoring case, accents and blanks, so a production spelling that
//! differs only so still matches.

use kyb_api::file::{SectionBase, SectionId};
use kyb_api::models::detail::{DetailV2, Document, EntityKind};
use serde::Serialize;
use ts_rs::TS;

use super::checks::fold;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum EvidenceRule {
    ProofOfAddress,
    Branch,
    Deed,
    Powers,
    Person,
    Biometrics,
    TaxCertificate,
    ComplianceOpinion,
    TaxInformation,
    BankStatement,
    /// No rule covers this section: "no evidence known".
    NoneKnown,
}

impl EvidenceRule {
    pub fn of(id: &SectionId) -> Self {
        let Some(base) = id.base else {
            return Self::NoneKnown;
        };
        match base {
            SectionBase::ProofAddress => Self::ProofOfAddress,
            SectionBase::Sucursal | SectionBase::SucursalBank | SectionBase::SucursalImagenes => {
                Self::Branch
            }
            SectionBase::ActaConstitutiva | SectionBase::ArticleIncorporation => Self::Deed,
            SectionBase::Poder | SectionBase::PoderesRepresentanteLegal => Self::Powers,
            SectionBase::LegalRepresentative
            | SectionBase::DatosRep
            | SectionBase::PersonaFisica => Self::Person,
            SectionBase::ValidacionBiometrica => Self::Biometrics,
            SectionBase::FiscalCSF | SectionBase::CertificadoSAT => Self::TaxCertificate,
            SectionBase::Opinion => Self::ComplianceOpinion,
            SectionBase::TaxInformations => Self::TaxInformation,
            SectionBase::BankStatement => Self::BankStatement,
            SectionBase::Asamblea => Self::NoneKnown,
        }
    }

    /// Whether the section is judged on documents (so having none is worth saying).
    pub fn expects_documents(self) -> bool {
        matches!(
            self,
            Self::ProofOfAddress
                | Self::Deed
                | Self::TaxCertificate
                | Self::ComplianceOpinion
                | Self::TaxInformation
                | Self::BankStatement
        )
    }
}

/// What a rule covers in one file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Covered {
    pub documents: Vec<u32>,
    pub entities: Vec<u32>,
    pub deed: bool,
}

pub const PROOF_OF_ADDRESS: &str = "Comprobante";
pub const DEED: &str = "ActaConstitutiva";
pub const TAX_CERTIFICATE: &str = "ConstanciaSituacionFiscal";
pub const COMPLIANCE_OPINION: &str = "OpinionCumplimiento";
pub const BANK_STATEMENT: &str = "EstadoCuenta";

fn is(value: Option<&str>, expected: &str) -> bool {
    value.is_some_and(|v| fold(v).replace(' ', "") == fold(expected))
}

fn of_kind(doc: &Document, kind: &str) -> bool {
    is(doc.tipo_documento.as_deref(), kind)
}

fn is_branch_document(doc: &Document) -> bool {
    is(doc.contexto.as_deref(), "Sucursal")
}

fn is_proof_of_address(doc: &Document) -> bool {
    of_kind(doc, PROOF_OF_ADDRESS) || is(doc.categoria.as_deref(), "Domicilio")
}

pub fn is_deed(doc: &Document) -> bool {
    of_kind(doc, DEED) || (doc.tipo_documento.is_none() && is(doc.categoria.as_deref(), "Legal"))
}

pub fn covered(rule: EvidenceRule, detail: &DetailV2) -> Covered {
    let documents = |keep: &dyn Fn(&Document) -> bool| -> Vec<u32> {
        detail
            .documentos
            .iter()
            .enumerate()
            .filter(|(_, doc)| keep(doc))
            .map(|(i, _)| i as u32)
            .collect()
    };
    let entities = |kind: EntityKind| -> Vec<u32> {
        detail
            .entidades
            .iter()
            .enumerate()
            .filter(|(_, e)| e.tipo.as_ref() == Some(&kind))
            .map(|(i, _)| i as u32)
            .collect()
    };
    match rule {
        EvidenceRule::ProofOfAddress => Covered {
            documents: documents(&|d| is_proof_of_address(d) && !is_branch_document(d)),
            ..Covered::default()
        },
        EvidenceRule::Branch => Covered {
            documents: documents(&is_branch_document),
            entities: entities(EntityKind::Sucursal),
            deed: false,
        },
        EvidenceRule::Deed => Covered {
            documents: documents(&is_deed),
            entities: Vec::new(),
            deed: true,
        },
        EvidenceRule::Powers => Covered {
            documents: documents(&is_deed),
            entities: entities(EntityKind::Representante),
            deed: true,
        },
        EvidenceRule::Person | EvidenceRule::Biometrics => Covered {
            entities: entities(EntityKind::Representante),
            ..Covered::default()
        },
        EvidenceRule::TaxCertificate => Covered {
            documents: documents(&|d| of_kind(d, TAX_CERTIFICATE)),
            ..Covered::default()
        },
        EvidenceRule::ComplianceOpinion => Covered {
            documents: documents(&|d| of_kind(d, COMPLIANCE_OPINION)),
            ..Covered::default()
        },
        EvidenceRule::TaxInformation => Covered {
            documents: documents(&|d| {
                of_kind(d, TAX_CERTIFICATE) || of_kind(d, COMPLIANCE_OPINION)
            }),
            ..Covered::default()
        },
        EvidenceRule::BankStatement => Covered {
            documents: documents(&|d| of_kind(d, BANK_STATEMENT)),
            ..Covered::default()
        },
        EvidenceRule::NoneKnown => Covered::default(),
    }
}

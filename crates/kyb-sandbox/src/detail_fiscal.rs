//! The tax documents of a version-2 detail: the tax status certificate (constancia de
//! situación fiscal) when the file asks for one, and the compliance opinion (opinión
//! de cumplimiento) with its verdict when it asks for that. The spec shows neither;
//! their `Categoria` and `TipoDocumento` are the sandbox's choice (see the README).

use kyb_api::file::{SectionBase, SectionId};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use serde_json::{Value, json};

use crate::clock;
use crate::file_names::document_file_name;
use crate::files::BusinessFile;

/// Section bases that ask for the tax status certificate…
const CERTIFICATE_BASES: [SectionBase; 3] = [
    SectionBase::FiscalCSF,
    SectionBase::CertificadoSAT,
    SectionBase::TaxInformations,
];
/// …and those that ask for the compliance opinion.
const OPINION_BASES: [SectionBase; 2] = [SectionBase::Opinion, SectionBase::TaxInformations];

fn asks_for(file: &BusinessFile, bases: &[SectionBase]) -> bool {
    file.sections
        .iter()
        .filter_map(|s| SectionId::parse(&s.id).base)
        .any(|base| bases.contains(&base))
}

/// How many tax documents [`documents`] lists for the file.
pub fn count(file: &BusinessFile) -> usize {
    usize::from(asks_for(file, &CERTIFICATE_BASES)) + usize::from(asks_for(file, &OPINION_BASES))
}

/// The file's tax documents, in this order, for the sections it has (those of its
/// flow and any added since).
pub fn documents(rng: &mut ChaCha8Rng, file: &BusinessFile, base_url: &str) -> Vec<Value> {
    let url = |stem: &str| {
        format!(
            "{base_url}/_files/{}",
            document_file_name(file.document_id, stem)
        )
    };
    let issued = |rng: &mut ChaCha8Rng| {
        clock::date(clock::minutes_after(
            file.created,
            -60 * 24 * rng.random_range(1..30),
        ))
    };
    let mut documents = Vec::new();
    if asks_for(file, &CERTIFICATE_BASES) {
        documents.push(json!({
            "Categoria": "Fiscal", "Contexto": "Expediente",
            "TipoDocumento": "ConstanciaSituacionFiscal",
            "Referencia": "Constancia de situación fiscal",
            "ReferenciaId": file.document_id, "NombreTitular": file.company_name,
            "Fechas": { "Emision": issued(rng) },
            "Archivo": { "URL": url("csf.pdf") },
        }));
    }
    if asks_for(file, &OPINION_BASES) {
        // Most companies are up to date with the tax authority.
        let positive = rng.random_range(0..5) != 0;
        documents.push(json!({
            "Categoria": "Fiscal", "Contexto": "Expediente",
            "TipoDocumento": "OpinionCumplimiento",
            "Referencia": "Opinión de cumplimiento de obligaciones fiscales",
            "ReferenciaId": file.document_id, "NombreTitular": file.company_name,
            "Fechas": { "Emision": issued(rng) },
            "Validaciones": [{
                "Tipo": "Opinion", "Resultado": positive,
                "Estatus": if positive { "Positiva" } else { "Negativa" },
            }],
            "Archivo": { "URL": url("opinion.pdf") },
        }));
    }
    documents
}

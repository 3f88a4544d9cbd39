//! A document of the evidence that the desk will not show as it is, as a finding of
//! its section: one the analyst must acknowledge before accepting the section, like
//! any high finding. What is wrong is said by the file itself, once the desk has
//! fetched and judged it ([`super::judge`]):
//!
//! | code | the file |
//! |---|---|
//! | `damaged` | a PDF that ends before its end, or an image whose header says nothing |
//! | `type:<kind>` | no document at all: an HTML page, XML, a ZIP, a program, text… |
//! | `too_large` | over the size the desk fetches ([`super::files::MAX_DOCUMENT_BYTES`]) |
//! | `image_too_large` | an image that declares more pixels than the window decodes |
//! | `scripts` | a PDF that carries JavaScript (the viewer runs none) |
//! | `launch` | a PDF with an action that would open another program |
//!
//! A file the network did not bring (a timeout, a refused address, a 404) is no
//! finding: that says nothing of the file, and the viewer says it as an error.
//!
//! The desk learns this only as it judges the files: when one is shown, and when the
//! window asks for a section's files before accepting it ([`crate::desk::Desk::judge_section`]).

use std::collections::HashMap;

use super::{FileEvidence, Finding, FindingKind, Severity, judge::EvidenceFile};
use crate::error::{AppError, DeskCode, Details, ErrorCode, ServiceCode};

/// The codes of what is wrong with a judged file; empty when nothing is.
pub fn problems(judged: &Result<EvidenceFile, AppError>) -> Vec<String> {
    match judged {
        Ok(file) => file
            .pdf
            .iter()
            .flat_map(|pdf| {
                [
                    pdf.scripts.then_some("scripts"),
                    pdf.launch.then_some("launch"),
                ]
            })
            .flatten()
            .map(str::to_owned)
            .collect(),
        Err(error) => {
            let code = if error.code == ErrorCode::from(DeskCode::DamagedFile) {
                "damaged".to_owned()
            } else if error.code == ErrorCode::from(DeskCode::ImageTooLarge) {
                "image_too_large".to_owned()
            } else if error.code == ErrorCode::from(ServiceCode::TooLarge) {
                "too_large".to_owned()
            } else if let Some(Details::UnsupportedFile { kind }) = error.details.as_deref() {
                format!("type:{kind}")
            } else {
                return Vec::new();
            };
            vec![code]
        }
    }
}

/// A code in the dossier's words (Spanish, as the dossier is written).
pub fn words_es(code: &str) -> String {
    match code {
        "damaged" => "dañado: termina antes de su final".to_owned(),
        "too_large" => "pasa del tamaño que el escritorio descarga".to_owned(),
        "image_too_large" => "imagen con más píxeles de los que se muestran".to_owned(),
        "scripts" => "PDF con JavaScript".to_owned(),
        "launch" => "PDF con una acción que abriría otro programa".to_owned(),
        other => match other.strip_prefix("type:") {
            Some(kind) => format!("no es un documento sino {kind}"),
            None => other.to_owned(),
        },
    }
}

/// Adds to `evidence` a finding for each judged file with problems (`judged`: codes by
/// the file's handle), in each section that covers it, and counts them in its risk.
pub fn apply(evidence: &mut FileEvidence, judged: &HashMap<String, Vec<String>>) {
    if judged.values().all(Vec::is_empty) {
        return;
    }
    let handles: Vec<Option<&String>> =
        evidence.documents.iter().map(|d| d.file.as_ref()).collect();
    for section in &mut evidence.sections {
        for &document in &section.documents {
            let Some(codes) = handles
                .get(document as usize)
                .copied()
                .flatten()
                .and_then(|handle| judged.get(handle))
                .filter(|codes| !codes.is_empty())
            else {
                continue;
            };
            let already = section
                .findings
                .iter()
                .any(|f| f.kind == FindingKind::DocumentUnreadable && f.document == Some(document));
            if already {
                continue;
            }
            let mut finding = Finding::new(FindingKind::DocumentUnreadable, Severity::High);
            finding.document = Some(document);
            finding.codes = codes.clone();
            section.findings.push(finding);
            section
                .findings
                .sort_by_key(|f| std::cmp::Reverse(f.severity));
            section.needs_acknowledgement = true;
        }
    }
    evidence.summary = super::summarize(&evidence.sections, &evidence.unassigned);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::judge::judge;

    #[test]
    fn what_is_wrong_is_read_from_the_judged_file_and_the_network_is_no_finding() {
        let cut = b"%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n";
        assert_eq!(problems(&judge("h", cut, "x")), ["damaged"]);
        assert_eq!(
            problems(&judge("h", b"<!doctype html><p>Acceso denegado", "x")),
            ["type:html"]
        );
        let scripted = b"%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (x) >> /AA << /O << /S /Launch /F (calc.exe) >> >> >> endobj\n%%EOF\n";
        assert_eq!(problems(&judge("h", scripted, "x")), ["scripts", "launch"]);
        let plain = b"%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n%%EOF\n";
        assert!(problems(&judge("h", plain, "x")).is_empty());
        let too_large = AppError::of(ServiceCode::TooLarge);
        assert_eq!(problems(&Err(too_large)), ["too_large"]);
        assert!(problems(&Err(AppError::of(ServiceCode::Timeout))).is_empty());
        assert!(problems(&Err(AppError::of(ServiceCode::NotFound))).is_empty());
    }
}

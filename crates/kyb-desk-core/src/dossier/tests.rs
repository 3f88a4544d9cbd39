//! A dossier built from a fixture log and file: its PDF read back by `pdftotext`, every
//! hash recomputed, and tampered copies caught.

use std::process::Command;

use super::archive::{self, JSON, PDF, SUMS};
use super::fixture::{COMMENT, EVIDENCE_SHA, fixture, fixture_log};
use super::model::*;
use super::*;
use crate::hash::sha256_hex;

pub(super) fn built() -> (tempfile::TempDir, Dossier, Built) {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = fixture_log(dir.path());
    let dossier = fixture(&log);
    let built = archive::build(&dossier).expect("built");
    (dir, dossier, built)
}

pub(super) fn pdftotext(dir: &std::path::Path, pdf: &[u8]) -> String {
    let path = dir.join("informe.pdf");
    std::fs::write(&path, pdf).expect("written");
    let out = Command::new("pdftotext")
        .args(["-enc", "UTF-8", "-layout"])
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext runs (poppler-utils, scripts/install-deps.sh)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

pub(super) fn member(bytes: &[u8], name: &str) -> Vec<u8> {
    archive::members(bytes)
        .expect("a ZIP")
        .into_iter()
        .find(|m| m.name == name)
        .map(|m| m.bytes)
        .expect("the member")
}

#[test]
fn the_dossier_holds_the_files_record_and_only_its_entries() {
    let (_dir, dossier, _) = built();
    assert_eq!(dossier.sections.len(), 2);
    let rejected = &dossier.sections[1];
    assert_eq!(rejected.comment.as_deref(), Some(COMMENT));
    assert_eq!(rejected.decided_by.as_deref(), Some("begoña@kybdesk.mx"));
    assert_eq!(rejected.trail_seq, Some(3));
    assert_eq!(dossier.acknowledged.len(), 1);
    assert_eq!(dossier.acknowledged[0].trail_seq, 2);
    assert!(!dossier.notes.kept);
    assert_eq!(dossier.notes.statement, NO_NOTES);
    let seqs: Vec<i64> = dossier.trail.entries.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, [2, 3], "the other file's entries are not shown");
    let links: Vec<i64> = dossier.trail.links.iter().map(|l| l.seq).collect();
    assert_eq!(
        links,
        [2, 3, 4],
        "linked through the other file's entry to the head"
    );
    assert_eq!(dossier.trail.head.seq, 4);
}

#[test]
fn its_pdf_reads_back_with_accents_and_hashes() {
    let (dir, dossier, built) = built();
    let text = pdftotext(dir.path(), &member(&built.bytes, PDF));
    for words in [
        "Expediente para auditoría",
        "Cafetería Peñón y Compañía",
        "CAÑ010101AB1",
        "¿podría enviar uno más reciente? ¡Gracias!",
        "begoña@kybdesk.mx",
        "Sin notas: este escritorio trabaja solo",
        "Decisiones por sección",
        "alteración",
        "Hallazgos reconocidos",
        // Instants for a reader, to the second; sections in words, the service's name
        // beside them.
        "Generado el 2026-11-26 15:00:00 UTC",
        "Acta constitutiva (obligatorio) — Aceptada",
        "Comprobante de domicilio (obligatorio) — Rechazada",
        "Recibo de luz — Comprobante de domicilio (obligatorio)",
        // Every finding in words, with its source; every hit with its disposition.
        "Hallazgos de la revisión",
        "Acta constitutiva (obligatorio): En lista de riesgo (riesgo alto) · Begoña Núñez Peña",
        "Fuente: SAT",
        "Begoña Núñez Peña (accionista) en SAT v2, fila NUPB800101AB1",
        "Resuelta: falso positivo, por begoña@kybdesk.mx",
        // How to check it, written out, not a path into the repository.
        "sha256sum -c SHA256SUMS",
        "trail.checkpoint",
    ] {
        assert!(text.contains(words), "{words:?} not in:\n{text}");
    }
    // The service's name in small print on its section's line.
    assert!(
        text.lines()
            .any(|l| l.contains("Acta constitutiva (obligatorio) — Aceptada")
                && l.trim_end().ends_with("ActaConstitutivaObligatorio")),
        "{text}"
    );
    for entry in &dossier.trail.entries {
        // The log writes nanoseconds; the JSON keeps them, the PDF shows seconds.
        assert!(entry.at_utc.contains('.'), "{}", entry.at_utc);
        assert!(!text.contains(&entry.at_utc), "{} shown raw", entry.at_utc);
        let at = kyb_api::time::parse_timestamp(&entry.at_utc).expect("an instant");
        let shown = at.format("%Y-%m-%d %H:%M:%S UTC").to_string();
        assert!(text.contains(&shown), "{shown} not in:\n{text}");
    }
    // A hash may be cut across lines: compare without the line breaks.
    let joined: String = text.split_whitespace().collect();
    assert!(joined.contains(EVIDENCE_SHA));
    for entry in &dossier.trail.entries {
        assert!(joined.contains(&entry.hash), "entry {} hash", entry.seq);
    }
    assert!(joined.contains(&dossier.trail.head.hash));
}

#[test]
fn every_hash_recomputes() {
    let (_dir, dossier, built) = built();
    let json = member(&built.bytes, JSON);
    let pdf = member(&built.bytes, PDF);
    let sums = member(&built.bytes, SUMS);
    let sums = String::from_utf8(sums).expect("text");
    assert_eq!(
        sums,
        format!(
            "{}  dossier.json\n{}  informe.pdf\n",
            sha256_hex(&json),
            sha256_hex(&pdf)
        )
    );
    assert_eq!(built.digest, sha256_hex(sums.as_bytes()));
    for entry in &dossier.trail.entries {
        assert_eq!(sha256_hex(entry.hashed.as_bytes()), entry.hash);
    }
    let check = verify(&built.bytes);
    assert!(check.holds(), "{:?}", check.problems);
    assert_eq!(check.digest.as_deref(), Some(built.digest.as_str()));
    assert_eq!(check.entries_checked, 2);
}

#[test]
fn the_same_dossier_zips_to_the_same_bytes() {
    let (_dir, dossier, built) = built();
    assert_eq!(archive::build(&dossier).expect("built").bytes, built.bytes);
}

/// The dossier's members with `json` and `pdf` in place of its own, and sums either
/// kept (the originals) or rewritten to match.
fn rezip(json: &[u8], pdf: &[u8], original_sums: Option<&[u8]>) -> Vec<u8> {
    let rewritten = archive::sums(json, pdf);
    let sums = original_sums.unwrap_or(rewritten.as_bytes());
    archive::zip_members(&[(JSON, json), (PDF, pdf), (SUMS, sums)]).expect("zipped")
}

fn with_comment(json: &[u8], comment: &str) -> Vec<u8> {
    let text = String::from_utf8(json.to_vec()).expect("text");
    assert!(text.contains(COMMENT));
    text.replace(COMMENT, comment).into_bytes()
}

#[test]
fn a_changed_comment_is_caught_by_the_sums() {
    let (_dir, _, built) = built();
    let json = with_comment(&member(&built.bytes, JSON), "Todo en orden.");
    let sums = member(&built.bytes, SUMS);
    let check = verify(&rezip(&json, &member(&built.bytes, PDF), Some(&sums)));
    assert!(
        check
            .problems
            .contains(&DossierProblem::SumMismatch { name: JSON.into() })
    );
}

#[test]
fn a_changed_comment_with_sums_rewritten_is_caught_by_the_pdf_and_the_digest() {
    let (_dir, _, built) = built();
    let json = with_comment(&member(&built.bytes, JSON), "Todo en orden.");
    let check = verify(&rezip(&json, &member(&built.bytes, PDF), None));
    assert_eq!(check.problems, [DossierProblem::PdfNotFromJson]);
    assert_ne!(check.digest.as_deref(), Some(built.digest.as_str()));
}

#[test]
fn a_whole_rewrite_is_caught_only_by_the_digest_the_trail_keeps() {
    let (_dir, mut dossier, built) = built();
    dossier.sections[1].comment = Some("Todo en orden.".into());
    let forged = archive::build(&dossier).expect("built");
    let check = verify(&forged.bytes);
    assert!(check.holds(), "internally consistent: {:?}", check.problems);
    assert_ne!(
        check.digest,
        Some(built.digest),
        "but not the digest recorded"
    );
}

#[test]
fn a_changed_pdf_is_caught_with_or_without_new_sums() {
    let (_dir, _, built) = built();
    let mut pdf = member(&built.bytes, PDF);
    let at = pdf.len() / 2;
    pdf[at] ^= 0x01;
    let json = member(&built.bytes, JSON);
    let sums = member(&built.bytes, SUMS);
    let kept = verify(&rezip(&json, &pdf, Some(&sums)));
    assert!(
        kept.problems
            .contains(&DossierProblem::SumMismatch { name: PDF.into() })
    );
    assert!(kept.problems.contains(&DossierProblem::PdfNotFromJson));
    let rewritten = verify(&rezip(&json, &pdf, None));
    assert_eq!(rewritten.problems, [DossierProblem::PdfNotFromJson]);
}

#[test]
fn a_changed_trail_entry_is_caught_even_when_pdf_and_sums_are_redone() {
    let (_dir, mut dossier, _) = built();
    dossier.trail.entries[1].summary = "0 secciones".into();
    let check = verify(&archive::build(&dossier).expect("built").bytes);
    assert_eq!(check.problems, [DossierProblem::EntryFields { seq: 3 }]);

    let (_dir, mut dossier, _) = built();
    let entry = &mut dossier.trail.entries[1];
    entry.hashed = entry.hashed.replace("Rechazada", "Aceptada");
    entry.summary = entry.summary.replace("Rechazada", "Aceptada");
    let check = verify(&archive::build(&dossier).expect("built").bytes);
    assert_eq!(check.problems, [DossierProblem::EntryHash { seq: 3 }]);
}

#[test]
fn a_broken_chain_or_head_is_caught() {
    let (_dir, mut dossier, _) = built();
    dossier.trail.links.remove(2);
    let check = verify(&archive::build(&dossier).expect("built").bytes);
    assert_eq!(check.problems, [DossierProblem::HeadMismatch]);

    let (_dir, mut dossier, _) = built();
    dossier.trail.links[1].prev_hash = "f".repeat(64);
    dossier.trail.entries[1].prev_hash = "f".repeat(64);
    let check = verify(&archive::build(&dossier).expect("built").bytes);
    assert!(
        check
            .problems
            .contains(&DossierProblem::ChainBroken { seq: 3 })
    );
}

#[test]
fn a_file_with_no_entry_yet_is_linked_to_the_head_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = fixture_log(dir.path());
    let mut dossier = fixture(&log);
    let entries = log.entries().expect("entries").entries;
    let anchor = log.verify().expect("verified").anchor;
    dossier.trail = super::local::trail(&entries, "sin-entradas", &anchor);
    assert!(dossier.trail.entries.is_empty());
    assert_eq!(dossier.trail.links.len(), 1);
    let check = verify(&archive::build(&dossier).expect("built").bytes);
    assert!(check.holds(), "{:?}", check.problems);
}

#[test]
fn something_else_is_no_dossier() {
    let check = verify(b"not a zip");
    assert!(matches!(
        check.problems.as_slice(),
        [DossierProblem::Unreadable { .. }]
    ));
    let only_json = archive::zip_members(&[(JSON, b"{}")]).expect("zipped");
    let check = verify(&only_json);
    assert!(
        check
            .problems
            .contains(&DossierProblem::MissingMember { name: PDF.into() })
    );
}

#[test]
fn a_team_entry_of_format_2_reads_back_its_fields() {
    let (_dir, mut dossier, _) = built();
    let hashed =
        "1:2;6:equipo;1:2;20:2026-11-26T10:00:00Z;5:marta;4:op x;4:DOC1;7:resumen;4:true;-;-;-;64:"
            .to_owned()
            + crate::audit::GENESIS
            + ";";
    let hash = sha256_hex(hashed.as_bytes());
    dossier.trail = Trail {
        kind: TrailKind::Team,
        workspace: Some("equipo".into()),
        entries: vec![TrailEntry {
            seq: 2,
            at_utc: "2026-11-26T10:00:00Z".into(),
            by: "marta".into(),
            operation: "op x".into(),
            summary: "resumen".into(),
            ok: true,
            prev_hash: crate::audit::GENESIS.into(),
            hash: hash.clone(),
            hashed,
        }],
        links: vec![Link {
            seq: 2,
            prev_hash: crate::audit::GENESIS.into(),
            hash: hash.clone(),
        }],
        head: Link {
            seq: 2,
            prev_hash: crate::audit::GENESIS.into(),
            hash,
        },
        anchor: None,
        checkpoint: None,
    };
    let check = verify(&archive::build(&dossier).expect("built").bytes);
    assert!(check.holds(), "{:?}", check.problems);
}

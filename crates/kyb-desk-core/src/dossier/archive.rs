//! The dossier's ZIP: `dossier.json`, `informe.pdf` (drawn from it) and `SHA256SUMS`
//! (`sha256sum -c` reads it), in that order. The dossier's digest is the SHA-256 of
//! `SHA256SUMS`: the trail records it when the dossier is exported, so a dossier
//! rewritten with new sums no longer matches what the trail says.

use std::io::{Cursor, Read, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use super::model::Dossier;
use super::report;
use crate::error::{AppError, AppResult, DeskCode};
use crate::hash::sha256_hex;

pub const JSON: &str = "dossier.json";
pub const PDF: &str = "informe.pdf";
pub const SUMS: &str = "SHA256SUMS";

/// What a dossier's member may weigh when read back: far above any real one (the
/// font is most of the PDF), low enough that a crafted ZIP cannot fill the memory.
const MEMBER_CAP: u64 = 64 * 1024 * 1024;

/// A dossier's ZIP and its digest.
#[derive(Debug, Clone)]
pub struct Built {
    pub bytes: Vec<u8>,
    pub digest: String,
}

/// `SHA256SUMS` of the two members, as `sha256sum` writes it.
pub fn sums(json: &[u8], pdf: &[u8]) -> String {
    format!("{}  {JSON}\n{}  {PDF}\n", sha256_hex(json), sha256_hex(pdf))
}

fn zip_error(error: impl std::fmt::Display) -> AppError {
    AppError::new(DeskCode::Storage, format!("dossier ZIP: {error}"))
}

/// The members zipped as given (the check's tests build tampered ones with it).
pub fn zip_members(members: &[(&str, &[u8])]) -> AppResult<Vec<u8>> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    // A fixed time: the same dossier zips to the same bytes.
    let options = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default());
    for (name, bytes) in members {
        writer.start_file(*name, options).map_err(zip_error)?;
        writer.write_all(bytes).map_err(zip_error)?;
    }
    Ok(writer.finish().map_err(zip_error)?.into_inner())
}

/// The dossier's JSON as written in the ZIP.
pub fn json(dossier: &Dossier) -> AppResult<Vec<u8>> {
    serde_json::to_vec_pretty(dossier).map_err(zip_error)
}

/// The dossier's ZIP.
pub fn build(dossier: &Dossier) -> AppResult<Built> {
    let json = json(dossier)?;
    let pdf = report::pdf(dossier);
    let sums = sums(&json, &pdf);
    let bytes = zip_members(&[
        (JSON, json.as_slice()),
        (PDF, pdf.as_slice()),
        (SUMS, sums.as_bytes()),
    ])?;
    Ok(Built {
        bytes,
        digest: sha256_hex(sums.as_bytes()),
    })
}

/// The most members a dossier's ZIP may list: it has three, so a ZIP of thousands is
/// refused before any is read.
const MEMBERS_MAX: usize = 16;

/// A ZIP's members by name: the dossier's own read up to the cap (a member over it is
/// an error), any other by its name only, never read. A ZIP that could be read two
/// ways is refused: a name given twice (`unzip -p` prints both, `unzip` keeps the
/// last) or bytes before, between or after the members the central directory lists
/// (an entry only a reader walking the local headers would find).
pub fn members(bytes: &[u8]) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(|e| e.to_string())?;
    if archive.has_duplicate_names() {
        return Err("un miembro aparece dos veces".into());
    }
    if archive.len() > MEMBERS_MAX {
        return Err(format!("{} miembros; un expediente tiene 3", archive.len()));
    }
    let mut out = Vec::with_capacity(archive.len());
    let mut spans = Vec::with_capacity(archive.len());
    for index in 0..archive.len() {
        let file = archive.by_index(index).map_err(|e| e.to_string())?;
        let name = file.name().map_err(|e| e.to_string())?.into_owned();
        let data_start = file.data_start().ok_or("un miembro sin datos")?;
        spans.push((file.header_start(), data_start + file.compressed_size()));
        let mut read = Vec::new();
        if [JSON, PDF, SUMS].contains(&name.as_str()) {
            file.take(MEMBER_CAP + 1)
                .read_to_end(&mut read)
                .map_err(|e| e.to_string())?;
            if read.len() as u64 > MEMBER_CAP {
                return Err(format!("{name} pesa más de {MEMBER_CAP} bytes"));
            }
        }
        out.push((name, read));
    }
    spans.sort_unstable();
    let mut at = archive.offset();
    for (start, end) in spans {
        if start != at {
            return Err("bytes fuera de los miembros listados".into());
        }
        at = end;
    }
    if at != archive.central_directory_start() {
        return Err("bytes fuera de los miembros listados".into());
    }
    Ok(out)
}

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

/// The folder of the evidence's documents, when the dossier includes them.
pub const DOCUMENTS: &str = "documentos/";

/// Documents a dossier may include at most: the first 999 of a file's, numbered
/// `documentos/001-…` to `999-…` (a file's `Documentos` are far fewer; one past them
/// is listed with its hash only).
pub const MAX_DOCUMENTS: usize = 999;

/// `SHA256SUMS` of the two members, as `sha256sum` writes it.
pub fn sums(json: &[u8], pdf: &[u8]) -> String {
    sums_with(json, pdf, &[])
}

/// `SHA256SUMS` of the two members and the documents included (their SHA-256 as
/// recorded in `dossier.json`, which is the SHA-256 of the bytes zipped).
pub fn sums_with(json: &[u8], pdf: &[u8], documents: &[(&str, &str)]) -> String {
    let mut out = format!("{}  {JSON}\n{}  {PDF}\n", sha256_hex(json), sha256_hex(pdf));
    for (name, sha256) in documents {
        out.push_str(&format!("{sha256}  {name}\n"));
    }
    out
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
    build_with(dossier, &[])
}

/// The dossier's ZIP with the evidence's documents: each under the member name its
/// `documents` entry gives, its bytes those whose SHA-256 that entry records (a pair
/// whose bytes are other is refused: the dossier would contradict itself).
pub fn build_with(dossier: &Dossier, documents: &[(&str, &[u8])]) -> AppResult<Built> {
    let json = json(dossier)?;
    let pdf = report::pdf(dossier);
    let mut listed = Vec::new();
    for (name, bytes) in documents {
        let recorded = dossier
            .documents
            .iter()
            .find(|d| d.member.as_deref() == Some(*name))
            .and_then(|d| d.sha256.as_deref())
            .ok_or_else(|| zip_error(format!("{name} is not one of the dossier's documents")))?;
        if recorded != sha256_hex(bytes) {
            return Err(zip_error(format!(
                "{name} is not the bytes its entry hashes"
            )));
        }
        listed.push((*name, recorded));
    }
    let sums = sums_with(&json, &pdf, &listed);
    let mut members: Vec<(&str, &[u8])> = vec![(JSON, json.as_slice()), (PDF, pdf.as_slice())];
    members.extend(documents.iter().copied());
    members.push((SUMS, sums.as_bytes()));
    let bytes = zip_members(&members)?;
    Ok(Built {
        bytes,
        digest: sha256_hex(sums.as_bytes()),
    })
}

/// The most members a dossier's ZIP may list: its three, and the documents it may
/// include; a ZIP of more is refused before any is read.
const MEMBERS_MAX: usize = 16 + MAX_DOCUMENTS;

/// A member as read back: the dossier's own with their bytes; a document by the
/// SHA-256 of its bytes (hashed as it is read, never held); any other by its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub name: String,
    pub bytes: Vec<u8>,
    pub sha256: Option<String>,
}

/// A ZIP's members by name: the dossier's own read up to the cap (a member over it is
/// an error), any other by its name only, never read. A ZIP that could be read two
/// ways is refused: a name given twice (`unzip -p` prints both, `unzip` keeps the
/// last) or bytes before, between or after the members the central directory lists
/// (an entry only a reader walking the local headers would find).
pub fn members(bytes: &[u8]) -> Result<Vec<Member>, String> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(|e| e.to_string())?;
    if archive.has_duplicate_names() {
        return Err("un miembro aparece dos veces".into());
    }
    if archive.len() > MEMBERS_MAX {
        return Err(format!("{} miembros; un expediente tiene 3", archive.len()));
    }
    let mut out = Vec::with_capacity(archive.len());
    // Bytes of documents hashed so far, as their headers declare them (and each is read
    // no further than its cap).
    let mut hashed = 0u64;
    let mut spans = Vec::with_capacity(archive.len());
    for index in 0..archive.len() {
        let file = archive.by_index(index).map_err(|e| e.to_string())?;
        let name = file.name().map_err(|e| e.to_string())?.into_owned();
        let data_start = file.data_start().ok_or("un miembro sin datos")?;
        spans.push((file.header_start(), data_start + file.compressed_size()));
        let mut read = Vec::new();
        let mut sha256 = None;
        if [JSON, PDF, SUMS].contains(&name.as_str()) {
            file.take(MEMBER_CAP + 1)
                .read_to_end(&mut read)
                .map_err(|e| e.to_string())?;
            if read.len() as u64 > MEMBER_CAP {
                return Err(format!("{name} pesa más de {MEMBER_CAP} bytes"));
            }
        } else if is_document_name(&name) {
            hashed += file.size();
            if hashed > DOCUMENTS_TOTAL_CAP {
                return Err(format!(
                    "los documentos pesan más de {DOCUMENTS_TOTAL_CAP} bytes"
                ));
            }
            sha256 = Some(hash_capped(file, &name)?);
        }
        out.push(Member {
            name,
            bytes: read,
            sha256,
        });
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

/// What the documents of one dossier may weigh together when read back (a file's
/// documents are each at most the 25 MiB the desk fetches).
const DOCUMENTS_TOTAL_CAP: u64 = 4 * 1024 * 1024 * 1024;

/// A document's name as the export writes it: `documentos/NNN-slug.ext`, the slug of
/// lowercase letters, digits and dashes, the extension one of the kinds the desk shows.
/// Any other name is never read.
pub fn is_document_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix(DOCUMENTS) else {
        return false;
    };
    let Some((stem, extension)) = rest.rsplit_once('.') else {
        return false;
    };
    let (number, slug) = stem.split_at_checked(3).unwrap_or(("", ""));
    number.len() == 3
        && number.bytes().all(|b| b.is_ascii_digit())
        && slug.len() > 1
        && slug.starts_with('-')
        && slug[1..]
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && ["pdf", "jpg", "png", "webp"].contains(&extension)
}

/// The SHA-256 of a member read a block at a time, up to [`MEMBER_CAP`].
fn hash_capped(file: impl Read, name: &str) -> Result<String, String> {
    use sha2::Digest;
    let mut hasher = sha2::Sha256::new();
    let mut limited = file.take(MEMBER_CAP + 1);
    let mut block = vec![0u8; 64 * 1024];
    let mut total = 0u64;
    loop {
        let n = limited.read(&mut block).map_err(|e| e.to_string())?;
        if n == 0 {
            break;
        }
        total += n as u64;
        if total > MEMBER_CAP {
            return Err(format!("{name} pesa más de {MEMBER_CAP} bytes"));
        }
        hasher.update(&block[..n]);
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

//! What a file of the evidence is, judged by its bytes, never by its name or the type
//! its answer claims: PDF, JPEG, PNG or WebP, and anything else named for what it is; a
//! PDF cut short is damaged; an image that declares more pixels than the window should
//! decode is refused; what a PDF carries (scripts, launch actions, pages) is read from
//! its bytes.

use memchr::memmem;
use serde::Serialize;
use ts_rs::TS;

use crate::error::{AppError, AppResult, DeskCode, Details, Task};
use crate::hash::sha256_hex;

/// Pixels of an image the window is asked to decode at most (a scan of an A4 page at
/// 600 dpi is about 35 million): a few kilobytes of PNG can declare a picture that
/// takes gigabytes to decode.
pub const MAX_IMAGE_PIXELS: u64 = 50_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum FileKind {
    Pdf,
    Jpeg,
    Png,
    Webp,
}

/// What a PDF carries that the viewer will not run (it runs no script and follows no
/// action), said so the analyst knows the file tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PdfTraits {
    /// JavaScript (`/JavaScript`, `/JS`).
    pub scripts: bool,
    /// An action that would open another program or file (`/Launch`).
    pub launch: bool,
    /// Page objects counted in the file; none when they are hidden in compressed
    /// streams (the viewer counts them then).
    pub pages: Option<u32>,
}

/// A file of a section's evidence, ready to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceFile {
    pub handle: String,
    pub kind: FileKind,
    /// SHA-256 of the bytes, lowercase hex.
    pub sha256: String,
    pub size: u32,
    pub pdf: Option<PdfTraits>,
}

/// The kind of a file by its first bytes, or what it is instead.
pub fn sniff(bytes: &[u8]) -> Result<FileKind, &'static str> {
    if bytes.starts_with(b"%PDF-") {
        return Ok(FileKind::Pdf);
    }
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        return Ok(FileKind::Jpeg);
    }
    if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        return Ok(FileKind::Png);
    }
    if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        return Ok(FileKind::Webp);
    }
    Err(what_else(bytes))
}

/// What a refused file is, in one word for the window to name.
fn what_else(bytes: &[u8]) -> &'static str {
    if bytes.is_empty() {
        return "empty";
    }
    let text = bytes
        .strip_prefix(&[0xEF, 0xBB, 0xBF])
        .unwrap_or(bytes)
        .trim_ascii_start();
    let head = &text[..text.len().min(256)];
    let lower = head.to_ascii_lowercase();
    let starts = |prefix: &[u8]| lower.starts_with(prefix);
    if starts(b"<!doctype html")
        || starts(b"<html")
        || starts(b"<head")
        || starts(b"<body")
        || starts(b"<script")
    {
        "html"
    } else if starts(b"<?xml") || starts(b"<svg") {
        "xml"
    } else if bytes.starts_with(b"PK\x03\x04") {
        "zip"
    } else if bytes.starts_with(b"GIF8") {
        "gif"
    } else if bytes.starts_with(b"II*\0") || bytes.starts_with(b"MM\0*") {
        "tiff"
    } else if bytes.starts_with(b"{\\rtf") {
        "rtf"
    } else if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) {
        "office"
    } else if bytes.starts_with(b"\x7fELF") || bytes.starts_with(b"MZ") {
        "program"
    } else if std::str::from_utf8(head).is_ok() {
        "text"
    } else {
        "unknown"
    }
}

/// An image's width and height from its header (PNG's IHDR, JPEG's frame header,
/// WebP's VP8, VP8L or VP8X chunk); none when the header does not say.
pub fn image_size(kind: FileKind, bytes: &[u8]) -> Option<(u32, u32)> {
    let be16 = |at: usize| {
        Some(u32::from(u16::from_be_bytes(
            bytes.get(at..at + 2)?.try_into().ok()?,
        )))
    };
    let le16 = |at: usize| {
        Some(u32::from(u16::from_le_bytes(
            bytes.get(at..at + 2)?.try_into().ok()?,
        )))
    };
    let le24 = |at: usize| {
        let b = bytes.get(at..at + 3)?;
        Some(u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16)
    };
    match kind {
        FileKind::Png => {
            let w = u32::from_be_bytes(bytes.get(16..20)?.try_into().ok()?);
            let h = u32::from_be_bytes(bytes.get(20..24)?.try_into().ok()?);
            Some((w, h))
        }
        FileKind::Jpeg => {
            let mut at = 2;
            while at + 4 <= bytes.len() {
                if bytes[at] != 0xFF {
                    return None;
                }
                let marker = bytes[at + 1];
                if marker == 0xFF {
                    at += 1;
                    continue;
                }
                let length = be16(at + 2)? as usize;
                // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
                if (0xC0..=0xCF).contains(&marker) && ![0xC4, 0xC8, 0xCC].contains(&marker) {
                    return Some((be16(at + 7)?, be16(at + 5)?));
                }
                at += 2 + length;
            }
            None
        }
        FileKind::Webp => match bytes.get(12..16)? {
            b"VP8X" => Some((le24(24)? + 1, le24(27)? + 1)),
            b"VP8L" => {
                let b = bytes.get(21..25)?;
                let bits = u32::from_le_bytes(b.try_into().ok()?);
                Some(((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1))
            }
            b"VP8 " => Some((le16(26)? & 0x3FFF, le16(28)? & 0x3FFF)),
            _ => None,
        },
        FileKind::Pdf => None,
    }
}

/// Whether a PDF reaches its end: its last kilobyte holds `%%EOF`.
pub fn pdf_is_whole(bytes: &[u8]) -> bool {
    let tail = &bytes[bytes.len().saturating_sub(1024)..];
    memmem::find(tail, b"%%EOF").is_some()
}

pub fn pdf_traits(bytes: &[u8]) -> PdfTraits {
    let has = |needle: &[u8]| memmem::find(bytes, needle).is_some();
    let pages = count_pages(bytes);
    PdfTraits {
        scripts: has(b"/JavaScript") || has(b"/JS ") || has(b"/JS(") || has(b"/JS<"),
        launch: has(b"/Launch"),
        pages: (pages > 0).then_some(pages),
    }
}

/// `/Type /Page` objects (not `/Pages`), with or without the blank.
fn count_pages(bytes: &[u8]) -> u32 {
    let mut count = 0u32;
    for needle in [&b"/Type /Page"[..], &b"/Type/Page"[..]] {
        for at in memmem::find_iter(bytes, needle) {
            let next = bytes.get(at + needle.len()).copied().unwrap_or(b' ');
            if !next.is_ascii_alphanumeric() {
                count += 1;
            }
        }
    }
    count
}

/// Judges downloaded bytes: the kind, and for a PDF whether it is whole and what it
/// carries. `shown` names the file in an error.
pub fn judge(handle: &str, bytes: &[u8], shown: &str) -> AppResult<EvidenceFile> {
    let refused = |code| AppError::new(code, shown.to_owned()).during(Task::ShowDocument);
    let kind = sniff(bytes).map_err(|what| {
        refused(DeskCode::UnsupportedFile).with_details(Details::UnsupportedFile {
            kind: what.to_owned(),
        })
    })?;
    let pdf = if kind == FileKind::Pdf {
        if !pdf_is_whole(bytes) {
            return Err(refused(DeskCode::DamagedFile));
        }
        Some(pdf_traits(bytes))
    } else {
        match image_size(kind, bytes) {
            Some((w, h)) if u64::from(w) * u64::from(h) > MAX_IMAGE_PIXELS => {
                return Err(refused(DeskCode::ImageTooLarge).with_details(
                    Details::ImageTooLarge {
                        width: w,
                        height: h,
                    },
                ));
            }
            // A header that says nothing readable is no image the window can trust.
            None => return Err(refused(DeskCode::DamagedFile)),
            Some(_) => {}
        }
        None
    };
    Ok(EvidenceFile {
        handle: handle.to_owned(),
        kind,
        sha256: sha256_hex(bytes),
        size: u32::try_from(bytes.len()).unwrap_or(u32::MAX),
        pdf,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_judged_by_their_first_bytes() {
        assert_eq!(sniff(b"%PDF-1.7\n"), Ok(FileKind::Pdf));
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0]), Ok(FileKind::Jpeg));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Ok(FileKind::Png));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Ok(FileKind::Webp));
        assert_eq!(sniff(b"  <!DOCTYPE html><html>"), Err("html"));
        assert_eq!(sniff(b"\xEF\xBB\xBF<html><script>"), Err("html"));
        assert_eq!(sniff(b"<svg xmlns="), Err("xml"));
        assert_eq!(sniff(b"PK\x03\x04"), Err("zip"));
        assert_eq!(sniff(b"GIF89a"), Err("gif"));
        assert_eq!(sniff(b"MZ\x90\0"), Err("program"));
        assert_eq!(sniff(b"hola"), Err("text"));
        assert_eq!(sniff(b""), Err("empty"));
    }

    #[test]
    fn a_pdf_cut_short_is_damaged_and_one_that_carries_actions_says_so() {
        let whole = b"%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n2 0 obj << /Type /Page /AA << /O << /S /Launch /F (calc.exe) >> >> >> endobj\n3 0 obj << /Type /Pages /Count 1 >> endobj\n%%EOF\n";
        let judged = judge("h", whole, "x").expect("whole");
        assert_eq!(
            judged.pdf,
            Some(PdfTraits {
                scripts: true,
                launch: true,
                pages: Some(1)
            })
        );
        let cut = &whole[..whole.len() - 20];
        let refused = judge("h", cut, "x").expect_err("cut short");
        assert_eq!(refused.code, DeskCode::DamagedFile);
        let html = judge("h", b"<!doctype html><script>", "x").expect_err("html");
        assert_eq!(
            (html.code, html.details.as_deref().cloned()),
            (
                crate::error::ErrorCode::from(DeskCode::UnsupportedFile),
                Some(Details::UnsupportedFile {
                    kind: "html".to_owned()
                })
            )
        );
    }

    #[test]
    fn an_image_that_declares_too_many_pixels_is_refused_before_the_window_decodes_it() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        png.extend_from_slice(&100_000u32.to_be_bytes());
        png.extend_from_slice(&100_000u32.to_be_bytes());
        assert_eq!(image_size(FileKind::Png, &png), Some((100_000, 100_000)));
        let refused = judge("h", &png, "x").expect_err("a bomb");
        assert_eq!(
            (refused.code, refused.details.as_deref().cloned()),
            (
                crate::error::ErrorCode::from(DeskCode::ImageTooLarge),
                Some(Details::ImageTooLarge {
                    width: 100_000,
                    height: 100_000
                })
            )
        );
        // A JPEG's frame header (after an APP0 segment), and a WebP's VP8X.
        let jpeg = [
            0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0x0B, 0xB8, 0x0F, 0xA0, 3,
        ];
        assert_eq!(image_size(FileKind::Jpeg, &jpeg), Some((4000, 3000)));
        let mut webp = b"RIFF\0\0\0\0WEBPVP8X\0\0\0\0\0\0\0\0".to_vec();
        webp.extend_from_slice(&[0x3F, 0x1F, 0, 0xFF, 0x0F, 0]);
        assert_eq!(image_size(FileKind::Webp, &webp), Some((8000, 4096)));
        // A header cut short says nothing: refused as damaged.
        assert_eq!(
            judge("h", b"\x89PNG\r\n\x1a\n", "x").expect_err("cut").code,
            DeskCode::DamagedFile
        );
    }
}

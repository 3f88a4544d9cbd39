//! A list file's bytes as text, and the CSV tables in it, under the limits of
//! [`super`]: no line over [`MAX_LINE_BYTES`], no file cut inside a quoted cell.

use super::{ListError, ListProblem, MAX_LINE_BYTES, MAX_ROWS};

/// Cells of one row at most (the SAT's 69-B has twenty).
const MAX_CELLS: usize = 64;

/// How a format's files are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// Windows-1252 unless the file is valid UTF-8.
    Windows1252,
}

/// The file as text. A NUL byte is no list's text (UTF-16, a binary file): refused.
pub fn decode(bytes: &[u8], encoding: Encoding) -> Result<String, ListError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Some(at) = memchr_nul(bytes) {
        return Err(ListError::new(
            ListProblem::WrongEncoding,
            Some(line_at(bytes, at)),
            "a NUL byte: not a text file (UTF-16 or binary)",
        ));
    }
    check_lines(bytes)?;
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_owned()),
        Err(e) if encoding == Encoding::Utf8 => Err(ListError::new(
            ListProblem::WrongEncoding,
            Some(line_at(bytes, e.valid_up_to())),
            format!("not UTF-8 at byte {}", e.valid_up_to()),
        )),
        Err(_) => Ok(bytes.iter().map(|&b| windows_1252(b)).collect()),
    }
}

/// Windows-1252's characters for 0x80–0x9F (WHATWG's index-windows-1252; its five
/// unassigned bytes read as the C1 controls of the same number, as the WHATWG decoder
/// does); every other byte is the Unicode character of its number (ASCII, Latin-1).
/// Written here rather than through a general decoder, which would bring every other
/// encoding's tables into the package (the test checks it against encoding_rs).
const WINDOWS_1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

pub(super) fn windows_1252(byte: u8) -> char {
    match byte {
        0x80..=0x9F => WINDOWS_1252_HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

fn memchr_nul(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|b| *b == 0)
}

fn line_at(bytes: &[u8], at: usize) -> u64 {
    bytes[..at.min(bytes.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count() as u64
        + 1
}

fn check_lines(bytes: &[u8]) -> Result<(), ListError> {
    for (line, chunk) in bytes.split(|b| *b == b'\n').enumerate() {
        if chunk.len() > MAX_LINE_BYTES {
            return Err(ListError::new(
                ListProblem::LineTooLong,
                Some(line as u64 + 1),
                format!("{} bytes", chunk.len()),
            ));
        }
    }
    Ok(())
}

/// The rows of a CSV table, each with its line, in a file whose quotes close. A row
/// with fewer cells than `width` at the very end is a file cut short.
pub fn rows(text: &str) -> Result<Vec<(u64, Vec<String>)>, ListError> {
    if text.bytes().filter(|b| *b == b'"').count() % 2 == 1 {
        return Err(ListError::new(
            ListProblem::Truncated,
            Some(text.lines().count() as u64),
            "a quoted cell never closes",
        ));
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut out = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|e| {
            ListError::new(
                ListProblem::BadRow,
                e.position().map(|p| p.line()),
                e.to_string(),
            )
        })?;
        if out.len() > MAX_ROWS {
            return Err(ListError::new(
                ListProblem::TooManyRows,
                None,
                format!("over {MAX_ROWS} rows"),
            ));
        }
        let line = record.position().map_or(0, |p| p.line());
        // No list has a row of more cells than this: a line of commas is no row.
        if record.len() > MAX_CELLS {
            return Err(ListError::new(
                ListProblem::BadRow,
                Some(line),
                format!("{} cells, over {MAX_CELLS}", record.len()),
            ));
        }
        // No list's cell runs over lines: one that does is a quote opened and never
        // closed, which took the rest of the file into one cell (a stray quote before
        // it can make the count of quotes even).
        if record.iter().any(|c| c.contains(['\n', '\r'])) {
            return Err(ListError::new(
                ListProblem::Truncated,
                Some(line),
                "a quoted cell runs over lines: its quote never closes",
            ));
        }
        out.push((line, record.iter().map(|c| c.trim().to_owned()).collect()));
    }
    Ok(out)
}

/// A cell, empty as none (and OFAC's `-0-` as none).
pub fn cell(row: &[String], at: usize) -> Option<String> {
    row.get(at)
        .map(|c| c.trim())
        .filter(|c| !c.is_empty() && *c != "-0-")
        .map(str::to_owned)
}

/// Whether a table's last row is cut short: fewer cells than the table's width.
pub fn last_row_short(rows: &[(u64, Vec<String>)], width: usize) -> Option<u64> {
    rows.last()
        .filter(|(_, cells)| cells.len() < width && !(cells.len() == 1 && cells[0].is_empty()))
        .map(|(line, _)| *line)
}

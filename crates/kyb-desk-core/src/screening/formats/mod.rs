//! Each publisher's file read into [`ListEntry`]s, whole or not at all: a file that is
//! cut short, too large, in an encoding it should not be in, or with a line no list
//! has, is refused with what is wrong and where, and nothing of it is kept.
//!
//! The formats' quirks, from their publishers' documentation:
//!
//! | Format | Encoding | Layout |
//! |---|---|---|
//! | SAT 69-B | Windows-1252 | title lines ("Información actualizada al …") above the table; `No,RFC,Nombre del Contribuyente,Situación del contribuyente,…` |
//! | SAT art. 69 | Windows-1252 | `RFC,RAZÓN SOCIAL,TIPO PERSONA,SUPUESTO,…`, title lines possible |
//! | OFAC `sdn.csv` / `alt.csv` | ASCII, Windows-1252 where not | no header; `-0-` for empty; the file ends with a Ctrl-Z (0x1A) line; RFCs in `Remarks` ("R.F.C. ABC…") |
//! | UN consolidated | UTF-8 XML | `CONSOLIDATED_LIST` (`dateGenerated`) › `INDIVIDUALS`/`ENTITIES` › names in `FIRST_NAME`…`FOURTH_NAME`, aliases in `…_ALIAS/ALIAS_NAME` |
//! | OpenSanctions | UTF-8 | `id,schema,name,aliases,…,identifiers,sanctions,dataset,…`; lists joined with `;` |
//!
//! Every file is decoded to text first ([`text`]); UTF-8 is taken where a file is valid
//! UTF-8 (a publisher that moves to it is still read), Windows-1252 otherwise for the
//! formats that use it.

mod ofac;
mod opensanctions;
mod sat;
pub(crate) mod text;
mod un;

use serde::Serialize;
use ts_rs::TS;

use super::{ListFormat, ReadList};

/// A list file's size at most (the largest published, OpenSanctions' full targets, is
/// a few hundred MB).
pub const MAX_FILE_BYTES: usize = 512 * 1024 * 1024;
/// A line (a record) at most: no list's row comes near it.
pub const MAX_LINE_BYTES: usize = 1024 * 1024;
/// Rows of one list at most.
pub const MAX_ROWS: usize = 5_000_000;

/// What is wrong with a list file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ListProblem {
    /// Over [`MAX_FILE_BYTES`].
    TooLarge,
    /// A line over [`MAX_LINE_BYTES`].
    LineTooLong,
    /// Over [`MAX_ROWS`] rows.
    TooManyRows,
    /// Not text in the format's encoding (UTF-8 where it must be; no text at all, as a
    /// UTF-16 or binary file).
    WrongEncoding,
    /// It ends before its end: inside a quoted cell, a row short of its cells, an XML
    /// element never closed.
    Truncated,
    /// No table of the format's columns (another list's file, or none).
    NoTable,
    /// A table without a single row.
    Empty,
    /// A row that cannot be one of the format's.
    BadRow,
    /// The format needs a file that was not given (OFAC's `sdn.csv`).
    MissingFile,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{problem:?} at line {line:?}: {detail}")]
pub struct ListError {
    pub problem: ListProblem,
    /// The line (from 1) where it was found, when one.
    pub line: Option<u64>,
    /// The library's or the reader's words.
    pub detail: String,
}

impl ListError {
    pub fn new(problem: ListProblem, line: Option<u64>, detail: impl Into<String>) -> Self {
        Self {
            problem,
            line,
            detail: detail.into(),
        }
    }
}

/// A file given for import: its name (to tell OFAC's two apart) and its bytes.
pub struct ListFile<'a> {
    pub name: &'a str,
    pub bytes: &'a [u8],
}

/// Reads a list of `format` from its file(s).
pub fn read(format: ListFormat, files: &[ListFile<'_>]) -> Result<ReadList, ListError> {
    for file in files {
        if file.bytes.len() > MAX_FILE_BYTES {
            return Err(ListError::new(
                ListProblem::TooLarge,
                None,
                format!("{} bytes", file.bytes.len()),
            ));
        }
    }
    let list = match format {
        ListFormat::Sat69b => sat::read_69b(only(files)?),
        ListFormat::Sat69 => sat::read_69(only(files)?),
        ListFormat::OfacSdn => ofac::read(files),
        ListFormat::UnConsolidated => un::read(only(files)?),
        ListFormat::OpenSanctions => opensanctions::read(only(files)?),
    }?;
    if list.entries.is_empty() {
        return Err(ListError::new(ListProblem::Empty, None, "no rows"));
    }
    if list.entries.len() > MAX_ROWS {
        return Err(ListError::new(
            ListProblem::TooManyRows,
            None,
            format!("{} rows", list.entries.len()),
        ));
    }
    Ok(list)
}

fn only<'a>(files: &'a [ListFile<'a>]) -> Result<&'a [u8], ListError> {
    files
        .first()
        .map(|f| f.bytes)
        .ok_or_else(|| ListError::new(ListProblem::MissingFile, None, "no file"))
}

#[cfg(test)]
mod tests;

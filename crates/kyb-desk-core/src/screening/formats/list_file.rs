//! A list file given for import, the limits it is read within and what can be wrong
//! with it: what every format's reader and [`super::read`] refuse a file with.

use serde::Serialize;
use ts_rs::TS;

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

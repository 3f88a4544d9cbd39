//! The CSV files the analyst exports (the audit log, the watchlist): a header line,
//! then one line per record, comma-separated UTF-8, written by atomic rename.

use std::path::Path;

use crate::error::{AppError, AppResult};
use crate::fsio;

/// `header` and `rows` as CSV text; a failure is reported as `what` could not be done.
pub fn text<R>(what: &str, header: &[&str], rows: impl IntoIterator<Item = R>) -> AppResult<String>
where
    R: IntoIterator,
    R::Item: AsRef<[u8]>,
{
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer
        .write_record(header)
        .map_err(|e| AppError::storage(what, e))?;
    for row in rows {
        writer
            .write_record(row)
            .map_err(|e| AppError::storage(what, e))?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| AppError::storage(what, e))?;
    String::from_utf8(bytes).map_err(|e| AppError::storage(what, e))
}

/// Writes an export to where the analyst chose, whole or not at all.
pub fn save(path: &Path, csv: &str) -> AppResult<()> {
    fsio::write_atomic(path, csv.as_bytes())
        .map_err(|e| AppError::storage("No se pudo escribir el CSV", e))
}

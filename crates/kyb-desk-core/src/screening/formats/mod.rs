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

mod list_file;
mod ofac;
mod opensanctions;
mod sat;
pub(crate) mod text;
mod un;

pub use list_file::{ListError, ListFile, ListProblem, MAX_FILE_BYTES, MAX_LINE_BYTES, MAX_ROWS};

use super::{ListFormat, ReadList};

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

//! OFAC's SDN list in its legacy CSV files (OFAC, "SDN List - Data Specification for
//! the legacy files"): `sdn.csv` with no header, twelve columns (`ent_num`,
//! `SDN_Name`, `SDN_Type`, `Program`, `Title`, `Call_Sign`, `Vess_type`, `Tonnage`,
//! `GRT`, `Vess_flag`, `Vess_owner`, `Remarks`), `-0-` for an empty cell, the last line a
//! lone Ctrl-Z; `alt.csv` the aliases (`ent_num`, `alt_num`, `alt_type`, `alt_name`,
//! `alt_remarks`). Mexican parties carry their RFC in `Remarks` ("R.F.C.
//! GUPJ750101AB1 (Mexico)").

use std::collections::HashMap;

use super::text::{self, Encoding, cell};
use super::{ListError, ListFile, ListProblem};
use crate::screening::{ListEntry, Party, ReadList};

const SDN_COLUMNS: usize = 12;
const ALT_COLUMNS: usize = 5;

fn is_alt(name: &str) -> bool {
    name.rsplit(['/', '\\'])
        .next()
        .is_some_and(|n| n.to_ascii_lowercase().starts_with("alt"))
}

/// The rows of one of OFAC's files, the Ctrl-Z line and blank lines left out.
fn table(bytes: &[u8], width: usize) -> Result<Vec<(u64, Vec<String>)>, ListError> {
    let text = text::decode(bytes, Encoding::Windows1252)?;
    let text = text.trim_end_matches(['\u{1a}', '\r', '\n', ' ']);
    let rows: Vec<(u64, Vec<String>)> = text::rows(text)?
        .into_iter()
        .filter(|(_, cells)| !(cells.len() == 1 && cells[0].is_empty()))
        .collect();
    for (line, cells) in &rows {
        if cells.len() != width {
            let problem = if Some(line) == rows.last().map(|(l, _)| l) && cells.len() < width {
                ListProblem::Truncated
            } else {
                ListProblem::BadRow
            };
            return Err(ListError::new(
                problem,
                Some(*line),
                format!("{} cells where OFAC writes {width}", cells.len()),
            ));
        }
    }
    Ok(rows)
}

/// The RFC a remark gives ("R.F.C. ABC123456XY1", "RFC ABC…").
fn rfc_in(remarks: &str) -> Option<String> {
    let upper = remarks.to_uppercase();
    for marker in ["R.F.C.", "RFC"] {
        let mut rest = upper.as_str();
        while let Some(at) = rest.find(marker) {
            rest = &rest[at + marker.len()..];
            let candidate: String = rest
                .trim_start_matches([' ', '#', ':'])
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '&' || *c == 'Ñ')
                .collect();
            if matches!(candidate.chars().count(), 12 | 13) {
                return Some(candidate);
            }
        }
    }
    None
}

pub fn read(files: &[ListFile<'_>]) -> Result<ReadList, ListError> {
    let sdn = files
        .iter()
        .find(|f| !is_alt(f.name))
        .ok_or_else(|| ListError::new(ListProblem::MissingFile, None, "sdn.csv"))?;
    let mut aliases: HashMap<String, Vec<String>> = HashMap::new();
    for alt in files.iter().filter(|f| is_alt(f.name)) {
        for (_, row) in table(alt.bytes, ALT_COLUMNS)? {
            if let (Some(id), Some(name)) = (cell(&row, 0), cell(&row, 3)) {
                aliases.entry(id).or_default().push(name);
            }
        }
    }
    let mut entries = Vec::new();
    for (line, row) in table(sdn.bytes, SDN_COLUMNS)? {
        let (Some(id), Some(name)) = (cell(&row, 0), cell(&row, 1)) else {
            return Err(ListError::new(
                ListProblem::BadRow,
                Some(line),
                "no ent_num or name",
            ));
        };
        let party = match cell(&row, 2).map(|t| t.to_ascii_lowercase()).as_deref() {
            Some("individual") => Party::Person,
            None => Party::Company,
            _ => Party::Unknown,
        };
        let mut names = vec![name];
        names.extend(aliases.remove(&id).unwrap_or_default());
        entries.push(ListEntry {
            rfc: cell(&row, 11).as_deref().and_then(rfc_in),
            status: cell(&row, 3),
            row: id,
            names,
            party,
            cleared: false,
        });
    }
    Ok(ReadList {
        entries,
        published: None,
    })
}

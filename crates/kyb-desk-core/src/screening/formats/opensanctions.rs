//! OpenSanctions' `targets.simple.csv` (its "simplified CSV" export): a header row
//! `id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,
//! emails,dataset,first_seen,last_seen,last_change`, UTF-8, several values in one cell
//! joined with `;`.

use super::text::{self, Encoding, cell};
use super::{ListError, ListProblem};
use crate::screening::{ListEntry, Party, ReadList};
use kyb_api::identifiers::rfc;

fn split(value: Option<String>) -> Vec<String> {
    value
        .map(|v| {
            v.split(';')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

pub fn read(bytes: &[u8]) -> Result<ReadList, ListError> {
    let text = text::decode(bytes, Encoding::Utf8)?;
    let mut rows = text::rows(&text)?.into_iter();
    let Some((_, header)) = rows.next() else {
        return Err(ListError::new(ListProblem::Empty, None, "no header"));
    };
    let at = |name: &str| header.iter().position(|h| h.eq_ignore_ascii_case(name));
    let (Some(id_at), Some(name_at)) = (at("id"), at("name")) else {
        return Err(ListError::new(
            ListProblem::NoTable,
            Some(1),
            "no id and name columns",
        ));
    };
    let (schema_at, aliases_at, ids_at, sanctions_at, dataset_at) = (
        at("schema"),
        at("aliases"),
        at("identifiers"),
        at("sanctions"),
        at("dataset"),
    );
    let rows: Vec<(u64, Vec<String>)> = rows.collect();
    if let Some(line) = text::last_row_short(&rows, header.len()) {
        return Err(ListError::new(
            ListProblem::Truncated,
            Some(line),
            "the last row is cut short",
        ));
    }
    let mut entries = Vec::with_capacity(rows.len());
    for (line, row) in rows {
        let (Some(id), Some(name)) = (cell(&row, id_at), cell(&row, name_at)) else {
            if row.len() == 1 && row[0].is_empty() {
                continue;
            }
            return Err(ListError::new(
                ListProblem::BadRow,
                Some(line),
                "no id or name",
            ));
        };
        let party = match schema_at.and_then(|a| cell(&row, a)).as_deref() {
            Some("Person") => Party::Person,
            Some("Company" | "Organization" | "LegalEntity") => Party::Company,
            _ => Party::Unknown,
        };
        let mut names = vec![name];
        names.extend(split(aliases_at.and_then(|a| cell(&row, a))));
        let rfc = split(ids_at.and_then(|a| cell(&row, a)))
            .into_iter()
            .find(|id| rfc::check(id).is_valid());
        let status = sanctions_at
            .and_then(|a| cell(&row, a))
            .or_else(|| dataset_at.and_then(|a| cell(&row, a)))
            .map(|s| s.chars().take(200).collect());
        entries.push(ListEntry {
            row: id,
            names,
            rfc,
            party,
            status,
            cleared: false,
        });
    }
    Ok(ReadList {
        entries,
        published: None,
    })
}

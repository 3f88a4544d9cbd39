//! The SAT's lists: 69-B (`Listado_Completo_69-B.csv`) and the article 69 lists. Both
//! are Windows-1252 CSV with title lines above the table; the table is found by its
//! header (a cell `RFC` and a name column), not by a line number, since the titles
//! change from one publication to the next.

use super::text::{self, Encoding, cell};
use super::{ListError, ListProblem};
use crate::evidence::checks::fold;
use crate::screening::{ListEntry, Party, ReadList};

struct Table {
    /// The title lines' "actualizada al …", when there.
    published: Option<String>,
    header_line: u64,
    columns: Vec<String>,
    rows: Vec<(u64, Vec<String>)>,
}

fn table(bytes: &[u8]) -> Result<Table, ListError> {
    let text = text::decode(bytes, Encoding::Windows1252)?;
    let mut rows = text::rows(&text)?;
    let header = rows.iter().position(|(_, cells)| {
        let folded: Vec<String> = cells.iter().map(|c| fold(c)).collect();
        folded.iter().any(|c| c == "rfc")
            && folded
                .iter()
                .any(|c| c.contains("nombre") || c.contains("razon social"))
    });
    let Some(header) = header else {
        return Err(ListError::new(
            ListProblem::NoTable,
            None,
            "no header with RFC and a name",
        ));
    };
    let published = rows[..header]
        .iter()
        .flat_map(|(_, cells)| cells.iter())
        .find(|c| fold(c).contains("actualizad"))
        .cloned();
    let (header_line, columns) = rows[header].clone();
    let columns: Vec<String> = columns.iter().map(|c| fold(c)).collect();
    let data = rows.split_off(header + 1);
    if let Some(line) = text::last_row_short(&data, columns.len().min(4)) {
        return Err(ListError::new(
            ListProblem::Truncated,
            Some(line),
            "the last row is cut short",
        ));
    }
    Ok(Table {
        published,
        header_line,
        columns,
        rows: data,
    })
}

impl Table {
    fn column(&self, matches: impl Fn(&str) -> bool) -> Option<usize> {
        self.columns.iter().position(|c| matches(c))
    }
}

fn party_of(rfc: &str) -> Party {
    match rfc.chars().count() {
        12 => Party::Company,
        13 => Party::Person,
        _ => Party::Unknown,
    }
}

/// 69-B: `No`, `RFC`, `Nombre del Contribuyente`, `Situación del contribuyente`
/// (Presunto, Desvirtuado, Definitivo, Sentencia Favorable), then the offices and
/// publications of each stage.
pub fn read_69b(bytes: &[u8]) -> Result<ReadList, ListError> {
    let t = table(bytes)?;
    let rfc_at = t.column(|c| c == "rfc").unwrap_or(1);
    let name_at = t.column(|c| c.contains("nombre")).ok_or_else(|| {
        ListError::new(ListProblem::NoTable, Some(t.header_line), "no name column")
    })?;
    let status_at = t.column(|c| c.starts_with("situacion"));
    let mut entries = Vec::with_capacity(t.rows.len());
    for (line, row) in &t.rows {
        let Some(name) = cell(row, name_at) else {
            continue;
        };
        let rfc = cell(row, rfc_at).map(|r| r.to_uppercase());
        let status = status_at.and_then(|at| cell(row, at));
        let cleared = status
            .as_deref()
            .map(fold)
            .is_some_and(|s| s.starts_with("desvirtuad") || s.starts_with("sentencia favorable"));
        entries.push(ListEntry {
            row: rfc.clone().unwrap_or_else(|| format!("línea {line}")),
            names: vec![name],
            party: rfc.as_deref().map_or(Party::Unknown, party_of),
            rfc,
            status,
            cleared,
        });
    }
    Ok(ReadList {
        entries,
        published: t.published,
    })
}

/// Article 69: `RFC`, `RAZÓN SOCIAL`, `TIPO PERSONA`, `SUPUESTO`, dates and amounts. An
/// RFC may be in several supuestos: each row is its RFC and its supuesto.
pub fn read_69(bytes: &[u8]) -> Result<ReadList, ListError> {
    let t = table(bytes)?;
    let rfc_at = t.column(|c| c == "rfc").unwrap_or(0);
    let name_at = t
        .column(|c| c.contains("razon social") || c.contains("nombre"))
        .ok_or_else(|| {
            ListError::new(ListProblem::NoTable, Some(t.header_line), "no name column")
        })?;
    let kind_at = t.column(|c| c.starts_with("tipo persona"));
    let case_at = t.column(|c| c.starts_with("supuesto"));
    let mut entries = Vec::with_capacity(t.rows.len());
    for (line, row) in &t.rows {
        let Some(name) = cell(row, name_at) else {
            continue;
        };
        let rfc = cell(row, rfc_at).map(|r| r.to_uppercase());
        let status = case_at.and_then(|at| cell(row, at));
        let party = match kind_at.and_then(|at| cell(row, at)).map(|k| fold(&k)) {
            Some(k) if k.starts_with('m') => Party::Company,
            Some(k) if k.starts_with('f') => Party::Person,
            _ => rfc.as_deref().map_or(Party::Unknown, party_of),
        };
        entries.push(ListEntry {
            row: match (&rfc, &status) {
                (Some(rfc), Some(case)) => format!("{rfc} · {case}"),
                (Some(rfc), None) => rfc.clone(),
                _ => format!("línea {line}"),
            },
            names: vec![name],
            rfc,
            party,
            status,
            cleared: false,
        });
    }
    Ok(ReadList {
        entries,
        published: t.published,
    })
}

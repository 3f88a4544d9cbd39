//! The list as CSV text: an import of RFCs (with its limits and its report of the
//! lines refused) and an export that imports again as it is.

use std::collections::HashSet;

use serde::Serialize;
use ts_rs::TS;

use crate::csv_export;
use crate::error::{AppError, AppResult, Failure, Rule, Task};

use super::watched_file::{file_key, positions};
use super::{WatchedFile, Watchlist, in_profile, problems};

/// The largest CSV text an import reads (2 MiB, some 80,000 lines of `RFC,FlowID`):
/// a larger one is refused before it is parsed.
pub const MAX_IMPORT_BYTES: usize = 2 * 1024 * 1024;
/// The most files one import adds (lines other than blank ones and a header): every
/// followed file is one tracking query per refresh, so a larger list is refused
/// before it is parsed; split it into several imports.
pub const MAX_IMPORT_ROWS: usize = 10_000;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    pub added: u32,
    pub already_watched: u32,
    /// Every line that was not imported, with why.
    pub refused: Vec<RefusedLine>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RefusedLine {
    /// Line of the file, from 1.
    pub line: u32,
    pub problems: Vec<Failure>,
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The columns of an exported watchlist. RFC and FlowID come first, as
/// [`Watchlist::import_csv`] reads them, so an export imports again (elsewhere, say)
/// as it is; the header line is skipped there.
pub(super) const CSV_HEADER: [&str; 16] = [
    "RFC",
    "FlowID",
    "DocumentId",
    "Empresa",
    "Estatus",
    "Secciones",
    "Aceptadas",
    "Rechazadas",
    "Con el usuario",
    "En revisión",
    "Personas",
    "Enroladas",
    "Actualizado (UTC)",
    "Consultado (UTC)",
    "Error de la última consulta",
    "Cambió desde su revisión",
];

/// A watchlist as CSV, one line per file, in the given order.
pub fn to_csv(files: &[WatchedFile]) -> AppResult<String> {
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    let rows = files.iter().map(|file| {
        let counts = &file.sections;
        [
            file.rfc.clone(),
            file.flow_id.clone(),
            text(&file.document_id),
            text(&file.company_name),
            text(&file.document_status),
            counts.total.to_string(),
            counts.accepted.to_string(),
            counts.rejected.to_string(),
            counts.needs_user.to_string(),
            counts.in_review.to_string(),
            file.persons_total.to_string(),
            file.persons_enrolled.to_string(),
            text(&file.updated_at_utc),
            text(&file.last_refresh_utc),
            file.last_error
                .map(|code| code.to_string())
                .unwrap_or_default(),
            if file.changed { "sí" } else { "no" }.to_owned(),
        ]
    });
    csv_export::text(&CSV_HEADER, rows)
}

impl Watchlist {
    /// Imports RFCs from CSV text: one file per line, `RFC` or `RFC,FlowID` (a header
    /// line naming RFC is skipped; `;` also separates). Lines without a FlowID use
    /// `default_flow_id`. Every line is checked; the valid ones are added. A line whose
    /// FlowID is none of `flows` (the profile's; empty: any) is refused, so a typo or a
    /// stray column never becomes a row that fails at every refresh. A text over
    /// [`MAX_IMPORT_BYTES`] or [`MAX_IMPORT_ROWS`] is refused whole, unread.
    pub fn import_csv(
        &self,
        profile_id: &str,
        text: &str,
        default_flow_id: &str,
        flows: &[&str],
    ) -> AppResult<ImportReport> {
        let delimiter = if text.lines().next().is_some_and(|l| l.contains(';')) {
            b';'
        } else {
            b','
        };
        check_import_size(text, delimiter)?;
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .trim(csv::Trim::All)
            .delimiter(delimiter)
            .from_reader(text.as_bytes());
        let mut report = ImportReport::default();
        let mut rows = Vec::new();
        for (index, record) in reader.records().enumerate() {
            let line = index + 1;
            let Ok(record) = record else {
                report.refused.push(RefusedLine {
                    line: count(line),
                    problems: vec![Failure::new("line", Rule::Invalid)],
                });
                continue;
            };
            let rfc = record.get(0).unwrap_or("").to_owned();
            if line == 1 && rfc.eq_ignore_ascii_case("rfc") {
                continue;
            }
            if rfc.is_empty() && record.len() <= 1 {
                continue;
            }
            let flow = record
                .get(1)
                .filter(|f| !f.is_empty())
                .unwrap_or(default_flow_id)
                .to_owned();
            let mut problems = problems(&flow, &rfc);
            if !flow.is_empty() && !in_profile(flows, &flow) {
                problems.push(Failure::new("FlowId", Rule::NotInProfile));
            }
            if problems.is_empty() {
                rows.push((flow, rfc));
            } else {
                report.refused.push(RefusedLine {
                    line: count(line),
                    problems,
                });
            }
        }
        self.change(profile_id, |files| {
            let mut followed: HashSet<(String, String)> = positions(files).into_keys().collect();
            for (flow, rfc) in rows {
                if followed.insert(file_key(&flow, &rfc)) {
                    files.push(WatchedFile::followed(&flow, &rfc, None));
                    report.added += 1;
                } else {
                    report.already_watched += 1;
                }
            }
            Ok(report)
        })
    }
}

/// Refuses a CSV text over [`MAX_IMPORT_BYTES`] or with more than [`MAX_IMPORT_ROWS`]
/// rows, counted by lines (blank ones and a header line naming RFC aside) before any
/// parsing.
fn check_import_size(text: &str, delimiter: u8) -> AppResult<()> {
    const MIB: usize = 1024 * 1024;
    let refused =
        |problem: Failure| Err(AppError::invalid(vec![problem]).during(Task::ImportWatchlist));
    if text.len() > MAX_IMPORT_BYTES {
        return refused(
            Failure::new("file", Rule::TooLarge)
                .with_limit(count(MAX_IMPORT_BYTES / MIB))
                .with_sent(count(text.len().div_ceil(MIB))),
        );
    }
    let mut lines = text.lines().filter(|l| !l.trim().is_empty()).peekable();
    let header = lines.peek().is_some_and(|first| {
        first
            .split(char::from(delimiter))
            .next()
            .is_some_and(|field| field.trim().trim_matches('"').eq_ignore_ascii_case("rfc"))
    });
    let rows = lines.count() - usize::from(header);
    if rows > MAX_IMPORT_ROWS {
        return refused(
            Failure::new("rows", Rule::TooMany)
                .with_limit(count(MAX_IMPORT_ROWS))
                .with_sent(count(rows)),
        );
    }
    Ok(())
}

//! Work on many of the watchlist's rows at once: the window's selection
//! crosses as (FlowID, RFC) pairs, at most [`MAX_BULK_ROWS`], and each action answers
//! every row's outcome, so the window tells which rows failed and why, and keeps them
//! selected.
//!
//! There is no bulk "follow": every row of the watchlist is a followed file, and in a
//! team the desk follows every file of the queue it can on its own (see
//! `Desk::sync_queue`), so a row the desk does not follow never reaches the window.

use std::collections::HashSet;
use std::path::Path;

use kyb_api::requests::normalize_rfc;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::Desk;
use super::team::team_error;
use crate::csv_export;
use crate::error::{AppError, AppResult, Failure, Rule, TeamCode};
use crate::watchlist::{RefreshProgress, WatchedFile};

/// The most rows one bulk action takes: a selection of the whole list of a large team
/// (the SLA's bench measures 10,000 files), and a bound on one command's work.
pub const MAX_BULK_ROWS: usize = 10_000;

/// One row of a selection: a followed file by its FlowID and RFC.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SelectedFile {
    pub flow_id: String,
    pub rfc: String,
}

impl SelectedFile {
    /// The key the watchlist tells files apart by: the FlowID trimmed, the RFC as it
    /// is stored.
    fn key(&self) -> (String, String) {
        key_of(&self.flow_id, &self.rfc)
    }
}

fn key_of(flow_id: &str, rfc: &str) -> (String, String) {
    (flow_id.trim().to_owned(), normalize_rfc(rfc))
}

/// What became of one row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RowResult {
    Done,
    /// The file is no longer followed here (unfollowed meanwhile, from another window
    /// or by an import): nothing was done with it.
    NotFollowed,
    /// Refused or failed, with the code the window words.
    Failed {
        error: AppError,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RowOutcome {
    pub flow_id: String,
    pub rfc: String,
    pub result: RowResult,
}

/// Every row's outcome, in the selection's order, a row given twice once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BulkReport {
    pub outcomes: Vec<RowOutcome>,
    pub done: u32,
    pub failed: u32,
}

impl BulkReport {
    fn of(outcomes: Vec<RowOutcome>) -> Self {
        let done = outcomes
            .iter()
            .filter(|o| o.result == RowResult::Done)
            .count();
        let failed = outcomes.len() - done;
        Self {
            outcomes,
            done: count(done),
            failed: count(failed),
        }
    }
}

/// An unfollow of many: the outcomes, the files as they were (for "Deshacer") and the
/// list as it is now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BulkUnfollowed {
    pub report: BulkReport,
    pub removed: Vec<WatchedFile>,
    pub list: Vec<WatchedFile>,
}

/// How far an assignment of many rows is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BulkProgress {
    pub done: u32,
    pub total: u32,
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The selection without its repeats (the first of each kept), refused whole when it
/// is beyond [`MAX_BULK_ROWS`]: nothing is done with part of it.
fn checked(rows: Vec<SelectedFile>) -> AppResult<Vec<SelectedFile>> {
    bounded(rows.len())?;
    let mut seen = HashSet::with_capacity(rows.len());
    Ok(rows.into_iter().filter(|r| seen.insert(r.key())).collect())
}

fn bounded(rows: usize) -> AppResult<()> {
    if rows <= MAX_BULK_ROWS {
        return Ok(());
    }
    let mut failure = Failure::new("rows", Rule::TooMany);
    failure.limit = Some(count(MAX_BULK_ROWS));
    failure.sent = Some(count(rows));
    Err(AppError::invalid(vec![failure]))
}

fn outcome(row: SelectedFile, result: RowResult) -> RowOutcome {
    RowOutcome {
        flow_id: row.flow_id,
        rfc: row.rfc,
        result,
    }
}

/// A failure no other row would escape (the team out of reach, this login refused):
/// the rows after it are not tried, and carry it.
fn stops_all(error: &AppError) -> bool {
    [
        TeamCode::NoTeam,
        TeamCode::NoTeamPassword,
        TeamCode::TeamUnreachable,
        TeamCode::TeamLoginRefused,
        TeamCode::NotTeamMember,
        TeamCode::TeamSchemaOld,
    ]
    .iter()
    .any(|code| error.code == *code)
}

impl Desk {
    /// Unfollows the rows with one write of the list.
    pub fn unfollow_files(&self, rows: Vec<SelectedFile>) -> AppResult<BulkUnfollowed> {
        let rows = checked(rows)?;
        let profile = self.active_profile()?;
        let removed = self.watchlist.remove_all(
            &profile.id,
            rows.iter().map(|r| (r.flow_id.as_str(), r.rfc.as_str())),
        )?;
        let gone: HashSet<_> = removed.iter().map(|f| key_of(&f.flow_id, &f.rfc)).collect();
        let outcomes = rows
            .into_iter()
            .map(|row| {
                let result = if gone.contains(&row.key()) {
                    RowResult::Done
                } else {
                    RowResult::NotFollowed
                };
                outcome(row, result)
            })
            .collect();
        Ok(BulkUnfollowed {
            report: BulkReport::of(outcomes),
            removed,
            list: self.watchlist.list(&profile.id)?,
        })
    }

    /// An undone unfollow of many: the files back as they were, with one write.
    pub fn restore_watched_files(&self, files: Vec<WatchedFile>) -> AppResult<Vec<WatchedFile>> {
        bounded(files.len())?;
        self.watchlist
            .restore_all(&self.active_profile()?.id, files)
    }

    /// Asks tracking about the rows, as "refresh all" does about every file, with
    /// progress; a row whose answer was a failure (the service's "not found" too)
    /// carries its code.
    pub async fn refresh_files(
        &self,
        rows: Vec<SelectedFile>,
        progress: impl Fn(RefreshProgress),
    ) -> AppResult<BulkReport> {
        let rows = checked(rows)?;
        let wanted: HashSet<_> = rows.iter().map(SelectedFile::key).collect();
        let list = self
            .refresh_where(|f| wanted.contains(&key_of(&f.flow_id, &f.rfc)), progress)
            .await?;
        let by_key: std::collections::HashMap<_, _> = list
            .iter()
            .map(|f| (key_of(&f.flow_id, &f.rfc), f))
            .collect();
        let outcomes = rows
            .into_iter()
            .map(|row| {
                let result = match by_key.get(&row.key()) {
                    None => RowResult::NotFollowed,
                    Some(file) => match file.last_error {
                        Some(code) => RowResult::Failed {
                            error: AppError::of(code),
                        },
                        None => RowResult::Done,
                    },
                };
                outcome(row, result)
            })
            .collect();
        Ok(BulkReport::of(outcomes))
    }

    /// Gives each row to `member` (none: back to the queue) through the team's
    /// assignment, one by one: the database decides each (a supervisor assigns anyone,
    /// a member frees only their own files), so one refused row leaves the others done.
    pub async fn assign_files(
        &self,
        rows: Vec<SelectedFile>,
        member: Option<&str>,
        progress: impl Fn(BulkProgress),
    ) -> AppResult<BulkReport> {
        let rows = checked(rows)?;
        let team = self.team_for_change().await?;
        let total = count(rows.len());
        let mut outcomes = Vec::with_capacity(rows.len());
        let mut stopped: Option<AppError> = None;
        for row in rows {
            let result = if let Some(error) = &stopped {
                RowResult::Failed {
                    error: error.clone(),
                }
            } else {
                match team.assign(&row.flow_id, &row.rfc, member).await {
                    Ok(()) => RowResult::Done,
                    Err(error) => {
                        let error = team_error(error);
                        if stops_all(&error) {
                            stopped = Some(error.clone());
                        }
                        RowResult::Failed { error }
                    }
                }
            };
            outcomes.push(outcome(row, result));
            progress(BulkProgress {
                done: count(outcomes.len()),
                total,
            });
        }
        Ok(BulkReport::of(outcomes))
    }

    /// Writes the rows' files as CSV to `path`, in the selection's order, with the
    /// columns of the whole list's export (so it imports again); answers how many
    /// (a row no longer followed is left out).
    pub fn export_files_csv(&self, rows: Vec<SelectedFile>, path: &Path) -> AppResult<u32> {
        let rows = checked(rows)?;
        let list = self.watchlist()?;
        let by_key: std::collections::HashMap<_, _> = list
            .iter()
            .map(|f| (key_of(&f.flow_id, &f.rfc), f))
            .collect();
        let files: Vec<WatchedFile> = rows
            .iter()
            .filter_map(|row| by_key.get(&row.key()).map(|f| (*f).clone()))
            .collect();
        csv_export::save(path, &crate::watchlist::to_csv(&files)?)?;
        Ok(count(files.len()))
    }
}

//! The list itself: one per profile, in its own file, read and written whole under the
//! profile's lock.

use std::path::PathBuf;

use kyb_api::file::DocumentStatus;
use kyb_api::models::tracking::Tracking;
use kyb_api::requests::normalize_rfc;
use kyb_api::validate::is_rfc;

use super::watched_file::{
    FileRisk, WatchedFile, file_key, positions, record, refresh_failed, same_file,
};
use crate::error::{AppError, AppResult, ErrorCode, Failure, Rule, Task};
use crate::profile_records::ProfileRecords;
use crate::recovery::{RecordKind, Recoveries};

/// Whether `flow_id` is one of the profile's `flows` (any, when it names none): a file
/// of another flow would fail at every refresh.
pub(crate) fn in_profile(flows: &[&str], flow_id: &str) -> bool {
    flows.is_empty() || flows.iter().any(|f| f.eq_ignore_ascii_case(flow_id.trim()))
}

pub struct Watchlist(pub(super) ProfileRecords<Vec<WatchedFile>>);

impl Watchlist {
    pub fn new(dir: PathBuf, recoveries: Recoveries) -> Self {
        Self(
            ProfileRecords::new(
                dir,
                RecordKind::Watchlist,
                [Task::ReadWatchlist, Task::SaveWatchlist],
                recoveries,
            )
            // A list written before `refresh_failed` existed gets it right too.
            .repaired(|files| {
                for file in files {
                    file.refresh_failed = refresh_failed(file.last_error);
                }
                None
            }),
        )
    }

    /// Removes a profile's list (the profile is being deleted).
    pub fn forget_profile(&self, profile_id: &str) -> std::io::Result<()> {
        self.0.forget_profile(profile_id)
    }

    /// A profile's list; an unreadable one is set aside and reads as empty.
    pub fn list(&self, profile_id: &str) -> AppResult<Vec<WatchedFile>> {
        self.0.read(profile_id)
    }

    /// Reads, edits and writes back a profile's list, as its one writer meanwhile.
    pub(super) fn change<T>(
        &self,
        profile_id: &str,
        edit: impl FnOnce(&mut Vec<WatchedFile>) -> AppResult<T>,
    ) -> AppResult<T> {
        self.0
            .change(profile_id, |files| edit(files).map(|result| (result, true)))
    }

    /// Follows a file; `false` when it was already followed.
    pub fn add(
        &self,
        profile_id: &str,
        flow_id: &str,
        rfc: &str,
        document_id: Option<&str>,
    ) -> AppResult<bool> {
        let problems = problems(flow_id, rfc);
        if !problems.is_empty() {
            return Err(AppError::invalid(problems));
        }
        Ok(self.add_all(profile_id, [(flow_id, rfc, document_id)])? == 1)
    }

    /// Follows a file this desk has just created, with what the desk knows of it before
    /// the service's first answer: the company's name as the request gave it and the
    /// spec's initial status (Ingresado). The first answer replaces both; a file the
    /// service has answered about already keeps what it said.
    pub fn add_created(
        &self,
        profile_id: &str,
        flow_id: &str,
        rfc: &str,
        document_id: Option<&str>,
        company_name: &str,
    ) -> AppResult<()> {
        self.add(profile_id, flow_id, rfc, document_id)?;
        self.0.change(profile_id, |files| {
            let Some(file) = files.iter_mut().find(|f| same_file(f, flow_id, rfc)) else {
                return Ok(((), false));
            };
            if file.last_refresh_utc.is_some() {
                return Ok(((), false));
            }
            let name = company_name.trim();
            if file.company_name.is_none() && !name.is_empty() {
                file.company_name = Some(name.to_owned());
            }
            if file.document_status.is_none() {
                let status = DocumentStatus::Ingresado;
                file.status_category = Some(status.category());
                file.document_status = Some(status.as_str().to_owned());
            }
            Ok(((), true))
        })
    }

    /// Follows files (FlowID, RFC, DocumentId) with one write of the list, however many
    /// (the team's queue may hand a desk thousands at once); how many were new. A file
    /// followed already keeps its row, and learns its DocumentId if it had none. A file
    /// that is no valid FlowID and RFC is left out (what another desk shared may be
    /// anything).
    pub fn add_all<'a>(
        &self,
        profile_id: &str,
        new: impl IntoIterator<Item = (&'a str, &'a str, Option<&'a str>)>,
    ) -> AppResult<usize> {
        self.0.change(profile_id, |files| {
            let mut at = positions(files);
            let mut added = 0;
            let mut changed = false;
            for (flow_id, rfc, document_id) in new {
                if !problems(flow_id, rfc).is_empty() {
                    continue;
                }
                let key = file_key(flow_id, rfc);
                if let Some(&index) = at.get(&key) {
                    let known = &mut files[index];
                    if known.document_id.is_none() && document_id.is_some() {
                        known.document_id = document_id.map(str::to_owned);
                        changed = true;
                    }
                    continue;
                }
                at.insert(key, files.len());
                files.push(WatchedFile::followed(flow_id, rfc, document_id));
                added += 1;
                changed = true;
            }
            Ok((added, changed))
        })
    }

    pub fn remove(
        &self,
        profile_id: &str,
        flow_id: &str,
        rfc: &str,
    ) -> AppResult<Vec<WatchedFile>> {
        self.change(profile_id, |files| {
            files.retain(|f| !same_file(f, flow_id, rfc));
            Ok(files.clone())
        })
    }

    /// Puts back a file just removed, as it was (an undone "unfollow"): its last answer
    /// and what the analyst had seen of it are kept. A file followed again meanwhile
    /// stays as it is now.
    pub fn restore(&self, profile_id: &str, file: WatchedFile) -> AppResult<Vec<WatchedFile>> {
        let problems = problems(&file.flow_id, &file.rfc);
        if !problems.is_empty() {
            return Err(AppError::invalid(problems));
        }
        self.change(profile_id, |files| {
            if !files.iter().any(|f| same_file(f, &file.flow_id, &file.rfc)) {
                files.push(file);
            }
            Ok(files.clone())
        })
    }

    /// Unfollows many files with one write of the list (a selection's "unfollow"): the
    /// files removed, as they were, for an undo to put back; a pair not followed is
    /// not among them.
    pub fn remove_all<'a>(
        &self,
        profile_id: &str,
        gone: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> AppResult<Vec<WatchedFile>> {
        let gone: std::collections::HashSet<_> =
            gone.into_iter().map(|(f, r)| file_key(f, r)).collect();
        self.0.change(profile_id, |files| {
            let (removed, kept): (Vec<_>, Vec<_>) = std::mem::take(files)
                .into_iter()
                .partition(|f| gone.contains(&file_key(&f.flow_id, &f.rfc)));
            *files = kept;
            let changed = !removed.is_empty();
            Ok((removed, changed))
        })
    }

    /// Puts back files just removed, as they were, with one write (an undone bulk
    /// "unfollow"); [`Self::restore`]'s rules for each.
    pub fn restore_all(
        &self,
        profile_id: &str,
        back: Vec<WatchedFile>,
    ) -> AppResult<Vec<WatchedFile>> {
        let problems: Vec<Failure> = back
            .iter()
            .flat_map(|f| problems(&f.flow_id, &f.rfc))
            .collect();
        if !problems.is_empty() {
            return Err(AppError::invalid(problems));
        }
        self.change(profile_id, |files| {
            let mut at = positions(files);
            for file in back {
                let key = file_key(&file.flow_id, &file.rfc);
                if let std::collections::hash_map::Entry::Vacant(slot) = at.entry(key) {
                    slot.insert(files.len());
                    files.push(file);
                }
            }
            Ok(files.clone())
        })
    }

    /// Records a tracking answer (or its failure) for a followed file.
    pub fn apply(
        &self,
        profile_id: &str,
        flow_id: &str,
        rfc: &str,
        answer: Result<&Tracking, ErrorCode>,
    ) -> AppResult<Option<WatchedFile>> {
        Ok(self
            .apply_all(profile_id, [(flow_id, rfc, answer)])?
            .into_iter()
            .next())
    }

    /// Records several answers (FlowID, RFC, tracking or error code) with one write of
    /// the list; the files they updated, in order (an answer about a file no longer
    /// followed is dropped).
    pub fn apply_all<'a>(
        &self,
        profile_id: &str,
        answers: impl IntoIterator<Item = (&'a str, &'a str, Result<&'a Tracking, ErrorCode>)>,
    ) -> AppResult<Vec<WatchedFile>> {
        self.change(profile_id, |files| {
            let now = kyb_api::time::instant_text(chrono::Utc::now());
            let at = positions(files);
            let mut updated = Vec::new();
            for (flow_id, rfc, answer) in answers {
                if let Some(&index) = at.get(&file_key(flow_id, rfc)) {
                    let file = &mut files[index];
                    record(file, answer, &now);
                    updated.push(file.clone());
                }
            }
            Ok(updated)
        })
    }

    /// Keeps the risk a review or a screening found for the followed file of
    /// `document_id` (a file not followed is left alone).
    pub fn set_risk(&self, profile_id: &str, document_id: &str, risk: FileRisk) -> AppResult<()> {
        self.0.change(profile_id, |files| {
            let mut changed = false;
            for file in files.iter_mut() {
                if file
                    .document_id
                    .as_deref()
                    .is_some_and(|d| d.eq_ignore_ascii_case(document_id.trim()))
                {
                    file.risk = Some(risk.clone());
                    changed = true;
                }
            }
            Ok(((), changed))
        })
    }

    /// [`Self::set_risk`] of many files in one write (the team's judgements).
    pub fn set_risks(&self, profile_id: &str, risks: &[(String, FileRisk)]) -> AppResult<()> {
        let by_id: std::collections::HashMap<String, &FileRisk> = risks
            .iter()
            .map(|(id, risk)| (id.trim().to_lowercase(), risk))
            .collect();
        self.0.change(profile_id, |files| {
            let mut changed = false;
            for file in files.iter_mut() {
                let Some(risk) = file
                    .document_id
                    .as_deref()
                    .and_then(|d| by_id.get(&d.trim().to_lowercase()))
                else {
                    continue;
                };
                file.risk = Some((*risk).clone());
                changed = true;
            }
            Ok(((), changed))
        })
    }

    /// The analyst opened the file: what it shows now is what they have seen.
    pub fn mark_seen(
        &self,
        profile_id: &str,
        flow_id: &str,
        rfc: &str,
    ) -> AppResult<Option<WatchedFile>> {
        self.change(profile_id, |files| {
            let Some(file) = files.iter_mut().find(|f| same_file(f, flow_id, rfc)) else {
                return Ok(None);
            };
            file.seen_fingerprint = file.fingerprint.clone();
            file.changed = false;
            Ok(Some(file.clone()))
        })
    }
}

pub(super) fn problems(flow_id: &str, rfc: &str) -> Vec<Failure> {
    let mut found = Vec::new();
    if flow_id.trim().is_empty() {
        found.push(Failure::new("FlowID", Rule::Required));
    }
    if !is_rfc(&normalize_rfc(rfc)) {
        found.push(Failure::new("RFC", Rule::Invalid));
    }
    found
}

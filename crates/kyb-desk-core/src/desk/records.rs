//! The local records of the active profile: drafts, watchlist (and its refresh from
//! the service), audit log and exports, and what was set aside as unreadable.

use std::path::Path;

use kyb_api::requests::TrackingRequest;

use super::Desk;
use crate::audit::{AuditEntries, ChainReport};
use crate::csv_export;
use crate::drafts::{Draft, NewFileDraft};
use crate::error::AppResult;
use crate::recovery::Recovery;
use crate::watchlist::{ImportReport, RefreshProgress, WatchedFile};

impl Desk {
    // Drafts.

    pub fn save_draft(&self, draft: Draft) -> AppResult<Draft> {
        let profile = self.active_profile()?;
        self.drafts.save(&profile.id, draft)
    }

    pub fn load_draft(&self, document_id: &str) -> AppResult<Option<Draft>> {
        let profile = self.active_profile()?;
        self.drafts.load(&profile.id, document_id)
    }

    pub fn discard_draft(&self, document_id: &str) -> AppResult<()> {
        let profile = self.active_profile()?;
        self.drafts.clear(&profile.id, document_id)
    }

    pub fn save_new_file_draft(&self, draft: NewFileDraft) -> AppResult<NewFileDraft> {
        let profile = self.active_profile()?;
        self.drafts.save_new_file(&profile.id, draft)
    }

    pub fn load_new_file_draft(&self) -> AppResult<Option<NewFileDraft>> {
        let profile = self.active_profile()?;
        self.drafts.load_new_file(&profile.id)
    }

    pub fn discard_new_file_draft(&self) -> AppResult<()> {
        let profile = self.active_profile()?;
        self.drafts.clear_new_file(&profile.id)
    }

    // Watchlist.

    pub fn watchlist(&self) -> AppResult<Vec<WatchedFile>> {
        self.watchlist.list(&self.active_profile()?.id)
    }

    pub fn watch_file(&self, flow_id: &str, rfc: &str) -> AppResult<Vec<WatchedFile>> {
        let profile = self.active_profile()?;
        self.watchlist.add(&profile.id, flow_id, rfc, None)?;
        self.watchlist.list(&profile.id)
    }

    pub fn unwatch_file(&self, flow_id: &str, rfc: &str) -> AppResult<Vec<WatchedFile>> {
        self.watchlist
            .remove(&self.active_profile()?.id, flow_id, rfc)
    }

    /// An undone "unfollow": the file back as it was.
    pub fn restore_watched_file(&self, file: WatchedFile) -> AppResult<Vec<WatchedFile>> {
        self.watchlist.restore(&self.active_profile()?.id, file)
    }

    pub fn import_watchlist_csv(
        &self,
        text: &str,
        default_flow_id: &str,
    ) -> AppResult<ImportReport> {
        let profile = self.active_profile()?;
        let flows: Vec<&str> = profile.flows.iter().map(|f| f.flow_id.as_str()).collect();
        self.watchlist
            .import_csv(&profile.id, text, default_flow_id, &flows)
    }

    pub fn mark_watch_seen(&self, flow_id: &str, rfc: &str) -> AppResult<Option<WatchedFile>> {
        self.watchlist
            .mark_seen(&self.active_profile()?.id, flow_id, rfc)
    }

    /// Asks tracking about every followed file (or, with `failed_only`, about those
    /// whose last refresh failed other than with not-found), at most
    /// [`kyb_api::many::DEFAULT_CONCURRENCY`] at a time, reporting each answer as it
    /// arrives; the list as it is afterwards. The answers that arrived together are
    /// written to the list at once: one write per batch, not one per file.
    pub async fn refresh_watchlist(
        &self,
        failed_only: bool,
        progress: impl Fn(RefreshProgress),
    ) -> AppResult<Vec<WatchedFile>> {
        self.refresh_where(|f| !failed_only || f.refresh_failed, progress)
            .await
    }

    /// [`Self::refresh_watchlist`] of the followed files `which` picks (a selection's
    /// "refresh" picks its rows).
    pub(super) async fn refresh_where(
        &self,
        which: impl Fn(&WatchedFile) -> bool,
        progress: impl Fn(RefreshProgress),
    ) -> AppResult<Vec<WatchedFile>> {
        use futures_util::StreamExt;

        let (profile, client) = self.client()?;
        let requests: Vec<TrackingRequest> = self
            .watchlist
            .list(&profile.id)?
            .into_iter()
            .filter(|f| which(f))
            .map(|f| TrackingRequest {
                flow_id: f.flow_id,
                rfc: f.rfc,
                agent_mail: profile.agent_email.clone(),
            })
            .collect();
        let total = u32::try_from(requests.len()).unwrap_or(u32::MAX);
        // The requests run in a task of their own, so writing one batch never holds up
        // the next requests; it stops once nobody listens.
        let (answers, mut arrived) = tokio::sync::mpsc::unbounded_channel();
        let asked = requests.clone();
        tokio::spawn(async move {
            let mut stream =
                kyb_api::many::track_many(&client, asked, kyb_api::many::DEFAULT_CONCURRENCY);
            while let Some(answer) = stream.next().await {
                if answers.send(answer).is_err() {
                    break;
                }
            }
        });
        let mut done = 0;
        while let Some(first) = arrived.recv().await {
            let mut batch = vec![first];
            while let Ok(more) = arrived.try_recv() {
                batch.push(more);
            }
            let codes: Vec<_> = batch
                .iter()
                .map(|(index, answer)| {
                    let code = answer.as_ref().map_err(|error| error.code().into());
                    (*index, code)
                })
                .collect();
            let updated = self.watchlist.apply_all(
                &profile.id,
                codes.iter().map(|(index, answer)| {
                    let request = &requests[*index];
                    (request.flow_id.as_str(), request.rfc.as_str(), *answer)
                }),
            )?;
            // Counted answer by answer, as they arrived (an answer about a file no
            // longer followed counts, unreported).
            let dropped = batch.len().saturating_sub(updated.len());
            for file in updated {
                done += 1;
                progress(RefreshProgress { done, total, file });
            }
            done += u32::try_from(dropped).unwrap_or(u32::MAX);
        }
        self.watchlist.list(&profile.id)
    }

    // Audit.

    /// The readable entries; how many lines are not is in [`Desk::verify_audit`].
    /// Every entry that can be read, and how many lines could not (never skipped
    /// silently).
    pub fn audit_entries(&self) -> AppResult<AuditEntries> {
        self.audit.entries()
    }

    pub fn verify_audit(&self) -> AppResult<ChainReport> {
        self.audit.verify()
    }

    /// Writes the active profile's watchlist as CSV to `path`; answers how many files.
    pub fn export_watchlist_csv(&self, path: &Path) -> AppResult<u32> {
        let files = self.watchlist()?;
        csv_export::save(path, &crate::watchlist::to_csv(&files)?)?;
        Ok(u32::try_from(files.len()).unwrap_or(u32::MAX))
    }

    /// Writes the audit log as CSV to `path`; answers how many entries (read once).
    pub fn export_audit_csv(&self, path: &Path) -> AppResult<u32> {
        let entries = self.audit.entries()?.entries;
        csv_export::save(path, &crate::audit::to_csv(&entries)?)?;
        Ok(u32::try_from(entries.len()).unwrap_or(u32::MAX))
    }

    /// The local files set aside as unreadable this session (profiles, watchlists,
    /// drafts, detail histories), oldest first, for the window to announce.
    pub fn recoveries(&self) -> Vec<Recovery> {
        self.recoveries.all()
    }
}

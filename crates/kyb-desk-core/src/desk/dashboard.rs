//! The dashboard of the active profile ([`crate::dashboard`]): over the team's trail
//! when the profile works in a team, else over the profile's entries in the desk's own
//! audit log; the queue is
//! the profile's watchlist, the SLA policy and the edited reasons are the profile's.

use std::path::Path;

use super::{Desk, team_error};
use crate::dashboard::{self, Dashboard, DashboardQuery, TrailEntry};
use crate::error::AppResult;

impl Desk {
    /// The figures asked for, computed now.
    pub async fn dashboard(&self, query: &DashboardQuery) -> AppResult<Dashboard> {
        let period = query.period()?;
        let profile = self.active_profile()?;
        let mut queue = self.watchlist.list(&profile.id)?;
        let policy = self.sla_policy().await?;
        // Only the reasons the analysts edited are the profile's; the defaults live in
        // the window (see `reasons.rs`), so a default reason counts as free text here.
        let catalogue = profile.reasons.clone().unwrap_or_default();
        let now = chrono::Utc::now();
        Ok(match self.team_if_any(&profile).await? {
            Some(team) => {
                // The whole trail: the figures of a period are only right from a file's
                // first entry (its arrival), which may be older than the period. Kept
                // between requests: only what was appended since is read.
                let trail = self
                    .kept_trail
                    .entries(&profile.id, &team)
                    .await
                    .map_err(team_error)?;
                // Arrivals from the statuses the team recorded, as the SLA board's.
                self.with_team_spans(&team, &mut queue).await?;
                let entries = trail.iter().map(TrailEntry::from);
                dashboard::compute(entries, &queue, &catalogue, &policy, &period, now)
            }
            None => {
                self.kept_trail.forget().await;
                // One log for every profile of the desk: only the active profile's
                // entries (by the name each entry was written under; a profile renamed
                // since counts from its new name on).
                // Kept between requests: only what was appended since is read.
                let trail = self.audit.shared_entries()?;
                let entries = trail
                    .entries
                    .iter()
                    .filter(|e| e.record.profile == profile.name)
                    .map(TrailEntry::from);
                dashboard::compute(entries, &queue, &catalogue, &policy, &period, now)
            }
        })
    }

    /// Writes the figures asked for as CSV to `path`; how many figure rows it holds.
    pub async fn export_dashboard_csv(
        &self,
        query: &DashboardQuery,
        path: &Path,
    ) -> AppResult<u32> {
        let figures = self.dashboard(query).await?;
        let (text, rows) = dashboard::csv::to_csv(&figures, &query.period()?)?;
        crate::csv_export::save(path, &text)?;
        Ok(rows)
    }
}

//! Saved views: the team's (its database decides who owns, sees and changes each) for
//! a profile in a team, this desk's local record for one person on one desk. Each
//! change answers with the list as it is now, so the window never keeps a stale one.

use kyb_team::{SavedView, ViewFilter};

use super::Desk;
use super::team::team_error;
use crate::error::{AppError, AppResult, DeskCode};

impl Desk {
    /// The active profile's views: in a team, this member's and the workspace's
    /// shared ones (their own first); alone, the desk's own.
    pub async fn saved_views(&self) -> AppResult<Vec<SavedView>> {
        let profile = self.active_profile()?;
        match self.team_if_any(&profile).await? {
            Some(team) => team.saved_views().await.map_err(team_error),
            None => self.views.list(&profile.id),
        }
    }

    /// Saves a view under `name` (over one's own view of that name). `shared` asks
    /// the team to show it to every member; one desk alone has nobody to share with,
    /// and refuses it rather than pretend.
    pub async fn save_view(
        &self,
        name: &str,
        filter: &ViewFilter,
        shared: bool,
    ) -> AppResult<Vec<SavedView>> {
        let profile = self.active_profile()?;
        match self.team_if_any(&profile).await? {
            Some(team) => {
                team.save_view(name, filter, shared)
                    .await
                    .map_err(team_error)?;
                team.saved_views().await.map_err(team_error)
            }
            None if shared => Err(AppError::of(DeskCode::InvalidInput)),
            None => {
                self.views.save(&profile.id, name, filter)?;
                self.views.list(&profile.id)
            }
        }
    }

    /// Shares one's own view with the team, or takes it back (a team's only).
    pub async fn share_view(&self, id: i64, shared: bool) -> AppResult<Vec<SavedView>> {
        let team = self.team().await?;
        team.share_view(id, shared).await.map_err(team_error)?;
        team.saved_views().await.map_err(team_error)
    }

    /// Deletes one's own view.
    pub async fn delete_view(&self, id: i64) -> AppResult<Vec<SavedView>> {
        let profile = self.active_profile()?;
        match self.team_if_any(&profile).await? {
            Some(team) => {
                team.delete_view(id).await.map_err(team_error)?;
                team.saved_views().await.map_err(team_error)
            }
            None => {
                self.views.delete(&profile.id, id)?;
                self.views.list(&profile.id)
            }
        }
    }
}

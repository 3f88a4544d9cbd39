//! The desk's one listener to its team's changes, for the window to read again.

use super::team_error;
use crate::desk::Desk;
use crate::error::AppResult;

/// The desk's one listener to its team (see [`Desk::listen_team`]).
pub struct TeamListening {
    listener: kyb_team::Listener,
    superseded: tokio::sync::watch::Receiver<u64>,
}

impl TeamListening {
    /// The next change, or `None` once another listener took over.
    pub async fn next(&mut self) -> AppResult<Option<kyb_team::Change>> {
        tokio::select! {
            change = self.listener.next() => change.map(Some).map_err(team_error),
            _ = self.superseded.changed() => Ok(None),
        }
    }
}

impl Desk {
    /// Listens to the team's changes (for the window to read again). One listener
    /// per desk: a new one (the window reloaded, another profile) ends the one before,
    /// so no connection is left listening for nobody.
    pub async fn listen_team(&self) -> AppResult<TeamListening> {
        let listener = self.team().await?.listen().await.map_err(team_error)?;
        let mut superseded = self.listening.subscribe();
        self.listening.send_modify(|n| *n += 1);
        superseded.borrow_and_update();
        Ok(TeamListening {
            listener,
            superseded,
        })
    }
}

//! Versions in the team (migration 0012): each desk records its own version
//! at every connection (the database stamps the login: a member cannot write
//! another's), and a supervisor sets the lowest desk version the team needs. Both are
//! semantic versions; the database keeps their shape and the desk compares them
//! (kyb-desk-core), so this crate only sends and reads.

use crate::{Team, TeamError, TeamResult};

/// The longest version the database keeps.
pub const VERSION_MAX: usize = 64;

impl Team {
    /// This desk is at `version`, now (its member's row only).
    pub async fn record_desk_version(&self, version: &str) -> TeamResult<()> {
        sqlx::query("SELECT team_desk_seen($1, $2)")
            .bind(&self.workspace)
            .bind(version)
            .execute(&self.pool)
            .await
            .map(|_| ())
            .map_err(TeamError::of)
    }

    /// The lowest desk version the team needs, if a supervisor set one.
    pub async fn desk_version_needed(&self) -> TeamResult<Option<String>> {
        let needed: Option<Option<String>> = sqlx::query_scalar(
            "SELECT desk_version_needed FROM team_settings_v WHERE workspace_id = $1",
        )
        .bind(&self.workspace)
        .fetch_optional(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(needed.flatten())
    }

    /// Sets (or with `None` clears) the lowest desk version the team needs: a
    /// supervisor only (`NotSupervisor`); not a semantic version is `BadText`. The
    /// trail records the change.
    pub async fn set_desk_version_needed(&self, version: Option<&str>) -> TeamResult<()> {
        sqlx::query("SELECT team_set_desk_version_needed($1, $2)")
            .bind(&self.workspace)
            .bind(version)
            .execute(&self.pool)
            .await
            .map(|_| ())
            .map_err(TeamError::of)
    }
}

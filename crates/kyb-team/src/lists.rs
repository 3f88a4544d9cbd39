//! The team's risk lists (migration 0018): a supervisor's desk publishes a list it read
//! (its provenance and its rows, as JSON the desk core defines), chunk by chunk, and
//! every desk of the workspace reads the published version. The rows' shape is the desk
//! core's; this crate carries them as JSON and leaves every rule of theirs to it.

use crate::{Team, TeamError, TeamResult};

/// Rows sent in one statement (the database takes at most 10,000 and 16 MB).
pub const LIST_CHUNK_ROWS: usize = 5_000;

/// A published list: its format and version, the provenance the importing desk gave,
/// its rows, and who imported it when, as the database recorded it.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamList {
    pub format: String,
    pub version: i32,
    pub info: serde_json::Value,
    pub rows: i32,
    pub imported_by: String,
    /// UTC, RFC 3339.
    pub imported_at: String,
}

impl Team {
    /// Publishes a new version of the list `format` with its `rows` (each a JSON row),
    /// whole or not at all: the others see it only once every chunk is in. The version
    /// number is the database's; `summary` goes to the trail. `sent` hears the rows sent
    /// so far after each chunk.
    pub async fn publish_list(
        &self,
        format: &str,
        info: &serde_json::Value,
        rows: &[serde_json::Value],
        summary: &str,
        sent: &(dyn Fn(usize) + Sync),
    ) -> TeamResult<i32> {
        let version: i32 = sqlx::query_scalar("SELECT team_list_begin($1, $2, $3)")
            .bind(&self.workspace)
            .bind(format)
            .bind(info)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)?;
        for (chunk, part) in rows.chunks(LIST_CHUNK_ROWS).enumerate() {
            sqlx::query("SELECT team_list_chunk($1, $2, $3, $4, $5)")
                .bind(&self.workspace)
                .bind(format)
                .bind(version)
                .bind(i32::try_from(chunk).unwrap_or(i32::MAX))
                .bind(serde_json::Value::Array(part.to_vec()))
                .execute(&self.pool)
                .await
                .map_err(TeamError::of)?;
            sent((chunk * LIST_CHUNK_ROWS + part.len()).min(rows.len()));
        }
        sqlx::query("SELECT team_list_publish($1, $2, $3, $4, $5)")
            .bind(&self.workspace)
            .bind(format)
            .bind(version)
            .bind(i32::try_from(rows.len()).unwrap_or(i32::MAX))
            .bind(summary)
            .execute(&self.pool)
            .await
            .map_err(TeamError::of)?;
        Ok(version)
    }

    /// The newest published version of each list of the workspace.
    pub async fn lists(&self) -> TeamResult<Vec<TeamList>> {
        let rows: Vec<(String, i32, serde_json::Value, i32, String, String)> = sqlx::query_as(
            "SELECT DISTINCT ON (format) format, version, info, rows, imported_by,
                    to_char(imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')
             FROM team_lists_v WHERE workspace_id = $1 ORDER BY format, version DESC",
        )
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(rows
            .into_iter()
            .map(
                |(format, version, info, rows, imported_by, imported_at)| TeamList {
                    format,
                    version,
                    info,
                    rows,
                    imported_by,
                    imported_at,
                },
            )
            .collect())
    }

    /// The rows of a published list, in the order they were sent.
    pub async fn list_rows(
        &self,
        format: &str,
        version: i32,
    ) -> TeamResult<Vec<serde_json::Value>> {
        let chunks: Vec<serde_json::Value> = sqlx::query_scalar(
            "SELECT entries FROM team_list_chunks_v
             WHERE workspace_id = $1 AND format = $2 AND version = $3 ORDER BY chunk",
        )
        .bind(&self.workspace)
        .bind(format)
        .bind(version)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(chunks
            .into_iter()
            .flat_map(|c| match c {
                serde_json::Value::Array(rows) => rows,
                _ => Vec::new(),
            })
            .collect())
    }
}

//! Mentions: a note's "@login" naming a member of the workspace. The database finds
//! them when the note is written (migration 0009, the one parser); a member reads only
//! their own, and marks them seen once, so a notice is shown once on every desk of
//! that login and not again after a restart.

use serde::Serialize;
use ts_rs::TS;

use crate::{Team, TeamError, TeamResult};

/// The most mentions a desk reads at once (the newest).
pub const MENTIONS_SHOWN: i64 = 200;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Mention {
    #[ts(type = "number")]
    pub id: i64,
    pub document_id: String,
    /// The file's RFC, when the queue knows the file.
    pub rfc: Option<String>,
    #[ts(type = "number")]
    pub note_id: i64,
    /// Who wrote the note (the database's session_user when it was written).
    pub author: String,
    /// RFC 3339, UTC.
    pub at: String,
    /// The note's first 200 characters.
    pub excerpt: String,
    pub seen: bool,
}

impl Team {
    /// This member's mentions, newest first; `unseen` only those not yet marked seen.
    pub async fn my_mentions(&self, unseen: bool) -> TeamResult<Vec<Mention>> {
        sqlx::query_as::<_, Mention>(
            "SELECT id, document_id, rfc, note_id, author,
                    to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') AS at,
                    excerpt, seen_at IS NOT NULL AS seen
             FROM team_mentions_v
             WHERE workspace_id = $1 AND (NOT $2 OR seen_at IS NULL)
             ORDER BY at DESC, id DESC LIMIT $3",
        )
        .bind(&self.workspace)
        .bind(unseen)
        .bind(MENTIONS_SHOWN)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)
    }

    /// Marks this member's mentions `ids` seen (another's are left as they are); how
    /// many changed.
    pub async fn mentions_seen(&self, ids: &[i64]) -> TeamResult<u64> {
        let changed: i64 = sqlx::query_scalar("SELECT team_mention_seen($1, $2)")
            .bind(&self.workspace)
            .bind(ids)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)?;
        Ok(u64::try_from(changed).unwrap_or(0))
    }
}

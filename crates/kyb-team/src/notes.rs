//! Internal notes on a file: for the team, never sent to the service, written in the
//! author's name by the database.

use serde::Serialize;
use ts_rs::TS;

use crate::{Team, TeamError, TeamResult, document_key};

/// The longest note, in characters (the database checks it too).
pub const NOTE_MAX: usize = 2000;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    #[ts(type = "number")]
    pub id: i64,
    pub member: String,
    /// RFC 3339, UTC.
    pub at: String,
    pub body: String,
}

const NOTE: &str =
    "id, member, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') AS at, body";

impl Team {
    pub async fn add_note(&self, document_id: &str, body: &str) -> TeamResult<Note> {
        self.write_note(document_id, body, None).await
    }

    /// A note with the desk's key for it: asked again with the same key (the answer
    /// was lost), the note already written is the answer, not a second one.
    pub async fn add_note_keyed(
        &self,
        document_id: &str,
        body: &str,
        key: &str,
    ) -> TeamResult<Note> {
        self.write_note(document_id, body, Some(key)).await
    }

    async fn write_note(
        &self,
        document_id: &str,
        body: &str,
        key: Option<&str>,
    ) -> TeamResult<Note> {
        let body = body.trim();
        if body.is_empty() || body.chars().count() > NOTE_MAX {
            return Err(TeamError::BadText);
        }
        sqlx::query_as::<_, Note>(&format!("SELECT {NOTE} FROM team_add_note($1, $2, $3, $4)"))
            .bind(&self.workspace)
            .bind(document_key(document_id))
            .bind(body)
            .bind(key)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)
    }

    /// A file's notes, oldest first.
    pub async fn notes(&self, document_id: &str) -> TeamResult<Vec<Note>> {
        sqlx::query_as::<_, Note>(&format!(
            "SELECT {NOTE} FROM team_notes_v WHERE workspace_id = $1 AND document_id = $2
             ORDER BY at, id"
        ))
        .bind(&self.workspace)
        .bind(document_key(document_id))
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)
    }
}

//! A file's entries in the team's trail, for its history: the changes the database
//! writes with old and new values (migration 0009: assignee, status, claim, note) and
//! the service calls and events that name the file.

use crate::audit::COLUMNS;
use crate::{Team, TeamAuditEntry, TeamError, TeamResult, document_key};

/// The most entries a file's history reads (the newest).
pub const FILE_TRAIL_MAX: i64 = 1000;

impl Team {
    /// The trail's entries about `document_id`, oldest first: those naming it (a
    /// correction's target is "document / section"), and those naming its queue row
    /// ("flow / rfc") before its DocumentId was known.
    pub async fn file_trail(&self, document_id: &str) -> TeamResult<Vec<TeamAuditEntry>> {
        let mut entries = sqlx::query_as::<_, TeamAuditEntry>(&format!(
            "SELECT {COLUMNS} FROM team_audit_v a
             WHERE a.workspace_id = $1
               AND (lower(split_part(a.target, ' / ', 1)) = $2
                    OR a.target IN (SELECT f.flow_id || ' / ' || f.rfc FROM team_files_v f
                                    WHERE f.workspace_id = $1 AND lower(f.document_id) = $2))
             ORDER BY a.seq DESC LIMIT $3"
        ))
        .bind(&self.workspace)
        .bind(document_key(document_id))
        .bind(FILE_TRAIL_MAX)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        entries.reverse();
        Ok(entries)
    }
}

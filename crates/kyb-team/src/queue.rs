//! The shared queue: every file the team follows, its status and since when, and who
//! has it. "Take next" hands the file that has waited longest in its status to the
//! member who asks, and never the same file to two members.

use serde::Serialize;
use ts_rs::TS;

use crate::{Team, TeamError, TeamResult};

/// A followed file as the team's queue has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TeamFile {
    pub flow_id: String,
    pub rfc: String,
    pub status: String,
    pub document_id: Option<String>,
    pub assignee: Option<String>,
}

/// A file a desk shares with the queue: what its last refresh gave.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NewTeamFile {
    pub flow_id: String,
    pub rfc: String,
    pub status: String,
    pub document_id: Option<String>,
}

/// Which of the queue's files a member looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum QueueFilter {
    Mine,
    Unassigned,
    All,
}

const COLUMNS: &str = "flow_id, rfc, status, document_id, assignee";

impl Team {
    /// Adds a file to the queue, unassigned, in `status` since now; a file the queue
    /// has already is left as it is. Whether it was added.
    pub async fn follow(&self, flow_id: &str, rfc: &str, status: &str) -> TeamResult<bool> {
        let file = NewTeamFile {
            flow_id: flow_id.to_owned(),
            rfc: rfc.to_owned(),
            status: status.to_owned(),
            document_id: None,
        };
        Ok(self.follow_all(std::slice::from_ref(&file)).await? == 1)
    }

    /// Adds files to the queue in one statement, each unassigned, in its status since
    /// now and with its DocumentId when known; a file the queue has already is left as
    /// it is, and one given twice is added as first given. How many were added. A desk
    /// that joins a team with thousands of followed files shares them in one round
    /// trip, not one each.
    pub async fn follow_all(&self, files: &[NewTeamFile]) -> TeamResult<u64> {
        // Rows are inserted in one order whoever shares them, so that two desks sharing
        // overlapping lists at once wait for each other instead of deadlocking.
        let mut files: Vec<NewTeamFile> = files
            .iter()
            .map(|f| NewTeamFile {
                flow_id: f.flow_id.trim().to_owned(),
                rfc: f.rfc.trim().to_owned(),
                status: f.status.clone(),
                document_id: f.document_id.as_deref().map(crate::document_key),
            })
            .collect();
        files.sort_by(|a, b| (&a.flow_id, &a.rfc).cmp(&(&b.flow_id, &b.rfc)));
        files.dedup_by(|a, b| (&a.flow_id, &a.rfc) == (&b.flow_id, &b.rfc));
        if files.is_empty() {
            return Ok(0);
        }
        let column =
            |f: fn(&NewTeamFile) -> Option<String>| files.iter().map(f).collect::<Vec<_>>();
        let added = sqlx::query(
            "INSERT INTO team_file (workspace_id, flow_id, rfc, status, document_id)
             SELECT $1, f, r, s, d FROM UNNEST($2::text[], $3::text[], $4::text[], $5::text[])
                 WITH ORDINALITY AS t(f, r, s, d, n)
             ORDER BY n
             ON CONFLICT DO NOTHING",
        )
        .bind(&self.workspace)
        .bind(column(|f| Some(f.flow_id.clone())))
        .bind(column(|f| Some(f.rfc.clone())))
        .bind(column(|f| Some(f.status.clone())))
        .bind(column(|f| f.document_id.clone()))
        .execute(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(added.rows_affected())
    }

    /// What a refresh learnt of a file: its status (its time in the queue starts again
    /// when it changes) and its DocumentId.
    pub async fn update_file(
        &self,
        flow_id: &str,
        rfc: &str,
        status: &str,
        document_id: Option<&str>,
    ) -> TeamResult<()> {
        sqlx::query(
            "UPDATE team_file SET
                 status_since = CASE WHEN status = $4 THEN status_since ELSE now() END,
                 status = $4,
                 document_id = COALESCE($5, document_id)
             WHERE workspace_id = $1 AND flow_id = $2 AND rfc = $3
               AND (status IS DISTINCT FROM $4 OR document_id IS DISTINCT FROM COALESCE($5, document_id))",
        )
        .bind(&self.workspace)
        .bind(flow_id.trim())
        .bind(rfc.trim())
        .bind(status)
        .bind(document_id.map(crate::document_key))
        .execute(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(())
    }

    /// Hands this member the unassigned file that has waited longest in its status
    /// (ties by flow and RFC), or none. Two desks asking at the same moment never get
    /// the same file: the row is locked as it is chosen, and a row another desk holds
    /// is skipped (`FOR UPDATE SKIP LOCKED`), not waited for.
    pub async fn take_next(&self) -> TeamResult<Option<TeamFile>> {
        sqlx::query_as::<_, TeamFile>(
            "WITH next AS (
                 SELECT workspace_id, flow_id, rfc FROM team_file
                 WHERE workspace_id = $1 AND assignee IS NULL
                 ORDER BY status_since, flow_id, rfc
                 LIMIT 1
                 FOR UPDATE SKIP LOCKED
             )
             UPDATE team_file f SET assignee = $2, assigned_at = now()
             FROM next
             WHERE f.workspace_id = next.workspace_id AND f.flow_id = next.flow_id
               AND f.rfc = next.rfc
             RETURNING f.flow_id, f.rfc, f.status, f.document_id, f.assignee",
        )
        .bind(&self.workspace)
        .bind(&self.member)
        .fetch_optional(&self.pool)
        .await
        .map_err(TeamError::of)
    }

    /// Gives a file to `member` (none: back to the queue). A supervisor assigns anyone
    /// and frees any file; any member frees a file they have.
    pub async fn assign(&self, flow_id: &str, rfc: &str, member: Option<&str>) -> TeamResult<()> {
        let supervisor = self.is_supervisor().await?;
        let member = member.map(crate::members::normalised);
        if let Some(member) = &member
            && !self.is_member(member).await?
        {
            return Err(TeamError::NotMember(member.clone()));
        }
        // Without the role, a member may only give back what they have.
        if !supervisor && member.is_some() {
            return Err(TeamError::NotSupervisor);
        }
        let changed = sqlx::query(
            "UPDATE team_file SET assignee = $4,
                 assigned_at = CASE WHEN $4::text IS NULL THEN NULL ELSE now() END
             WHERE workspace_id = $1 AND flow_id = $2 AND rfc = $3
               AND ($5 OR assignee = $6)",
        )
        .bind(&self.workspace)
        .bind(flow_id.trim())
        .bind(rfc.trim())
        .bind(member.as_deref())
        .bind(supervisor)
        .bind(&self.member)
        .execute(&self.pool)
        .await
        .map_err(TeamError::of)?;
        if changed.rows_affected() == 0 && !supervisor {
            return Err(TeamError::NotSupervisor);
        }
        Ok(())
    }

    /// The queue as `filter` shows it to this member, oldest in its status first.
    pub async fn files(&self, filter: QueueFilter) -> TeamResult<Vec<TeamFile>> {
        let condition = match filter {
            QueueFilter::Mine => "AND assignee = $2",
            QueueFilter::Unassigned => "AND assignee IS NULL AND $2::text IS NOT NULL",
            QueueFilter::All => "AND $2::text IS NOT NULL",
        };
        sqlx::query_as::<_, TeamFile>(&format!(
            "SELECT {COLUMNS} FROM team_file WHERE workspace_id = $1 {condition}
             ORDER BY status_since, flow_id, rfc"
        ))
        .bind(&self.workspace)
        .bind(&self.member)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)
    }
}

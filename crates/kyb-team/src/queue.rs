//! The shared queue: every file the team follows, its status and since when, and who
//! has it. "Take next" hands the file that has waited longest in its status to the
//! member who asks, and never the same file to two members. The database checks
//! every row a desk tells it and caps the queue (migration 0005).

use chrono::Datelike;
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

/// A file as a desk tells the queue of it: what its last refresh gave.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NewTeamFile {
    pub flow_id: String,
    pub rfc: String,
    pub status: String,
    pub document_id: Option<String>,
    /// The service's UpdatedAtUTC of the answer that gave `status`, when it had one.
    pub updated_at: Option<chrono::DateTime<chrono::Utc>>,
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

/// The files [`Team::update_all`] changes in one statement.
pub const UPDATE_CHUNK: usize = 500;

impl Team {
    /// Adds a file to the queue, unassigned, in `status` since now; a file the queue
    /// has already is left as it is. Whether it was added.
    pub async fn follow(&self, flow_id: &str, rfc: &str, status: &str) -> TeamResult<bool> {
        let file = NewTeamFile {
            flow_id: flow_id.to_owned(),
            rfc: rfc.to_owned(),
            status: status.to_owned(),
            ..NewTeamFile::default()
        };
        Ok(self.follow_all(std::slice::from_ref(&file)).await? == 1)
    }

    /// Adds files to the queue in one statement, each unassigned, in its status since
    /// now and with its DocumentId when known; a file the queue has already is left as
    /// it is, and one given twice is added as first given. How many were added. A desk
    /// that joins a team with thousands of followed files shares them in one round
    /// trip, not one each.
    pub async fn follow_all(&self, files: &[NewTeamFile]) -> TeamResult<u64> {
        let files = Columns::of(files);
        if files.is_empty() {
            return Ok(0);
        }
        self.with_files("SELECT team_follow($1, $2, $3, $4, $5, $6)", files)
            .await
    }

    /// What a refresh learnt of files the queue has, in statements of [`UPDATE_CHUNK`]
    /// files (a refresh of 10,000 files is 20 round trips and as many notices to the
    /// other desks, not 10,000, and never holds more than a chunk's rows, which "take
    /// next" would skip meanwhile). A file's status is taken when its UpdatedAtUTC is
    /// newer than the one the queue has (or the queue has no status), so that a desk
    /// whose answer is older never undoes a newer one; its time in the queue starts
    /// again when the status changes. Its DocumentId is kept once known. A file the
    /// queue lacks is skipped. How many changed.
    pub async fn update_all(&self, files: &[NewTeamFile]) -> TeamResult<u64> {
        let files = Columns::of(files);
        let mut changed = 0;
        for chunk in files.chunks(UPDATE_CHUNK) {
            changed += self.update_chunk(chunk).await?;
        }
        Ok(changed)
    }

    async fn update_chunk(&self, files: Columns) -> TeamResult<u64> {
        // The function locks the rows in one order before it changes them, so that two
        // desks updating overlapping files at once wait for each other, never deadlock.
        self.with_files("SELECT team_update($1, $2, $3, $4, $5, $6)", files)
            .await
    }

    /// Calls one of the queue's functions with the workspace and the files' columns;
    /// how many files it added or changed.
    async fn with_files(&self, call: &str, files: Columns) -> TeamResult<u64> {
        let count: i64 = sqlx::query_scalar(call)
            .bind(&self.workspace)
            .bind(files.flow_ids)
            .bind(files.rfcs)
            .bind(files.statuses)
            .bind(files.document_ids)
            .bind(files.updated_ats)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)?;
        Ok(u64::try_from(count).unwrap_or(0))
    }

    /// Hands this member the unassigned file that has waited longest in its status
    /// (ties by flow and RFC), or none. Two desks asking at the same moment never get
    /// the same file: the row is locked as it is chosen, and a row another desk holds
    /// is skipped (`FOR UPDATE SKIP LOCKED`), not waited for.
    ///
    /// The take does not notify the other desks in its own transaction (a notifying
    /// commit is one at a time across the server: see migration 0022); once it has
    /// committed, the desk tells them in a statement of its own that writes nothing,
    /// sent after this call has returned the file. A tell that fails leaves the others
    /// a take behind until the next change they hear, and is not this call's failure:
    /// the file is this member's.
    pub async fn take_next(&self) -> TeamResult<Option<TeamFile>> {
        let taken = sqlx::query_as::<_, TeamFile>(&format!(
            "SELECT {COLUMNS} FROM team_take_next_quietly($1)"
        ))
        .bind(&self.workspace)
        .fetch_optional(&self.pool)
        .await
        .map_err(TeamError::of)?;
        if taken.is_some() {
            let (pool, workspace) = (self.pool.clone(), self.workspace.clone());
            tokio::spawn(async move {
                let _ = sqlx::query("SELECT team_tell_taken($1)")
                    .bind(&workspace)
                    .execute(&pool)
                    .await;
            });
        }
        Ok(taken)
    }

    /// Gives a file to `member` (a login; none: back to the queue). A supervisor
    /// assigns anyone and frees any file; any member frees a file they have.
    pub async fn assign(&self, flow_id: &str, rfc: &str, member: Option<&str>) -> TeamResult<()> {
        sqlx::query("SELECT team_assign($1, $2, $3, $4)")
            .bind(&self.workspace)
            .bind(flow_id.trim())
            .bind(rfc.trim())
            .bind(member.map(str::trim))
            .execute(&self.pool)
            .await
            .map_err(TeamError::of)?;
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
            "SELECT {COLUMNS} FROM team_files_v WHERE workspace_id = $1 {condition}
             ORDER BY status_since, flow_id, rfc"
        ))
        .bind(&self.workspace)
        .bind(self.member())
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)
    }
}

/// Files as the columns of one statement: trimmed, DocumentIds as the queue keeps
/// them, each file once (as first given) and in one order whoever sends them.
struct Columns {
    flow_ids: Vec<String>,
    rfcs: Vec<String>,
    statuses: Vec<String>,
    document_ids: Vec<Option<String>>,
    updated_ats: Vec<Option<String>>,
}

impl Columns {
    fn of(files: &[NewTeamFile]) -> Self {
        let mut rows: Vec<(&str, &str, &NewTeamFile)> = files
            .iter()
            .map(|f| (f.flow_id.trim(), f.rfc.trim(), f))
            .collect();
        // Stable: of a file given twice, the first stays first, and is kept.
        rows.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
        rows.dedup_by(|a, b| (a.0, a.1) == (b.0, b.1));
        Self {
            flow_ids: rows.iter().map(|r| r.0.to_owned()).collect(),
            rfcs: rows.iter().map(|r| r.1.to_owned()).collect(),
            statuses: rows.iter().map(|r| r.2.status.clone()).collect(),
            document_ids: rows
                .iter()
                .map(|r| r.2.document_id.as_deref().map(crate::document_key))
                .collect(),
            // A date PostgreSQL cannot take (outside years 1 to 9999) is no date: one
            // must not fail the statement for every file.
            updated_ats: rows
                .iter()
                .map(|r| {
                    r.2.updated_at
                        .filter(|at| (1..=9999).contains(&at.year()))
                        .map(kyb_api::time::instant_text)
                })
                .collect(),
        }
    }

    fn is_empty(&self) -> bool {
        self.flow_ids.is_empty()
    }

    /// The files in order, `size` at a time.
    fn chunks(self, size: usize) -> impl Iterator<Item = Columns> {
        let mut rest = self;
        std::iter::from_fn(move || {
            if rest.is_empty() {
                return None;
            }
            let at = size.min(rest.flow_ids.len());
            let tail = Columns {
                flow_ids: rest.flow_ids.split_off(at),
                rfcs: rest.rfcs.split_off(at),
                statuses: rest.statuses.split_off(at),
                document_ids: rest.document_ids.split_off(at),
                updated_ats: rest.updated_ats.split_off(at),
            };
            Some(std::mem::replace(&mut rest, tail))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{Columns, NewTeamFile};

    #[test]
    fn files_go_once_each_in_one_order_and_a_date_postgresql_cannot_take_is_none() {
        let file = |flow: &str, rfc: &str, status: &str, at: Option<&str>| NewTeamFile {
            flow_id: flow.into(),
            rfc: rfc.into(),
            status: status.into(),
            document_id: None,
            updated_at: at.map(|at| kyb_api::time::parse_timestamp(at).unwrap()),
        };
        let columns = Columns::of(&[
            file("b", "BBB", "uno", Some("2026-11-24T10:00:00Z")),
            file(" a ", "AAA", "primero", Some("-000005-01-01T00:00:00Z")),
            file("a", "AAA ", "segundo", None),
        ]);
        assert_eq!(columns.flow_ids, ["a", "b"]);
        assert_eq!(
            columns.statuses,
            ["primero", "uno"],
            "the first given is kept"
        );
        assert_eq!(
            columns.updated_ats,
            [None, Some("2026-11-24T10:00:00Z".to_owned())]
        );
        let chunks: Vec<_> = columns.chunks(1).map(|c| c.rfcs).collect();
        assert_eq!(chunks, [["AAA"], ["BBB"]]);
    }
}

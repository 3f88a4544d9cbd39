//! The risk each file's last review found, shared by the team (migration 0019): a desk
//! tells what it judged, every desk reads the newest judgement of each file, with who
//! made it and when. The judgement's rules are the desk core's; this crate carries a
//! level and two counts.

use crate::{Team, TeamError, TeamResult};

/// Risks told in one statement (the function takes at most 10,000).
const RISK_CHUNK: usize = 5_000;

/// One file's risk as a desk judged it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRisk {
    /// Lower case.
    pub document_id: String,
    /// `high`, `medium` or `low`; none when the review found nothing.
    pub level: Option<String>,
    pub findings: i32,
    pub hits: i32,
    /// UTC, RFC 3339 (a time in the future is taken as the database's now).
    pub checked_at: String,
    /// The member who judged it, as the database named them (empty when telling).
    pub checked_by: String,
}

impl Team {
    /// Tells the team the risks this desk judged; an older judgement than the team's is
    /// ignored. Answers how many were newer.
    pub async fn set_risks(&self, risks: &[TeamRisk]) -> TeamResult<u64> {
        let mut changed = 0;
        for chunk in risks.chunks(RISK_CHUNK) {
            let count: i64 = sqlx::query_scalar("SELECT team_set_risks($1, $2, $3, $4, $5, $6)")
                .bind(&self.workspace)
                .bind(
                    chunk
                        .iter()
                        .map(|r| r.document_id.clone())
                        .collect::<Vec<_>>(),
                )
                .bind(chunk.iter().map(|r| r.level.clone()).collect::<Vec<_>>())
                .bind(chunk.iter().map(|r| r.findings).collect::<Vec<_>>())
                .bind(chunk.iter().map(|r| r.hits).collect::<Vec<_>>())
                .bind(
                    chunk
                        .iter()
                        .map(|r| r.checked_at.clone())
                        .collect::<Vec<_>>(),
                )
                .fetch_one(&self.pool)
                .await
                .map_err(TeamError::of)?;
            changed += u64::try_from(count).unwrap_or(0);
        }
        Ok(changed)
    }

    /// The newest judgement of each file of the workspace.
    pub async fn risks(&self) -> TeamResult<Vec<TeamRisk>> {
        let rows: Vec<(String, Option<String>, i32, i32, String, String)> = sqlx::query_as(
            "SELECT document_id, level, findings, hits,
                    to_char(checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
                    checked_by
             FROM team_file_risks_v WHERE workspace_id = $1",
        )
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(rows
            .into_iter()
            .map(
                |(document_id, level, findings, hits, checked_at, checked_by)| TeamRisk {
                    document_id,
                    level,
                    findings,
                    hits,
                    checked_at,
                    checked_by,
                },
            )
            .collect())
    }
}

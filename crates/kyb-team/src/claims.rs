//! Claims: the member reviewing a file holds it with a lease, renewed while the review
//! is open and released when it is sent or closed. A lease that runs out (a desk that
//! crashed, or lost its network) frees the file. While a member holds a file, another
//! member's correction request or complementary information for it is refused; a
//! supervisor may take the claim over, with a reason the trail records.

use std::time::Duration;

use serde::Serialize;
use ts_rs::TS;

use crate::{Team, TeamEntry, TeamError, TeamResult, document_key};

/// How long a claim lasts without renewal. A desk renews it at a third of this, so
/// one lost renewal does not free a file under review.
pub const LEASE: Duration = Duration::from_secs(90);

/// The longest reason a take-over records.
pub const REASON_MAX: usize = 500;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Claim {
    pub document_id: String,
    pub member: String,
    /// When the member took it (RFC 3339, UTC).
    pub since: String,
    pub lease_until: String,
}

const CLAIM: &str = "document_id, member,
     to_char(since AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') AS since,
     to_char(lease_until AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') AS lease_until";

impl Team {
    /// Claims a file for `lease`, or renews this member's claim; refused, naming who
    /// and since when, while another member's lease runs.
    pub async fn claim(&self, document_id: &str, lease: Duration) -> TeamResult<Claim> {
        // A lease that ran out between the two queries: the second try takes the file.
        for _ in 0..2 {
            if let Some(claim) = self.try_claim(document_id, lease).await? {
                return Ok(claim);
            }
            if let Some(holder) = self.holder(document_id).await? {
                return Err(TeamError::Claimed {
                    member: holder.member,
                    since: holder.since,
                });
            }
        }
        Err(TeamError::Claimed {
            member: String::new(),
            since: String::new(),
        })
    }

    async fn try_claim(&self, document_id: &str, lease: Duration) -> TeamResult<Option<Claim>> {
        sqlx::query_as::<_, Claim>(&format!(
            "INSERT INTO team_claim (workspace_id, document_id, member, lease_until)
             VALUES ($1, $2, $3, now() + make_interval(secs => $4))
             ON CONFLICT (workspace_id, document_id) DO UPDATE SET
                 member = EXCLUDED.member,
                 since = CASE WHEN team_claim.member = EXCLUDED.member
                              THEN team_claim.since ELSE now() END,
                 lease_until = EXCLUDED.lease_until
             WHERE team_claim.member = EXCLUDED.member OR team_claim.lease_until <= now()
             RETURNING {CLAIM}"
        ))
        .bind(&self.workspace)
        .bind(document_key(document_id))
        .bind(&self.member)
        .bind(lease.as_secs_f64())
        .fetch_optional(&self.pool)
        .await
        .map_err(TeamError::of)
    }

    /// Who holds the file now, if anyone (an expired lease holds nothing).
    pub async fn holder(&self, document_id: &str) -> TeamResult<Option<Claim>> {
        sqlx::query_as::<_, Claim>(&format!(
            "SELECT {CLAIM} FROM team_claim
             WHERE workspace_id = $1 AND document_id = $2 AND lease_until > now()"
        ))
        .bind(&self.workspace)
        .bind(document_key(document_id))
        .fetch_optional(&self.pool)
        .await
        .map_err(TeamError::of)
    }

    /// The claims whose lease runs, for the queue's rows.
    pub async fn claims(&self) -> TeamResult<Vec<Claim>> {
        sqlx::query_as::<_, Claim>(&format!(
            "SELECT {CLAIM} FROM team_claim WHERE workspace_id = $1 AND lease_until > now()
             ORDER BY document_id"
        ))
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)
    }

    /// Lets go of this member's claim (a review sent or closed); another's is kept.
    pub async fn release(&self, document_id: &str) -> TeamResult<()> {
        sqlx::query(
            "DELETE FROM team_claim WHERE workspace_id = $1 AND document_id = $2 AND member = $3",
        )
        .bind(&self.workspace)
        .bind(document_key(document_id))
        .bind(&self.member)
        .execute(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(())
    }

    /// A supervisor takes another member's claim over, giving a reason: the claim and
    /// its entry in the trail are one change.
    pub async fn take_over(
        &self,
        document_id: &str,
        reason: &str,
        lease: Duration,
    ) -> TeamResult<Claim> {
        let reason = reason.trim();
        if reason.is_empty() || reason.chars().count() > REASON_MAX {
            return Err(TeamError::BadText);
        }
        if !self.is_supervisor().await? {
            return Err(TeamError::NotSupervisor);
        }
        let mut tx = self.pool.begin().await.map_err(TeamError::of)?;
        let before: Option<String> = sqlx::query_scalar(
            "SELECT member FROM team_claim WHERE workspace_id = $1 AND document_id = $2
             AND lease_until > now() FOR UPDATE",
        )
        .bind(&self.workspace)
        .bind(document_key(document_id))
        .fetch_optional(&mut *tx)
        .await
        .map_err(TeamError::of)?;
        let claim = sqlx::query_as::<_, Claim>(&format!(
            "INSERT INTO team_claim (workspace_id, document_id, member, lease_until)
             VALUES ($1, $2, $3, now() + make_interval(secs => $4))
             ON CONFLICT (workspace_id, document_id) DO UPDATE SET
                 member = EXCLUDED.member, since = now(), lease_until = EXCLUDED.lease_until
             RETURNING {CLAIM}"
        ))
        .bind(&self.workspace)
        .bind(document_key(document_id))
        .bind(&self.member)
        .bind(lease.as_secs_f64())
        .fetch_one(&mut *tx)
        .await
        .map_err(TeamError::of)?;
        let from = before.unwrap_or_else(|| "nadie".into());
        self.append_in(
            &mut tx,
            TeamEntry {
                operation: "team: claim-taken-over".into(),
                target: document_key(document_id),
                summary: format!("reclamado a {from}: {reason}"),
                ok: true,
                code: None,
                message: None,
                completes: None,
            },
        )
        .await?;
        tx.commit().await.map_err(TeamError::of)?;
        Ok(claim)
    }
}

//! Claims: the member reviewing a file holds it with a lease, renewed while the review
//! is open and released when it is sent or closed. The database keeps the rules
//! (migration 0005, `team_claim`): only the holder renews or lets go, a lease runs at
//! most [`LEASE_MAX`], and a claim whose lease ran out is not handed to another member
//! silently: its holder's desk may only be disconnected, with a draft, so the next
//! member is told (`Lapsed`) and takes it only by saying so. A supervisor takes a
//! claim over with a reason the trail keeps.

use std::time::Duration;

use serde::Serialize;
use ts_rs::TS;

use crate::{Team, TeamError, TeamResult, document_key};

/// How long a claim lasts without renewal. A desk renews it at a third of this, so
/// one lost renewal does not free a file under review.
pub const LEASE: Duration = Duration::from_secs(90);

/// The longest lease the database grants, whatever a desk asks for.
pub const LEASE_MAX: Duration = Duration::from_secs(600);

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
    /// Claims a file for `lease` (at most [`LEASE_MAX`]), or renews this member's
    /// claim. Refused, naming who and since when, while another member's lease runs;
    /// `Lapsed` when another member's lease ran out, unless `take_lapsed` says this
    /// member was told and chose to take it (the trail records it).
    pub async fn claim(
        &self,
        document_id: &str,
        lease: Duration,
        take_lapsed: bool,
    ) -> TeamResult<Claim> {
        sqlx::query_as::<_, Claim>(&format!("SELECT {CLAIM} FROM team_claim($1, $2, $3, $4)"))
            .bind(&self.workspace)
            .bind(document_key(document_id))
            .bind(lease.as_secs_f64())
            .bind(take_lapsed)
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)
    }

    /// Who holds the file now, if anyone (an expired lease holds nothing).
    pub async fn holder(&self, document_id: &str) -> TeamResult<Option<Claim>> {
        sqlx::query_as::<_, Claim>(&format!(
            "SELECT {CLAIM} FROM team_claims_v WHERE workspace_id = $1 AND document_id = $2"
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
            "SELECT {CLAIM} FROM team_claims_v WHERE workspace_id = $1 ORDER BY document_id"
        ))
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)
    }

    /// Lets go of this member's claim (a review sent or closed); another's is kept.
    pub async fn release(&self, document_id: &str) -> TeamResult<()> {
        sqlx::query("SELECT team_release($1, $2)")
            .bind(&self.workspace)
            .bind(document_key(document_id))
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
        sqlx::query_as::<_, Claim>(&format!(
            "SELECT {CLAIM} FROM team_take_over($1, $2, $3, $4)"
        ))
        .bind(&self.workspace)
        .bind(document_key(document_id))
        .bind(reason)
        .bind(lease.as_secs_f64())
        .fetch_one(&self.pool)
        .await
        .map_err(TeamError::of)
    }
}

//! The team's trail as the dashboard reads it: kept between requests, so that a request
//! reads only the entries appended since the last one. The trail is append-only (the
//! database refuses changes and deletions of its entries), so what was read stays
//! right. A chain that no longer continues what is kept (the profile now on another
//! database, or entries removed or rewritten: the audit screen's verification says
//! which) is read again whole, never merged.

use std::sync::Arc;

use kyb_team::{GENESIS, Team, TeamAuditEntry, TeamResult};

/// What was read, and for which team: the profile, the database and the workspace.
struct Kept {
    key: String,
    entries: Arc<Vec<TeamAuditEntry>>,
}

#[derive(Default)]
pub struct KeptTrail {
    kept: tokio::sync::Mutex<Option<Kept>>,
}

/// Whose trail a kept one is: a profile may change its team's address or workspace.
fn key_of(profile_id: &str, team: &Team) -> String {
    format!(
        "{profile_id}\u{1f}{}\u{1f}{}",
        team.database(),
        team.workspace()
    )
}

impl KeptTrail {
    /// The whole trail of `team`'s workspace, oldest first: what was kept for
    /// `profile_id`, and what was appended since.
    pub async fn entries(
        &self,
        profile_id: &str,
        team: &Team,
    ) -> TeamResult<Arc<Vec<TeamAuditEntry>>> {
        let key = key_of(profile_id, team);
        let mut kept = self.kept.lock().await;
        if let Some(k) = kept.as_mut().filter(|k| k.key == key) {
            let (seq, hash) = k
                .entries
                .last()
                .map_or((0, GENESIS), |e| (e.seq, e.hash.as_str()));
            let newer = team.trail_after(seq).await?;
            let continues = match newer.first() {
                Some(first) => first.seq == seq + 1 && first.prev_hash == hash,
                // Nothing after: the chain must still end where the kept one does.
                None => {
                    let head = team.head().await?;
                    head.seq == seq && head.hash == hash
                }
            };
            if continues {
                if !newer.is_empty() {
                    Arc::make_mut(&mut k.entries).extend(newer);
                }
                return Ok(k.entries.clone());
            }
        }
        // Nothing kept for this team, or a chain that does not continue it.
        *kept = None;
        let entries = Arc::new(team.trail(i64::MAX).await?);
        *kept = Some(Kept {
            key,
            entries: entries.clone(),
        });
        Ok(entries)
    }

    /// Lets go of what was kept (the profile left its team).
    pub async fn forget(&self) {
        *self.kept.lock().await = None;
    }
}

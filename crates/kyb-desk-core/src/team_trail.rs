//! The team's trail as the dashboard reads it: kept between requests, so that a request
//! reads only the entries appended since the last one, and kept in the dashboard's own
//! form ([`KeptEntry`]: only what its figures read). The trail is append-only (the
//! database refuses changes and deletions of its entries), so what was read stays
//! right. A chain that no longer continues what was read (the profile now on another
//! database, or entries removed or rewritten: the audit screen's verification says
//! which) is read again whole, never merged.

use std::sync::Arc;

use kyb_team::{GENESIS, Team, TeamResult};

use crate::dashboard::{KeptEntry, Shared};

/// Entries read at a time: a long trail is never held whole as the database sends it.
const PAGE: i64 = 20_000;

/// What was read, and for which team: the profile, the database and the workspace.
struct Kept {
    key: String,
    /// The last entry read (sequence and hash), which the next must follow.
    last: (i64, String),
    entries: Arc<Vec<KeptEntry>>,
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

/// Reads the entries after `kept.last` a page at a time into `kept`. False, with
/// nothing changed, when the first of them does not follow `kept.last`.
async fn read_after(kept: &mut Kept, team: &Team) -> TeamResult<bool> {
    let mut shared = Shared::default();
    let mut added = Vec::new();
    let mut last = kept.last.clone();
    loop {
        let page = team.trail_after(last.0, PAGE).await?;
        let Some(first) = page.first() else { break };
        if first.seq != last.0 + 1 || first.prev_hash != last.1 {
            return Ok(false);
        }
        let full = page.len() as i64 == PAGE;
        for entry in &page {
            added.extend(KeptEntry::keep(entry, &mut shared));
        }
        if let Some(end) = page.last() {
            last = (end.seq, end.hash.clone());
        }
        if !full {
            break;
        }
    }
    if !added.is_empty() {
        Arc::make_mut(&mut kept.entries).extend(added);
    }
    kept.last = last;
    Ok(true)
}

impl KeptTrail {
    /// The whole trail of `team`'s workspace as the dashboard reads it, oldest first:
    /// what was kept for `profile_id`, and what was appended since.
    pub async fn entries(&self, profile_id: &str, team: &Team) -> TeamResult<Arc<Vec<KeptEntry>>> {
        let key = key_of(profile_id, team);
        let mut kept = self.kept.lock().await;
        if let Some(k) = kept.as_mut().filter(|k| k.key == key) {
            let (seq, hash) = k.last.clone();
            let continues = read_after(k, team).await?
                // Nothing after: the kept last entry must still be the chain's (an
                // entry never changes, so a later append cannot make this wrong).
                && (k.last.0 != seq || seq == 0 || team.hash_at(seq).await?.as_deref() == Some(&hash));
            if continues {
                return Ok(k.entries.clone());
            }
        }
        // Nothing kept for this team, or a chain that does not continue it.
        *kept = None;
        let mut fresh = Kept {
            key,
            last: (0, GENESIS.to_owned()),
            entries: Arc::default(),
        };
        if !read_after(&mut fresh, team).await? {
            // A chain whose first entry does not start it: read as it is, the audit
            // screen says what is wrong with it.
            fresh.last = (0, String::new());
            let all = team.trail(i64::MAX).await?;
            let mut shared = Shared::default();
            fresh.entries = Arc::new(
                all.iter()
                    .filter_map(|e| KeptEntry::keep(e, &mut shared))
                    .collect(),
            );
            if let Some(end) = all.last() {
                fresh.last = (end.seq, end.hash.clone());
            }
        }
        let entries = fresh.entries.clone();
        *kept = Some(fresh);
        Ok(entries)
    }

    /// Lets go of what was kept (the profile left its team).
    pub async fn forget(&self) {
        *self.kept.lock().await = None;
    }
}

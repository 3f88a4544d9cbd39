//! What the team's trail must still be told: the outcome of a call whose intent the
//! trail has, when the team could not be reached as the call ended (PostgreSQL gone a
//! moment after "Send", the service having acted), and the claim that call was to let
//! go. Kept in a file of the desk's (`team-pending.json`, written atomically), and
//! told when the team is back: the outcome as written late, from this desk's log
//! (`team_outcome(..., late)`), once. Until then the trail shows the intent as open,
//! never as a clean chain (the audit screen names it).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::fsio;

/// One outcome the trail is owed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(in crate::desk) struct Pending {
    pub profile_id: String,
    /// The team database's address (its origin): told only to the same database.
    pub origin: String,
    pub intent: i64,
    pub ok: bool,
    pub code: Option<String>,
    pub message: Option<String>,
    /// The file whose claim the sent call was to let go.
    pub release: Option<String>,
}

pub(in crate::desk) struct PendingOutcomes {
    path: PathBuf,
    /// Whether the file may hold anything (it exists at start, or one was kept since):
    /// asked on every look at the team, so an empty desk reads no file.
    maybe_owed: Mutex<bool>,
}

pub(in crate::desk) fn pending_path(data_dir: &Path) -> PathBuf {
    data_dir.join("team-pending.json")
}

impl PendingOutcomes {
    pub fn new(path: PathBuf) -> Self {
        Self {
            maybe_owed: Mutex::new(path.exists()),
            path,
        }
    }

    fn read(&self) -> Vec<Pending> {
        let Ok(bytes) = std::fs::read(&self.path) else {
            return Vec::new();
        };
        match serde_json::from_slice(&bytes) {
            Ok(pending) => pending,
            Err(error) => {
                // Set aside, never silently replaced: what it held stays for a person.
                // Each file set aside keeps its own name: a second never replaces a first.
                let aside = self.path.with_extension(format!(
                    "json.unreadable-{}",
                    chrono::Utc::now().timestamp_millis()
                ));
                tracing::error!(
                    "team outcomes owed could not be read ({error}); kept as {aside:?}"
                );
                let _ = std::fs::rename(&self.path, aside);
                Vec::new()
            }
        }
    }

    fn write(&self, pending: &[Pending]) -> std::io::Result<()> {
        if pending.is_empty() {
            return match std::fs::remove_file(&self.path) {
                Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
                _ => Ok(()),
            };
        }
        let bytes = serde_json::to_vec_pretty(pending).map_err(std::io::Error::other)?;
        fsio::write_atomic(&self.path, &bytes)
    }

    /// Keeps one more outcome owed.
    pub fn push(&self, owed: Pending) {
        let mut maybe_owed = self.maybe_owed.lock().unwrap_or_else(|p| p.into_inner());
        *maybe_owed = true;
        let mut all = self.read();
        all.push(owed);
        if let Err(error) = self.write(&all) {
            tracing::error!("team outcome owed not kept: {error}");
        }
    }

    /// The outcomes owed to `origin` by `profile_id`.
    pub fn owed(&self, profile_id: &str, origin: &str) -> Vec<Pending> {
        let mut maybe_owed = self.maybe_owed.lock().unwrap_or_else(|p| p.into_inner());
        if !*maybe_owed {
            return Vec::new();
        }
        let all = self.read();
        *maybe_owed = !all.is_empty();
        all.into_iter()
            .filter(|p| p.profile_id == profile_id && p.origin == origin)
            .collect()
    }

    /// Forgets what was told (by intent, for that profile and origin).
    pub fn told(&self, profile_id: &str, origin: &str, intents: &[i64]) {
        let mut maybe_owed = self.maybe_owed.lock().unwrap_or_else(|p| p.into_inner());
        let mut all = self.read();
        all.retain(|p| {
            !(p.profile_id == profile_id && p.origin == origin && intents.contains(&p.intent))
        });
        *maybe_owed = !all.is_empty();
        if let Err(error) = self.write(&all) {
            tracing::error!("team outcomes told not forgotten: {error}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Pending, PendingOutcomes};

    #[test]
    fn an_owed_outcome_is_kept_until_told_and_an_unreadable_file_is_set_aside() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("team-pending.json");
        let owed = PendingOutcomes::new(path.clone());
        let one = Pending {
            profile_id: "p".into(),
            origin: "postgres://a@h:5432/d".into(),
            intent: 7,
            ok: true,
            code: None,
            message: None,
            release: Some("doc".into()),
        };
        owed.push(one.clone());
        owed.push(Pending {
            intent: 9,
            origin: "postgres://a@otro:5432/d".into(),
            ..one.clone()
        });
        assert_eq!(owed.owed("p", &one.origin), std::slice::from_ref(&one));
        // A new desk on the same folder (a restart) still owes it.
        let again = PendingOutcomes::new(path.clone());
        assert_eq!(again.owed("p", &one.origin).len(), 1);
        again.told("p", &one.origin, &[7]);
        assert!(again.owed("p", &one.origin).is_empty());
        assert_eq!(again.owed("p", "postgres://a@otro:5432/d").len(), 1);
        std::fs::write(&path, b"{not json").expect("written");
        assert!(again.owed("p", &one.origin).is_empty());
        let aside = std::fs::read_dir(dir.path())
            .expect("listed")
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().contains(".unreadable-"))
            .count();
        assert_eq!(aside, 1, "kept aside");
    }
}

//! What the team's trail must still be told: the outcome of a call whose intent the
//! trail has, when the team could not be reached as the call ended (PostgreSQL gone a
//! moment after "Send", the service having acted), and the claim that call was to let
//! go. Kept in a file of the desk's (`team-pending.json`, written atomically), and
//! told when the team is back: the outcome as written late, from this desk's log
//! (`team_outcome(..., late)`), once. Until then the trail shows the intent as open,
//! never as a clean chain (the audit screen names it). Read like every record
//! ([`fsio::read_or_set_aside`]): one over its cap or unreadable is set aside and
//! announced, never read whole nor replaced.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::fsio;
use crate::recovery::{RecordKind, Recoveries};

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
    /// The desk's list of records set aside, where an unreadable file is announced.
    recoveries: Recoveries,
    /// Whether the file may hold anything (it exists at start, or one was kept since):
    /// asked on every look at the team, so an empty desk reads no file.
    maybe_owed: Mutex<bool>,
}

pub(in crate::desk) fn pending_path(data_dir: &Path) -> PathBuf {
    data_dir.join("team-pending.json")
}

impl PendingOutcomes {
    pub fn new(path: PathBuf, recoveries: Recoveries) -> Self {
        Self {
            maybe_owed: Mutex::new(path.exists()),
            path,
            recoveries,
        }
    }

    /// What is owed; an absent file, or one set aside (over the cap, not JSON), owes
    /// nothing. An error reading it (say, permission denied) is an error: the file may
    /// be fine, and is not to be written over.
    fn read(&self) -> std::io::Result<Vec<Pending>> {
        let read =
            fsio::read_json_or_set_aside(&self.path, RecordKind::TeamPending, &self.recoveries);
        Ok(read?.unwrap_or_default())
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
        let mut all = match self.read() {
            Ok(all) => all,
            Err(error) => {
                tracing::error!("team outcome owed not kept: the file cannot be read: {error}");
                return;
            }
        };
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
        let all = match self.read() {
            Ok(all) => all,
            // Asked again at the next look: the file may still owe something.
            Err(error) => {
                tracing::error!("team outcomes owed cannot be read: {error}");
                return Vec::new();
            }
        };
        *maybe_owed = !all.is_empty();
        all.into_iter()
            .filter(|p| p.profile_id == profile_id && p.origin == origin)
            .collect()
    }

    /// Forgets what was told (by intent, for that profile and origin).
    pub fn told(&self, profile_id: &str, origin: &str, intents: &[i64]) {
        let mut maybe_owed = self.maybe_owed.lock().unwrap_or_else(|p| p.into_inner());
        let mut all = match self.read() {
            Ok(all) => all,
            Err(error) => {
                tracing::error!(
                    "team outcomes told not forgotten: the file cannot be read: {error}"
                );
                return;
            }
        };
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
    use crate::recovery::{RecordKind, Recoveries};

    #[test]
    fn an_owed_outcome_is_kept_until_told_and_an_unreadable_file_is_set_aside() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("team-pending.json");
        let owed = PendingOutcomes::new(path.clone(), Recoveries::default());
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
        let again = PendingOutcomes::new(path.clone(), Recoveries::default());
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

    fn one() -> Pending {
        Pending {
            profile_id: "p".into(),
            origin: "postgres://a@h:5432/d".into(),
            intent: 7,
            ok: true,
            code: None,
            message: None,
            release: None,
        }
    }

    fn set_aside(dir: &std::path::Path) -> Vec<Vec<u8>> {
        std::fs::read_dir(dir)
            .expect("listed")
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().contains(".unreadable-"))
            .map(|e| std::fs::read(e.path()).expect("read"))
            .collect()
    }

    #[test]
    fn an_unreadable_or_oversize_file_of_owed_outcomes_is_set_aside_whole_and_announced() {
        let cap = RecordKind::TeamPending.max_bytes() as usize;
        let one = one();
        let json = serde_json::to_vec(std::slice::from_ref(&one)).expect("json");
        // Valid JSON padded to the cap is read.
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("team-pending.json");
        let mut at_cap = json.clone();
        at_cap.resize(cap, b' ');
        std::fs::write(&path, &at_cap).expect("written");
        let recoveries = Recoveries::default();
        let owed = PendingOutcomes::new(path.clone(), recoveries.clone());
        assert_eq!(owed.owed("p", &one.origin), std::slice::from_ref(&one));
        assert!(recoveries.all().is_empty());

        // One byte more is set aside whole, announced, and owes nothing; what is
        // owed next starts a new file beside it.
        let mut over = at_cap;
        over.push(b' ');
        std::fs::write(&path, &over).expect("written");
        assert!(owed.owed("p", &one.origin).is_empty());
        assert_eq!(set_aside(dir.path()), vec![over]);
        let announced = recoveries.all();
        assert_eq!(announced.len(), 1, "{announced:?}");
        assert_eq!(announced[0].kind, RecordKind::TeamPending);
        assert!(announced[0].reason.contains("larger than"), "{announced:?}");
        owed.push(Pending {
            intent: 8,
            ..one.clone()
        });
        assert_eq!(owed.owed("p", &one.origin).len(), 1);

        // Not JSON: set aside as it was, announced too.
        std::fs::write(&path, b"{not json").expect("written");
        assert!(owed.owed("p", &one.origin).is_empty());
        assert!(set_aside(dir.path()).contains(&b"{not json".to_vec()));
        let announced = recoveries.all();
        assert_eq!(announced.len(), 2, "{announced:?}");
        assert_eq!(announced[1].kind, RecordKind::TeamPending);
    }
}

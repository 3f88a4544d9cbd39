//! What the team's trail must still be told, kept in a file of the desk's
//! (`team-pending.json`, written atomically) and told when the team is back, once:
//!
//! - the outcome of a call whose intent the trail has, when the team could not be
//!   reached as the call ended (PostgreSQL gone a moment after "Send", the service
//!   having acted), and the claim that call was to let go: written late, from this
//!   desk's log (`team_outcome(..., late)`);
//! - each call this desk asked the trail for, by the key it made for it, from before
//!   its intent is asked until its outcome is written or owed: a call whose intent's
//!   answer was lost (so the desk never sent it), or that was out when the desk was
//!   closed, is found by its key among the member's open intents at the next start or
//!   reconnection, and its outcome written: not sent, or not known ([`CallRecord`]).
//!
//! Until then the trail shows the intent as open, never as a clean chain (the audit
//! screen names it). Read like every record ([`fsio::read_or_set_aside`]): one over its
//! cap or unreadable is set aside and announced, never read whole nor replaced.

use std::collections::HashSet;
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

/// A call this desk asked the trail for, by the key it made for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(in crate::desk) struct CallRecord {
    pub profile_id: String,
    pub origin: String,
    /// The desk's key of the intent (a UUID), as the trail keeps it.
    pub key: String,
    pub operation: String,
    pub target: String,
    /// Whether the call may have left for the service (its intent was answered and the
    /// desk went on to send it): if so, its outcome is not known; if not, not sent.
    pub sent: bool,
    /// When its intent was asked (seconds since 1970, UTC): an intent still on its way
    /// to the database (a statement runs up to 15 s) is not taken for one never written.
    pub asked_at: i64,
}

/// One entry of the file: an outcome owed, or a call asked for. A file written before
/// calls were recorded holds outcomes only, and reads as such.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
enum Entry {
    Outcome(Pending),
    Call(CallRecord),
}

pub(in crate::desk) struct PendingOutcomes {
    path: PathBuf,
    /// The desk's list of records set aside, where an unreadable file is announced.
    recoveries: Recoveries,
    /// Whether the file may hold anything (it exists at start, or one was kept since):
    /// asked on every look at the team, so an empty desk reads no file.
    maybe_owed: Mutex<bool>,
    /// The keys of the calls out in this process now: theirs are not judged. Changed
    /// and read only under `maybe_owed`'s lock, with the file, so that a call recorded
    /// is never seen without its being out.
    out: Mutex<HashSet<String>>,
    /// Held while what is owed is told: one telling at a time, so that two looks at the
    /// team at once never tell one outcome twice.
    pub(in crate::desk) telling: tokio::sync::Mutex<()>,
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
            out: Mutex::new(HashSet::new()),
            telling: tokio::sync::Mutex::new(()),
        }
    }

    /// What is owed; an absent file, or one set aside (over the cap, not JSON), owes
    /// nothing. An error reading it (say, permission denied) is an error: the file may
    /// be fine, and is not to be written over.
    fn read(&self) -> std::io::Result<Vec<Entry>> {
        let read =
            fsio::read_json_or_set_aside(&self.path, RecordKind::TeamPending, &self.recoveries);
        Ok(read?.unwrap_or_default())
    }

    fn write(&self, pending: &[Entry]) -> std::io::Result<()> {
        if pending.is_empty() {
            return match std::fs::remove_file(&self.path) {
                Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
                _ => Ok(()),
            };
        }
        let bytes = serde_json::to_vec_pretty(pending).map_err(std::io::Error::other)?;
        fsio::write_atomic(&self.path, &bytes)
    }

    /// Changes the file under its lock: `change` gets every entry; false when the file
    /// could not be read or written (logged, as `what`).
    fn change(&self, what: &str, change: impl FnOnce(&mut Vec<Entry>)) -> bool {
        self.change_out(what, |all, _| change(all))
    }

    /// As [`PendingOutcomes::change`], with the keys out in this process too (their
    /// change is undone when the file cannot be written).
    fn change_out(
        &self,
        what: &str,
        change: impl FnOnce(&mut Vec<Entry>, &mut HashSet<String>),
    ) -> bool {
        let mut maybe_owed = self.maybe_owed.lock().unwrap_or_else(|p| p.into_inner());
        let mut all = match self.read() {
            Ok(all) => all,
            Err(error) => {
                tracing::error!("{what}: the file cannot be read: {error}");
                return false;
            }
        };
        let mut out = self.out.lock().unwrap_or_else(|p| p.into_inner());
        let before = out.clone();
        change(&mut all, &mut out);
        *maybe_owed = !all.is_empty();
        match self.write(&all) {
            Ok(()) => true,
            Err(error) => {
                tracing::error!("{what}: {error}");
                *out = before;
                false
            }
        }
    }

    /// Keeps one more outcome owed (the desk owes one only in place of its call's
    /// record, [`PendingOutcomes::owe_instead`]; the tests, alone).
    #[cfg(test)]
    pub fn push(&self, owed: Pending) {
        self.change("team outcome owed not kept", |all| {
            all.push(Entry::Outcome(owed));
        });
    }

    /// Records a call about to ask the trail for its intent, out in this process until
    /// [`PendingOutcomes::settled`]. False when it could not be recorded: the call is
    /// then not made (a call the desk could not account for must not leave).
    pub fn asking(&self, call: CallRecord) -> bool {
        self.change_out("team call not recorded", |all, out| {
            out.insert(call.key.clone());
            all.push(Entry::Call(call));
        })
    }

    /// The call of `key` may leave for the service now. False when that could not be
    /// recorded, or the call is no longer recorded (judged meanwhile): it is then not
    /// sent.
    pub fn sending(&self, key: &str) -> bool {
        let mut found = false;
        let written = self.change("team call's send not recorded", |all| {
            for entry in all.iter_mut() {
                if let Entry::Call(call) = entry
                    && call.key == key
                {
                    call.sent = true;
                    found = true;
                }
            }
        });
        written && found
    }

    /// The call of `key` is accounted for in the trail (its outcome written, or never
    /// asked): forgotten, and no longer out.
    pub fn settled(&self, key: &str) {
        self.change_out("team call not forgotten", |all, out| {
            all.retain(|entry| !matches!(entry, Entry::Call(call) if call.key == key));
            out.remove(key);
        });
    }

    /// The call of `key` ended and its outcome is owed: the outcome replaces the call's
    /// record in one write (a crash between the two would leave a known outcome to be
    /// judged "not known").
    pub fn owe_instead(&self, key: &str, owed: Pending) {
        self.change_out("team outcome owed not kept", |all, out| {
            all.retain(|entry| !matches!(entry, Entry::Call(call) if call.key == key));
            all.push(Entry::Outcome(owed));
            out.remove(key);
        });
    }

    /// The call of `key` is no longer out in this process, but stays recorded: its
    /// intent's answer was lost, and the next look at the team judges it.
    pub fn release(&self, key: &str) {
        let _file = self.maybe_owed.lock().unwrap_or_else(|p| p.into_inner());
        self.out
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(key);
    }

    /// The calls recorded for `origin` by `profile_id` that are not out in this process.
    pub fn calls(&self, profile_id: &str, origin: &str) -> Vec<CallRecord> {
        self.entries_with(profile_id, origin, |entry, out| match entry {
            Entry::Call(call) if !out.contains(&call.key) => Some(call),
            _ => None,
        })
    }

    /// Every entry for `origin` by `profile_id`.
    fn entries(&self, profile_id: &str, origin: &str) -> Vec<Entry> {
        self.entries_with(profile_id, origin, |entry, _| Some(entry))
    }

    /// The entries for `origin` by `profile_id` that `keep` keeps, given the keys out in
    /// this process, read with them under one lock.
    fn entries_with<T>(
        &self,
        profile_id: &str,
        origin: &str,
        keep: impl Fn(Entry, &HashSet<String>) -> Option<T>,
    ) -> Vec<T> {
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
        let out = self.out.lock().unwrap_or_else(|p| p.into_inner());
        all.into_iter()
            .filter(|entry| {
                let (profile, at) = match entry {
                    Entry::Outcome(p) => (&p.profile_id, &p.origin),
                    Entry::Call(c) => (&c.profile_id, &c.origin),
                };
                profile == profile_id && at == origin
            })
            .filter_map(|entry| keep(entry, &out))
            .collect()
    }

    /// The outcomes owed to `origin` by `profile_id`.
    pub fn owed(&self, profile_id: &str, origin: &str) -> Vec<Pending> {
        self.entries(profile_id, origin)
            .into_iter()
            .filter_map(|entry| match entry {
                Entry::Outcome(owed) => Some(owed),
                Entry::Call(_) => None,
            })
            .collect()
    }

    /// Forgets what was told (by intent, for that profile and origin).
    pub fn told(&self, profile_id: &str, origin: &str, intents: &[i64]) {
        self.change("team outcomes told not forgotten", |all| {
            all.retain(|entry| {
                !matches!(entry, Entry::Outcome(p)
                    if p.profile_id == profile_id && p.origin == origin && intents.contains(&p.intent))
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{CallRecord, Pending, PendingOutcomes};

    #[test]
    fn a_call_is_judged_only_once_no_longer_out_and_forgotten_once_settled() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("team-pending.json");
        let calls = PendingOutcomes::new(path.clone(), Recoveries::default());
        let call = CallRecord {
            profile_id: "p".into(),
            origin: one().origin,
            key: "0b5f2c1e-0000-4000-8000-00000000000a".into(),
            operation: "POST /verificaciones/{folio}/cancelar".into(),
            target: "VD-1".into(),
            sent: false,
            asked_at: 0,
        };
        assert!(calls.asking(call.clone()));
        assert!(
            calls.calls("p", &call.origin).is_empty(),
            "out in this process"
        );
        // A restart: the new desk on the same folder judges it.
        let again = PendingOutcomes::new(path.clone(), Recoveries::default());
        assert_eq!(again.calls("p", &call.origin), vec![call.clone()]);
        assert!(calls.sending(&call.key));
        assert!(
            !calls.sending("0b5f2c1e-0000-4000-8000-00000000000b"),
            "no such call: not sent"
        );
        calls.release(&call.key);
        assert!(calls.calls("p", &call.origin)[0].sent);
        assert!(calls.calls("p", "postgres://a@otro:5432/d").is_empty());
        // Outcomes owed and calls side by side, each read as what it is.
        calls.push(one());
        assert_eq!(calls.owed("p", &call.origin), vec![one()]);
        calls.settled(&call.key);
        assert!(calls.calls("p", &call.origin).is_empty());
        assert_eq!(calls.owed("p", &call.origin), vec![one()]);
    }
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

//! Where the audit log's head (sequence and hash of its last entry) is kept outside
//! the log file. The hash chain alone shows an edited entry, but not the last entries
//! deleted, nor the whole chain rewritten from an entry on with every later hash
//! recomputed: both leave a consistent file. A copy of the head somewhere the file's
//! editor does not reach (the OS keyring) shows both.

use std::path::Path;
use std::sync::{Arc, Mutex};

use crate::hash::sha256_hex;

/// The last entry of the log as it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    pub seq: u32,
    pub hash: String,
}

impl Head {
    /// "seq:hash", the stored form.
    fn to_text(&self) -> String {
        format!("{}:{}", self.seq, self.hash)
    }

    fn from_text(text: &str) -> Option<Self> {
        let (seq, hash) = text.trim().split_once(':')?;
        let hash_ok = hash.len() == 64 && hash.chars().all(|c| c.is_ascii_hexdigit());
        Some(Self {
            seq: seq.parse().ok()?,
            hash: hash_ok.then(|| hash.to_owned())?,
        })
    }
}

/// Why the head could not be read. The window words it; the keyring's own words
/// (a library's, as a technical cause) are all the desk adds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnchorError {
    /// The keyring could not be used: its own words.
    Unreachable(String),
    /// The keyring holds something for this log that is not a head.
    Malformed,
}

/// Keeps the head of one audit log. Errors are for the report and the log, never a
/// reason to refuse an entry; a failed store is only logged, in the keyring's words.
pub trait AuditAnchor: Send + Sync {
    /// The head last stored; `None` when none was ever stored.
    fn load(&self) -> Result<Option<Head>, AnchorError>;
    fn store(&self, head: &Head) -> Result<(), String>;
}

/// The head in the OS keyring, beside the profiles' keys (same service name), under
/// an account named after the log's absolute path, so that two logs (the demo's and
/// the real one) never share an anchor.
pub struct KeyringAnchor {
    service: String,
    account: String,
}

impl KeyringAnchor {
    pub fn new(service: &str, log_path: &Path) -> Self {
        // A relative path is made absolute without touching the file system (the log
        // may not exist yet), so the same log always gets the same account.
        let absolute = std::path::absolute(log_path).unwrap_or_else(|_| log_path.to_owned());
        let digest = sha256_hex(absolute.as_os_str().as_encoded_bytes());
        Self {
            service: service.to_owned(),
            account: format!("audit-head:{}", &digest[..16]),
        }
    }

    /// The keyring account that holds this log's head.
    pub fn account(&self) -> &str {
        &self.account
    }

    /// Removes the stored head (a log started afresh); none stored is no error.
    pub fn forget(&self) -> Result<(), String> {
        match self.entry()?.delete_credential() {
            Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
            Err(error) => Err(error.to_string()),
        }
    }

    fn entry(&self) -> Result<keyring::Entry, String> {
        keyring::Entry::new(&self.service, &self.account).map_err(|e| e.to_string())
    }
}

impl AuditAnchor for KeyringAnchor {
    fn load(&self) -> Result<Option<Head>, AnchorError> {
        let entry = self.entry().map_err(AnchorError::Unreachable)?;
        match entry.get_password() {
            Ok(text) => Head::from_text(&text)
                .map(Some)
                .ok_or(AnchorError::Malformed),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(error) => Err(AnchorError::Unreachable(error.to_string())),
        }
    }

    fn store(&self, head: &Head) -> Result<(), String> {
        self.entry()?
            .set_password(&head.to_text())
            .map_err(|e| e.to_string())
    }
}

/// The head in memory, for tests. Clones share one head, as two openings of the
/// same log share one keyring entry.
#[derive(Debug, Clone, Default)]
pub struct MemoryAnchor {
    head: Arc<Mutex<Option<Head>>>,
    /// When set, every call fails with this reason (an unreachable keyring).
    failing: Arc<Mutex<Option<String>>>,
}

impl MemoryAnchor {
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes every later call fail with `reason`, or work again with `None`.
    pub fn set_failing(&self, reason: Option<&str>) {
        *self.failing.lock().unwrap_or_else(|p| p.into_inner()) = reason.map(str::to_owned);
    }

    fn check(&self) -> Result<(), String> {
        match &*self.failing.lock().unwrap_or_else(|p| p.into_inner()) {
            Some(reason) => Err(reason.clone()),
            None => Ok(()),
        }
    }
}

impl AuditAnchor for MemoryAnchor {
    fn load(&self) -> Result<Option<Head>, AnchorError> {
        self.check().map_err(AnchorError::Unreachable)?;
        Ok(self.head.lock().unwrap_or_else(|p| p.into_inner()).clone())
    }

    fn store(&self, head: &Head) -> Result<(), String> {
        self.check()?;
        *self.head.lock().unwrap_or_else(|p| p.into_inner()) = Some(head.clone());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(seq: u32) -> Head {
        Head {
            seq,
            hash: sha256_hex(format!("entry {seq}").as_bytes()),
        }
    }

    #[test]
    fn the_stored_form_reads_back_and_junk_is_refused() {
        let original = head(41);
        assert_eq!(Head::from_text(&original.to_text()), Some(original));
        assert_eq!(Head::from_text("41"), None);
        assert_eq!(Head::from_text("x:abc"), None);
        assert_eq!(Head::from_text(&format!("7:{}", "z".repeat(64))), None);
    }

    #[test]
    fn each_log_path_has_its_own_account() {
        let real = KeyringAnchor::new("svc", Path::new("/data/audit.jsonl"));
        let demo = KeyringAnchor::new("svc", Path::new("/data/demo/audit.jsonl"));
        assert_ne!(real.account(), demo.account());
        assert!(real.account().starts_with("audit-head:"));
        assert_eq!(real.account().len(), "audit-head:".len() + 16);
        // The same log named relatively or absolutely is the same account.
        let here = std::env::current_dir().expect("current directory");
        assert_eq!(
            KeyringAnchor::new("svc", Path::new("audit.jsonl")).account(),
            KeyringAnchor::new("svc", &here.join("audit.jsonl")).account()
        );
    }

    #[test]
    fn memory_clones_share_one_head() {
        let anchor = MemoryAnchor::new();
        let reopened = anchor.clone();
        assert_eq!(anchor.load(), Ok(None));
        anchor.store(&head(3)).expect("stored");
        assert_eq!(reopened.load(), Ok(Some(head(3))));
        reopened.set_failing(Some("sin llavero"));
        assert_eq!(
            anchor.load(),
            Err(AnchorError::Unreachable("sin llavero".to_owned()))
        );
    }

    #[test]
    #[ignore = "needs a Secret Service: make test runs it"]
    fn the_head_lives_in_the_keyring() {
        let service = format!("mx.kybdesk.app.test.{}", uuid::Uuid::new_v4());
        let dir = tempfile::tempdir().expect("temporary directory");
        let anchor = KeyringAnchor::new(&service, &dir.path().join("audit.jsonl"));
        assert_eq!(anchor.load(), Ok(None));
        anchor.store(&head(1)).expect("stored");
        anchor.store(&head(2)).expect("replaced");
        // A restarted app finds it; another log does not.
        let again = KeyringAnchor::new(&service, &dir.path().join("audit.jsonl"));
        assert_eq!(again.load(), Ok(Some(head(2))));
        let other = KeyringAnchor::new(&service, &dir.path().join("demo/audit.jsonl"));
        assert_eq!(other.load(), Ok(None));
        // Something else under the log's account is no head, and is said to be none.
        keyring::Entry::new(&service, anchor.account())
            .and_then(|entry| entry.set_password("no es un ancla"))
            .expect("overwritten");
        assert_eq!(anchor.load(), Err(AnchorError::Malformed));
    }

    /// Run as a child with no reachable D-Bus.
    #[test]
    #[ignore = "run by without_a_keyring_the_anchor_says_why"]
    fn no_keyring_child() {
        let anchor = KeyringAnchor::new("svc", Path::new("/tmp/audit.jsonl"));
        // The keyring's own words and nothing of the desk's: the window words the rest
        // in the user's language.
        let Err(AnchorError::Unreachable(reason)) = anchor.load() else {
            panic!("no keyring, yet the anchor loaded");
        };
        let own_words = keyring::Entry::new("svc", anchor.account())
            .and_then(|entry| entry.get_password())
            .expect_err("no keyring")
            .to_string();
        assert_eq!(reason, own_words);
        assert!(anchor.store(&head(1)).is_err());
    }

    #[test]
    fn without_a_keyring_the_anchor_says_why() {
        crate::test_child::passes_without_dbus("audit::anchor::tests::no_keyring_child");
    }
}

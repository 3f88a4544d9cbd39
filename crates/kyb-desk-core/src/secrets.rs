//! The API key of each profile: in the OS keyring and nowhere else on disk. The UI
//! can set, replace and delete it, and learn only whether one is present, its last
//! four characters and the origin it was given for. When no keyring is reachable, the
//! user may keep the key for this session only, in memory.
//!
//! A key is bound to the origin (scheme, host, port) it was given for, and the binding
//! is stored WITH the key, in the keyring entry itself: a profile book edited or
//! brought from elsewhere can change a profile's address, but not the origin its key
//! is bound to. Only [`KeyVault::set`], [`KeyVault::set_for_session`] and
//! [`KeyVault::rebind`] (the user entering the key again, or confirming the new
//! origin) bind a key. A key stored before bindings existed is bound to nothing and
//! must be confirmed once.

use std::collections::HashMap;
use std::sync::Mutex;

use kyb_api::Secret;
use serde::Serialize;
use ts_rs::TS;

use crate::error::{AppError, AppResult, DeskCode, Failure, Rule, Task};

/// The keyring's service name; each profile's key is stored under its profile id.
pub const KEYRING_SERVICE: &str = "mx.kybdesk.app";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum KeyStorage {
    Keyring,
    /// In memory for this session (no keyring, or the demo).
    Session,
}

/// All the UI ever learns about a key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct KeyStatus {
    pub present: bool,
    pub last_four: Option<String>,
    pub storage: Option<KeyStorage>,
    /// Why the keyring could not be read, when it could not.
    pub keyring_problem: Option<String>,
    /// The origin the key was given for (None: no key, or a key stored before keys
    /// were bound).
    pub bound_origin: Option<String>,
    /// The origin of the profile's address now (None: its environment has no address
    /// in this build). Filled by the desk, which knows the profile.
    pub profile_origin: Option<String>,
    /// The key may be sent to `profile_origin`.
    pub origin_confirmed: bool,
}

/// A key with the origin it may be sent to.
#[derive(Debug, Clone)]
pub struct BoundKey {
    pub key: Secret,
    /// None for a key stored before keys were bound: it goes nowhere until confirmed.
    pub origin: Option<String>,
}

/// The one rule of where a key may go: only to the origin it is bound to (a key bound
/// to nothing goes nowhere).
pub fn may_go_to(bound: Option<&str>, origin: &str) -> bool {
    bound == Some(origin)
}

/// How a bound key is written in the keyring: JSON, so the origin cannot be separated
/// from the key. Anything else in an entry is a key stored before bindings existed.
#[derive(serde::Serialize, serde::Deserialize)]
struct Stored {
    v: u8,
    origin: String,
    key: String,
}

const STORED_VERSION: u8 = 1;

fn encode(key: &Secret, origin: &str) -> String {
    serde_json::to_string(&Stored {
        v: STORED_VERSION,
        origin: origin.to_owned(),
        key: key.expose().to_owned(),
    })
    .unwrap_or_default()
}

fn decode(raw: String) -> BoundKey {
    match serde_json::from_str::<Stored>(&raw) {
        Ok(stored) if stored.v == STORED_VERSION => BoundKey {
            key: Secret::new(stored.key),
            origin: Some(stored.origin),
        },
        _ => BoundKey {
            key: Secret::new(raw),
            origin: None,
        },
    }
}

pub struct KeyVault {
    service: String,
    session: Mutex<HashMap<String, BoundKey>>,
}

fn last_four(key: &Secret) -> String {
    let chars: Vec<char> = key.expose().trim().chars().collect();
    chars[chars.len().saturating_sub(4)..].iter().collect()
}

fn unavailable(error: &keyring::Error) -> AppError {
    AppError::new(DeskCode::KeyringUnavailable, error.to_string()).during(Task::UseKeyring)
}

impl KeyVault {
    pub fn new(service: impl Into<String>) -> Self {
        Self {
            service: service.into(),
            session: Mutex::new(HashMap::new()),
        }
    }

    fn entry(&self, profile_id: &str) -> Result<keyring::Entry, keyring::Error> {
        keyring::Entry::new(&self.service, profile_id)
    }

    fn session(&self) -> std::sync::MutexGuard<'_, HashMap<String, BoundKey>> {
        self.session.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The keyring's service name (the audit log anchors its head under it too).
    pub fn service(&self) -> &str {
        &self.service
    }

    /// Stores the key in the keyring (replacing any earlier one), bound to `origin`.
    /// Fails with `keyring_unavailable` when there is no keyring; nothing is stored then.
    pub fn set(&self, profile_id: &str, key: &str, origin: &str) -> AppResult<KeyStatus> {
        let key = checked(key)?;
        self.store(profile_id, &key, origin)?;
        self.session().remove(profile_id);
        Ok(self.status(profile_id))
    }

    fn store(&self, profile_id: &str, key: &Secret, origin: &str) -> AppResult<()> {
        self.entry(profile_id)
            .and_then(|entry| entry.set_password(&encode(key, origin)))
            .map_err(|e| unavailable(&e))
    }

    /// Keeps the key in memory until the app quits, bound to `origin`; never written
    /// anywhere.
    pub fn set_for_session(
        &self,
        profile_id: &str,
        key: &str,
        origin: &str,
    ) -> AppResult<KeyStatus> {
        let key = checked(key)?;
        self.session().insert(
            profile_id.to_owned(),
            BoundKey {
                key,
                origin: Some(origin.to_owned()),
            },
        );
        Ok(self.status(profile_id))
    }

    /// Binds the stored key to `origin`, where it is kept (memory or keyring): the
    /// user confirmed that this key may go to the profile's new address.
    pub fn rebind(&self, profile_id: &str, origin: &str) -> AppResult<KeyStatus> {
        let in_session = match self.session().get_mut(profile_id) {
            Some(bound) => {
                bound.origin = Some(origin.to_owned());
                true
            }
            None => false,
        };
        if in_session {
            return Ok(self.status(profile_id));
        }
        let Some(bound) = self.get(profile_id)? else {
            return Err(AppError::of(DeskCode::NoApiKey));
        };
        self.store(profile_id, &bound.key, origin)?;
        Ok(self.status(profile_id))
    }

    /// The key with its origin, for the backend's own use: a session key first, then
    /// the keyring.
    pub fn get(&self, profile_id: &str) -> AppResult<Option<BoundKey>> {
        if let Some(key) = self.session().get(profile_id) {
            return Ok(Some(key.clone()));
        }
        match self
            .entry(profile_id)
            .and_then(|entry| entry.get_password())
        {
            Ok(raw) => Ok(Some(decode(raw))),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(error) => Err(unavailable(&error)),
        }
    }

    /// Forgets the key, in memory and in the keyring.
    pub fn delete(&self, profile_id: &str) -> AppResult<KeyStatus> {
        let in_session = self.session().remove(profile_id).is_some();
        match self
            .entry(profile_id)
            .and_then(|entry| entry.delete_credential())
        {
            Ok(()) | Err(keyring::Error::NoEntry) => {}
            // A session key was forgotten; a keyring we cannot reach holds nothing of ours.
            Err(_) if in_session => {}
            Err(error) => return Err(unavailable(&error)),
        }
        Ok(self.status(profile_id))
    }

    /// What the UI may know of the key; `profile_origin` and `origin_confirmed` are
    /// the desk's to fill.
    pub fn status(&self, profile_id: &str) -> KeyStatus {
        let absent = KeyStatus {
            present: false,
            last_four: None,
            storage: None,
            keyring_problem: None,
            bound_origin: None,
            profile_origin: None,
            origin_confirmed: false,
        };
        let present = |bound: &BoundKey, storage| KeyStatus {
            present: true,
            last_four: Some(last_four(&bound.key)),
            storage: Some(storage),
            bound_origin: bound.origin.clone(),
            ..absent.clone()
        };
        if let Some(bound) = self.session().get(profile_id) {
            return present(bound, KeyStorage::Session);
        }
        match self
            .entry(profile_id)
            .and_then(|entry| entry.get_password())
        {
            Ok(raw) => present(&decode(raw), KeyStorage::Keyring),
            Err(keyring::Error::NoEntry) => absent,
            Err(error) => KeyStatus {
                keyring_problem: Some(error.to_string()),
                ..absent
            },
        }
    }
}

fn checked(key: &str) -> AppResult<Secret> {
    let key = key.trim();
    if key.is_empty() || key.chars().any(char::is_control) {
        return Err(AppError::invalid(vec![Failure::new(
            "apiKey",
            if key.is_empty() {
                Rule::Required
            } else {
                Rule::Invalid
            },
        )]));
    }
    Ok(Secret::new(key))
}

#[cfg(test)]
mod tests {
    //! Against the real Secret Service of the session `make test` runs in
    //! (gnome-keyring on a private D-Bus). Without one, the keyring tests say so and
    //! fail rather than pass vacuously.

    use super::*;

    const ORIGIN: &str = "https://kyb.example.mx";
    const OTHER: &str = "https://otra.example.mx";

    fn vault() -> KeyVault {
        KeyVault::new(format!("{KEYRING_SERVICE}.test.{}", uuid::Uuid::new_v4()))
    }

    #[test]
    #[ignore = "needs a Secret Service: make test runs it"]
    fn keys_live_in_the_keyring_and_only_their_last_four_show() {
        let vault = vault();
        let profile = "perfil-1";
        assert!(!vault.status(profile).present);
        let status = vault
            .set(profile, "sk_test_AAAA1234", ORIGIN)
            .expect("stored");
        assert_eq!(status.storage, Some(KeyStorage::Keyring));
        assert_eq!(status.last_four.as_deref(), Some("1234"));
        assert_eq!(status.bound_origin.as_deref(), Some(ORIGIN));
        let read = vault.get(profile).expect("read").expect("a key");
        assert_eq!(read.key.expose(), "sk_test_AAAA1234");
        assert_eq!(read.origin.as_deref(), Some(ORIGIN));
        // A second vault (a restarted app) reads the same keyring, binding included.
        let again = KeyVault::new(vault.service.clone());
        assert_eq!(again.status(profile).bound_origin.as_deref(), Some(ORIGIN));
        vault
            .set(profile, "sk_test_BBBB9876", ORIGIN)
            .expect("replaced");
        assert_eq!(again.status(profile).last_four.as_deref(), Some("9876"));
        // Confirming a new origin rebinds the same key, in the keyring.
        vault.rebind(profile, OTHER).expect("rebound");
        let moved = again.get(profile).expect("read").expect("a key");
        assert_eq!(moved.origin.as_deref(), Some(OTHER));
        assert_eq!(moved.key.expose(), "sk_test_BBBB9876");
        let gone = vault.delete(profile).expect("deleted");
        assert!(!gone.present);
        assert!(again.get(profile).expect("read").is_none());
        assert_eq!(
            vault.rebind(profile, ORIGIN).map_err(|e| e.code).err(),
            Some(DeskCode::NoApiKey.into())
        );
    }

    /// A key written before keys were bound (the bare key in the entry) is read, and
    /// bound to nothing: it must be confirmed before it goes anywhere.
    #[test]
    #[ignore = "needs a Secret Service: make test runs it"]
    fn a_key_stored_before_bindings_is_bound_to_nothing() {
        let vault = vault();
        keyring::Entry::new(&vault.service, "viejo")
            .and_then(|e| e.set_password("sk_live_OLD_4321"))
            .expect("written as an older version did");
        let read = vault.get("viejo").expect("read").expect("a key");
        assert_eq!(read.key.expose(), "sk_live_OLD_4321");
        assert_eq!(read.origin, None);
        let status = vault.status("viejo");
        assert!(status.present);
        assert_eq!(status.last_four.as_deref(), Some("4321"));
        assert_eq!(status.bound_origin, None);
        vault.rebind("viejo", ORIGIN).expect("confirmed");
        assert_eq!(
            vault
                .get("viejo")
                .expect("read")
                .expect("a key")
                .origin
                .as_deref(),
            Some(ORIGIN)
        );
        vault.delete("viejo").expect("deleted");
    }

    #[test]
    fn session_keys_stay_in_memory() {
        let vault = vault();
        let status = vault
            .set_for_session("demo", "sk_demo_5678", ORIGIN)
            .expect("kept");
        assert_eq!(status.storage, Some(KeyStorage::Session));
        assert_eq!(status.last_four.as_deref(), Some("5678"));
        assert_eq!(status.bound_origin.as_deref(), Some(ORIGIN));
        vault.rebind("demo", OTHER).expect("rebound in memory");
        assert_eq!(vault.status("demo").bound_origin.as_deref(), Some(OTHER));
        assert!(vault.set_for_session("demo", "  ", ORIGIN).is_err());
        vault.delete("demo").expect("forgotten");
        assert!(!vault.session().contains_key("demo"));
    }

    /// Run as a child with no reachable D-Bus: the keyring fails, the user is told
    /// why, and the session path still works.
    #[test]
    #[ignore = "run by without_a_keyring_the_session_path_remains"]
    fn no_keyring_child() {
        let vault = vault();
        let error = vault
            .set("p", "sk_test_1111", ORIGIN)
            .expect_err("no keyring");
        assert_eq!(error.code, DeskCode::KeyringUnavailable);
        assert!(!error.message.is_empty(), "the keyring's reason is kept");
        assert!(vault.status("p").keyring_problem.is_some());
        assert!(matches!(vault.get("p"), Err(e) if e.code == DeskCode::KeyringUnavailable));
        let status = vault
            .set_for_session("p", "sk_test_2222", ORIGIN)
            .expect("kept");
        assert_eq!(status.storage, Some(KeyStorage::Session));
        assert_eq!(
            vault
                .get("p")
                .expect("read")
                .map(|k| k.key.expose().to_owned()),
            Some("sk_test_2222".to_owned())
        );
    }

    #[test]
    fn without_a_keyring_the_session_path_remains() {
        crate::test_child::passes_without_dbus("secrets::tests::no_keyring_child");
    }
}

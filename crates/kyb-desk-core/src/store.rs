//! The profile book on disk: `profiles.json` in the data folder, written atomically
//! and privately by [`fsio::write_atomic`], set aside when it cannot be read.
//!
//! The format is `{"profileBook": <ProfileBook>}`: the envelope `tauri-plugin-store`
//! wrote before this store replaced it, kept as it was so that existing files read
//! unchanged and a downgraded app still reads a file this one wrote. The plugin
//! saved without a temporary file or fsync and ignored a file it could not read. (The
//! shell holds the window's preferences in it again, [`PREFERENCES_FILE`], but reads
//! and writes that file as this one: see its `preferences.rs`.)

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::fsio;
use crate::profiles::{ProfileBook, ProfileStore};
use crate::recovery::{RecordKind, Recoveries};

/// The window's preferences (language, theme, …) in the data folder, beside the book.
pub const PREFERENCES_FILE: &str = "preferences.json";

#[derive(Deserialize)]
struct Stored {
    #[serde(rename = "profileBook")]
    profile_book: ProfileBook,
}

#[derive(Serialize)]
struct Storing<'a> {
    #[serde(rename = "profileBook")]
    profile_book: &'a ProfileBook,
}

pub struct FileStore {
    path: PathBuf,
    recoveries: Recoveries,
}

impl FileStore {
    /// `path`: the book's file, normally `<data folder>/profiles.json`. A book that
    /// cannot be read is reported to a recorder of its own, which the desk then
    /// shares with its other records (see [`ProfileStore::recoveries`]).
    pub fn new(path: impl Into<PathBuf>) -> Self {
        Self {
            path: path.into(),
            recoveries: Recoveries::default(),
        }
    }
}

impl ProfileStore for FileStore {
    fn load(&self) -> Result<Option<ProfileBook>, String> {
        fsio::read_or_set_aside(
            &self.path,
            RecordKind::Profiles,
            &self.recoveries,
            |bytes| {
                serde_json::from_slice::<Stored>(bytes)
                    .map(|stored| stored.profile_book)
                    .map_err(|e| e.to_string())
            },
        )
        .map_err(|e| e.to_string())
    }

    fn save(&self, book: &ProfileBook) -> Result<(), String> {
        fsio::write_json(&self.path, &Storing { profile_book: book }).map_err(|e| e.to_string())
    }

    fn recoveries(&self) -> Option<Recoveries> {
        Some(self.recoveries.clone())
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::path::Path;
    use std::time::Duration;

    use kyb_api::Environment;

    use super::*;
    use crate::desk::Desk;
    use crate::profiles::{Profile, ProfileInput};
    use crate::secrets::KeyVault;

    const CHILD_DIR: &str = "KYB_STORE_CHILD_DIR";
    const CHILD_FROM: &str = "KYB_STORE_CHILD_FROM";
    /// The side channel of the kill test: the child appends each version to it just
    /// before saving that version.
    const ANNOUNCED: &str = "announced";

    fn profile(name: String) -> Profile {
        Profile {
            id: uuid::Uuid::new_v4().to_string(),
            name,
            environment: Environment::Sandbox,
            workspace_id: "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10".into(),
            agent_email: "ana@kybdesk.mx".into(),
            flows: vec![],
            reasons: None,
            customer_language: None,
            team: None,
            fixed: Vec::new(),
        }
    }

    /// A book whose every profile names `version`; large enough that a write takes
    /// several system calls.
    fn book(version: u64) -> ProfileBook {
        let profiles: Vec<Profile> = (0..60)
            .map(|i| profile(format!("versión {version} perfil {i} {}", "ñ".repeat(200))))
            .collect();
        ProfileBook {
            active: Some(profiles[0].id.clone()),
            profiles,
        }
    }

    /// The version of a book all of whose profiles come from the same save.
    fn version_of(book: &ProfileBook) -> u64 {
        let version = |p: &Profile| -> u64 {
            p.name
                .split(' ')
                .nth(1)
                .and_then(|v| v.parse().ok())
                .expect("a version")
        };
        let first = version(&book.profiles[0]);
        assert_eq!(book.profiles.len(), 60, "a torn book");
        assert!(
            book.profiles.iter().all(|p| version(p) == first),
            "a book mixing saves"
        );
        first
    }

    fn unreadable_files(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .expect("listing")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".unreadable-"))
            .collect()
    }

    #[test]
    fn the_plugin_s_file_reads_as_it_was_and_is_written_in_the_same_format() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("profiles.json");
        // As tauri-plugin-store wrote it.
        std::fs::write(
            &path,
            r#"{
  "profileBook": {
    "profiles": [
      {
        "id": "p1",
        "name": "Operación",
        "environment": {
          "kind": "custom",
          "base_url": "https://kyb.example.mx/api"
        },
        "workspaceId": "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10",
        "agentEmail": "ana@kybdesk.mx",
        "flows": []
      }
    ],
    "active": "p1"
  }
}"#,
        )
        .expect("written");
        let store = FileStore::new(&path);
        let found = store.load().expect("read").expect("a book");
        assert_eq!(found.active.as_deref(), Some("p1"));
        assert_eq!(found.profiles[0].name, "Operación");
        assert_eq!(
            found.profiles[0].environment,
            Environment::Custom {
                base_url: "https://kyb.example.mx/api".into()
            }
        );
        store.save(&book(7)).expect("saved");
        let written: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).expect("read")).expect("JSON");
        assert_eq!(written.as_object().map(|o| o.len()), Some(1));
        assert_eq!(
            written["profileBook"]["profiles"].as_array().map(Vec::len),
            Some(60)
        );
        let again = store.load().expect("read").expect("a book");
        assert_eq!(version_of(&again), 7);
        assert_eq!(
            FileStore::new(dir.path().join("none.json")).load(),
            Ok(None)
        );
        assert!(store.recoveries().expect("a recorder").all().is_empty());
    }

    #[test]
    fn a_corrupt_book_is_set_aside_announced_and_the_desk_starts_empty() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("profiles.json");
        let garbage = b"{\"profileBook\": {\"profiles\": [{\"id\": \"p1\", \"na\0\xff";
        std::fs::write(&path, garbage).expect("written");
        // A temporary file a crashed save left behind, which opening sweeps.
        let mut exited = std::process::Command::new("true")
            .spawn()
            .expect("a process");
        exited.wait().expect("it exited");
        let temporary = dir
            .path()
            .join(format!(".profiles.json.{}.0.tmp", exited.id()));
        std::fs::write(&temporary, "{").expect("written");
        let desk = Desk::open(
            dir.path(),
            Box::new(FileStore::new(&path)),
            KeyVault::new(format!("kyb-desk-test-{}", uuid::Uuid::new_v4())),
            None,
        )
        .expect("the desk opens");
        assert_eq!(desk.profiles(), ProfileBook::default());
        assert!(!temporary.exists());
        let recoveries = desk.recoveries();
        assert_eq!(recoveries.len(), 1, "{recoveries:?}");
        assert_eq!(recoveries[0].kind, RecordKind::Profiles);
        assert_eq!(recoveries[0].path, path.display().to_string());
        let aside = unreadable_files(dir.path());
        assert_eq!(aside.len(), 1);
        let aside = dir.path().join(&aside[0]);
        assert_eq!(recoveries[0].set_aside_as, aside.display().to_string());
        assert_eq!(std::fs::read(&aside).expect("kept"), garbage);

        let saved = desk
            .save_profile(ProfileInput {
                id: None,
                name: "Operación".into(),
                environment: Environment::Sandbox,
                workspace_id: "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10".into(),
                agent_email: "ana@kybdesk.mx".into(),
                flows: vec![],
                team: None,
            })
            .expect("a new profile is saved");
        assert_eq!(std::fs::read(&aside).expect("kept"), garbage);
        assert_eq!(unreadable_files(dir.path()).len(), 1);
        let reread = FileStore::new(&path).load().expect("read").expect("a book");
        assert_eq!(reread.profiles, [saved]);
        assert_eq!(desk.recoveries().len(), 1, "announced once");
    }

    /// The writer the kill test runs in a child process: announces, then saves, ever
    /// newer books until it is killed.
    #[test]
    #[ignore = "run by a_killed_writer_always_leaves_the_last_or_the_previous_book"]
    fn profile_writer_child() {
        let dir =
            std::env::var_os(CHILD_DIR).expect("run by its parent test, which names the folder");
        let from =
            std::env::var(CHILD_FROM).expect("run by its parent test, which names the start");
        let dir = PathBuf::from(dir);
        let from: u64 = from.parse().expect("a version");
        let store = FileStore::new(dir.join("profiles.json"));
        let mut announced = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(dir.join(ANNOUNCED))
            .expect("side channel");
        for version in from.. {
            // In the kernel before the save starts, so it survives the kill; one write,
            // so a kill never leaves half a number.
            announced
                .write_all(format!("{version}\n").as_bytes())
                .expect("announced");
            store.save(&book(version)).expect("saved");
        }
    }

    #[test]
    fn a_killed_writer_always_leaves_the_last_or_the_previous_book() {
        const SAVES: u64 = 200;
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("profiles.json");
        FileStore::new(&path).save(&book(0)).expect("first book");
        let exe = std::env::current_exe().expect("test binary");
        let last_announced = || -> u64 {
            std::fs::read_to_string(dir.path().join(ANNOUNCED))
                .unwrap_or_default()
                .lines()
                .filter_map(|l| l.parse().ok())
                .next_back()
                .unwrap_or(0)
        };
        let mut found = 0;
        let mut round = 0u64;
        while found < SAVES {
            round += 1;
            assert!(round < 2_000, "the writer makes no progress");
            let mut child = std::process::Command::new(&exe)
                .args(["--exact", "store::tests::profile_writer_child", "--ignored"])
                .env(CHILD_DIR, dir.path())
                .env(CHILD_FROM, (found + 1).to_string())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("writer starts");
            // Once the writer has announced a save or a few, kill it at a moment that
            // differs from round to round (within a save, between two).
            let started = std::time::Instant::now();
            let wanted = found + 1 + round % 4;
            while last_announced() < wanted {
                assert!(
                    started.elapsed() < Duration::from_secs(20),
                    "the writer never wrote"
                );
                std::thread::sleep(Duration::from_micros(200));
            }
            let jitter = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos() % 3_000)
                .unwrap_or(0);
            std::thread::sleep(Duration::from_micros(u64::from(jitter)));
            child.kill().expect("killed");
            child.wait().expect("reaped");

            let announced = last_announced();
            let store = FileStore::new(&path);
            let book = store
                .load()
                .unwrap_or_else(|e| panic!("round {round}: unreadable book: {e}"))
                .unwrap_or_else(|| panic!("round {round}: no book"));
            assert!(
                store.recoveries().expect("a recorder").all().is_empty(),
                "round {round}: the book was set aside"
            );
            let version = version_of(&book);
            assert!(
                version == announced || version + 1 == announced,
                "round {round}: version {version} after announcing {announced}"
            );
            found = version;
        }
        assert!(unreadable_files(dir.path()).is_empty());
        // What the kills left behind is only temporaries, which a start sweeps.
        crate::fsio::sweep_temporaries(dir.path()).expect("swept");
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .expect("listing")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, [ANNOUNCED, "profiles.json"]);
    }
}

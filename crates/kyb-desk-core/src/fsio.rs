//! Writing local files so that a crash never leaves a half-written one: the bytes go
//! to a temporary file beside the target, are flushed to disk, and the temporary file
//! is renamed over the target (atomic on the same file system); the directory is
//! flushed too, so the rename itself survives a power cut. What the app writes is
//! private to the user (files 0600, folders 0700 on unix). A record that cannot be
//! read is set aside, never overwritten: see [`read_or_set_aside`].

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::recovery::{RecordKind, Recoveries, Recovery};

static SERIAL: AtomicU64 = AtomicU64::new(0);

/// How deep [`sweep_temporaries`] looks below the data folder: the deepest record is
/// `<data>/<kind>/<profile>/<document>.json`, three levels down.
const SWEEP_DEPTH: usize = 4;

pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::other("a file path needs a directory"))?;
    create_private_dir_all(dir)?;
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| io::Error::other("a file path needs a name"))?;
    // The name `sweep_temporaries` recognises: the pid tells whether its writer may
    // still be running.
    let temporary = dir.join(format!(
        ".{name}.{}.{}.tmp",
        std::process::id(),
        SERIAL.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut file = private_options()
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)?;
        sync_dir(dir)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result
}

/// Opens `path` to append to it, creating it (0600) and its missing folders (0700)
/// private to the user. A file left readable by others by an older version is made
/// private too; when that is refused (a file someone else owns) it is logged, and the
/// file is still opened.
pub fn open_append_private(path: &Path) -> io::Result<File> {
    if let Some(dir) = path.parent() {
        create_private_dir_all(dir)?;
    }
    let file = private_options().append(true).create(true).open(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = file.metadata()?.permissions().mode();
        if mode & 0o077 != 0
            && let Err(error) = file.set_permissions(fs::Permissions::from_mode(mode & 0o700))
        {
            tracing::warn!(path = %path.display(), "file not made private: {error}");
        }
    }
    Ok(file)
}

/// Holds the data folder for this process: one app writing a folder's records at a
/// time (a second would fork the audit chain and interleave the watchlists). The lock
/// goes with the returned file, when it is dropped or the process ends (a crash
/// included). A lock still held after `wait` is refused with `WouldBlock`: an app
/// that is closing lets go within it.
pub fn lock_folder(dir: &Path, wait: std::time::Duration) -> io::Result<File> {
    create_private_dir_all(dir)?;
    let file = private_options()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(dir.join(".lock"))?;
    let deadline = std::time::Instant::now() + wait;
    loop {
        #[cfg(unix)]
        let taken = rustix::fs::flock(&file, rustix::fs::FlockOperation::NonBlockingLockExclusive)
            .map_err(io::Error::from);
        #[cfg(not(unix))]
        let taken: io::Result<()> = Ok(());
        match taken {
            Ok(()) => return Ok(file),
            Err(error)
                if error.kind() == io::ErrorKind::WouldBlock
                    && std::time::Instant::now() < deadline =>
            {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Err(error) => return Err(error),
        }
    }
}

/// Makes an existing folder private to the user (0700 on unix), as a folder an older
/// version created may not be.
pub fn make_private(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(dir)?.permissions().mode();
        if mode & 0o077 != 0 {
            fs::set_permissions(dir, fs::Permissions::from_mode(mode & 0o700))?;
        }
    }
    Ok(())
}

/// Creates `dir` with its missing parents, each private to the user (0700 on unix);
/// folders that already exist are left as they are.
pub fn create_private_dir_all(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// Options for a file only its user may read or write (0600 on unix), applied when
/// the file is created.
fn private_options() -> OpenOptions {
    let options = OpenOptions::new();
    #[cfg(unix)]
    let options = {
        use std::os::unix::fs::OpenOptionsExt;
        let mut options = options;
        options.mode(0o600);
        options
    };
    options
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

pub fn write_json<T: serde::Serialize>(path: &Path, value: &T) -> io::Result<()> {
    let bytes = serde_json::to_vec_pretty(value).map_err(io::Error::other)?;
    write_atomic(path, &bytes)
}

/// Reads a JSON record; `None` when it does not exist. See [`read_or_set_aside`].
pub fn read_json_or_set_aside<T: serde::de::DeserializeOwned>(
    path: &Path,
    kind: RecordKind,
    recoveries: &Recoveries,
) -> io::Result<Option<T>> {
    read_or_set_aside(path, kind, recoveries, |bytes| {
        serde_json::from_slice(bytes).map_err(|e| e.to_string())
    })
}

/// Reads a record with `decode`; `None` when it does not exist. A record that exists
/// but is over its kind's size ([`RecordKind::max_bytes`]) or does not decode is set
/// aside: renamed to `<name>.unreadable-<UTC time>` in its folder (contents untouched),
/// reported to `recoveries` as a record of `kind`, and then read as absent, so the
/// feature carries on and its next write cannot replace the old contents. Any other
/// failure (say, permission denied) stays an error: the file may be fine.
pub fn read_or_set_aside<T>(
    path: &Path,
    kind: RecordKind,
    recoveries: &Recoveries,
    decode: impl Fn(&[u8]) -> Result<T, String>,
) -> io::Result<Option<T>> {
    // A writer may replace the file between the read and the rename; what is set aside
    // must be the file that was read, so a replaced file is read again.
    for _ in 0..3 {
        let mut file = match File::open(path) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(error),
        };
        let read_identity = identity(&file.metadata()?);
        // One byte past the cap is enough to know the record is over it.
        let max = kind.max_bytes();
        let mut bytes = Vec::new();
        (&mut file)
            .take(max.saturating_add(1))
            .read_to_end(&mut bytes)?;
        drop(file);
        let decoded = if bytes.len() as u64 > max {
            Err(format!(
                "larger than {max} bytes, the most a record of its kind holds"
            ))
        } else {
            decode(&bytes)
        };
        let reason = match decoded {
            Ok(value) => return Ok(Some(value)),
            Err(reason) => reason,
        };
        let current = match fs::symlink_metadata(path) {
            Ok(metadata) => identity(&metadata),
            // Set aside meanwhile, by another reader: absent for this one too.
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(error),
        };
        if current != read_identity {
            continue;
        }
        let aside = set_aside(path)?;
        recoveries.record(Recovery {
            kind,
            path: path.display().to_string(),
            set_aside_as: aside.display().to_string(),
            reason,
        });
        return Ok(None);
    }
    Err(io::Error::other(format!(
        "{} changed on every read",
        path.display()
    )))
}

/// Sets aside a record that was read but held something its reader dropped (kept whole
/// beside it, announced as [`read_or_set_aside`] does), so that what the reader
/// writes back next loses nothing silently.
pub fn set_aside_announced(
    path: &Path,
    kind: RecordKind,
    recoveries: &Recoveries,
    reason: String,
) -> io::Result<()> {
    let aside = set_aside(path)?;
    recoveries.record(Recovery {
        kind,
        path: path.display().to_string(),
        set_aside_as: aside.display().to_string(),
        reason,
    });
    Ok(())
}

/// Which file a path named when it was opened (device and inode on unix; elsewhere
/// nothing is compared).
#[cfg(unix)]
fn identity(metadata: &fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
fn identity(_metadata: &fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// Renames `path` to `<name>.unreadable-<UTC time, e.g. 20250601T101530Z>` beside it,
/// with `-2`, `-3`… when that name is taken (two in one second): an earlier
/// set-aside file is never replaced.
fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::other("a file path needs a directory"))?;
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::other("a file path needs a name"))?
        .to_string_lossy();
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ");
    let mut aside = dir.join(format!("{name}.unreadable-{stamp}"));
    let mut n = 1;
    while fs::symlink_metadata(&aside).is_ok() {
        n += 1;
        aside = dir.join(format!("{name}.unreadable-{stamp}-{n}"));
    }
    fs::rename(path, &aside)?;
    sync_dir(dir)?;
    Ok(aside)
}

/// Removes the temporary files [`write_atomic`] leaves when its process dies before
/// the rename (`.<name>.<pid>.<n>.tmp`), in `data_dir` and up to three folders below
/// it; the number removed. A temporary file whose writer may still be running (this
/// process, or on Linux any running process with its pid: another window of the app)
/// is left alone. Nothing else is touched, `*.unreadable-*` files included.
pub fn sweep_temporaries(data_dir: &Path) -> io::Result<u32> {
    let mut removed = 0;
    sweep(data_dir, SWEEP_DEPTH, &mut removed)?;
    Ok(removed)
}

fn sweep(dir: &Path, depth: usize, removed: &mut u32) -> io::Result<()> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(error) => return Err(error),
    };
    for entry in entries {
        let entry = entry?;
        // Not followed through symbolic links: only the app's own folders are swept.
        let kind = entry.file_type()?;
        if kind.is_dir() {
            if depth > 1 {
                sweep(&entry.path(), depth - 1, removed)?;
            }
        } else if kind.is_file()
            && let Some(pid) = temporary_writer(&entry.file_name().to_string_lossy())
            && !writer_may_run(pid)
        {
            match fs::remove_file(entry.path()) {
                Ok(()) => *removed += 1,
                Err(error) if error.kind() == io::ErrorKind::NotFound => {}
                Err(error) => return Err(error),
            }
        }
    }
    Ok(())
}

/// The pid in a temporary file's name as [`write_atomic`] makes it, or `None` for
/// any other name.
fn temporary_writer(name: &str) -> Option<u32> {
    let inner = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let mut parts = inner.rsplitn(3, '.');
    let serial = parts.next()?;
    let pid = parts.next()?;
    let target = parts.next()?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if target.is_empty() || !digits(serial) || !digits(pid) {
        return None;
    }
    pid.parse().ok()
}

fn writer_may_run(pid: u32) -> bool {
    pid == std::process::id() || (cfg!(target_os = "linux") && process_exists(pid))
}

fn process_exists(pid: u32) -> bool {
    Path::new("/proc").join(pid.to_string()).exists()
}

/// One lock per key (a profile). Whoever reads, changes and writes back a record
/// holds its key's lock throughout, so two changes never interleave and neither is
/// lost (a refresh writing answers beside an import, say); the atomic write alone
/// only keeps each file whole.
#[derive(Debug, Default)]
pub struct Locks(Mutex<HashMap<String, Arc<Mutex<()>>>>);

impl Locks {
    /// Runs `work` holding `key`'s lock.
    pub fn with<T>(&self, key: &str, work: impl FnOnce() -> T) -> T {
        let lock = Arc::clone(
            self.0
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .entry(key.to_owned())
                .or_default(),
        );
        let _held = lock.lock().unwrap_or_else(|p| p.into_inner());
        work()
    }
}

/// `<dir>/<profile>/<document>.json`: a profile's file about one document (drafts,
/// detail history), both names made safe.
pub fn document_file(dir: &Path, profile_id: &str, document_id: &str) -> PathBuf {
    profile_dir(dir, profile_id).join(format!("{}.json", safe_name(document_id)))
}

/// `<dir>/<profile>`: where [`document_file`] keeps a profile's files.
pub fn profile_dir(dir: &Path, profile_id: &str) -> PathBuf {
    dir.join(safe_name(profile_id))
}

/// Removes a file or a folder with everything in it; one already gone is no error.
pub fn remove_all(path: &Path) -> io::Result<()> {
    let removed = if path.is_dir() {
        fs::remove_dir_all(path)
    } else {
        fs::remove_file(path)
    };
    match removed {
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

/// A file name for an identifier from the service or the user: only letters, digits,
/// `-` and `_` survive, so no identifier can reach outside its directory.
pub fn safe_name(id: &str) -> String {
    let cleaned: String = id
        .trim()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if cleaned.is_empty() {
        "_".into()
    } else {
        cleaned
    }
}

#[cfg(test)]
#[path = "fsio_tests.rs"]
mod tests;

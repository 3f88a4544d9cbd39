//! Writing local files so that a crash never leaves a half-written one: the bytes go
//! to a temporary file beside the target, are flushed to disk, and the temporary file
//! is renamed over the target (atomic on the same file system); the directory is
//! flushed too, so the rename itself survives a power cut.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

static SERIAL: AtomicU64 = AtomicU64::new(0);

pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::other("a file path needs a directory"))?;
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| io::Error::other("a file path needs a name"))?;
    let temporary = dir.join(format!(
        ".{name}.{}.{}.tmp",
        std::process::id(),
        SERIAL.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut file = OpenOptions::new()
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

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

/// Reads a JSON file; `None` when it does not exist.
pub fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> io::Result<Option<T>> {
    match fs::read(path) {
        Ok(bytes) => serde_json::from_slice(&bytes)
            .map(Some)
            .map_err(io::Error::other),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error),
    }
}

pub fn write_json<T: serde::Serialize>(path: &Path, value: &T) -> io::Result<()> {
    let bytes = serde_json::to_vec_pretty(value).map_err(io::Error::other)?;
    write_atomic(path, &bytes)
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
mod tests {
    use super::*;

    #[test]
    fn writes_replace_whole_files_and_leave_no_temporaries() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let path = dir.path().join("a/b.json");
        write_json(&path, &vec![1, 2, 3]).expect("written");
        write_json(&path, &vec![4]).expect("rewritten");
        assert_eq!(read_json::<Vec<i32>>(&path).expect("read"), Some(vec![4]));
        let names: Vec<_> = fs::read_dir(path.parent().expect("dir"))
            .expect("listing")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["b.json"]);
        assert_eq!(
            read_json::<Vec<i32>>(&dir.path().join("none.json")).expect("read"),
            None
        );
        assert_eq!(safe_name("../../etc/passwd"), "______etc_passwd");
    }
}

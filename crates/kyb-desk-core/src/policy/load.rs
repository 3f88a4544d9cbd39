//! Reading the administrator's file so that what is judged is what is read: it is
//! opened once (not following a last link, not waiting on a pipe), its owner and mode
//! are the opened file's (fstat), and every folder of its real path is the
//! administrator's. A check by path and a read by path again would let whoever can
//! write one of those folders swap the file in between; and a link to a root-owned
//! file in a folder others can write is not the administrator's word.
//!
//! A folder above the file's own may be writable by others when it has the sticky bit
//! (`/tmp`); the file's own folder may not. A path that cannot even be looked at is
//! refused, not read as "no policy" (the desk cannot tell what the administrator
//! meant); so is a file larger than [`MAX_BYTES`] or not a regular file (a pipe, a
//! device), so that none can hold the desk's start.

use std::io::Read as _;
use std::path::{Path, PathBuf};

/// The largest policy read: a policy is a few kilobytes.
pub const MAX_BYTES: u64 = 1024 * 1024;

/// What was found at the policy's path.
#[derive(Debug)]
pub(super) enum Found {
    Missing,
    /// Not the administrator's (its owner, its mode, or a folder on its way).
    NotTheAdministrators,
    Bytes(Vec<u8>),
    /// The administrator's, or nobody can tell, but not readable as a file.
    Unreadable(String),
}

/// The file at `path`; with `administrator`, only if that user (or root) owns it and
/// every folder of its real path, and no one else may write them.
pub(super) fn read(path: &Path, administrator: Option<u32>) -> Found {
    match std::fs::symlink_metadata(path) {
        Ok(_) => {}
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Found::Missing,
        Err(error) => return Found::Unreadable(error.to_string()),
    }
    let Some(administrator) = administrator else {
        return read_opened(open(path), None);
    };
    let real = match std::fs::canonicalize(path) {
        Ok(real) => real,
        // A link to nothing.
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Found::NotTheAdministrators;
        }
        Err(error) => return Found::Unreadable(error.to_string()),
    };
    let opened = open(&real);
    if !folders_held(&real, administrator) {
        return Found::NotTheAdministrators;
    }
    read_opened(opened, Some(administrator))
}

#[cfg(unix)]
fn open(path: &Path) -> std::io::Result<std::fs::File> {
    use rustix::fs::{Mode, OFlags};
    // NOFOLLOW: the real path was judged, a link put there since is not followed.
    // NONBLOCK: opening a pipe does not wait for a writer.
    rustix::fs::open(
        path,
        OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map(std::fs::File::from)
    .map_err(std::io::Error::from)
}

#[cfg(not(unix))]
fn open(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

fn read_opened(opened: std::io::Result<std::fs::File>, administrator: Option<u32>) -> Found {
    let file = match opened {
        Ok(file) => file,
        Err(error) => return Found::Unreadable(error.to_string()),
    };
    let metadata = match file.metadata() {
        Ok(metadata) => metadata,
        Err(error) => return Found::Unreadable(error.to_string()),
    };
    if administrator.is_some_and(|uid| !held(&metadata, uid, false)) {
        return Found::NotTheAdministrators;
    }
    if !metadata.is_file() {
        return Found::Unreadable("not a regular file".to_owned());
    }
    let mut bytes = Vec::new();
    match file.take(MAX_BYTES + 1).read_to_end(&mut bytes) {
        Err(error) => Found::Unreadable(error.to_string()),
        Ok(_) if bytes.len() as u64 > MAX_BYTES => {
            Found::Unreadable(format!("the file is larger than {MAX_BYTES} bytes"))
        }
        Ok(_) => Found::Bytes(bytes),
    }
}

/// Every folder of `real`: its own writable by no one else, those above it by no one
/// else either unless sticky.
fn folders_held(real: &Path, administrator: u32) -> bool {
    let folders: Vec<PathBuf> = real.ancestors().skip(1).map(Path::to_path_buf).collect();
    !folders.is_empty()
        && folders.iter().enumerate().all(|(at, folder)| {
            std::fs::symlink_metadata(folder)
                .is_ok_and(|m| m.is_dir() && held(&m, administrator, at > 0))
        })
}

#[cfg(unix)]
fn held(metadata: &std::fs::Metadata, administrator: u32, sticky_will_do: bool) -> bool {
    use std::os::unix::fs::MetadataExt;
    let owner = metadata.uid() == 0 || metadata.uid() == administrator;
    let writable_by_others = metadata.mode() & 0o022 != 0;
    let sticky = metadata.mode() & 0o1000 != 0;
    owner && (!writable_by_others || (sticky_will_do && sticky))
}

#[cfg(not(unix))]
fn held(_metadata: &std::fs::Metadata, _administrator: u32, _sticky_will_do: bool) -> bool {
    // Other systems' managed settings are not read yet: no file there is the
    // administrator's.
    false
}

#[cfg(all(test, unix))]
#[path = "load_tests.rs"]
mod tests;

//! The log's entries kept between reads. Parsing a log of 100,000 entries takes the
//! dashboard most of its time, and the log only grows: the lines read are kept, and a
//! later read parses only what was appended since. A file that did not just grow (it
//! is shorter, another file now has its name, its kept first or last line changed,
//! or it was rewritten at the same length) is read again whole. An edit in the middle
//! that keeps the length, the time and those lines is tampering, which
//! [`super::AuditLog::verify`] (which reads the file afresh) finds.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use super::chain::split_lines;
use super::entry::AuditEntry;
use crate::error::{AppError, AppResult, Task};

/// The entries of the log's lines, oldest first, and how many lines could not be read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LogEntries {
    pub entries: Vec<AuditEntry>,
    pub unreadable: u32,
}

impl LogEntries {
    fn push_lines(&mut self, bytes: &[u8]) {
        for line in split_lines(bytes) {
            match serde_json::from_slice::<AuditEntry>(line) {
                Ok(entry) => self.entries.push(entry.read()),
                Err(_) => self.unreadable = self.unreadable.saturating_add(1),
            }
        }
    }
}

/// What is kept: the entries of the file's bytes up to `len` (complete lines only, so
/// a line being written is never kept half read), and how to tell the file is the one
/// they were read from.
struct Kept {
    read: Arc<LogEntries>,
    len: u64,
    /// The file's length and time when last read, with any bytes after `len`.
    file_len: u64,
    modified: Option<SystemTime>,
    identity: Option<(u64, u64)>,
    first_line: Vec<u8>,
    /// With its newline, ending at `len`.
    last_line: Vec<u8>,
}

#[derive(Default)]
pub(super) struct KeptEntries {
    kept: Mutex<Option<Kept>>,
}

fn read_error(error: std::io::Error) -> AppError {
    AppError::storage(Task::ReadAudit, error)
}

/// The device and inode on Unix: a file put in the log's place (a restored copy, an
/// atomic rewrite) is another file even at the same length.
#[cfg(unix)]
fn identity(metadata: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
fn identity(_: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

fn bytes_at(file: &mut File, at: u64, len: usize) -> std::io::Result<Vec<u8>> {
    let mut bytes = vec![0; len];
    file.seek(SeekFrom::Start(at))?;
    file.read_exact(&mut bytes)?;
    Ok(bytes)
}

impl Kept {
    /// The file holds what was kept, unchanged, maybe followed by more.
    fn still_holds(&self, file: &mut File, metadata: &std::fs::Metadata) -> bool {
        let (len, modified) = (metadata.len(), metadata.modified().ok());
        if identity(metadata) != self.identity || len < self.len {
            return false;
        }
        if len == self.file_len && modified == self.modified {
            return true;
        }
        if len == self.file_len {
            // Written again at the same length: not an append.
            return false;
        }
        let last_at = self.len - self.last_line.len() as u64;
        bytes_at(file, 0, self.first_line.len()).is_ok_and(|b| b == self.first_line)
            && bytes_at(file, last_at, self.last_line.len()).is_ok_and(|b| b == self.last_line)
    }
}

impl KeptEntries {
    /// The entries of the file at `path` now: what was kept and the lines appended
    /// since, or the whole file read again when it did not just grow.
    pub(super) fn read(&self, path: &Path) -> AppResult<Arc<LogEntries>> {
        let mut slot = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        let mut file = match File::open(path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                *slot = None;
                return Ok(Arc::default());
            }
            Err(e) => return Err(read_error(e)),
        };
        let metadata = file.metadata().map_err(read_error)?;
        let mut kept = match slot.take() {
            Some(kept) if kept.still_holds(&mut file, &metadata) => kept,
            _ => Kept {
                read: Arc::default(),
                len: 0,
                file_len: 0,
                modified: None,
                identity: identity(&metadata),
                first_line: Vec::new(),
                last_line: Vec::new(),
            },
        };
        let mut added = Vec::new();
        file.seek(SeekFrom::Start(kept.len))
            .and_then(|_| file.read_to_end(&mut added))
            .map_err(read_error)?;
        // Only complete lines are kept; a last line without its newline is read for
        // this answer alone.
        let complete = added.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
        if complete > 0 {
            let lines = &added[..complete];
            if kept.len == 0 {
                let first_end = lines.iter().position(|b| *b == b'\n').map_or(0, |i| i + 1);
                kept.first_line = lines[..first_end].to_vec();
            }
            let last_start = lines[..complete - 1]
                .iter()
                .rposition(|b| *b == b'\n')
                .map_or(0, |i| i + 1);
            kept.last_line = lines[last_start..].to_vec();
            Arc::make_mut(&mut kept.read).push_lines(lines);
            kept.len += complete as u64;
        }
        kept.file_len = kept.len + (added.len() - complete) as u64;
        kept.modified = metadata.modified().ok();
        let answer = if complete < added.len() {
            let mut with_rest = LogEntries::clone(&kept.read);
            with_rest.push_lines(&added[complete..]);
            Arc::new(with_rest)
        } else {
            Arc::clone(&kept.read)
        };
        *slot = Some(kept);
        Ok(answer)
    }
}

#[cfg(test)]
#[path = "kept_tests.rs"]
mod tests;

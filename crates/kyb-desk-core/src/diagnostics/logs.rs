//! The last days of the app's log (see [`crate::logging`]: a file per day, named
//! `kyb-desk.YYYY-MM-DD.log` by the appender, dated in UTC), each line scrubbed.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use chrono::{Days, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::redact::Redactor;
use crate::logging::LOG_PREFIX;

/// How many days of log the bundle carries: today and the two before (what support
/// asks for about a problem "since yesterday" without a fortnight of someone's work).
pub const LOG_DAYS: u64 = 3;

/// The most of one day's file that is read: its end (a day's log is far smaller; a
/// runaway one is not read whole).
pub const MAX_READ_BYTES: u64 = 8 * 1024 * 1024;

/// The most log text the bundle carries, all days together: the newest lines are kept.
pub const MAX_LOG_CHARS: usize = 2 * 1024 * 1024;

/// One day's log as the bundle carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LogDay {
    /// The file's name (never its folder: that is the user's).
    pub file: String,
    pub lines: Vec<String>,
    /// Earlier lines of that day left out for size.
    pub left_out: u32,
}

/// The logs of the last [`LOG_DAYS`] days in `dir`, oldest first, scrubbed by
/// `redactor`. A folder that cannot be read gives none (said in the log itself).
pub fn last_days(dir: &Path, redactor: &mut Redactor) -> Vec<LogDay> {
    let today = Utc::now().date_naive();
    let first = today
        .checked_sub_days(Days::new(LOG_DAYS - 1))
        .unwrap_or(today);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(NaiveDate, String)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().to_str()?.to_owned();
            let date = log_date(&name)?;
            (date >= first && date <= today).then_some((date, name))
        })
        .collect();
    files.sort();
    // Newest first against the budget, so that what is cut is the oldest.
    let mut budget = MAX_LOG_CHARS;
    let mut days: Vec<LogDay> = Vec::new();
    for (_, name) in files.into_iter().rev() {
        let text = match read_tail(&dir.join(&name)) {
            Ok(text) => text,
            Err(error) => {
                tracing::warn!("a log file was not read for diagnostics: {error}");
                continue;
            }
        };
        let all: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let mut kept: Vec<String> = Vec::new();
        for line in all.iter().rev() {
            let line = redactor.free_text(line);
            if line.len() > budget {
                budget = 0;
                break;
            }
            budget -= line.len();
            kept.push(line);
        }
        kept.reverse();
        let left_out = u32::try_from(all.len() - kept.len()).unwrap_or(u32::MAX);
        days.push(LogDay {
            file: name,
            lines: kept,
            left_out,
        });
    }
    days.reverse();
    days
}

/// The date of a log file by its name; None for any other file.
fn log_date(name: &str) -> Option<NaiveDate> {
    let date = name
        .strip_prefix(LOG_PREFIX)?
        .strip_prefix('.')?
        .strip_suffix(".log")?;
    NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()
}

/// The file's last [`MAX_READ_BYTES`], from its first whole line.
fn read_tail(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let size = file.metadata()?.len();
    let cut = size > MAX_READ_BYTES;
    if cut {
        file.seek(SeekFrom::Start(size - MAX_READ_BYTES))?;
    }
    let mut bytes = Vec::new();
    file.take(MAX_READ_BYTES).read_to_end(&mut bytes)?;
    let text = String::from_utf8_lossy(&bytes);
    Ok(if cut {
        text.split_once('\n')
            .map_or("", |(_, rest)| rest)
            .to_owned()
    } else {
        text.into_owned()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_days_are_read_scrubbed_and_older_ones_left() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let day = |n: u64| {
            Utc::now()
                .date_naive()
                .checked_sub_days(Days::new(n))
                .expect("date")
                .format("%Y-%m-%d")
                .to_string()
        };
        let write = |n: u64, text: &str| {
            std::fs::write(dir.path().join(format!("kyb-desk.{}.log", day(n))), text).expect("log")
        };
        write(0, "today EKU9003173C9\n\nsecond\n");
        write(2, "two days ago\n");
        write(3, "too old\n");
        std::fs::write(dir.path().join("other.log"), "not a log of ours").expect("other");
        let mut redactor = Redactor::new(None);
        let days = last_days(dir.path(), &mut redactor);
        let files: Vec<&str> = days.iter().map(|d| d.file.as_str()).collect();
        assert_eq!(
            files,
            [
                format!("kyb-desk.{}.log", day(2)),
                format!("kyb-desk.{}.log", day(0))
            ]
        );
        assert_eq!(days[1].lines, ["today (RFC)", "second"]);
        assert_eq!(days[1].left_out, 0);
    }

    #[test]
    fn a_large_log_keeps_its_newest_lines() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let name = format!("kyb-desk.{}.log", Utc::now().format("%Y-%m-%d"));
        let line = "x".repeat(1000);
        let text: String = (0..3000).map(|i| format!("{i} {line}\n")).collect();
        std::fs::write(dir.path().join(&name), text).expect("log");
        let days = last_days(dir.path(), &mut Redactor::new(None));
        let kept = &days[0];
        assert!(kept.left_out > 0);
        assert!(kept.lines.last().expect("a line").starts_with("2999 "));
        let chars: usize = kept.lines.iter().map(String::len).sum();
        assert!(chars <= MAX_LOG_CHARS);
    }
}

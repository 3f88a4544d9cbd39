//! Proportional set size (PSS) of a program and every process it started (WebKitGTK's
//! web and network processes), read from `/proc`. PSS shares each shared page among
//! the processes that map it, so the sum over a process tree counts no page twice.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// PSS in KiB of one process, from `/proc/PID/smaps_rollup`.
fn pss_kib(pid: u32) -> Option<u64> {
    let rollup = fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).ok()?;
    rollup
        .lines()
        .find_map(|line| line.strip_prefix("Pss:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Parent and name of a process, from `/proc/PID/stat` (the name is in parentheses
/// and may itself hold spaces or parentheses).
fn parent_and_name(pid: u32) -> Option<(u32, String)> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let name = stat[open + 1..close].to_owned();
    let parent = stat[close + 2..].split_whitespace().nth(1)?.parse().ok()?;
    Some((parent, name))
}

fn all_pids() -> Vec<u32> {
    fs::read_dir("/proc")
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// The processes running `program` (by their executable).
pub fn running(program: &Path) -> Vec<u32> {
    let Ok(wanted) = program.canonicalize() else {
        return Vec::new();
    };
    all_pids()
        .into_iter()
        .filter(|pid| fs::read_link(format!("/proc/{pid}/exe")).is_ok_and(|exe| exe == wanted))
        .collect()
}

/// `root` and every process below it.
pub fn tree(root: u32) -> Vec<u32> {
    let parents: Vec<(u32, u32)> = all_pids()
        .into_iter()
        .filter_map(|pid| Some((pid, parent_and_name(pid)?.0)))
        .collect();
    let mut found = vec![root];
    let mut index = 0;
    while index < found.len() {
        let parent = found[index];
        found.extend(
            parents
                .iter()
                .filter(|(_, p)| *p == parent)
                .map(|(pid, _)| *pid),
        );
        index += 1;
    }
    found
}

/// PSS of a process tree, in total, by process name and by kind of memory (MiB).
#[derive(Debug, Clone)]
pub struct TreePss {
    pub total_mib: f64,
    pub by_name: BTreeMap<String, f64>,
    pub by_kind: BTreeMap<Kind, f64>,
}

/// What a mapping holds, from its name in `/proc/PID/smaps`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// No file behind it: the heaps (JavaScript's, malloc's), stacks, JIT code.
    Anonymous,
    /// Files mapped: the program, its libraries, fonts, caches on disk.
    Files,
    /// Memory shared between processes: graphics buffers, memfd, /dev/shm.
    Shared,
    /// The rest (the kernel's vdso and vvar).
    Other,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Anonymous, Kind::Files, Kind::Shared, Kind::Other];

    pub fn label(self) -> &'static str {
        match self {
            Kind::Anonymous => "anonymous (heaps, stacks, JIT)",
            Kind::Files => "files (program, libraries, fonts)",
            Kind::Shared => "shared memory (buffers)",
            Kind::Other => "other",
        }
    }

    fn of(name: &str) -> Kind {
        if name.is_empty()
            || name.starts_with("[heap")
            || name.starts_with("[stack")
            || name.starts_with("[anon")
        {
            Kind::Anonymous
        } else if name.starts_with("/memfd:")
            || name.starts_with("memfd:")
            || name.starts_with("/dev/shm")
            || name.starts_with("/dev/dri")
            || name.starts_with("/SYSV")
        {
            Kind::Shared
        } else if name.starts_with('/') {
            Kind::Files
        } else {
            Kind::Other
        }
    }
}

/// PSS in KiB of one process by kind, from `/proc/PID/smaps`: each mapping's header
/// line ("start-end perms offset dev inode [name]") and then its own `Pss:` line.
fn pss_by_kind(pid: u32) -> BTreeMap<Kind, u64> {
    let mut by_kind = BTreeMap::new();
    let Ok(smaps) = fs::read_to_string(format!("/proc/{pid}/smaps")) else {
        return by_kind;
    };
    let mut kind = Kind::Other;
    for line in smaps.lines() {
        let mut fields = line.split_whitespace();
        let first = fields.next().unwrap_or("");
        if first.contains('-') && first.chars().all(|c| c.is_ascii_hexdigit() || c == '-') {
            // The name is what follows the five fixed fields (it may hold spaces).
            let name = line
                .splitn(6, char::is_whitespace)
                .nth(5)
                .unwrap_or("")
                .trim();
            kind = Kind::of(name);
        } else if first == "Pss:" {
            let kib: u64 = fields.next().and_then(|v| v.parse().ok()).unwrap_or(0);
            *by_kind.entry(kind).or_insert(0) += kib;
        }
    }
    by_kind
}

pub fn tree_pss(root: u32) -> TreePss {
    let mut by_name = BTreeMap::new();
    let mut by_kind = BTreeMap::new();
    let mut total = 0;
    for pid in tree(root) {
        let (Some(kib), Some((_, name))) = (pss_kib(pid), parent_and_name(pid)) else {
            continue;
        };
        total += kib;
        *by_name.entry(name).or_insert(0.0) += kib as f64 / 1024.0;
        for (kind, kib) in pss_by_kind(pid) {
            *by_kind.entry(kind).or_insert(0.0) += kib as f64 / 1024.0;
        }
    }
    TreePss {
        total_mib: total as f64 / 1024.0,
        by_name,
        by_kind,
    }
}

/// A Markdown table of readings by kind of memory (MiB): a row per state, a column per
/// kind.
pub fn kinds_table(states: &[(&str, &TreePss)]) -> Vec<String> {
    let mut out = vec![
        format!("| state | {} |", Kind::ALL.map(Kind::label).join(" | ")),
        format!("|---|{}", "---:|".repeat(Kind::ALL.len())),
    ];
    for (state, pss) in states {
        let mut cells = vec![(*state).to_owned()];
        cells.extend(
            Kind::ALL.map(|kind| format!("{:.1}", pss.by_kind.get(&kind).copied().unwrap_or(0.0))),
        );
        out.push(crate::common::row(&cells));
    }
    out
}

/// "name MiB, …": a tree's PSS by process, for a table cell.
pub fn by_process(pss: &TreePss) -> String {
    pss.by_name
        .iter()
        .map(|(name, mib)| format!("{name} {mib:.1}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_has_a_size_and_is_its_own_tree() {
        let me = std::process::id();
        assert!(pss_kib(me).is_some_and(|kib| kib > 0));
        assert_eq!(tree(me)[0], me);
        let pss = tree_pss(me);
        assert!(pss.total_mib > 0.0);
        assert_eq!(pss.by_name.len(), 1);
        // The kinds add up to the total (smaps and smaps_rollup count the same pages;
        // the process may have grown a little between the two readings).
        let kinds: f64 = pss.by_kind.values().sum();
        assert!(
            pss.by_kind.get(&Kind::Files).is_some_and(|mib| *mib > 0.0),
            "{pss:?}"
        );
        assert!(
            (kinds - pss.total_mib).abs() < 1.0 + pss.total_mib * 0.05,
            "{pss:?}"
        );
    }
}

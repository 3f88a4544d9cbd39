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

/// PSS of a process tree, in total and by process name (MiB).
#[derive(Debug, Clone)]
pub struct TreePss {
    pub total_mib: f64,
    pub by_name: BTreeMap<String, f64>,
}

pub fn tree_pss(root: u32) -> TreePss {
    let mut by_name = BTreeMap::new();
    let mut total = 0;
    for pid in tree(root) {
        let (Some(kib), Some((_, name))) = (pss_kib(pid), parent_and_name(pid)) else {
            continue;
        };
        total += kib;
        *by_name.entry(name).or_insert(0.0) += kib as f64 / 1024.0;
    }
    TreePss {
        total_mib: total as f64 / 1024.0,
        by_name,
    }
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
    }
}

//! glibc's malloc threshold: fixed for WebKit's processes, and kept out of the
//! programs the app opens (a browser for a link is none of WebKit's).
//!
//! WebKitGTK's web process allocates a canvas's pixels, a PDF page's images and the
//! like with glibc's malloc, whose threshold for giving a large block its own mapping
//! rises with each such block freed: past the first review, those blocks come from the
//! heap and stay there after the review closes. Fixed, they are returned as they are
//! freed (docs/bench/memory.md). The variable is read by the processes WebKit starts,
//! which take the app's environment; this process's malloc started before `main`.

use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};

/// The variable glibc reads at a process's start.
pub const VARIABLE: &str = "MALLOC_MMAP_THRESHOLD_";
/// glibc's own initial threshold, kept from rising.
const VALUE: &str = "131072";

/// Whether this app put the variable in its environment (and so must take it out of
/// what it opens). One the user set is theirs, and every program keeps it.
static SET_BY_THE_APP: AtomicBool = AtomicBool::new(false);

/// Sets the threshold for the processes WebKit will start, unless the user set one.
/// Called first in `main`, while no other thread runs (glib's setenv, as this crate
/// forbids unsafe code).
pub fn set_for_webkit() {
    #[cfg(target_os = "linux")]
    if std::env::var_os(VARIABLE).is_none() && glib::setenv(VARIABLE, VALUE, false).is_ok() {
        SET_BY_THE_APP.store(true, Ordering::Relaxed);
    }
}

/// Takes the variable out of `program`'s environment if this app set it.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
pub fn keep_from(program: &mut Command) {
    keep_from_if(program, SET_BY_THE_APP.load(Ordering::Relaxed));
}

pub(crate) fn keep_from_if(program: &mut Command, set_by_the_app: bool) {
    if set_by_the_app {
        program.env_remove(VARIABLE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variable_of(program: &Command) -> Option<Option<String>> {
        program
            .get_envs()
            .find(|(name, _)| *name == VARIABLE)
            .map(|(_, value)| value.map(|v| v.to_string_lossy().into_owned()))
    }

    #[test]
    fn the_apps_own_value_is_taken_out_and_the_users_kept() {
        let mut opened = Command::new("xdg-open");
        keep_from_if(&mut opened, true);
        // Removed: the child starts without it, whatever this process holds.
        assert_eq!(variable_of(&opened), Some(None));

        let mut opened = Command::new("xdg-open");
        keep_from_if(&mut opened, false);
        // Untouched: the child inherits the user's value.
        assert_eq!(variable_of(&opened), None);
    }
}

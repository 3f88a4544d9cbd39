//! Opens a link in the user's browser, through the desktop's launcher.
//!
//! The `open` crate knows the launchers and their order (`xdg-open`, `gio open`, …) and
//! keeps their arguments safe; its convenience calls (and Tauri's opener plugin, built
//! on them) start a launcher with the app's whole environment, and this app's holds a
//! malloc threshold meant for WebKit's processes only ([`malloc_threshold`]). So on
//! Linux the launchers come from `open::commands`, as its documentation offers to a
//! caller that must shape their environment, and are started here with the same rule
//! as `open::that_detached`: a launcher that fails within a moment gives way to the
//! next; one that succeeds, or still runs then, has handed the link over.

use std::io;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::Duration;

#[cfg(target_os = "linux")]
use crate::malloc_threshold;

/// How long a launcher has to fail before the link counts as handed over (the `open`
/// crate's own wait).
#[cfg(target_os = "linux")]
const FAILURE_SHOWS_WITHIN: Duration = Duration::from_millis(250);

/// Opens `url` (already checked as one the app may open) with the desktop's default.
/// Blocks for up to a quarter of a second.
pub fn open_url(url: &str) -> io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        launch(
            open::commands(url),
            malloc_threshold::keep_from,
            FAILURE_SHOWS_WITHIN,
        )
    }
    #[cfg(not(target_os = "linux"))]
    {
        // The threshold is only set on Linux: nothing to keep out.
        open::that_detached(url)
    }
}

/// Starts each launcher in turn, shaped by `prepare`, until one takes the link.
/// The error is the first launcher's that ran and failed, else why none could start.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn launch(
    launchers: Vec<Command>,
    prepare: impl Fn(&mut Command),
    failure_shows_within: Duration,
) -> io::Result<()> {
    let mut first_failure = None;
    let mut none_started = None;
    for mut launcher in launchers {
        prepare(&mut launcher);
        launcher
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // Its own process group: a signal to the app's (a terminal's Ctrl+C) is not
        // the browser's. (The `open` crate also makes it a session of its own, which
        // needs `pre_exec`, unsafe code this crate forbids: a launcher started from a
        // desk run in a terminal stays in that terminal's session.)
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut launcher, 0);
        match launched(&mut launcher, failure_shows_within) {
            Launched::NotStarted(why) => none_started = Some(why),
            Launched::Running => return Ok(()),
            Launched::Ended(status) if status.success() => return Ok(()),
            Launched::Ended(status) => {
                let program = launcher.get_program().to_string_lossy().into_owned();
                first_failure.get_or_insert_with(|| {
                    io::Error::other(format!("{program} could not open the link ({status})"))
                });
            }
            // It ran: another launcher could open the link a second time.
            Launched::Unknown(why) => return Err(why),
        }
    }
    Err(first_failure
        .or(none_started)
        .unwrap_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no launcher to open links")))
}

/// What became of a launcher in its first moment.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
enum Launched {
    /// It could not be started (not installed, not runnable): the next one may.
    NotStarted(io::Error),
    /// Still running: the link is in its hands.
    Running,
    Ended(ExitStatus),
    /// It started, and its end could not be learnt.
    Unknown(io::Error),
}

/// Starts `launcher` and waits up to `within` for it to end. One still running is
/// waited for in the background, never left a zombie.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn launched(launcher: &mut Command, within: Duration) -> Launched {
    // The waiter first: once a launcher runs, nothing may fail before it is waited for.
    let (hand_over, handed) = mpsc::sync_channel::<Child>(1);
    let (tell, told) = mpsc::sync_channel(1);
    let waiter = std::thread::Builder::new()
        .name("opened-link".into())
        .stack_size(64 * 1024)
        .spawn(move || {
            if let Ok(mut child) = handed.recv() {
                let _ = tell.send(child.wait());
            }
        });
    if let Err(why) = waiter {
        return Launched::NotStarted(why);
    }
    let child = match launcher.spawn() {
        Ok(child) => child,
        Err(why) => return Launched::NotStarted(why),
    };
    if hand_over.send(child).is_err() {
        return Launched::Unknown(io::Error::other("the launcher's waiter ended"));
    }
    match told.recv_timeout(within) {
        Ok(Ok(status)) => Launched::Ended(status),
        Ok(Err(why)) => Launched::Unknown(why),
        Err(mpsc::RecvTimeoutError::Timeout) => Launched::Running,
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            Launched::Unknown(io::Error::other("the launcher's waiter ended"))
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;
    use std::path::Path;

    /// The `open` crate's launchers for `url`, found only in `dir` (fakes written there).
    fn launchers_in(dir: &Path, url: &str) -> Vec<Command> {
        let mut launchers = open::commands(url);
        for launcher in &mut launchers {
            launcher.env("PATH", dir);
            // What the app's environment gives every program it starts.
            launcher.env(malloc_threshold::VARIABLE, "131072");
        }
        launchers
    }

    /// A fake launcher `name` in `dir` that writes its arguments and environment
    /// beside itself, then runs `then` (a shell line).
    fn fake(dir: &Path, name: &str, then: &str) {
        let path = dir.join(name);
        let script = format!(
            "#!/bin/sh\n/usr/bin/env > \"$0.env\"\necho \"$@\" > \"$0.args.part\"\n/bin/mv \"$0.args.part\" \"$0.args\"\n{then}\n"
        );
        std::fs::write(&path, script).expect("the fake written");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
            .expect("the fake made runnable");
    }

    fn read(dir: &Path, file: &str) -> Option<String> {
        std::fs::read_to_string(dir.join(file)).ok()
    }

    /// `url` opened through the fakes in `dir`, the variable set by the app or not.
    fn open_through(dir: &Path, url: &str, set_by_the_app: bool) -> io::Result<()> {
        launch(
            launchers_in(dir, url),
            |launcher| malloc_threshold::keep_from_if(launcher, set_by_the_app),
            Duration::from_secs(30),
        )
    }

    /// What the fake `name` wrote (`args` or `env`): it must have run.
    fn ran(dir: &Path, name: &str, what: &str) -> String {
        read(dir, &format!("{name}.{what}")).unwrap_or_else(|| panic!("{name} ran"))
    }

    #[test]
    fn the_link_reaches_the_launcher_without_the_apps_malloc_threshold() {
        let dir = tempfile::tempdir().expect("a folder for the fakes");
        fake(dir.path(), "xdg-open", "exit 0");
        let url = "https://kyb.example.mx/correccion?x=1";
        open_through(dir.path(), url, true).expect("the link handed over");
        assert_eq!(ran(dir.path(), "xdg-open", "args").trim(), url);
        let env = ran(dir.path(), "xdg-open", "env");
        assert!(!env.contains(malloc_threshold::VARIABLE), "{env}");
        // The rest of the environment is the app's.
        assert!(env.lines().any(|line| line.starts_with("PATH=")), "{env}");
        assert_eq!(read(dir.path(), "gio.args"), None);
    }

    #[test]
    fn a_value_the_user_set_reaches_the_launcher() {
        let dir = tempfile::tempdir().expect("a folder for the fakes");
        fake(dir.path(), "xdg-open", "exit 0");
        open_through(dir.path(), "https://kyb.example.mx/", false).expect("the link handed over");
        let env = ran(dir.path(), "xdg-open", "env");
        assert!(env.contains("MALLOC_MMAP_THRESHOLD_=131072"), "{env}");
    }

    #[test]
    fn a_launcher_that_fails_gives_way_to_the_next() {
        let dir = tempfile::tempdir().expect("a folder for the fakes");
        // xdg-open's "no program for this kind of link".
        fake(dir.path(), "xdg-open", "exit 3");
        fake(dir.path(), "gio", "exit 0");
        let url = "https://kyb.example.mx/";
        open_through(dir.path(), url, true).expect("the link handed over");
        assert_eq!(ran(dir.path(), "gio", "args").trim(), format!("open {url}"));
        let env = ran(dir.path(), "gio", "env");
        assert!(!env.contains(malloc_threshold::VARIABLE), "{env}");
    }

    #[test]
    fn when_every_launcher_fails_the_first_failure_is_told() {
        let dir = tempfile::tempdir().expect("a folder for the fakes");
        fake(dir.path(), "xdg-open", "exit 3");
        fake(dir.path(), "gio", "exit 2");
        let error = open_through(dir.path(), "https://kyb.example.mx/", true)
            .expect_err("no launcher took it");
        assert!(
            error.to_string().starts_with("xdg-open could not open"),
            "{error}"
        );
    }

    #[test]
    fn with_no_launcher_installed_the_error_says_none_started() {
        let dir = tempfile::tempdir().expect("a folder for the fakes");
        let error = open_through(dir.path(), "https://kyb.example.mx/", true)
            .expect_err("no launcher took it");
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn a_launcher_still_running_has_handed_the_link_over() {
        let dir = tempfile::tempdir().expect("a folder for the fakes");
        // A browser started in the foreground: it stays until its window closes (here,
        // until the test's folder is gone).
        fake(
            dir.path(),
            "xdg-open",
            "while [ -e \"$0\" ]; do /bin/sleep 0.05; done",
        );
        fake(dir.path(), "gio", "exit 0");
        launch(
            launchers_in(dir.path(), "https://kyb.example.mx/"),
            |launcher| malloc_threshold::keep_from_if(launcher, true),
            Duration::from_millis(100),
        )
        .expect("the link handed over");
        assert_eq!(read(dir.path(), "gio.args"), None);
    }
}

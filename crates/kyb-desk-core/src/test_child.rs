//! Runs one `#[ignore]`d test of this binary in a child process with no reachable
//! D-Bus, so the code under test meets a machine without a keyring while the rest of
//! the suite keeps the session's Secret Service.

/// Runs the ignored test `name` (its full path) with no D-Bus session and asserts it
/// ran and passed.
pub fn passes_without_dbus(name: &str) {
    let exe = std::env::current_exe().expect("test binary");
    let output = std::process::Command::new(exe)
        .args(["--exact", name, "--ignored"])
        .env(
            "DBUS_SESSION_BUS_ADDRESS",
            "unix:path=/nonexistent/kyb-desk-bus",
        )
        .output()
        .expect("child runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(text.contains("1 passed"), "{text}");
}

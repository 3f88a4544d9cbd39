//! What the window is allowed, read from the configuration the app is built with: a
//! Content Security Policy without remote or inline script, and one capability that
//! grants the main window the app's own commands and nothing else (no plugin command,
//! no remote origin). Navigation away from the app's pages is refused at run time
//! (`navigation::is_app_page`, and the `security` journey).

use serde_json::Value;

fn read_json(path: &str) -> Value {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The sources a CSP directive allows.
fn sources(csp: &Value, directive: &str) -> Vec<String> {
    csp[directive]
        .as_str()
        .unwrap_or_else(|| panic!("the CSP sets {directive}"))
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_csp_allows_only_the_apps_own_scripts() {
    let config = read_json("tauri.conf.json");
    let csp = &config["app"]["security"]["csp"];
    assert_eq!(sources(csp, "default-src"), ["'self'"]);
    assert_eq!(
        sources(csp, "script-src"),
        ["'self'"],
        "no remote, inline or eval'd script"
    );
    assert_eq!(sources(csp, "object-src"), ["'none'"]);
    assert_eq!(sources(csp, "base-uri"), ["'none'"]);
    assert_eq!(sources(csp, "frame-ancestors"), ["'none'"]);
    // The window talks to the backend only; images are its own or data: URLs the
    // backend made (photos, QR codes).
    assert_eq!(
        sources(csp, "connect-src"),
        ["ipc:", "http://ipc.localhost"]
    );
    assert_eq!(sources(csp, "img-src"), ["'self'", "data:"]);
    for (directive, value) in csp.as_object().expect("directives") {
        let value = value.as_str().unwrap_or_default();
        for forbidden in ["'unsafe-inline'", "'unsafe-eval'", "http:", "https:", "*"] {
            assert!(
                !value.split_whitespace().any(|s| s == forbidden),
                "{directive} allows {forbidden}"
            );
        }
    }
    assert_eq!(
        config["app"]["security"]["freezePrototype"],
        Value::Bool(true)
    );
    assert_eq!(config["app"]["withGlobalTauri"], Value::Bool(false));
}

#[test]
fn the_main_window_may_call_the_apps_commands_alone_and_the_evidence_window_may_only_read() {
    let dir = format!("{}/capabilities", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("capabilities")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        ["evidence.json", "main.json"],
        "two capability files"
    );
    let capability = read_json("capabilities/main.json");
    assert_eq!(capability["windows"], serde_json::json!(["main"]));
    assert!(
        capability.get("remote").is_none(),
        "no remote origin may call commands"
    );
    assert!(capability.get("webviews").is_none());
    for permission in capability["permissions"].as_array().expect("permissions") {
        let name = permission.as_str().expect("a plain permission name");
        assert!(
            name.starts_with("allow-") && !name.contains(':'),
            "{name} is not one of the app's own commands"
        );
    }
    // The evidence window (a second monitor) reads what the review shows and fetches
    // that evidence's files by handle, and reads the window's preferences (its language
    // and theme); it changes nothing and calls nothing else.
    let evidence = read_json("capabilities/evidence.json");
    assert_eq!(evidence["windows"], serde_json::json!(["evidence"]));
    assert!(evidence.get("remote").is_none() && evidence.get("webviews").is_none());
    // Sorted: the file follows the order of `declared_commands.rs`.
    let mut permissions: Vec<&str> = evidence["permissions"]
        .as_array()
        .expect("permissions")
        .iter()
        .filter_map(|p| p.as_str())
        .collect();
    permissions.sort_unstable();
    assert_eq!(
        permissions,
        [
            "allow-evidence-bytes",
            "allow-evidence-file",
            "allow-evidence-view",
            "allow-preferences",
            "core:event:allow-listen",
            "core:event:allow-unlisten"
        ]
    );
}

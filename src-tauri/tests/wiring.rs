//! The command list is written three times, as Tauri requires: the handler in
//! `src/lib.rs`, the manifest in `build.rs` (which makes each command need an
//! explicit permission) and the window's capability. This keeps the three equal, so
//! a command is never registered yet unusable, or usable without being listed.

use std::collections::BTreeSet;

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).expect(path)
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text.find(start).expect(start) + start.len();
    let to = from + text[from..].find(end).expect(end);
    &text[from..to]
}

#[test]
fn handler_manifest_and_capability_list_the_same_commands() {
    let lib = read("src/lib.rs");
    let handler: BTreeSet<String> = between(&lib, "generate_handler![", "]")
        .split(',')
        .map(|c| c.trim().rsplit("::").next().unwrap_or_default().to_owned())
        .filter(|c| !c.is_empty())
        .collect();
    let build = read("build.rs");
    let manifest: BTreeSet<String> = between(&build, ".commands(&[", "]")
        .split(',')
        .map(|c| c.trim().trim_matches('"').to_owned())
        .filter(|c| !c.is_empty())
        .collect();
    // Every app command is granted to some window (the evidence window's few reads
    // among them); Tauri's own permissions (`core:…`) are not commands of the app's.
    let mut allowed = BTreeSet::new();
    for file in ["capabilities/main.json", "capabilities/evidence.json"] {
        let capability: serde_json::Value =
            serde_json::from_str(&read(file)).expect("capability JSON");
        for permission in capability["permissions"].as_array().expect("permissions") {
            let name = permission.as_str().expect("a permission name");
            if let Some(command) = name.strip_prefix("allow-") {
                allowed.insert(command.replace('-', "_"));
            }
        }
    }
    assert!(handler.len() > 20, "{handler:?}");
    assert_eq!(handler, manifest, "src/lib.rs and build.rs differ");
    assert_eq!(handler, allowed, "src/lib.rs and the capabilities differ");
}

#[test]
fn every_command_is_called_by_the_ipc_test() {
    let lib = read("src/lib.rs");
    let ipc = read("tests/ipc.rs");
    let untested: Vec<&str> = between(&lib, "generate_handler![", "]")
        .split(',')
        .map(|c| c.trim().rsplit("::").next().unwrap_or_default())
        .filter(|c| !c.is_empty() && !ipc.contains(&format!("\"{c}\"")))
        .collect();
    assert!(
        untested.is_empty(),
        "commands without an IPC test: {untested:?}"
    );
}

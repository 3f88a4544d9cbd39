//! The handler (`src/lib.rs`) and the manifest (`build.rs`, which makes each command need
//! an explicit permission) both expand `declared_commands.rs`, so they cannot differ. The
//! windows' capabilities are files tauri-build reads: this keeps each granting exactly the
//! commands declared for its window, so a command is never registered yet unusable, or
//! usable where it was not declared. (`tests/ipc/` calls every declared command.)

use std::collections::BTreeSet;

fn granted(window: &str) -> BTreeSet<String> {
    let path = format!("{}/capabilities/{window}.json", env!("CARGO_MANIFEST_DIR"));
    let capability: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect(&path)).expect("JSON");
    assert_eq!(capability["windows"], serde_json::json!([window]), "{path}");
    capability["permissions"]
        .as_array()
        .expect("permissions")
        .iter()
        .map(|p| p.as_str().expect("a permission name"))
        // Tauri's own permissions (`core:…`) are not commands of the app's.
        .filter_map(|name| name.strip_prefix("allow-"))
        .map(|command| command.replace('-', "_"))
        .collect()
}

#[test]
fn each_window_is_granted_the_commands_declared_for_it() {
    let declared = kyb_desk::DECLARED_COMMANDS;
    assert!(declared.len() > 20, "{declared:?}");
    let names: BTreeSet<&str> = declared.iter().map(|c| c.name).collect();
    assert_eq!(names.len(), declared.len(), "a command declared twice");
    for window in ["main", "evidence"] {
        let expected: BTreeSet<String> = declared
            .iter()
            .filter(|c| c.windows.contains(&window))
            .map(|c| c.name.to_owned())
            .collect();
        assert_eq!(granted(window), expected, "capabilities/{window}.json");
    }
    assert!(
        declared
            .iter()
            .all(|c| c.windows.iter().all(|w| ["main", "evidence"].contains(w))),
        "a command declared for a window with no capability"
    );
}

//! What a window's capability allows: a command outside it is refused before it runs,
//! and a page's script cannot answer the native question that moves a key.

use serde_json::{Value, json};
use tauri::Manager;

use crate::{open, open_answering};

/// A window may call a command only when its capability allows it: each command that
/// `declared_commands.rs` does not declare for the main or the evidence window is refused
/// there by Tauri, before it runs, whatever it is sent.
#[test]
fn a_command_outside_a_windows_capability_is_refused() {
    let w = open();
    w.ok("open_evidence_window", json!({"title": "Evidencia"}));
    let evidence = w.window.get_webview_window("evidence").expect("opened");
    let mut refused = 0;
    for (label, window) in [("main", &w.window), ("evidence", &evidence)] {
        for declared in kyb_desk::DECLARED_COMMANDS {
            if declared.windows.contains(&label) {
                continue;
            }
            let error = w
                .call_in(window, declared.name, json!({}))
                .expect_err("refused");
            assert!(
                error.as_str().is_some_and(|e| e.contains("not allowed")),
                "{} in the {label} window: {error}",
                declared.name
            );
            refused += 1;
        }
    }
    // The evidence window may only read: everything but its four commands (its view,
    // a document's file and bytes, the window's preferences) is refused.
    assert_eq!(refused, kyb_desk::DECLARED_COMMANDS.len() - 4 + 1);
    // What its capability allows, it may call.
    assert_eq!(
        w.call_in(&evidence, "evidence_view", json!({}))
            .expect("allowed")
            .deserialize::<Value>()
            .expect("JSON"),
        Value::Null
    );
}

/// A script in the page (an attacker's, say) moves the profile to its own address and
/// confirms the key's new origin. The command asks the user in a native dialog, which the page
/// cannot answer: on the user's no the key stays bound where it was and goes nowhere
/// else; only their yes, to the origin the dialog named, moves it.
#[test]
fn a_page_script_confirming_a_keys_origin_does_not_move_the_key() {
    use std::sync::{Arc, Mutex};
    let asked = Arc::new(Mutex::new(Vec::new()));
    let answers = Mutex::new(vec![true, false]);
    let w = {
        let asked = asked.clone();
        open_answering(move |question| {
            asked.lock().expect("lock").push(question.message.clone());
            answers.lock().expect("lock").pop().unwrap_or(false)
        })
    };
    // No policy on this machine's test: nothing is fixed.
    assert_eq!(w.ok("policy", json!({}))["state"], "none");
    let book = w.ok("profiles", json!({}));
    let profile_id = book["active"].as_str().expect("active").to_owned();
    let profile = book["profiles"]
        .as_array()
        .expect("profiles")
        .iter()
        .find(|p| p["id"] == json!(profile_id))
        .expect("the active profile")
        .clone();
    let key = w.manifest.tenants[0].api_key.clone();
    w.ok(
        "set_api_key",
        json!({"profileId": profile_id, "key": key, "sessionOnly": true}),
    );
    let given_for = w.ok("key_status", json!({"profileId": profile_id}))["boundOrigin"].clone();
    assert!(given_for.is_string(), "{given_for}");

    // The page's script: its own address, then the confirmation.
    let page_address = "https://kyb.atacante.example";
    w.ok(
        "save_profile",
        json!({"input": {"id": profile_id, "name": profile["name"],
            "environment": {"kind": "custom", "base_url": page_address},
            "workspaceId": profile["workspaceId"], "agentEmail": profile["agentEmail"],
            "flows": profile["flows"]}}),
    );
    let status = w.ok(
        "confirm_key_origin",
        json!({"profileId": profile_id, "language": "es-MX"}),
    );
    assert_eq!(status["originConfirmed"], json!(false), "{status}");
    assert_eq!(status["boundOrigin"], given_for);
    assert_eq!(
        w.code("check_connection", json!({"profileId": profile_id})),
        "key_origin_changed"
    );
    // The user was asked, in Spanish, naming both origins.
    let questions = asked.lock().expect("lock").clone();
    assert_eq!(questions.len(), 1);
    assert!(
        questions[0].contains("kyb.atacante.example")
            && questions[0].contains(given_for.as_str().expect("origin"))
            && questions[0].contains("Si confirma"),
        "{questions:?}"
    );

    // The user's own yes in that dialog is what moves the key.
    let status = w.ok(
        "confirm_key_origin",
        json!({"profileId": profile_id, "language": "en"}),
    );
    assert_eq!(status["originConfirmed"], json!(true), "{status}");
    assert_ne!(status["boundOrigin"], given_for);
    assert!(asked.lock().expect("lock")[1].contains("If you confirm"));
}

//! Profiles, keys, the window's preferences and what the app says of itself.

use serde_json::{Value, json};

use crate::open;

/// The commands this group covers (each called here with the arguments the UI sends).
pub const COVERS: &[&str] = &[
    "app_info",
    "demo_guide",
    "notify_if_hidden",
    "startup_painted",
    "policy",
    "profiles",
    "save_profile",
    "save_reasons",
    "save_customer_language",
    "check_profile",
    "activate_profile",
    "verification",
    "check_connection",
    "delete_profile",
    "key_status",
    "set_api_key",
    "confirm_key_origin",
    "recoveries",
    "preferences",
    "set_preference",
    "delete_api_key",
];

#[test]
fn profiles_and_keys_answer_through_ipc() {
    let w = open();
    assert_eq!(w.ok("app_info", json!({}))["demo"], json!(true));
    // This window was opened without the demo's files followed: no guide.
    assert_eq!(w.ok("demo_guide", json!({})), Value::Null);
    // On screen (not minimised, not hidden): nothing is notified.
    assert_eq!(
        w.ok(
            "notify_if_hidden",
            json!({"body": "1 expediente seguido cambió.", "pageHidden": false})
        ),
        json!(false)
    );
    assert_eq!(
        w.ok("startup_painted", json!({"rows": 3, "pageMs": 180.5})),
        Value::Null
    );
    // No policy on this machine's test: nothing is fixed.
    assert_eq!(w.ok("policy", json!({}))["state"], "none");
    let book = w.ok("profiles", json!({}));
    let profile_id = book["active"].as_str().expect("active profile").to_owned();
    let saved = w.ok(
        "save_profile",
        json!({"input": {"name": "Producción", "environment": {"kind": "staging"},
            "workspaceId": "6a1f0000-0000-4000-8000-000000000099",
            "agentEmail": "ana@kybdesk.mx", "flows": []}}),
    );
    let other = saved["id"].as_str().expect("id").to_owned();
    let with_reasons = w.ok(
        "save_reasons",
        json!({"profileId": other, "reasons": {"ProofAddress": [" Tiene más de tres meses "]}}),
    );
    assert_eq!(
        with_reasons["reasons"],
        json!({"ProofAddress": ["Tiene más de tres meses"]})
    );
    // Spanish is the default: kept as absent, and English as chosen.
    let english = w.ok(
        "save_customer_language",
        json!({"profileId": other, "language": "en"}),
    );
    assert_eq!(english["customerLanguage"], json!("en"));
    let spanish = w.ok(
        "save_customer_language",
        json!({"profileId": other, "language": "es-MX"}),
    );
    assert!(spanish.get("customerLanguage").is_none(), "{spanish}");
    assert_eq!(
        w.code(
            "save_customer_language",
            json!({"profileId": "nadie", "language": "en"})
        ),
        "no_profile"
    );
    assert_eq!(
        w.code(
            "save_reasons",
            json!({"profileId": other, "reasons": {"NoExiste": ["x"]}})
        ),
        "invalid_input"
    );
    let problems = w.ok(
        "check_profile",
        json!({"input": {"name": "Producción", "environment": {"kind": "custom", "base_url": "ftp://x"},
            "workspaceId": "x", "agentEmail": "ana@kybdesk.mx", "flows": []}}),
    );
    let fields: Vec<&str> = problems
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| p["field"].as_str().expect("field"))
        .collect();
    assert_eq!(fields, ["name", "environment", "workspaceId"]);
    assert_eq!(
        w.code(
            "save_profile",
            json!({"input": {"name": "", "environment": {"kind": "sandbox"},
            "workspaceId": "x", "agentEmail": "y", "flows": []}})
        ),
        "invalid_input"
    );
    // Stored by the plugin, on disk, with no key in it.
    let stored = std::fs::read_to_string(w._dir.path().join("profiles.json")).expect("stored");
    assert!(
        stored.contains("Producción") && stored.contains("Demostración"),
        "{stored}"
    );
    assert!(!stored.contains(&w.manifest.tenants[0].api_key));
    w.ok("activate_profile", json!({"id": other}));
    assert_eq!(
        w.code("verification", json!({"folio": "VD-1"})),
        "no_address"
    );
    assert_eq!(
        w.code("check_connection", json!({"profileId": other})),
        "no_address"
    );
    w.ok("delete_profile", json!({"id": other}));
    w.ok("activate_profile", json!({"id": profile_id}));

    let status = w.ok("key_status", json!({"profileId": profile_id}));
    assert_eq!(status["present"], json!(true));
    assert!(status.get("key").is_none());
    let key = w.manifest.tenants[0].api_key.clone();
    w.ok(
        "set_api_key",
        json!({"profileId": profile_id, "key": key, "sessionOnly": true}),
    );
    assert_eq!(
        w.ok("check_connection", json!({"profileId": profile_id})),
        Value::Null
    );

    let status = w.ok("key_status", json!({"profileId": profile_id}));
    assert_eq!(status["originConfirmed"], json!(true));
    assert_eq!(status["boundOrigin"], status["profileOrigin"]);
    // Nothing to confirm: no question is asked (this window's answer would be no).
    let confirmed = w.ok(
        "confirm_key_origin",
        json!({"profileId": profile_id, "language": "es-MX"}),
    );
    assert_eq!(confirmed["originConfirmed"], json!(true));
    // Nothing was set aside in this fresh folder.
    assert_eq!(w.ok("recoveries", json!({})), json!([]));
    // The window's preferences: the defaults, then one key changed, the rest kept.
    let preferences = w.ok("preferences", json!({}));
    assert_eq!(preferences["language"], json!("es-MX"));
    assert_eq!(preferences["theme"], json!("system"));
    let changed = w.ok(
        "set_preference",
        json!({"change": {"key": "theme", "value": "dark"}}),
    );
    assert_eq!(changed["theme"], json!("dark"));
    assert_eq!(changed["language"], json!("es-MX"));
    assert_eq!(w.ok("preferences", json!({}))["theme"], json!("dark"));
    // A key or a value the window does not know is refused as it crosses.
    for change in [
        json!({"key": "fontSize", "value": 14}),
        json!({"key": "theme", "value": "sepia"}),
    ] {
        assert!(
            w.call("set_preference", json!({ "change": change }))
                .is_err(),
            "{change}"
        );
    }
    assert_eq!(w.ok("preferences", json!({}))["theme"], json!("dark"));
    w.ok("delete_api_key", json!({"profileId": profile_id}));
    w.covers(COVERS);
}

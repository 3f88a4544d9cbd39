//! The watchlist: followed files, their refresh, SLA clocks, CSV and bulk actions.

use serde_json::json;

use crate::open;

/// The commands this group covers (each called here with the arguments the UI sends).
pub const COVERS: &[&str] = &[
    "watch_file",
    "import_watchlist_csv",
    "watchlist",
    "refresh_watchlist",
    "sla_policy",
    "set_sla_policy",
    "sla_board",
    "sla_notices_shown",
    "export_watchlist_csv",
    "mark_watch_seen",
    "unwatch_file",
    "restore_watched_file",
    "refresh_files",
    "export_files_csv",
    "unfollow_files",
    "restore_watched_files",
    "assign_files",
];

#[test]
fn the_watchlist_answers_through_ipc() {
    let w = open();
    let examples = w.manifest.examples.clone();
    w.ok(
        "watch_file",
        json!({"flowId": examples.flow_id, "rfc": examples.rfc}),
    );
    let report = w.ok(
        "import_watchlist_csv",
        json!({"text": "AAA010101AA1\n", "defaultFlowId": examples.flow_id}),
    );
    assert_eq!(report["added"], json!(1));
    assert_eq!(
        w.ok("watchlist", json!({})).as_array().map(Vec::len),
        Some(2)
    );
    // Progress goes over a channel (its messages reach the page, not this test).
    let refreshed = w.ok(
        "refresh_watchlist",
        json!({"failedOnly": false, "onProgress": "__CHANNEL__:7"}),
    );
    assert_eq!(refreshed.as_array().map(Vec::len), Some(2));
    assert!(refreshed[0]["lastRefreshUtc"].is_string(), "{refreshed}");
    // SLA: the defaults until set; a policy out of bounds is refused; the board has a
    // clock per followed file.
    let mut policy = w.ok("sla_policy", json!({}));
    assert_eq!(policy["targets"]["queuedHours"], json!(8));
    policy["targets"]["queuedHours"] = json!(0);
    assert_eq!(
        w.code("set_sla_policy", json!({"policy": policy})),
        "invalid_input"
    );
    policy["targets"]["queuedHours"] = json!(4);
    let kept = w.ok("set_sla_policy", json!({"policy": policy}));
    assert_eq!(kept["targets"]["queuedHours"], json!(4));
    let board = w.ok("sla_board", json!({}));
    assert_eq!(board["clocks"].as_array().map(Vec::len), Some(2), "{board}");
    // The window says which notices it showed (a file no longer "por vencer" is
    // forgotten at the next read).
    w.ok(
        "sla_notices_shown",
        json!({"files": [{"flowId": examples.flow_id, "rfc": examples.rfc}]}),
    );
    // The webview cannot name a path: an argument it sends is ignored, and a debug
    // build saves in the tests' folder instead of asking in a dialog.
    let chosen_by_page = w._dir.path().join("elegida-por-la-pagina.csv");
    let exported = w._dir.path().join("seguimiento-kyb-desk.csv");
    assert_eq!(
        w.ok("export_watchlist_csv", json!({"path": chosen_by_page}))["rows"],
        json!(2)
    );
    assert!(!chosen_by_page.exists());
    let csv = std::fs::read_to_string(&exported).expect("written");
    assert!(csv.starts_with("RFC,FlowID,DocumentId,Empresa"), "{csv}");
    assert_eq!(csv.lines().count(), 3);
    w.ok(
        "mark_watch_seen",
        json!({"flowId": examples.flow_id, "rfc": examples.rfc}),
    );
    let followed = w.ok("watchlist", json!({}));
    let kept = followed
        .as_array()
        .and_then(|files| files.iter().find(|f| f["rfc"] == json!("AAA010101AA1")))
        .cloned()
        .expect("the file to unfollow");
    w.ok(
        "unwatch_file",
        json!({"flowId": examples.flow_id, "rfc": "AAA010101AA1"}),
    );
    // "Deshacer": the file back as it was.
    let back = w.ok("restore_watched_file", json!({"file": kept}));
    assert!(
        back.as_array()
            .is_some_and(|files| files.iter().any(|f| f == &kept)),
        "{back}"
    );
    w.ok(
        "unwatch_file",
        json!({"flowId": examples.flow_id, "rfc": "AAA010101AA1"}),
    );
    // Bulk actions on a selection: each row's outcome; a refresh of the rows, their
    // CSV in the selection's order, an unfollow of many and its undo.
    let rows = json!([
        {"flowId": examples.flow_id, "rfc": examples.rfc},
        {"flowId": examples.flow_id, "rfc": "AAA010101AA1"},
    ]);
    let report = w.ok(
        "refresh_files",
        json!({"rows": rows, "onProgress": "__CHANNEL__:8"}),
    );
    assert_eq!(report["done"], json!(1), "{report}");
    assert_eq!(report["outcomes"][0]["result"]["kind"], json!("done"));
    assert_eq!(
        report["outcomes"][1]["result"]["kind"],
        json!("not_followed")
    );
    assert_eq!(
        w.ok("export_files_csv", json!({"rows": rows}))["rows"],
        json!(1)
    );
    let selected =
        std::fs::read_to_string(w._dir.path().join("seleccion-kyb-desk.csv")).expect("written");
    assert_eq!(selected.lines().count(), 2, "{selected}");
    let gone = w.ok("unfollow_files", json!({"rows": rows}));
    assert_eq!(gone["report"]["done"], json!(1), "{gone}");
    assert_eq!(gone["list"].as_array().map(Vec::len), Some(0));
    let back = w.ok("restore_watched_files", json!({"files": gone["removed"]}));
    assert_eq!(back.as_array().map(Vec::len), Some(1));
    assert_eq!(
        w.code(
            "assign_files",
            json!({"rows": rows, "member": null, "onProgress": "__CHANNEL__:9"})
        ),
        "no_team"
    );

    w.covers(COVERS);
}

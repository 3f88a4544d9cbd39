//! The team's commands on a desk that works alone, a file's history and its saved views.

use serde_json::json;

use crate::open;

/// The commands this group covers (each called here with the arguments the UI sends).
pub const COVERS: &[&str] = &[
    "team_status",
    "file_history",
    "my_mentions",
    "team_queue",
    "take_next",
    "assign_file",
    "claim_file",
    "release_file",
    "take_over_claim",
    "file_notes",
    "add_note",
    "mentions_seen",
    "share_view",
    "team_members",
    "set_member_role",
    "add_member",
    "reset_member_password",
    "export_team_checkpoint",
    "remove_member",
    "team_trail",
    "set_four_eyes",
    "set_desk_version_needed",
    "ask_approval",
    "open_approvals",
    "decide_approval",
    "team_workload",
    "set_member_cap",
    "set_member_away",
    "preview_reassign",
    "apply_reassign",
    "team_changes",
    "set_team_password",
    "save_view",
    "saved_views",
    "delete_view",
];

#[test]
fn a_desk_alone_answers_the_teams_commands_through_ipc() {
    let w = open();
    let id = w.manifest.examples.document_id.to_string();
    let profile_id = w.ok("profiles", json!({}))["active"]
        .as_str()
        .expect("active")
        .to_owned();
    crate::acknowledge_a_flagged_section(&w, &id);
    // The demo profile works alone: the team's commands say so, each by its code (the
    // team's own behaviour is tested on PostgreSQL in the core and the journeys).
    let alone = w.ok("team_status", json!({}));
    assert_eq!(alone["configured"], json!(false));
    assert_eq!(alone["connected"], json!(false));
    // Alone, a file's history is the desk's own log (the findings acknowledged above,
    // with the entry's seq and hash), and nobody mentions anyone.
    let history = w.ok("file_history", json!({"documentId": id}));
    assert!(
        history
            .as_array()
            .expect("a list")
            .iter()
            .any(|item| item["what"] == json!("approval")
                && item["seq"].is_number()
                && item["hash"].is_string()),
        "{history}"
    );
    assert_eq!(w.ok("my_mentions", json!({"unseen": true})), json!([]));
    for (cmd, args) in [
        ("team_queue", json!({"filter": "all"})),
        ("take_next", json!({})),
        (
            "assign_file",
            json!({"flowId": "f", "rfc": "AAA010101AA1", "member": null}),
        ),
        ("claim_file", json!({"documentId": id, "takeLapsed": false})),
        ("release_file", json!({"documentId": id})),
        (
            "take_over_claim",
            json!({"documentId": id, "reason": "urgente"}),
        ),
        ("file_notes", json!({"documentId": id})),
        (
            "add_note",
            json!({"documentId": id, "body": "nota", "key": "0b5f2c1e-0000-4000-8000-000000000001"}),
        ),
        ("mentions_seen", json!({"ids": [1]})),
        ("share_view", json!({"id": 1, "shared": true})),
        ("team_members", json!({})),
        (
            "set_member_role",
            json!({"login": "ana.lopez", "role": "agent"}),
        ),
        (
            "add_member",
            json!({"login": "ana.lopez", "email": "a@b.mx", "role": "agent", "bind": false}),
        ),
        ("reset_member_password", json!({"login": "ana.lopez"})),
        ("export_team_checkpoint", json!({})),
        ("remove_member", json!({"login": "ana.lopez"})),
        ("team_trail", json!({})),
        (
            "set_four_eyes",
            json!({"setting": {"on": true, "resendLimit": 1}}),
        ),
        ("set_desk_version_needed", json!({"version": "1.2.0"})),
        (
            "ask_approval",
            json!({"action": "cancel", "folio": "VD-1", "reason": "x"}),
        ),
        ("open_approvals", json!({})),
        (
            "decide_approval",
            json!({"shown": {"id": 1, "action": "cancel", "folio": "VD-1", "askedBy": "ana.lopez"}, "approve": true}),
        ),
        ("team_workload", json!({})),
        ("set_member_cap", json!({"login": "ana.lopez", "cap": 5})),
        (
            "set_member_away",
            json!({"login": "ana.lopez", "until": "2030-01-02T09:00:00-06:00"}),
        ),
        (
            "set_member_away",
            json!({"login": "ana.lopez", "until": null}),
        ),
        (
            "preview_reassign",
            json!({"selection": {"type": "member_files", "login": "ana.lopez"}, "targets": ["beto.ruiz"]}),
        ),
        (
            "apply_reassign",
            json!({"placements": [{"flowId": "f", "rfc": "AAA010101AA1", "from": "ana.lopez", "to": "beto.ruiz"}]}),
        ),
        ("team_changes", json!({"onChange": "__CHANNEL__:9"})),
        (
            "set_team_password",
            json!({"profileId": profile_id, "password": "x"}),
        ),
    ] {
        assert_eq!(w.code(cmd, args), "no_team", "{cmd}");
    }
    // An absence's end that is no instant is refused before the team is asked.
    assert_eq!(
        w.code(
            "set_member_away",
            json!({"login": "ana.lopez", "until": "mañana"})
        ),
        "invalid_input"
    );
    // Saved views on one desk: kept in its records, never shared (nobody to share with).
    let filter =
        json!({"query": " acme ", "categories": ["queued"], "onlyChanged": true, "age": "older"});
    let views = w.ok(
        "save_view",
        json!({"name": "Pendientes", "filter": filter, "shared": false}),
    );
    assert_eq!(views[0]["name"], json!("Pendientes"));
    assert_eq!(views[0]["filter"]["query"], json!("acme"));
    assert_eq!(w.ok("saved_views", json!({})), views);
    assert_eq!(
        w.code(
            "save_view",
            json!({"name": "Equipo", "filter": filter, "shared": true})
        ),
        "invalid_input"
    );
    assert_eq!(
        w.ok("delete_view", json!({"id": views[0]["id"]})),
        json!([])
    );
    w.covers(COVERS);
}

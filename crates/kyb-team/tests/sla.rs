//! The workspace's SLA (migration 0007) on a real PostgreSQL, each member on their own
//! login: only a supervisor sets the policy (an analyst is refused, by the API and by
//! hand), every member reads it, a policy of the wrong shape is refused, and each
//! status a queue file is set to is in the history, dated by the service when it said.

mod common;

use common::{Pair, denied, other_workspace, pair};
use kyb_team::{NewTeamFile, TeamError};
use serde_json::json;

fn policy(queued_hours: u32) -> serde_json::Value {
    json!({
        "calendar": {
            "workingDays": [1, 2, 3, 4, 5, 6, 7],
            "opensAtMinute": 0,
            "closesAtMinute": 1440,
            "utcOffsetMinutes": -360,
            "statutoryHolidays": false,
            "daysOff": ["2025-12-24"]
        },
        "targets": {
            "queuedHours": queued_hours,
            "inReviewHours": 16,
            "enrollingHours": null,
            "enrollmentFailedHours": 8,
            "unknownHours": 8,
            "atRiskHours": 2
        }
    })
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn only_a_supervisor_sets_the_policy_and_every_member_reads_it() {
    let Pair {
        t,
        boss,
        ana,
        ana_pw,
    } = pair("kyb_sla").await;
    assert_eq!(ana.sla_policy().await.unwrap(), None, "none set yet");

    assert!(matches!(
        ana.set_sla_policy(&policy(1)).await,
        Err(TeamError::NotSupervisor)
    ));
    boss.set_sla_policy(&policy(4)).await.unwrap();
    assert_eq!(ana.sla_policy().await.unwrap(), Some(policy(4)));
    boss.set_sla_policy(&policy(6)).await.unwrap();
    assert_eq!(ana.sla_policy().await.unwrap(), Some(policy(6)), "replaced");

    // A policy of another shape is refused, and the kept one stays.
    for wrong in [
        json!([]),
        json!({"calendar": {}, "targets": {}}),
        json!({"calendar": policy(1)["calendar"], "targets": {"queuedHours": "8", "atRiskHours": 2}}),
        json!({"calendar": policy(1)["calendar"], "targets": policy(1)["targets"], "pad": "x".repeat(9000)}),
    ] {
        assert!(
            matches!(boss.set_sla_policy(&wrong).await, Err(TeamError::BadText)),
            "{wrong:.60}"
        );
    }
    assert_eq!(ana.sla_policy().await.unwrap(), Some(policy(6)));

    // Another workspace's members read nothing of it.
    let elsewhere = other_workspace(&t, "otro");
    let carla = elsewhere.supervisor("carla").await;
    assert_eq!(carla.sla_policy().await.unwrap(), None);

    // By hand, with the analyst's own rights: no table, no write, no shape function.
    let mut by_hand = t.by_hand(&t.login("ana"), &ana_pw).await;
    denied(&mut by_hand, "SELECT * FROM team_sla_policy").await;
    denied(
        &mut by_hand,
        "UPDATE team_sla_policy SET policy = '{}'::jsonb",
    )
    .await;
    denied(&mut by_hand, "SELECT team_sla_policy_shape('{}')").await;
    denied(&mut by_hand, "DELETE FROM team_status_history").await;
    denied(
        &mut by_hand,
        "INSERT INTO team_status_history (workspace_id, flow_id, rfc, status, since) \
         VALUES ('w', 'f', 'r', 'Aceptado', now())",
    )
    .await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn each_status_a_file_is_set_to_is_in_the_history() {
    let Pair { boss, ana, .. } = pair("kyb_sla_history").await;
    let at = |text: &str| Some(kyb_api::time::parse_timestamp(text).expect("an instant"));
    let file = |status: &str, updated_at: Option<chrono::DateTime<chrono::Utc>>| NewTeamFile {
        flow_id: "flujo".into(),
        rfc: if updated_at.is_some() {
            "AAA010101AA1"
        } else {
            "BBB020202BB2"
        }
        .into(),
        status: status.into(),
        document_id: None,
        updated_at,
    };
    ana.follow_all(&[file("Pendiente", at("2025-06-02T15:00:00Z"))])
        .await
        .unwrap();
    // The same status again is no change; a new one is.
    boss.update_all(&[file("Pendiente", at("2025-06-02T15:00:00Z"))])
        .await
        .unwrap();
    boss.update_all(&[file("En Revisión", at("2025-06-02T18:30:00Z"))])
        .await
        .unwrap();
    ana.update_all(&[file(
        "Corrección por el Usuario",
        at("2025-06-03T10:00:00Z"),
    )])
    .await
    .unwrap();
    // A file the service gave no time for: since the database learnt it.
    boss.follow_all(&[file("Pendiente", None)]).await.unwrap();

    let seen = ana.status_history().await.unwrap();
    let statuses: Vec<&str> = seen.iter().map(|c| c.status.as_str()).collect();
    assert_eq!(
        statuses,
        [
            "Pendiente",
            "En Revisión",
            "Corrección por el Usuario",
            "Pendiente"
        ]
    );
    assert_eq!(seen[0].since, "2025-06-02T15:00:00.000000Z");
    assert_eq!(seen[1].since, "2025-06-02T18:30:00.000000Z");
    assert_eq!(seen[2].since, "2025-06-03T10:00:00.000000Z");
    assert_eq!(seen[3].rfc, "BBB020202BB2");
    assert!(seen[3].since.as_str() > "2026", "{}", seen[3].since);
    // Every member reads the same history.
    assert_eq!(boss.status_history().await.unwrap(), seen);
}

/// Each save of the policy is in the team's trail (migration 0011), by the supervisor
/// who made it, with what changed, old and new; a refused one writes nothing.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn each_change_of_the_policy_is_in_the_trail_with_old_and_new() {
    let Pair { t, boss, ana, .. } = pair("kyb_sla_trail").await;
    let policy_events = || async {
        ana.trail(1000)
            .await
            .unwrap()
            .into_iter()
            .filter(|e| e.operation == "team: sla-policy-set")
            .collect::<Vec<_>>()
    };

    boss.set_sla_policy(&policy(4)).await.unwrap();
    let mut changed = policy(4);
    changed["targets"]["inReviewHours"] = json!(8);
    changed["targets"]["enrollingHours"] = json!(12);
    changed["calendar"]["opensAtMinute"] = json!(540);
    changed["calendar"]["closesAtMinute"] = json!(1080);
    boss.set_sla_policy(&changed).await.unwrap();
    boss.set_sla_policy(&changed).await.unwrap();
    // Refused: an analyst, and a policy of another shape.
    assert!(ana.set_sla_policy(&policy(1)).await.is_err());
    assert!(boss.set_sla_policy(&json!([])).await.is_err());

    let events = policy_events().await;
    assert_eq!(events.len(), 3, "{events:#?}");
    assert!(events.iter().all(|e| e.member == t.login("jefa") && e.ok));
    assert!(
        events[0]
            .summary
            .starts_with("Pendiente: — → 4 h; En Revisión: — → 16 h"),
        "{}",
        events[0].summary
    );
    assert_eq!(
        events[1].summary,
        "En Revisión: 16 h → 8 h; Enrolamiento Iniciado: sin plazo → 12 h; \
         Horario: 00:00–24:00 → 09:00–18:00"
    );
    assert_eq!(events[2].summary, "sin cambios");
}

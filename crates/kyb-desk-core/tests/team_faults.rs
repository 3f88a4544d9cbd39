//! The team when things fail at the worst moment, on a PostgreSQL of the test's own
//! (stopped and started again) with the demo sandbox: what the trail is told, what is
//! kept, and what the analyst is asked. Ignored by default: `make test` runs them.

mod common;

use std::time::Duration;

use common::{DemoDesk, added, join_team, rejection, session_host};
use kyb_desk_core::error::{Details, TeamCode};
use kyb_sandbox::Fault;
use kyb_team::Role;
use kyb_team::testing::{PrivateCluster, TestTeam};

const CORRECTION: &str = "POST /expedientes/solicitar-correccion";
const CANCEL: &str = "POST /verificaciones/{folio}/cancelar";

/// Ana's desk on the demo, an analyst of a team on `cluster`, set up as docs/OPERATIONS.md says.
async fn ana_on(cluster: &PrivateCluster) -> (TestTeam, kyb_team::Team, DemoDesk) {
    ana_at(cluster, cluster.socket()).await
}

/// As [`ana_on`], her profile naming `host` as the team database's (a proxy's folder).
async fn ana_at(
    cluster: &PrivateCluster,
    host: &std::path::Path,
) -> (TestTeam, kyb_team::Team, DemoDesk) {
    let demo = DemoDesk::start().await;
    let mut team = TestTeam::on(&cluster.url(), "kyb_faults").await;
    team.workspace = demo.profile.workspace_id.clone();
    let boss = team.supervisor("jefa").await;
    let one_time = added(&team, &boss, "ana", Role::Analyst).await;
    let host = host.display().to_string();
    join_team(&demo, &demo.profile, &team, &host, "ana", &one_time).await;
    (team, boss, demo)
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_send_whose_outcome_the_trail_missed_is_told_once_the_team_is_back() {
    let mut cluster = PrivateCluster::start();
    let (_team, boss, ana) = ana_on(&cluster).await;
    let id = ana.manifest().examples.document_id.to_string();
    let section = match ana.desk.file_detail(&id).await.expect("detail") {
        kyb_desk_core::desk::FileDetail::V2 { detail, .. } => detail.section_ids()[0].name.clone(),
        other => panic!("version 2: {other:?}"),
    };
    // The service acts, then takes a while to answer: PostgreSQL dies meanwhile, just
    // after the send's intent reached the trail.
    ana.sandbox
        .add_fault(Fault {
            route: CORRECTION.into(),
            latency_after_ms: 1_500,
            ..Fault::default()
        })
        .expect("a valid fault");
    let desk = std::sync::Arc::new(ana);
    let sending = {
        let desk = desk.clone();
        let request = rejection(&id, &section);
        tokio::spawn(async move { common::send_correction(&desk.desk, request).await })
    };
    let started = std::time::Instant::now();
    while desk.sandbox.requests(CORRECTION) == 0 {
        assert!(started.elapsed() < Duration::from_secs(20), "the call left");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    cluster.stop();
    sending
        .await
        .expect("ran")
        .expect("the service took the correction: the analyst is told it was sent");
    assert_eq!(desk.sandbox.requests(CORRECTION), 1);

    // Back: the trail is told the outcome this desk kept, as written late, once, and
    // the sent review's claim is let go.
    cluster.resume();
    let status = desk.desk.team_status().await.expect("status");
    assert!(status.connected, "{status:?}");
    let trail = desk.desk.team_trail(20).await.expect("trail");
    let calls: Vec<_> = trail
        .entries
        .iter()
        .filter(|e| e.operation == CORRECTION)
        .collect();
    let [intent, outcome] = &calls[..] else {
        panic!("an intent and its outcome: {calls:?}")
    };
    assert_eq!(intent.code.as_deref(), Some("intent"));
    assert_eq!(outcome.completes, Some(intent.seq));
    assert!(outcome.ok);
    assert!(
        outcome.summary.contains("registro local"),
        "said to be written late: {}",
        outcome.summary
    );
    assert!(trail.chain.breaks.is_empty() && trail.chain.open_intents.is_empty());
    assert!(
        boss.holder(&id).await.expect("read").is_none(),
        "the sent review holds the file no longer"
    );
    // Told once: reading again owes nothing more.
    desk.desk.team_status().await.expect("status");
    let again = desk.desk.team_trail(20).await.expect("trail");
    assert_eq!(again.entries.len(), trail.entries.len());
}

/// The intent of a cancellation commits, and its answer is lost on the way back (a
/// proxy drops it on purpose): the desk never sends the call. At its next look at the
/// team it finds the intent by the key it made, and the trail says "not sent", not a
/// call that may have reached the service.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn an_intent_whose_answer_was_lost_is_not_sent_and_the_trail_says_so() {
    let cluster = PrivateCluster::start();
    let proxy = kyb_team::testing::LossyProxy::start(cluster.socket(), kyb_team::DEFAULT_PORT);
    let (_team, boss, ana) = ana_at(&cluster, proxy.host()).await;
    let folio = ana.manifest().examples.folios["Abierto"].clone();
    assert!(ana.desk.team_status().await.expect("status").connected);
    proxy.lose_answer_to(&folio);
    let lost = ana
        .desk
        .cancel_verification(&folio)
        .await
        .expect_err("the intent's answer never came");
    assert_eq!(lost.code, TeamCode::TeamUnreachable);
    assert!(
        !proxy.armed(),
        "the intent's statement went through the proxy"
    );
    assert_eq!(ana.sandbox.requests(CANCEL), 0, "nothing was sent");
    // The trail has the intent, open.
    let open = boss.verify_chain().await.expect("verified").open_intents;
    assert_eq!(open.len(), 1, "{open:?}");
    assert_eq!(open[0].target, folio);
    // The desk looks at its team again (a reconnection): the intent is ended, not sent.
    assert!(ana.desk.team_status().await.expect("status").connected);
    let trail = boss.trail(50).await.expect("trail");
    let ended: Vec<_> = trail
        .iter()
        .filter(|e| e.completes == Some(open[0].seq))
        .collect();
    let [ended] = &ended[..] else {
        panic!("one outcome for the intent: {trail:?}")
    };
    assert!(!ended.ok);
    assert_eq!(ended.code.as_deref(), Some("not_sent"));
    assert!(
        ended.summary.contains("registro local"),
        "written late: {}",
        ended.summary
    );
    assert!(
        boss.verify_chain()
            .await
            .expect("verified")
            .open_intents
            .is_empty()
    );
    // Judged once: another look writes nothing more, and the call can be made now.
    ana.desk.team_status().await.expect("status");
    assert_eq!(boss.trail(50).await.expect("trail").len(), trail.len());
    ana.desk
        .cancel_verification(&folio)
        .await
        .expect("cancelled this time");
    assert_eq!(ana.sandbox.requests(CANCEL), 1);
}

/// The service answers, and the team database then holds every packet (a network
/// gone quiet): the analyst sees the answer within about a second, not after the
/// team's timeouts; the outcome is owed meanwhile and written once, when the team
/// flows again.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn the_services_answer_is_shown_at_once_while_the_trail_is_slow_to_take_it() {
    let cluster = PrivateCluster::start();
    let proxy = kyb_team::testing::LossyProxy::start(cluster.socket(), kyb_team::DEFAULT_PORT);
    let (_team, boss, ana) = ana_at(&cluster, proxy.host()).await;
    let folio = ana.manifest().examples.folios["Abierto"].clone();
    assert!(ana.desk.team_status().await.expect("status").connected);
    let desk = std::sync::Arc::new(ana);
    let sending = cancellation_out(&desk, &folio, 1_000).await;
    // The service has the call and answers in a second; the team goes quiet now.
    proxy.stall();
    let stalled = std::time::Instant::now();
    sending
        .await
        .expect("ran")
        .expect("the service cancelled it: the analyst is told so");
    let waited = stalled.elapsed();
    assert!(
        waited < Duration::from_secs(4),
        "the answer waited {waited:?} on a quiet team"
    );
    // The team flows again: the outcome is written once, by the desk's own write or
    // by its record of what it owes, never twice.
    proxy.flow();
    let told = poll_for(|| async {
        desk.desk.team_status().await.ok();
        let open = boss.verify_chain().await.ok()?.open_intents;
        open.is_empty().then_some(())
    })
    .await;
    assert!(told.is_some(), "the outcome reached the trail");
    let trail = boss.trail(50).await.expect("trail");
    let calls: Vec<_> = trail.iter().filter(|e| e.operation == CANCEL).collect();
    let [intent, outcome] = &calls[..] else {
        panic!("an intent and one outcome: {calls:?}")
    };
    assert_eq!(outcome.completes, Some(intent.seq));
    assert!(outcome.ok);
}

/// The desk is killed while a cancellation is out (the service has it, its answer not
/// yet back): the app started again finds the intent by its key and writes that its
/// outcome is not known, never "not sent", and never leaves it open.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_call_out_when_the_desk_was_killed_is_told_outcome_unknown_at_the_next_start() {
    let cluster = PrivateCluster::start();
    let (_team, boss, ana) = ana_on(&cluster).await;
    let folio = ana.manifest().examples.folios["Abierto"].clone();
    assert!(ana.desk.team_status().await.expect("status").connected);
    let ana = std::sync::Arc::new(ana);
    let sending = cancellation_out(&ana, &folio, 5_000).await;
    // Killed: the call's future ends where it is, nothing after it runs.
    sending.abort();
    let _ = sending.await;
    let Ok(ana) = std::sync::Arc::try_unwrap(ana) else {
        panic!("the killed call held nothing more")
    };
    let ana = ana.reopen();
    assert!(ana.desk.team_status().await.expect("status").connected);
    let trail = boss.trail(50).await.expect("trail");
    let calls: Vec<_> = trail.iter().filter(|e| e.operation == CANCEL).collect();
    let [intent, outcome] = &calls[..] else {
        panic!("an intent and one outcome: {calls:?}")
    };
    assert_eq!(outcome.completes, Some(intent.seq));
    assert!(!outcome.ok);
    assert_eq!(outcome.code.as_deref(), Some("outcome_unknown"));
    assert!(
        boss.verify_chain()
            .await
            .expect("verified")
            .open_intents
            .is_empty()
    );
}

/// A cancellation of `folio` sent from `desk`, the service answering it `latency_ms`
/// late: the running call, once the service has it.
async fn cancellation_out(
    desk: &std::sync::Arc<DemoDesk>,
    folio: &str,
    latency_ms: u64,
) -> tokio::task::JoinHandle<kyb_desk_core::error::AppResult<()>> {
    desk.sandbox
        .add_fault(Fault {
            route: CANCEL.into(),
            latency_after_ms: latency_ms,
            ..Fault::default()
        })
        .expect("a valid fault");
    let sending = {
        let desk = desk.clone();
        let folio = folio.to_owned();
        tokio::spawn(async move { desk.desk.cancel_verification(&folio).await })
    };
    let started = std::time::Instant::now();
    while desk.sandbox.requests(CANCEL) == 0 {
        assert!(started.elapsed() < Duration::from_secs(20), "the call left");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    sending
}

/// Asks `attempt` every 100 ms for up to 20 s.
async fn poll_for<T, F, Fut>(mut attempt: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_secs(20) {
        if let Some(value) = attempt().await {
            return Some(value);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    None
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn an_outage_longer_than_the_lease_hands_no_file_over_without_asking() {
    let cluster = PrivateCluster::start();
    let (team, boss, ana) = ana_on(&cluster).await;
    let id = ana.manifest().examples.document_id.to_string();
    // Beto holds the file, and his desk goes away (his network), his draft with it,
    // for longer than his lease.
    let beto = team.member(&boss, "beto", Role::Analyst).await;
    beto.claim(&id, kyb_team::LEASE, false)
        .await
        .expect("Beto holds it");
    beto.close().await;
    team.lapse_claim(&id).await;
    // Ana opens the review after his lease ran out: she is told, not handed the file.
    let asked = ana
        .desk
        .claim_file(&id, false)
        .await
        .expect_err("asked first");
    assert_eq!(asked.code, TeamCode::ClaimLapsed);
    assert!(
        matches!(asked.details.as_deref(), Some(Details::ClaimLapsed { holder, .. }) if *holder == team.login("beto")),
        "{:?}",
        asked.details
    );
    // She chooses to take it: the trail says so.
    let taken = ana.desk.claim_file(&id, true).await.expect("taken");
    assert_eq!(taken.member, team.login("ana"));
    let trail = ana.desk.team_trail(10).await.expect("trail");
    assert!(
        trail
            .entries
            .iter()
            .any(|e| e.operation == "team: claim-taken-after-lapse"
                && e.summary.contains(&team.login("beto"))),
        "{:?}",
        trail.entries
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_trail_cut_or_rewritten_behind_the_desks_back_raises_its_alarm() {
    let demo = DemoDesk::start().await;
    let mut team = TestTeam::new("kyb_anchor").await;
    team.workspace = demo.profile.workspace_id.clone();
    let boss = team.supervisor("jefa").await;
    for who in ["beto", "carla", "dora"] {
        team.member(&boss, who, Role::Analyst).await;
    }
    let one_time = added(&team, &boss, "ana", Role::Supervisor).await;
    join_team(
        &demo,
        &demo.profile,
        &team,
        &session_host(),
        "ana",
        &one_time,
    )
    .await;
    // Ana's desk reads the trail (five entries: the members added) and keeps its head.
    let seen = demo.desk.team_trail(50).await.expect("trail");
    assert_eq!(seen.chain.entries, 5);
    assert!(seen.anchor.is_none() && seen.chain.breaks.is_empty());
    // A supervisor's signed checkpoint is kept by the database and saved by the desk.
    let saved = demo.dir.path().join("punto.json");
    let exported = demo
        .desk
        .export_team_checkpoint(&saved)
        .await
        .expect("signed and saved");
    assert_eq!(
        exported.checkpoint.seq, 5,
        "the chain as it was when signed"
    );
    let file: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&saved).expect("saved")).expect("JSON");
    assert_eq!(file["seq"], 5);
    assert_eq!(file["signature"], exported.checkpoint.signature.as_str());
    let read = demo.desk.team_trail(50).await.expect("trail");
    assert_eq!(read.chain.checkpoints, 1);

    // Someone with the owner's rights removes the last entry (the checkpoint's event)
    // and the checkpoint, and mends the head: the chain holds together, but not for
    // this desk, which saw entry 6.
    team.as_superuser_run(&[
        "SET session_replication_role = replica",
        "DELETE FROM team_checkpoint",
        "DELETE FROM team_audit WHERE seq > 5",
        "UPDATE team_audit_head h SET seq = 5, hash = (SELECT hash FROM team_audit a \
         WHERE a.workspace_id = h.workspace_id AND a.seq = 5)",
    ])
    .await;
    let cut = demo.desk.team_trail(50).await.expect("trail");
    assert!(
        cut.chain.breaks.is_empty(),
        "the database alone finds nothing"
    );
    assert_eq!(
        cut.anchor,
        Some(kyb_desk_core::desk::AnchorAlarm::WentBack { seen: 6, head: 5 })
    );
    // The alarm stays: the anchor is not moved to what the chain says now.
    assert!(
        demo.desk
            .team_trail(50)
            .await
            .expect("trail")
            .anchor
            .is_some()
    );
}

#[tokio::test]
async fn leaving_the_team_in_ones_profile_sends_nothing_where_the_policy_says_team() {
    const CANCEL: &str = "POST /verificaciones/{folio}/cancelar";
    let mut demo = DemoDesk::start().await;
    let workspace = demo.profile.workspace_id.clone();
    demo.desk
        .set_policy(kyb_desk_core::policy::Policy::teams(vec![
            kyb_desk_core::policy::TeamOf {
                workspace: workspace.to_uppercase(),
                host: "db.empresa.mx".into(),
                port: kyb_team::DEFAULT_PORT,
                database: "kyb_team".into(),
            },
        ]));
    // The profile names no team (its member took it out, to skip four eyes).
    assert!(demo.profile.team.is_none());
    let folio = demo.manifest().examples.folios["Abierto"].clone();
    let refused = demo
        .desk
        .cancel_verification(&folio)
        .await
        .expect_err("refused");
    assert_eq!(refused.code, TeamCode::TeamRequired);
    assert_eq!(
        demo.sandbox.requests(CANCEL),
        0,
        "nothing reached the service"
    );
    assert!(
        demo.desk
            .verification(&folio)
            .await
            .expect("read")
            .can_cancel,
        "reads go on, and the verification is as it was"
    );
    // Another workspace, or no policy, works alone as before.
    demo.desk.set_policy(kyb_desk_core::policy::Policy::None);
    demo.desk
        .cancel_verification(&folio)
        .await
        .expect("alone, without a policy");
    assert_eq!(demo.sandbox.requests(CANCEL), 1);
}

/// A profile the company's policy presets is kept, marked fixed in the desk's answer,
/// cannot be changed or deleted from the window, and where the policy holds its
/// workspace to a team it sends nothing without that team.
#[tokio::test]
async fn a_preset_profile_is_fixed_and_held_to_its_team() {
    use kyb_desk_core::error::DeskCode;
    use kyb_desk_core::profiles::ProfileInput;
    const CANCEL: &str = "POST /verificaciones/{folio}/cancelar";
    let mut demo = DemoDesk::start().await;
    let kyb_api::Environment::Custom { base_url } = demo.profile.environment.clone() else {
        panic!("the demo runs on its own address");
    };
    let workspace = demo.profile.workspace_id.clone();
    let text = serde_json::json!({
        "profiles": [
            {"name": demo.profile.name, "baseUrl": base_url, "workspace": workspace,
             "agentEmail": demo.profile.agent_email},
            {"name": "Producción", "environment": "production", "workspace": workspace},
        ],
        "teams": [{"workspace": workspace, "host": "db.empresa.mx", "database": "kyb_team"}],
    })
    .to_string();
    let policy = kyb_desk_core::policy::parse(text.as_bytes()).expect("a policy");
    demo.desk
        .set_policy(kyb_desk_core::policy::Policy::Managed(policy));
    let book = demo.desk.profiles();
    assert_eq!(book.profiles.len(), 2, "the missing preset is created");
    let ours = book.get(&demo.profile.id).expect("kept, by its name");
    assert_eq!(
        ours.fixed,
        ["name", "environment", "workspaceId", "agentEmail", "team"]
    );
    let created = book
        .profiles
        .iter()
        .find(|p| p.name == "Producción")
        .expect("created");
    assert_eq!(
        created.fixed,
        ["name", "environment", "workspaceId", "team"]
    );
    assert_eq!(created.agent_email, "", "the user's to give");
    // The window cannot change a fixed field, nor delete the profile.
    let edit = |agent_email: &str| ProfileInput {
        id: Some(ours.id.clone()),
        name: ours.name.clone(),
        environment: ours.environment.clone(),
        workspace_id: ours.workspace_id.clone(),
        agent_email: agent_email.into(),
        flows: ours.flows.clone(),
        team: None,
    };
    let refused = demo
        .desk
        .save_profile(edit("otra@empresa.mx"))
        .expect_err("a fixed field changed");
    assert_eq!(refused.code, DeskCode::FixedByPolicy);
    let refused = demo.desk.delete_profile(&ours.id).expect_err("a preset");
    assert_eq!(refused.code, DeskCode::FixedByPolicy);
    // Nor put the held workspace on a team database of its own.
    let mut own_team = edit(&ours.agent_email);
    own_team.team = Some(kyb_team::TeamAddress {
        host: "localhost".into(),
        port: kyb_team::DEFAULT_PORT,
        database: "kyb_team".into(),
        user: "ana".into(),
    });
    let refused = demo
        .desk
        .save_profile(own_team)
        .expect_err("another database");
    assert_eq!(refused.code, DeskCode::FixedByPolicy);
    assert!(refused.message.starts_with("team:"), "{}", refused.message);
    // What is not fixed is the user's (its flows here).
    let mut flows_changed = edit(&ours.agent_email);
    flows_changed.flows.truncate(1);
    demo.desk.save_profile(flows_changed).expect("not fixed");
    // And, without the team its workspace is held to, it changes nothing.
    let folio = demo.manifest().examples.folios["Abierto"].clone();
    let refused = demo
        .desk
        .cancel_verification(&folio)
        .await
        .expect_err("refused");
    assert_eq!(refused.code, TeamCode::TeamRequired);
    assert_eq!(demo.sandbox.requests(CANCEL), 0);
}

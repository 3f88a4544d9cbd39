//! Members, claims, notes, the central trail, four eyes and live notice, with two or
//! more desks on one real PostgreSQL.

mod common;

use std::time::Duration;

use common::{PrivateCluster, WORKSPACE, database, database_owned_by, desk};
use kyb_team::{
    ApprovalAction, ApprovalState, Change, FourEyes, Role, TeamBreak, TeamEntry, TeamError,
};
use sqlx::Connection;

fn entry(operation: &str, target: &str) -> TeamEntry {
    TeamEntry {
        operation: operation.into(),
        target: target.into(),
        summary: "resumen".into(),
        ok: true,
        code: None,
        message: None,
        completes: None,
    }
}

#[tokio::test]
async fn the_first_member_supervises_and_sets_the_others_roles() {
    let Some(url) = database().await else { return };
    let boss = desk(&url, "jefa@kybdesk.mx").await;
    let agent = desk(&url, "agente@kybdesk.mx").await;
    assert_eq!(boss.role().await.unwrap(), Role::Supervisor);
    assert_eq!(agent.role().await.unwrap(), Role::Analyst);
    assert!(matches!(
        agent.set_role("jefa@kybdesk.mx", Role::Agent).await,
        Err(TeamError::NotSupervisor)
    ));
    boss.set_role("agente@kybdesk.mx", Role::Agent)
        .await
        .unwrap();
    assert_eq!(agent.role().await.unwrap(), Role::Agent);
    assert!(matches!(
        boss.set_role("jefa@kybdesk.mx", Role::Analyst).await,
        Err(TeamError::LastSupervisor)
    ));
    assert_eq!(boss.members().await.unwrap().len(), 2);
}

#[tokio::test]
async fn a_claim_blocks_the_other_desk_until_released_or_its_lease_runs_out() {
    let Some(url) = database().await else { return };
    let ana = desk(&url, "ana@kybdesk.mx").await;
    let beto = desk(&url, "beto@kybdesk.mx").await;
    let claim = ana.claim("doc-1", Duration::from_secs(60)).await.unwrap();
    assert_eq!(claim.member, "ana@kybdesk.mx");
    // Renewing keeps the time it was taken.
    assert_eq!(
        ana.claim("doc-1", Duration::from_secs(60))
            .await
            .unwrap()
            .since,
        claim.since
    );
    match beto.claim("doc-1", Duration::from_secs(60)).await {
        Err(TeamError::Claimed { member, since }) => {
            assert_eq!(member, "ana@kybdesk.mx");
            assert_eq!(since, claim.since);
        }
        other => panic!("refused, naming who: {other:?}"),
    }
    // The same file however its id is written.
    assert!(beto.claim(" DOC-1", Duration::from_secs(60)).await.is_err());
    // Releasing someone else's claim changes nothing.
    beto.release("doc-1").await.unwrap();
    assert!(beto.holder("doc-1").await.unwrap().is_some());
    ana.release("doc-1").await.unwrap();
    beto.claim("doc-1", Duration::from_secs(60)).await.unwrap();

    // A lease not renewed frees the file.
    ana.claim("doc-2", Duration::from_millis(300))
        .await
        .unwrap();
    assert!(beto.claim("doc-2", Duration::from_secs(60)).await.is_err());
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(beto.holder("doc-2").await.unwrap().is_none(), "expired");
    let taken = beto.claim("doc-2", Duration::from_secs(60)).await.unwrap();
    assert_eq!(taken.member, "beto@kybdesk.mx");
    assert_eq!(ana.claims().await.unwrap().len(), 2);
}

#[tokio::test]
async fn a_supervisor_takes_a_claim_over_with_a_reason_the_trail_keeps() {
    let Some(url) = database().await else { return };
    let boss = desk(&url, "jefa@kybdesk.mx").await;
    let ana = desk(&url, "ana@kybdesk.mx").await;
    ana.claim("doc-1", Duration::from_secs(60)).await.unwrap();
    assert!(matches!(
        ana.as_member("beto@kybdesk.mx")
            .take_over("doc-1", "urgente", Duration::from_secs(60))
            .await,
        Err(TeamError::NotSupervisor)
    ));
    assert!(matches!(
        boss.take_over("doc-1", "  ", Duration::from_secs(60)).await,
        Err(TeamError::BadText)
    ));
    let claim = boss
        .take_over("doc-1", "Ana está de vacaciones", Duration::from_secs(60))
        .await
        .unwrap();
    assert_eq!(claim.member, "jefa@kybdesk.mx");
    let trail = ana.trail(10).await.unwrap();
    let last = trail.last().expect("an entry");
    assert_eq!(last.operation, "team: claim-taken-over");
    assert_eq!(last.member, "jefa@kybdesk.mx");
    assert!(last.summary.contains("ana@kybdesk.mx") && last.summary.contains("vacaciones"));
}

#[tokio::test]
async fn notes_are_shared_and_checked() {
    let Some(url) = database().await else { return };
    let ana = desk(&url, "ana@kybdesk.mx").await;
    let beto = desk(&url, "beto@kybdesk.mx").await;
    ana.add_note("doc-1", "  El comprobante es de otro domicilio. ")
        .await
        .unwrap();
    assert!(matches!(
        ana.add_note("doc-1", " ").await,
        Err(TeamError::BadText)
    ));
    assert!(matches!(
        ana.add_note("doc-1", &"x".repeat(2001)).await,
        Err(TeamError::BadText)
    ));
    let notes = beto.notes("doc-1").await.unwrap();
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].body, "El comprobante es de otro domicilio.");
    assert_eq!(notes[0].member, "ana@kybdesk.mx");
    assert!(beto.notes("doc-2").await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn desks_appending_at_once_keep_one_chain_and_a_superusers_edit_is_found() {
    // The app's role as a team would have it: not a superuser, owner of its database.
    let Some(admin) = common::admin_url() else {
        return;
    };
    let role = format!("kyb_app_{}", uuid::Uuid::new_v4().simple());
    let mut root = sqlx::PgConnection::connect(&admin).await.unwrap();
    sqlx::query(&format!("CREATE ROLE {role} LOGIN"))
        .execute(&mut root)
        .await
        .unwrap();
    let url = database_owned_by(Some(&role)).await.expect("a database");
    let (ana, beto) = (
        desk(&url, "ana@kybdesk.mx").await,
        desk(&url, "beto@kybdesk.mx").await,
    );

    let writers: Vec<_> = (0..60)
        .map(|n| {
            let desk = if n % 2 == 0 {
                ana.clone()
            } else {
                beto.clone()
            };
            tokio::spawn(async move { desk.append(entry("/v1/x", &format!("folio-{n}"))).await })
        })
        .collect();
    let mut seqs = Vec::new();
    for writer in writers {
        seqs.push(writer.await.unwrap().expect("appended"));
    }
    seqs.sort_unstable();
    assert_eq!(
        seqs,
        (1..=60).collect::<Vec<_>>(),
        "one chain, no fork, no gap"
    );
    let chain = beto.verify_chain().await.unwrap();
    assert_eq!((chain.entries, chain.breaks.len()), (60, 0));

    // The app's own role cannot change or remove an entry.
    let mut app = sqlx::PgConnection::connect(&url).await.unwrap();
    for statement in [
        format!(
            "UPDATE team_audit SET summary = 'otro' WHERE workspace_id = '{WORKSPACE}' AND seq = 5"
        ),
        format!("DELETE FROM team_audit WHERE workspace_id = '{WORKSPACE}' AND seq = 60"),
        "TRUNCATE team_audit".to_owned(),
    ] {
        let refused = sqlx::query(&statement).execute(&mut app).await.unwrap_err();
        assert!(
            refused.to_string().contains("permission denied"),
            "{statement}: {refused}"
        );
    }

    // A superuser gets round the rights and the triggers; the chain finds the edit.
    let database = url.split('?').next().unwrap().rsplit('/').next().unwrap();
    let mut superuser = sqlx::PgConnection::connect(&common::with_database(&admin, database, None))
        .await
        .unwrap();
    sqlx::query("SET session_replication_role = replica")
        .execute(&mut superuser)
        .await
        .unwrap();
    sqlx::query(&format!(
        "UPDATE team_audit SET summary = 'nada que ver' WHERE workspace_id = '{WORKSPACE}' AND seq = 7"
    ))
    .execute(&mut superuser)
    .await
    .unwrap();
    assert_eq!(
        ana.verify_chain().await.unwrap().breaks,
        [TeamBreak::Modified { seq: 7 }]
    );
    sqlx::query(&format!(
        "DELETE FROM team_audit WHERE workspace_id = '{WORKSPACE}' AND seq IN (20, 60)"
    ))
    .execute(&mut superuser)
    .await
    .unwrap();
    assert_eq!(
        ana.verify_chain().await.unwrap().breaks,
        [
            TeamBreak::Modified { seq: 7 },
            TeamBreak::Missing {
                after: 19,
                next: 21
            },
            TeamBreak::HeadMismatch { head: 60, last: 59 },
        ]
    );
}

#[tokio::test]
async fn a_change_on_one_desk_is_heard_on_the_other() {
    let Some(url) = database().await else { return };
    let ana = desk(&url, "ana@kybdesk.mx").await;
    let beto = desk(&url, "beto@kybdesk.mx").await;
    let mut hears = beto.listen().await.expect("listens");
    // Another workspace's change is not this desk's.
    let elsewhere = kyb_team::Team::connect_url(&url, "otro", "x@kybdesk.mx")
        .await
        .unwrap();
    elsewhere.add_note("doc-1", "de otro equipo").await.unwrap();
    ana.claim("doc-1", Duration::from_secs(60)).await.unwrap();
    let heard = tokio::time::timeout(Duration::from_secs(10), hears.next())
        .await
        .expect("heard")
        .expect("a change");
    assert_eq!(heard, Change::Claims);
    ana.add_note("doc-1", "hola").await.unwrap();
    let heard = tokio::time::timeout(Duration::from_secs(10), hears.next())
        .await
        .expect("heard")
        .expect("a change");
    assert_eq!(heard, Change::Notes);

    // Ana's review renews its claim: no news. Letting it go, and Beto taking it, are.
    ana.claim("doc-1", Duration::from_secs(60)).await.unwrap();
    ana.release("doc-1").await.unwrap();
    let heard = tokio::time::timeout(Duration::from_secs(10), hears.next())
        .await
        .expect("heard")
        .expect("a change");
    assert_eq!(heard, Change::Claims, "the release");
    beto.claim("doc-1", Duration::from_secs(60)).await.unwrap();
    beto.add_note("doc-1", "después").await.unwrap();
    let mut after: Vec<Change> = Vec::new();
    while after.last() != Some(&Change::Notes) {
        after.push(
            tokio::time::timeout(Duration::from_secs(10), hears.next())
                .await
                .expect("heard")
                .expect("a change"),
        );
    }
    assert_eq!(
        after,
        [Change::Claims, Change::Notes],
        "Beto's claim, then his note; the renewal said nothing"
    );
}

#[tokio::test]
async fn four_eyes_one_asks_another_approves_and_sends() {
    let Some(url) = database().await else { return };
    let boss = desk(&url, "jefa@kybdesk.mx").await;
    let ana = desk(&url, "ana@kybdesk.mx").await;
    let beto = desk(&url, "beto@kybdesk.mx").await;
    assert!(
        !ana.four_eyes().await.unwrap().on,
        "off until a team turns it on"
    );
    assert!(matches!(
        ana.set_four_eyes(FourEyes {
            on: true,
            resend_limit: 1
        })
        .await,
        Err(TeamError::NotSupervisor)
    ));
    boss.set_four_eyes(FourEyes {
        on: true,
        resend_limit: 1,
    })
    .await
    .unwrap();
    let setting = ana.four_eyes().await.unwrap();
    assert!(setting.needs_approval(ApprovalAction::Cancel, 0));
    assert!(!setting.needs_approval(ApprovalAction::Resend, 0));
    assert!(setting.needs_approval(ApprovalAction::Resend, 1));

    let asked = ana
        .ask_approval(ApprovalAction::Cancel, "FOLIO-1", "El cliente se retiró")
        .await
        .unwrap();
    assert!(matches!(
        // The same folio in another case is the same request.
        ana.ask_approval(ApprovalAction::Cancel, "folio-1 ", "otra vez")
            .await,
        Err(TeamError::AlreadyAsked)
    ));
    assert!(matches!(
        ana.decide_approval(asked.id, true).await,
        Err(TeamError::OwnRequest)
    ));
    assert_eq!(
        ana.approved(ApprovalAction::Cancel, "FOLIO-1")
            .await
            .unwrap(),
        None
    );
    let approved = beto.decide_approval(asked.id, true).await.unwrap();
    assert_eq!(approved.state, ApprovalState::Approved);
    assert!(matches!(
        boss.decide_approval(asked.id, true).await,
        Err(TeamError::NotWaiting)
    ));
    // The approver's desk sends, and says how it went.
    assert_eq!(
        beto.approved(ApprovalAction::Cancel, "Folio-1")
            .await
            .unwrap(),
        Some(asked.id)
    );
    assert_eq!(
        ana.approved(ApprovalAction::Cancel, "FOLIO-1")
            .await
            .unwrap(),
        None
    );
    beto.finish_approval(asked.id, true).await.unwrap();
    assert!(beto.open_approvals().await.unwrap().is_empty());
    assert!(matches!(
        beto.finish_approval(asked.id, true).await,
        Err(TeamError::NotWaiting)
    ));
    let steps: Vec<_> = boss
        .trail(10)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.operation, e.member))
        .collect();
    assert_eq!(
        steps,
        [
            (
                "team: four-eyes-set".to_owned(),
                "jefa@kybdesk.mx".to_owned()
            ),
            (
                "team: approval-asked".to_owned(),
                "ana@kybdesk.mx".to_owned()
            ),
            (
                "team: approval-given".to_owned(),
                "beto@kybdesk.mx".to_owned()
            ),
        ]
    );
    // A declined request can be asked again.
    let again = ana
        .ask_approval(ApprovalAction::Resend, "FOLIO-2", "no le llegó")
        .await
        .unwrap();
    beto.decide_approval(again.id, false).await.unwrap();
    ana.ask_approval(ApprovalAction::Resend, "FOLIO-2", "ahora sí")
        .await
        .unwrap();
}

#[tokio::test]
async fn a_database_stopped_mid_session_is_unreachable_and_found_again() {
    if common::admin_url().is_none() {
        return;
    }
    let mut cluster = PrivateCluster::start();
    let ana = desk(&cluster.url(), "ana@kybdesk.mx").await;
    ana.claim("doc-1", Duration::from_secs(60)).await.unwrap();
    ana.add_note("doc-1", "antes").await.unwrap();

    cluster.stop();
    let started = std::time::Instant::now();
    let refused = ana
        .claim("doc-1", Duration::from_secs(60))
        .await
        .unwrap_err();
    assert!(refused.is_unreachable(), "{refused:?}");
    assert!(
        ana.add_note("doc-1", "durante")
            .await
            .unwrap_err()
            .is_unreachable()
    );
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "the desk is told, not left waiting"
    );

    cluster.resume();
    ana.claim("doc-1", Duration::from_secs(60))
        .await
        .expect("the pool connects again");
    let notes = ana.notes("doc-1").await.unwrap();
    assert_eq!(
        notes.iter().map(|n| n.body.as_str()).collect::<Vec<_>>(),
        ["antes"]
    );
}

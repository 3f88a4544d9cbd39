//! Workload on a real PostgreSQL (migration 0006): caps honoured under
//! concurrency, absences that return files, and bulk reassignment applied only as
//! previewed. Each member at a desk of their own (their own login).

mod common;

use common::{Desks, code_of, denied, desks};
use kyb_team::testing::TestTeam;
use kyb_team::{NewTeamFile, QueueFilter, Role, Team, TeamError, Unplaced, Workload};

/// The desks of a team at work, with `files` waiting in the queue.
async fn floor(prefix: &str, files: usize) -> Desks {
    let desks = desks(prefix).await;
    let queue: Vec<NewTeamFile> = (0..files)
        .map(|n| NewTeamFile {
            flow_id: "flujo".into(),
            rfc: format!("AAA0101{n:02}AA1"),
            status: "Pendiente".into(),
            document_id: Some(format!("00000000-0000-4000-8000-0000000000{n:02}")),
            updated_at: None,
        })
        .collect();
    assert_eq!(
        desks.boss.follow_all(&queue).await.expect("followed"),
        files as u64
    );
    desks
}

async fn workload_of(team: &Team, login: &str) -> Workload {
    team.workload()
        .await
        .expect("the workload")
        .into_iter()
        .find(|w| w.login == login)
        .expect("a member's workload")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn twenty_concurrent_take_next_calls_of_one_member_get_exactly_their_cap() {
    let f = floor("kyb_wl_cap", 30).await;
    let (ana, beto) = (f.t.login("ana"), f.t.login("beto"));
    f.boss
        .set_cap(&ana, 5)
        .await
        .expect("the supervisor sets the cap");
    // Three desks of ana's (a pool each), twenty calls at once.
    let mut desks = vec![f.ana.clone()];
    for _ in 0..2 {
        desks.push(
            Team::connect(f.t.options(&ana, &f.ana_pw), &f.t.workspace)
                .await
                .expect("another desk of ana's"),
        );
    }
    let calls: Vec<_> = (0..20)
        .map(|n| {
            let desk = desks[n % desks.len()].clone();
            tokio::spawn(async move { desk.take_next().await })
        })
        .collect();
    let (mut given, mut refused) = (0, 0);
    for call in calls {
        match call.await.expect("the task ends") {
            Ok(Some(file)) => {
                assert_eq!(file.assignee.as_deref(), Some(ana.as_str()));
                given += 1;
            }
            Err(TeamError::AtCap { member, open, cap }) => {
                assert_eq!((member.as_str(), open, cap), (ana.as_str(), 5, 5));
                refused += 1;
            }
            other => panic!("a file or the cap's refusal, not {other:?}"),
        }
    }
    assert_eq!((given, refused), (5, 15));
    assert_eq!(f.ana.files(QueueFilter::Mine).await.unwrap().len(), 5);
    assert_eq!(workload_of(&f.boss, &ana).await.open, 5);

    // Another member's cap is their own: beto (the default 15) takes his.
    let beto_w = workload_of(&f.beto, &beto).await;
    assert_eq!((beto_w.cap, beto_w.open), (kyb_team::CAP_DEFAULT, 0));
    for _ in 0..15 {
        assert!(f.beto.take_next().await.expect("within his cap").is_some());
    }
    assert!(matches!(
        f.beto.take_next().await,
        Err(TeamError::AtCap { cap: 15, .. })
    ));
    // A file that reaches a final status no longer counts: ana may take one more.
    let done = f.ana.files(QueueFilter::Mine).await.unwrap()[0].clone();
    f.ana
        .update_all(&[NewTeamFile {
            flow_id: done.flow_id,
            rfc: done.rfc,
            status: "Aceptado".into(),
            document_id: None,
            updated_at: Some(chrono::Utc::now()),
        }])
        .await
        .expect("the status");
    assert!(f.ana.take_next().await.expect("room again").is_some());

    // A supervisor's assignment to a member at cap is refused too, with the reason.
    let waiting = f.boss.files(QueueFilter::Unassigned).await.unwrap()[0].clone();
    assert!(matches!(
        f.boss
            .assign(&waiting.flow_id, &waiting.rfc, Some(&ana))
            .await,
        Err(TeamError::AtCap {
            open: 5,
            cap: 5,
            ..
        })
    ));
    // The bounds of a cap.
    for cap in [0, 101] {
        assert!(matches!(
            f.boss.set_cap(&ana, cap).await,
            Err(TeamError::BadText)
        ));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn an_analyst_cannot_raise_their_cap_nor_mark_another_away_nor_reassign() {
    let f = floor("kyb_wl_rights", 3).await;
    let (ana, beto) = (f.t.login("ana"), f.t.login("beto"));
    assert!(matches!(
        f.beto.set_cap(&beto, 100).await,
        Err(TeamError::NotSupervisor)
    ));
    let tomorrow = chrono::Utc::now() + chrono::Duration::days(1);
    assert!(matches!(
        f.beto.set_away(&ana, Some(tomorrow)).await,
        Err(TeamError::NotSupervisor)
    ));
    let file = f.boss.files(QueueFilter::All).await.unwrap()[0].clone();
    let placement = kyb_team::Placement {
        flow_id: file.flow_id.clone(),
        rfc: file.rfc.clone(),
        from: None,
        to: beto.clone(),
    };
    assert!(matches!(
        f.beto.reassign(std::slice::from_ref(&placement)).await,
        Err(TeamError::NotSupervisor)
    ));
    assert_eq!(workload_of(&f.boss, &beto).await.cap, kyb_team::CAP_DEFAULT);
    assert!(workload_of(&f.boss, &ana).await.away_until.is_none());
    assert_eq!(
        f.boss.files(QueueFilter::Unassigned).await.unwrap().len(),
        3
    );

    // By hand, with the same rights: no table, and the functions check who asks.
    let mut hand = f.t.by_hand(&beto, &f.beto_pw).await;
    denied(&mut hand, "UPDATE team_member SET cap = 100").await;
    denied(&mut hand, "UPDATE team_member SET away_until = NULL").await;
    denied(&mut hand, "UPDATE team_file SET assignee = current_user").await;
    let ws = &f.t.workspace;
    assert_eq!(
        code_of(
            &mut hand,
            &format!("SELECT team_set_cap('{ws}', '{beto}', 100)")
        )
        .await,
        "KY002"
    );
    assert_eq!(
        code_of(
            &mut hand,
            &format!("SELECT team_set_away('{ws}', '{ana}', now() + interval '1 day')")
        )
        .await,
        "KY002"
    );
    assert_eq!(
        code_of(
            &mut hand,
            &format!(
                "SELECT team_reassign('{ws}', ARRAY['flujo'], ARRAY['{}'], ARRAY[NULL]::text[], ARRAY['{beto}'])",
                file.rfc
            )
        )
        .await,
        "KY002"
    );
    // Themselves, they may say they are away.
    f.beto
        .set_away(&beto, Some(tomorrow))
        .await
        .expect("one marks oneself away");
    assert!(workload_of(&f.boss, &beto).await.away_until.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn away_returns_the_members_files_and_gives_them_nothing_until_then() {
    let f = floor("kyb_wl_away", 4).await;
    let ana = f.t.login("ana");
    let first = f.ana.take_next().await.unwrap().expect("a file");
    f.ana.take_next().await.unwrap().expect("another");
    // A claim on a file she was not assigned.
    let claimed = f.boss.files(QueueFilter::Unassigned).await.unwrap()[0].clone();
    f.ana
        .claim(
            claimed.document_id.as_deref().unwrap(),
            kyb_team::LEASE,
            false,
        )
        .await
        .expect("claimed");
    assert_eq!(workload_of(&f.boss, &ana).await.open, 3);

    let until = chrono::Utc::now() + chrono::Duration::days(2);
    assert_eq!(f.boss.set_away(&ana, Some(until)).await.expect("away"), 2);
    assert!(f.ana.files(QueueFilter::Mine).await.unwrap().is_empty());
    assert!(f.boss.claims().await.unwrap().is_empty(), "her claim ended");
    let w = workload_of(&f.boss, &ana).await;
    assert_eq!(w.open, 0);
    let shown = w.away_until.expect("away until");
    assert!(matches!(
        f.ana.take_next().await,
        Err(TeamError::Away { member, until }) if member == ana && until == shown
    ));
    assert!(matches!(
        f.boss.assign(&first.flow_id, &first.rfc, Some(&ana)).await,
        Err(TeamError::Away { .. })
    ));
    // The trail says it, old and new values, and each file's return.
    let trail = f.boss.trail(20).await.unwrap();
    let away = trail
        .iter()
        .find(|e| e.operation == "team: away-set")
        .expect("the absence in the trail");
    assert_eq!(away.target, ana);
    assert!(
        away.summary
            .starts_with(&format!("no disponible: disponible → hasta {shown}")),
        "{}",
        away.summary
    );
    let returned = trail
        .iter()
        .filter(|e| {
            e.operation == "team: assigned"
                && e.summary == format!("asignado: {ana} → cola (no disponible)")
        })
        .count();
    assert_eq!(returned, 2);
    // Bounds: an instant past, or more than a year ahead.
    for bad in [
        chrono::Utc::now() - chrono::Duration::hours(1),
        chrono::Utc::now() + chrono::Duration::days(400),
    ] {
        assert!(matches!(
            f.boss.set_away(&ana, Some(bad)).await,
            Err(TeamError::BadText)
        ));
    }
    // Back: she takes again.
    f.ana.set_away(&ana, None).await.expect("available again");
    assert!(f.ana.take_next().await.unwrap().is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_bulk_reassignment_is_applied_as_previewed_or_not_at_all() {
    let f = floor("kyb_wl_bulk", 6).await;
    let (ana, beto) = (f.t.login("ana"), f.t.login("beto"));
    let carla = f.t.member(&f.boss, "carla", Role::Analyst).await;
    let carla_login = f.t.login("carla");
    for _ in 0..5 {
        f.ana.take_next().await.unwrap().expect("a file");
    }
    f.boss.set_cap(&beto, 2).await.unwrap();
    f.boss.set_cap(&carla_login, 2).await.unwrap();

    // The preview: all of ana's files over beto and carla.
    let preview = || async {
        let files: Vec<_> = f
            .boss
            .files(QueueFilter::All)
            .await
            .unwrap()
            .into_iter()
            .filter(|file| file.assignee.as_deref() == Some(ana.as_str()))
            .collect();
        let targets: Vec<_> = f
            .boss
            .workload()
            .await
            .unwrap()
            .into_iter()
            .filter(|w| w.login == beto || w.login == carla_login)
            .collect();
        kyb_team::plan(&files, &targets)
    };
    let plan = preview().await;
    assert_eq!(plan.placements.len(), 4);
    assert_eq!(plan.unplaced.len(), 1);
    assert_eq!(plan.unplaced[0].reason, Unplaced::NoCapacity);

    // A stale preview is refused whole: one file moved since.
    let moved = &plan.placements[3];
    f.boss
        .assign(&moved.flow_id, &moved.rfc, None)
        .await
        .expect("back to the queue");
    match f.boss.reassign(&plan.placements).await {
        Err(TeamError::PlanChanged { file, assignee }) => {
            assert_eq!(file, format!("{} / {}", moved.flow_id, moved.rfc));
            assert_eq!(assignee, "");
        }
        other => panic!("the preview changed, not {other:?}"),
    }
    assert!(beto_and_carla_have_nothing(&f, &carla).await);
    assert_eq!(f.ana.files(QueueFilter::Mine).await.unwrap().len(), 4);

    // A target whose room went meanwhile refuses it whole too.
    let plan = preview().await;
    f.boss.set_cap(&beto, 1).await.unwrap();
    assert!(matches!(
        f.boss.reassign(&plan.placements).await,
        Err(TeamError::AtCap { .. })
    ));
    assert!(beto_and_carla_have_nothing(&f, &carla).await);
    f.boss.set_cap(&beto, 2).await.unwrap();

    // A fresh preview applies; the other desks see the files as theirs.
    let plan = preview().await;
    assert_eq!(plan.placements.len(), 4);
    assert_eq!(f.boss.reassign(&plan.placements).await.expect("applied"), 4);
    assert_eq!(f.beto.files(QueueFilter::Mine).await.unwrap().len(), 2);
    assert_eq!(carla.files(QueueFilter::Mine).await.unwrap().len(), 2);
    assert!(f.ana.files(QueueFilter::Mine).await.unwrap().is_empty());
    let trail = f.boss.trail(10).await.unwrap();
    for p in &plan.placements {
        let target = f
            .boss
            .files(QueueFilter::All)
            .await
            .unwrap()
            .into_iter()
            .find(|file| file.rfc == p.rfc)
            .and_then(|file| file.document_id)
            .unwrap();
        assert!(
            trail.iter().any(|e| e.operation == "team: assigned"
                && e.target == target
                && e.summary == format!("asignado: {ana} → {}", p.to)),
            "the trail has {}'s move",
            p.rfc
        );
    }
    // Nobody gets a file while away, whatever the plan says.
    let back = kyb_team::Placement {
        flow_id: plan.placements[0].flow_id.clone(),
        rfc: plan.placements[0].rfc.clone(),
        from: Some(plan.placements[0].to.clone()),
        to: ana.clone(),
    };
    f.boss
        .set_away(&ana, Some(chrono::Utc::now() + chrono::Duration::days(1)))
        .await
        .unwrap();
    assert!(matches!(
        f.boss.reassign(&[back]).await,
        Err(TeamError::Away { .. })
    ));
}

async fn beto_and_carla_have_nothing(f: &Desks, carla: &Team) -> bool {
    f.beto.files(QueueFilter::Mine).await.unwrap().is_empty()
        && carla.files(QueueFilter::Mine).await.unwrap().is_empty()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn names_and_values_made_to_inject_sql_are_refused() {
    let f = floor("kyb_wl_inject", 2).await;
    let beto = f.t.login("beto");
    let nasty = [
        "x'; DROP TABLE team_file; --",
        "beto' OR '1'='1",
        "\"; UPDATE team_member SET cap = 100; --",
    ];
    let tomorrow = chrono::Utc::now() + chrono::Duration::days(1);
    for name in nasty {
        assert!(matches!(
            f.boss.set_cap(name, 50).await,
            Err(TeamError::NotMember(n)) if n == name
        ));
        assert!(matches!(
            f.boss.set_away(name, Some(tomorrow)).await,
            Err(TeamError::NotMember(_))
        ));
        let file = f.boss.files(QueueFilter::All).await.unwrap()[0].clone();
        let to_nobody = kyb_team::Placement {
            flow_id: file.flow_id.clone(),
            rfc: file.rfc.clone(),
            from: None,
            to: name.into(),
        };
        assert!(matches!(
            f.boss.reassign(&[to_nobody]).await,
            Err(TeamError::NotMember(_))
        ));
        let no_such_file = kyb_team::Placement {
            flow_id: name.into(),
            rfc: name.into(),
            from: None,
            to: beto.clone(),
        };
        assert!(matches!(
            f.boss.reassign(&[no_such_file]).await,
            Err(TeamError::PlanChanged { .. })
        ));
    }
    // A plan naming a file twice, or empty, is refused.
    let file = f.boss.files(QueueFilter::All).await.unwrap()[0].clone();
    let twice = kyb_team::Placement {
        flow_id: file.flow_id,
        rfc: file.rfc,
        from: None,
        to: beto.clone(),
    };
    assert!(matches!(
        f.boss.reassign(&[twice.clone(), twice]).await,
        Err(TeamError::BadText)
    ));
    assert!(matches!(
        f.boss.reassign(&[]).await,
        Err(TeamError::BadText)
    ));
    // Everything is as it was.
    assert_eq!(
        f.boss.files(QueueFilter::Unassigned).await.unwrap().len(),
        2
    );
    assert!(
        f.boss
            .workload()
            .await
            .unwrap()
            .iter()
            .all(|w| w.cap == kyb_team::CAP_DEFAULT && w.away_until.is_none())
    );
    let _ = &f.ana_pw;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn the_database_s_final_statuses_are_kyb_api_s() {
    let t = TestTeam::new("kyb_wl_final").await;
    let mut owner = t.as_owner().await;
    let mut statuses: Vec<String> = kyb_api::file::DocumentStatus::KNOWN
        .iter()
        .map(|s| s.as_str().to_owned())
        .collect();
    statuses.extend(["aceptado", " FINALIZADO ", "", "Otro"].map(String::from));
    for status in statuses {
        let final_there: bool = sqlx::query_scalar("SELECT team_status_final($1)")
            .bind(&status)
            .fetch_one(&mut owner)
            .await
            .unwrap();
        assert_eq!(final_there, kyb_team::is_final(&status), "{status:?}");
    }
}

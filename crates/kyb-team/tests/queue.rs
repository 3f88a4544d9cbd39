//! The team's queue on a real PostgreSQL, two or more desks (members' own logins) on
//! one database.

mod common;

use std::collections::BTreeSet;

use common::other_workspace;
use kyb_team::testing::TestTeam;
use kyb_team::{NewTeamFile, QueueFilter, Role, Team, TeamError};

/// A team with a supervisor and an analyst, each at a desk.
async fn two_desks(prefix: &str) -> (TestTeam, Team, Team) {
    let t = TestTeam::new(prefix).await;
    let boss = t.supervisor("supervisora").await;
    let analyst = t.member(&boss, "analista", Role::Analyst).await;
    (t, boss, analyst)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_hundred_desks_taking_next_at_once_get_every_file_exactly_once() {
    let (t, first, second) = two_desks("kyb_next100").await;
    for n in 0..100 {
        let rfc = format!("AAA0101{n:02}AA1");
        assert!(
            first
                .follow("flujo", &rfc, "Pendiente")
                .await
                .expect("followed")
        );
    }
    assert!(
        !second
            .follow("flujo", "AAA010100AA1", "Pendiente")
            .await
            .expect("known")
    );
    // A file of another workspace is never handed out here.
    let elsewhere = other_workspace(&t, "otro").supervisor("alguien").await;
    elsewhere
        .follow("flujo", "ZZZ990101ZZ9", "Pendiente")
        .await
        .expect("followed");

    // A hundred takers at once: five members, each signed in on three desks (a pool
    // of its own each, well inside a login's connection limit of 16), and each desk
    // asking for several windows.
    let mut desks = Vec::new();
    for who in ["ana", "beto", "carla", "dario", "elena"] {
        let (desk, password) = t.member_with_password(&first, who, Role::Analyst).await;
        // Twenty files each: past the default cap (migration 0006), which is not
        // what this test is about.
        first.set_cap(&t.login(who), 100).await.expect("the cap");
        for _ in 1..3 {
            desks.push(
                Team::connect(t.options(&t.login(who), &password), &t.workspace)
                    .await
                    .expect("another desk of the member"),
            );
        }
        desks.push(desk);
    }
    let takers_logins: Vec<String> = ["ana", "beto", "carla", "dario", "elena"]
        .iter()
        .map(|who| t.login(who))
        .collect();
    let takers: Vec<_> = (0..100)
        .map(|n| {
            let desk = desks[n % desks.len()].clone();
            tokio::spawn(async move { desk.take_next().await })
        })
        .collect();
    let mut taken = BTreeSet::new();
    for taker in takers {
        let file = taker
            .await
            .expect("the task ends")
            .expect("the query answers")
            .expect("a file for each of the hundred");
        assert!(
            taken.insert(file.rfc.clone()),
            "{} handed out twice",
            file.rfc
        );
        let taker = file.assignee.expect("assigned");
        assert!(
            takers_logins.contains(&taker),
            "{taker} is one of the desks' logins"
        );
    }
    assert_eq!(taken.len(), 100);
    assert_eq!(first.take_next().await.expect("answers"), None);
    let waiting = elsewhere.files(QueueFilter::All).await.expect("listed");
    assert_eq!(
        waiting[0].assignee, None,
        "the other workspace's file waits"
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn take_next_hands_out_the_file_that_has_waited_longest_and_filters_see_it() {
    let (t, boss, analyst) = two_desks("kyb_next").await;
    boss.follow("flujo", "BBB020202BB2", "En Revisión")
        .await
        .expect("followed");
    boss.follow("flujo", "AAA010101AA1", "Pendiente")
        .await
        .expect("followed");
    let next = analyst.take_next().await.expect("answers").expect("a file");
    assert_eq!(
        next.rfc, "BBB020202BB2",
        "the one followed first waited longest"
    );
    assert_eq!(next.assignee, Some(t.login("analista")));

    let rfcs =
        |files: Vec<kyb_team::TeamFile>| files.into_iter().map(|f| f.rfc).collect::<Vec<_>>();
    assert_eq!(
        rfcs(analyst.files(QueueFilter::Mine).await.unwrap()),
        ["BBB020202BB2"]
    );
    assert_eq!(
        rfcs(analyst.files(QueueFilter::Unassigned).await.unwrap()),
        ["AAA010101AA1"]
    );
    assert_eq!(analyst.files(QueueFilter::All).await.unwrap().len(), 2);
    assert!(boss.files(QueueFilter::Mine).await.unwrap().is_empty());

    // A status change starts the file's wait again; the DocumentId is kept once known.
    boss.update_all(&[NewTeamFile {
        flow_id: "flujo".into(),
        rfc: "AAA010101AA1".into(),
        status: "Pendiente".into(),
        document_id: Some("doc-a".into()),
        updated_at: None,
    }])
    .await
    .expect("updated");
    let all = boss.files(QueueFilter::All).await.unwrap();
    assert_eq!(all[1].document_id.as_deref(), Some("doc-a"));

    // Only a supervisor assigns; a member gives back what they have.
    assert!(matches!(
        analyst
            .assign("flujo", "AAA010101AA1", Some(&t.login("analista")))
            .await,
        Err(TeamError::NotSupervisor)
    ));
    analyst
        .assign("flujo", "BBB020202BB2", None)
        .await
        .expect("given back");
    boss.assign("flujo", "AAA010101AA1", Some(&t.login("analista")))
        .await
        .expect("assigned");
    assert_eq!(
        rfcs(analyst.files(QueueFilter::Mine).await.unwrap()),
        ["AAA010101AA1"]
    );
    assert!(matches!(
        boss.assign("flujo", "AAA010101AA1", Some(&t.login("nadie")))
            .await,
        Err(TeamError::NotMember(_))
    ));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_desk_shares_thousands_of_files_in_one_statement_each_once() {
    let (_t, first, second) = two_desks("kyb_share").await;
    // The service's UpdatedAtUTC of an answer, `minutes` after ten o'clock.
    let ten_plus = |minutes: i64| {
        kyb_api::time::parse_timestamp("2026-11-24T10:00:00Z").unwrap()
            + chrono::TimeDelta::minutes(minutes)
    };
    let file = |n: usize| NewTeamFile {
        flow_id: " flujo ".into(),
        rfc: format!("AAA{n:06}AA1"),
        status: if n.is_multiple_of(2) {
            "Pendiente"
        } else {
            "En Revisión"
        }
        .into(),
        document_id: n.is_multiple_of(3).then(|| format!(" DOC-{n} ")),
        updated_at: Some(ten_plus(0)),
    };
    let files: Vec<_> = (0..5_000).map(file).collect();
    assert_eq!(first.follow_all(&files).await.expect("shared"), 5_000);
    // Another desk sharing an overlapping list, with a file given twice, adds only
    // what the queue lacks; what is there already stays as it was.
    let mut overlap: Vec<_> = (4_000..6_000).map(file).collect();
    overlap.push(file(5_999));
    overlap[0].status = "Rechazado".into();
    assert_eq!(second.follow_all(&overlap).await.expect("shared"), 1_000);
    assert_eq!(second.follow_all(&[]).await.expect("nothing"), 0);

    let all = second.files(QueueFilter::All).await.expect("listed");
    assert_eq!(all.len(), 6_000);
    let at = |rfc: &str| all.iter().find(|f| f.rfc == rfc).expect("in the queue");
    let shared = at("AAA004000AA1");
    assert_eq!(
        (shared.flow_id.as_str(), shared.status.as_str()),
        ("flujo", "Pendiente"),
        "trimmed, and the first desk's status kept"
    );
    assert_eq!(shared.document_id, None);
    assert_eq!(at("AAA005997AA1").document_id.as_deref(), Some("doc-5997"));
    assert!(all.iter().all(|f| f.assignee.is_none()));

    // What a refresh of them all learnt, a chunk a statement: only what is newer, or a
    // DocumentId the queue lacks, changes.
    let mut learnt: Vec<_> = (0..6_000).map(file).collect();
    for f in &mut learnt[..100] {
        f.status = "Aceptado".into();
        f.updated_at = Some(ten_plus(60));
    }
    // An older answer, as a desk that refreshed earlier has it: never taken.
    learnt[100].status = "Rechazado".into();
    learnt[100].updated_at = Some(ten_plus(-60));
    // One without a date: neither.
    learnt[101].status = "Rechazado".into();
    learnt[101].updated_at = None;
    learnt[5_997].document_id = None;
    learnt.push(file(9_999));
    assert_eq!(first.update_all(&learnt).await.expect("updated"), 100);
    assert_eq!(first.update_all(&learnt).await.expect("again"), 0);
    let all = second.files(QueueFilter::All).await.expect("listed");
    let of = |rfc: &str| all.iter().find(|f| f.rfc == rfc).expect("in the queue");
    assert_eq!(of("AAA000099AA1").status, "Aceptado");
    assert_eq!(
        of("AAA000100AA1").status,
        "Pendiente",
        "the older answer lost"
    );
    assert_eq!(
        of("AAA000101AA1").status,
        "En Revisión",
        "the undated answer lost"
    );
    assert_eq!(
        of("AAA005997AA1").document_id.as_deref(),
        Some("doc-5997"),
        "a DocumentId, once known, is kept"
    );
    assert_eq!(all.len(), 6_000, "a file the queue lacks is not added");

    // Two desks that refreshed at different times never undo each other in turn:
    // the older answer stays out, however often it is told.
    let mut older = file(0);
    older.status = "Pendiente".into();
    older.updated_at = Some(ten_plus(30));
    for _ in 0..3 {
        assert_eq!(
            second
                .update_all(std::slice::from_ref(&older))
                .await
                .expect("told"),
            0
        );
        assert_eq!(first.update_all(&learnt[..1]).await.expect("told"), 0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn two_desks_sharing_and_updating_overlapping_lists_at_once_never_deadlock() {
    let (_t, first, second) = two_desks("kyb_deadlock").await;
    let files = |round: usize, status: &str| -> Vec<NewTeamFile> {
        (0..2_000)
            .map(|n| NewTeamFile {
                flow_id: format!("flujo-{round}"),
                rfc: format!("AAA{n:06}AA1"),
                status: status.into(),
                document_id: None,
                updated_at: None,
            })
            .collect()
    };
    // Each desk's answers newer than the queue's, so that both change every row.
    let dated = |mut files: Vec<NewTeamFile>, minutes: i64| {
        let at = chrono::Utc::now() + chrono::TimeDelta::minutes(minutes);
        for f in &mut files {
            f.updated_at = Some(at);
        }
        files
    };
    for round in 0..10 {
        // The same files, given in opposite orders by the two desks.
        let mine = files(round, "Pendiente");
        let mut theirs = files(round, "Pendiente");
        theirs.reverse();
        let (a, b) = tokio::join!(first.follow_all(&mine), second.follow_all(&theirs));
        assert_eq!(a.expect("no deadlock") + b.expect("no deadlock"), 2_000);
        let mine = dated(files(round, "En Revisión"), 1);
        let mut theirs = dated(files(round, "Aceptado"), 2);
        theirs.reverse();
        let (a, b) = tokio::join!(first.update_all(&mine), second.update_all(&theirs));
        assert!(a.expect("no deadlock") + b.expect("no deadlock") >= 2_000);
    }
}

//! Members, claims, notes, the central trail, four eyes and live notice, with two or
//! more desks (each a member's own login) on one real PostgreSQL.

mod common;

use std::time::Duration;

use common::{Desks, PrivateCluster, desks, other_workspace, team_on};
use kyb_team::testing::TestTeam;
use kyb_team::{ApprovalAction, ApprovalState, Change, FourEyes, Role, TeamBreak, TeamError};

const NEW_FILE: &str = "POST /expedientes/nuevo";
const CANCEL: &str = "POST /verificaciones/{folio}/cancelar";
const LEASE: Duration = Duration::from_secs(60);

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn the_first_supervisor_adds_members_and_only_a_supervisor_sets_their_roles() {
    let t = TestTeam::new("kyb_roles").await;
    let boss = t.supervisor("jefa").await;
    let agent = t.member(&boss, "agente", Role::Analyst).await;
    assert_eq!(boss.role().await.unwrap(), Role::Supervisor);
    assert_eq!(agent.role().await.unwrap(), Role::Analyst);
    assert_eq!(agent.member(), t.login("agente"));
    assert!(matches!(
        agent.set_role(&t.login("jefa"), Role::Agent).await,
        Err(TeamError::NotSupervisor)
    ));
    boss.set_role(&t.login("agente"), Role::Agent)
        .await
        .unwrap();
    assert_eq!(agent.role().await.unwrap(), Role::Agent);
    assert!(matches!(
        boss.set_role(&t.login("jefa"), Role::Analyst).await,
        Err(TeamError::LastSupervisor)
    ));
    let members = boss.members().await.unwrap();
    assert_eq!(
        members
            .iter()
            .map(|m| (m.login.as_str(), m.email.as_str(), m.role))
            .collect::<Vec<_>>(),
        [
            (t.login("agente").as_str(), "agente@kybdesk.mx", Role::Agent),
            (
                t.login("jefa").as_str(),
                "jefa@kybdesk.mx",
                Role::Supervisor
            ),
        ]
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_claim_blocks_the_other_desk_until_released_or_its_lease_runs_out() {
    let Desks { t, ana, beto, .. } = desks("kyb_claims").await;
    let claim = ana.claim("doc-1", LEASE, false).await.unwrap();
    assert_eq!(claim.member, t.login("ana"));
    // Renewing keeps the time it was taken.
    let renewed = ana.claim("doc-1", LEASE, false).await.unwrap();
    assert_eq!(renewed.since, claim.since);
    match beto.claim("doc-1", LEASE, false).await {
        Err(TeamError::Claimed {
            member,
            since,
            until,
        }) => {
            assert_eq!(until, renewed.lease_until, "until when her lease runs");
            assert_eq!(member, t.login("ana"));
            assert_eq!(since, claim.since);
        }
        other => panic!("refused, naming who: {other:?}"),
    }
    // The same file however its id is written; asking to take a lapsed claim takes
    // nothing while the lease runs.
    assert!(matches!(
        beto.claim(" DOC-1", LEASE, true).await,
        Err(TeamError::Claimed { .. })
    ));
    // Releasing someone else's claim changes nothing.
    beto.release("doc-1").await.unwrap();
    assert_eq!(
        beto.holder("doc-1").await.unwrap().map(|c| c.member),
        Some(t.login("ana"))
    );
    ana.release("doc-1").await.unwrap();
    beto.claim("doc-1", LEASE, false).await.unwrap();

    // A lease not renewed frees the file: no desk shows it held, and the next member
    // takes it once told whose it was.
    ana.claim("doc-2", LEASE, false).await.unwrap();
    assert!(beto.claim("doc-2", LEASE, false).await.is_err());
    t.lapse_claim("doc-2").await;
    assert!(beto.holder("doc-2").await.unwrap().is_none(), "expired");
    assert!(matches!(
        beto.claim("doc-2", LEASE, false).await,
        Err(TeamError::Lapsed { .. })
    ));
    let taken = beto.claim("doc-2", LEASE, true).await.unwrap();
    assert_eq!(taken.member, t.login("beto"));
    assert_eq!(ana.claims().await.unwrap().len(), 2);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_supervisor_takes_a_claim_over_with_a_reason_the_trail_keeps() {
    let Desks {
        t, boss, ana, beto, ..
    } = desks("kyb_takeover").await;
    ana.claim("doc-1", LEASE, false).await.unwrap();
    assert!(matches!(
        beto.take_over("doc-1", "urgente", LEASE).await,
        Err(TeamError::NotSupervisor)
    ));
    let blank = boss.take_over("doc-1", "  ", LEASE).await;
    assert!(matches!(blank, Err(TeamError::BadText)), "{blank:?}");
    let claim = boss
        .take_over("doc-1", "Ana está de vacaciones", LEASE)
        .await
        .unwrap();
    assert_eq!(claim.member, t.login("jefa"));
    let trail = ana.trail(10).await.unwrap();
    let last = trail.last().expect("an entry");
    assert_eq!(last.operation, "team: claim-taken-over");
    assert_eq!(last.member, t.login("jefa"));
    assert!(last.summary.contains(&t.login("ana")) && last.summary.contains("vacaciones"));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn notes_are_shared_in_their_authors_name_and_checked() {
    let Desks {
        t, boss, ana, beto, ..
    } = desks("kyb_notes").await;
    kyb_team::testing::know_files(&boss, &["doc-1"]).await;
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
    let notes = beto.notes("DOC-1").await.unwrap();
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].body, "El comprobante es de otro domicilio.");
    assert_eq!(notes[0].member, t.login("ana"));
    assert!(beto.notes("doc-2").await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn desks_writing_to_the_trail_at_once_keep_one_chain_and_a_superusers_edit_is_found() {
    let Desks {
        t, boss, ana, beto, ..
    } = desks("kyb_chain").await;
    // The set-up's two entries (the members added) come first.
    let before = boss.head().await.unwrap().seq;
    assert_eq!(before, 3, "the first supervisor, then two members");

    let writers: Vec<_> = (0..30)
        .map(|n| {
            let desk = if n % 2 == 0 {
                ana.clone()
            } else {
                beto.clone()
            };
            tokio::spawn(async move {
                let (intent, _) = desk
                    .intent(NEW_FILE, &format!("RFC-{n}"), "alta de expediente")
                    .await?;
                let outcome = desk.outcome(intent, true, None, None, false).await?;
                Ok::<_, TeamError>([intent, outcome])
            })
        })
        .collect();
    let mut seqs = Vec::new();
    for writer in writers {
        seqs.extend(writer.await.unwrap().expect("written"));
    }
    seqs.sort_unstable();
    assert_eq!(
        seqs,
        (before + 1..=before + 60).collect::<Vec<_>>(),
        "one chain, no fork, no gap"
    );
    let chain = beto.verify_chain().await.unwrap();
    assert_eq!((chain.entries, chain.breaks.len()), (63, 0), "{chain:?}");
    assert_eq!(chain.head.seq, 63);

    // A superuser gets round the rights and the triggers; the chain finds the edit.
    let mut superuser = t.as_superuser().await;
    sqlx::raw_sql("SET session_replication_role = replica")
        .execute(&mut superuser)
        .await
        .unwrap();
    sqlx::query(
        "UPDATE team_audit SET summary = 'nada que ver' WHERE workspace_id = $1 AND seq = 7",
    )
    .bind(&t.workspace)
    .execute(&mut superuser)
    .await
    .unwrap();
    assert_eq!(
        ana.verify_chain().await.unwrap().breaks,
        [TeamBreak::Modified { seq: 7 }]
    );
    sqlx::query("DELETE FROM team_audit WHERE workspace_id = $1 AND seq IN (20, 63)")
        .bind(&t.workspace)
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
            TeamBreak::HeadMismatch { head: 63, last: 62 },
        ]
    );
}

/// The next change a desk hears, the trail's own notices passed over: a claim taken or
/// let go also writes the trail (migration 0009), heard as `Audit`.
async fn next_but_the_trail(hears: &mut kyb_team::Listener) -> Change {
    loop {
        let change = tokio::time::timeout(Duration::from_secs(10), hears.next())
            .await
            .expect("heard")
            .expect("a change");
        if change != Change::Audit {
            return change;
        }
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_change_on_one_desk_is_heard_on_the_other() {
    let Desks {
        t, boss, ana, beto, ..
    } = desks("kyb_live").await;
    kyb_team::testing::know_files(&boss, &["doc-1"]).await;
    let mut hears = beto.listen().await.expect("listens");
    // Another workspace's change is not this desk's.
    let elsewhere = other_workspace(&t, "otro").supervisor("otra").await;
    kyb_team::testing::know_files(&elsewhere, &["doc-1"]).await;
    elsewhere.add_note("doc-1", "de otro equipo").await.unwrap();
    ana.claim("doc-1", LEASE, false).await.unwrap();
    assert_eq!(next_but_the_trail(&mut hears).await, Change::Claims);
    ana.add_note("doc-1", "hola").await.unwrap();
    assert_eq!(next_but_the_trail(&mut hears).await, Change::Notes);

    // Ana's review renews its claim: no news. Letting it go, and Beto taking it, are.
    ana.claim("doc-1", LEASE, false).await.unwrap();
    ana.release("doc-1").await.unwrap();
    assert_eq!(
        next_but_the_trail(&mut hears).await,
        Change::Claims,
        "the release"
    );
    beto.claim("doc-1", LEASE, false).await.unwrap();
    beto.add_note("doc-1", "después").await.unwrap();
    let mut after: Vec<Change> = Vec::new();
    while after.last() != Some(&Change::Notes) {
        after.push(next_but_the_trail(&mut hears).await);
    }
    assert_eq!(
        after,
        [Change::Claims, Change::Notes],
        "Beto's claim, then his note; the renewal said nothing"
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_take_is_heard_once_it_has_committed_and_its_own_transaction_says_nothing() {
    let t = TestTeam::new("kyb_taken").await;
    let boss = t.supervisor("jefa").await;
    let (ana, ana_pw) = t.member_with_password(&boss, "ana", Role::Analyst).await;
    let beto = t.member(&boss, "beto", Role::Analyst).await;
    for rfc in ["AAA010101AA1", "AAA010102AA1", "AAA010103AA1"] {
        boss.follow("flujo", rfc, "Pendiente").await.unwrap();
    }
    kyb_team::testing::know_files(&boss, &["doc-1"]).await;
    let mut hears = beto.listen().await.expect("listens");
    // A desk's take next is heard (the desk tells it once the take has committed).
    let taken = ana.take_next().await.unwrap().expect("a file");
    assert_eq!(
        next_but_the_trail(&mut hears).await,
        Change::Queue,
        "{taken:?}"
    );
    // The quiet take's own transaction notifies nobody: notices arrive in commit
    // order, and the note written after it is the next one heard.
    let mut hand = t.by_hand(&t.login("ana"), &ana_pw).await;
    let (rfc,): (String,) = sqlx::query_as("SELECT rfc FROM team_take_next_quietly($1)")
        .bind(&t.workspace)
        .fetch_one(&mut hand)
        .await
        .unwrap();
    ana.add_note("doc-1", "después de tomar").await.unwrap();
    assert_eq!(
        next_but_the_trail(&mut hears).await,
        Change::Notes,
        "{rfc} taken quietly"
    );
    // A desk of an older version takes with team_take_next, and is heard at once.
    let (older,): (String,) = sqlx::query_as("SELECT rfc FROM team_take_next($1)")
        .bind(&t.workspace)
        .fetch_one(&mut hand)
        .await
        .unwrap();
    assert_eq!(
        next_but_the_trail(&mut hears).await,
        Change::Queue,
        "{older} taken by an older desk"
    );
    ana.assign("flujo", &older, None).await.unwrap();
    assert_eq!(
        next_but_the_trail(&mut hears).await,
        Change::Queue,
        "given back"
    );
    // Any other change of the queue is heard from its own transaction: a file given
    // back, and a supervisor assigning one.
    ana.assign("flujo", &rfc, None).await.unwrap();
    assert_eq!(
        next_but_the_trail(&mut hears).await,
        Change::Queue,
        "given back"
    );
    boss.assign("flujo", &rfc, Some(&t.login("jefa")))
        .await
        .unwrap();
    assert_eq!(
        next_but_the_trail(&mut hears).await,
        Change::Queue,
        "assigned to herself"
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn four_eyes_one_asks_another_supervisor_approves_and_sends_once() {
    let t = TestTeam::new("kyb_foureyes").await;
    let boss = t.supervisor("jefa").await;
    let ana = t.issued("ana", Role::Supervisor).await.0;
    let beto = t.member(&boss, "beto", Role::Analyst).await;
    assert!(
        !beto.four_eyes().await.unwrap().on,
        "off until a team turns it on"
    );
    let on = FourEyes {
        on: true,
        resend_limit: 1,
    };
    assert!(matches!(
        beto.set_four_eyes(on).await,
        Err(TeamError::NotSupervisor)
    ));
    boss.set_four_eyes(on).await.unwrap();
    let setting = beto.four_eyes().await.unwrap();
    assert!(setting.needs_approval(ApprovalAction::Cancel, 0));
    assert!(!setting.needs_approval(ApprovalAction::Resend, 0));
    assert!(setting.needs_approval(ApprovalAction::Resend, 1));
    // Without an approval the database refuses the cancellation's intent.
    assert!(matches!(
        beto.intent(CANCEL, "FOLIO-1", "cancelar").await,
        Err(TeamError::NeedsApproval { .. })
    ));

    let asked = beto
        .ask_approval(ApprovalAction::Cancel, "FOLIO-1", "El cliente se retiró")
        .await
        .unwrap();
    assert_eq!(asked.asked_by, t.login("beto"));
    assert!(matches!(
        // The same folio in another case is the same request.
        beto.ask_approval(ApprovalAction::Cancel, "folio-1 ", "otra vez")
            .await,
        Err(TeamError::AlreadyAsked)
    ));
    let approved = ana.decide_approval(&asked, true).await.unwrap();
    assert_eq!(approved.state, ApprovalState::Approved);
    assert_eq!(approved.decided_by, Some(t.login("ana")));
    assert!(matches!(
        boss.decide_approval(&asked, true).await,
        Err(TeamError::NotWaiting)
    ));
    // The approver's desk sends: its intent uses the approval; the requester's is
    // still refused.
    assert!(matches!(
        beto.intent(CANCEL, "FOLIO-1", "cancelar").await,
        Err(TeamError::NeedsApproval { .. })
    ));
    let (intent, used) = ana.intent(CANCEL, "Folio-1", "cancelar").await.unwrap();
    assert_eq!(used, Some(asked.id));
    ana.outcome(intent, true, None, None, false).await.unwrap();
    assert!(ana.open_approvals().await.unwrap().is_empty());
    let steps: Vec<_> = boss
        .trail(5)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.operation, e.member))
        .collect();
    let step = |operation: &str, who: &str| (operation.to_owned(), t.login(who));
    assert_eq!(
        steps,
        [
            step("team: four-eyes-set", "jefa"),
            step("team: approval-asked", "beto"),
            step("team: approval-given", "ana"),
            step(CANCEL, "ana"),
            step(CANCEL, "ana"),
        ]
    );
    // A declined request can be asked again.
    let again = beto
        .ask_approval(ApprovalAction::Resend, "FOLIO-2", "no le llegó")
        .await
        .unwrap();
    ana.decide_approval(&again, false).await.unwrap();
    beto.ask_approval(ApprovalAction::Resend, "FOLIO-2", "ahora sí")
        .await
        .unwrap();
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_database_stopped_mid_session_is_unreachable_and_found_again_with_the_send_completed() {
    let mut cluster = PrivateCluster::start();
    let t = team_on(&cluster.url(), "kyb_outage").await;
    let boss = t.supervisor("jefa").await;
    let ana = t.member(&boss, "ana", Role::Analyst).await;
    kyb_team::testing::know_files(&boss, &["doc-1"]).await;
    ana.claim("doc-1", LEASE, false).await.unwrap();
    ana.add_note("doc-1", "antes").await.unwrap();
    // A send's intent reaches the trail; PostgreSQL dies before its outcome does.
    let (intent, _) = ana.intent(NEW_FILE, "RFC-1", "alta").await.unwrap();

    cluster.stop();
    let started = std::time::Instant::now();
    let refused = ana.claim("doc-1", LEASE, false).await.unwrap_err();
    assert!(refused.is_unreachable(), "{refused:?}");
    assert!(
        ana.add_note("doc-1", "durante")
            .await
            .unwrap_err()
            .is_unreachable()
    );
    assert!(
        ana.outcome(intent, true, None, None, false)
            .await
            .unwrap_err()
            .is_unreachable()
    );
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "the desk is told, not left waiting"
    );

    cluster.resume();
    ana.claim("doc-1", LEASE, false)
        .await
        .expect("the pool connects again, with the member's password");
    let notes = ana.notes("doc-1").await.unwrap();
    assert_eq!(
        notes.iter().map(|n| n.body.as_str()).collect::<Vec<_>>(),
        ["antes"]
    );
    // The open intent is there to complete from the desk's local log, once.
    let open = ana.my_open_intents().await.unwrap();
    assert_eq!(open.iter().map(|i| i.seq).collect::<Vec<_>>(), [intent]);
    let late = ana.outcome(intent, true, None, None, true).await.unwrap();
    assert!(ana.my_open_intents().await.unwrap().is_empty());
    let entry = ana.trail(1).await.unwrap().pop().unwrap();
    assert_eq!((entry.seq, entry.completes), (late, Some(intent)));
    assert!(
        entry.summary.contains("registro local"),
        "{}",
        entry.summary
    );
    assert!(boss.verify_chain().await.unwrap().breaks.is_empty());
}

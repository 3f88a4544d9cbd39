//! Two desks of one team on the demo sandbox and a real PostgreSQL (the session's
//! cluster, a database of each test's own): the team's rules where the desk sends.
//! Ignored by default (they need the cluster): `make test` runs them.

mod common;

use common::{DemoDesk, added, in_team, join_team, rejection, session_host};
use kyb_desk_core::drafts::Draft;
use kyb_desk_core::error::{DeskCode, Details, TeamCode};
use kyb_desk_core::profiles::Profile;
use kyb_team::testing::TestTeam;
use kyb_team::{ApprovalAction, FourEyes, QueueFilter, Role, Team, TeamAddress};

/// A team's database on the session's cluster, set up as docs/OPERATIONS.md tells a company
/// (an owner role, a login per member), for the demo's workspace; its first
/// supervisor adds the desks' members.
struct TeamDatabase {
    team: TestTeam,
    boss: Team,
}

impl TeamDatabase {
    async fn new(workspace: &str) -> Self {
        let mut team = TestTeam::new("kyb_desk").await;
        team.workspace = workspace.to_owned();
        let boss = team.supervisor("jefa").await;
        Self { team, boss }
    }

    /// `demo` joins the team as `who`, with `role`: its profile names the login, and
    /// the one-time password goes in its keyring (the desk replaces it at its first
    /// connection). The first supervisor adds an analyst or an agent; a supervisor's
    /// login is the set-up's to issue, so that four eyes counts her a person apart from
    /// the members the first supervisor made.
    async fn join(&self, demo: &DemoDesk, profile: &Profile, who: &str, role: Role) {
        let one_time = if role == Role::Supervisor {
            kyb_team::setup::issue_login(
                &self.team.owner,
                &self.team.workspace,
                &self.team.login(who),
                &format!("{who}@kybdesk.mx"),
                role,
                false,
            )
            .await
            .expect("issued")
            .expect("a one-time password")
        } else {
            added(&self.team, &self.boss, who, role).await
        };
        join_team(demo, profile, &self.team, &session_host(), who, &one_time).await;
    }
}

/// The first desk on the demo sandbox, and the team's database for its workspace.
async fn first(who: &str, role: Role) -> (TeamDatabase, DemoDesk) {
    let demo = DemoDesk::start().await;
    let db = TeamDatabase::new(&demo.profile.workspace_id).await;
    let profile = demo.profile.clone();
    db.join(&demo, &profile, who, role).await;
    (db, demo)
}

/// Another desk on the first desk's sandbox (one service, one team).
async fn second(db: &TeamDatabase, first: &DemoDesk, who: &str, role: Role) -> DemoDesk {
    let demo = DemoDesk::start().await;
    let profile = kyb_desk_core::demo::install(&demo.desk, first.manifest()).expect("profile");
    demo.desk.activate_profile(&profile.id).expect("active");
    db.join(&demo, &profile, who, role).await;
    demo
}

/// The approver's desk approved, then failed before the call left (the team lost
/// between the two, the desk closed): the request is approved and unused. Approving
/// it again from her desk sends it; it is not "already decided".
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn an_approved_request_whose_call_never_left_is_sent_when_approved_again() {
    let (db, ana) = first("ana", Role::Analyst).await;
    // Lider's login is the set-up's; her library connection stands for her desk's
    // first attempt, and her desk keeps the same password.
    let (lider_team, password) = db.team.issued("lider", Role::Supervisor).await;
    let lider = DemoDesk::start().await;
    let profile = kyb_desk_core::demo::install(&lider.desk, ana.manifest()).expect("profile");
    lider.desk.activate_profile(&profile.id).expect("active");
    join_team(
        &lider,
        &profile,
        &db.team,
        &session_host(),
        "lider",
        &password,
    )
    .await;
    let folio = ana.manifest().examples.folios["Abierto"].clone();
    db.boss
        .set_four_eyes(FourEyes {
            on: true,
            resend_limit: 1,
        })
        .await
        .expect("set");
    let asked = ana
        .desk
        .ask_approval(ApprovalAction::Cancel, &folio, "El cliente desistió")
        .await
        .expect("asked");
    lider_team
        .decide_approval(&asked, true)
        .await
        .expect("approved; the call never left");
    let sent = lider
        .desk
        .decide_approval(&(&asked).into(), true)
        .await
        .expect("approved again: sent");
    assert_eq!(sent.id, asked.id);
    let state = ana.desk.verification(&folio).await.expect("read");
    assert!(
        !state.can_cancel,
        "cancelled by the approver's desk: {state:?}"
    );
    // Sent once: a third press is told the request is closed.
    assert_eq!(
        lider
            .desk
            .decide_approval(&(&asked).into(), true)
            .await
            .expect_err("closed")
            .code,
        TeamCode::ApprovalClosed
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_claim_on_one_desk_refuses_the_others_correction_and_keeps_its_draft() {
    let (db, ana) = first("ana", Role::Analyst).await;
    let beto = second(&db, &ana, "beto", Role::Analyst).await;
    let (ana_login, beto_login) = (db.team.login("ana"), db.team.login("beto"));
    let id = ana.manifest().examples.document_id.to_string();
    let detail = match ana.desk.file_detail(&id).await.expect("detail") {
        kyb_desk_core::desk::FileDetail::V2 { detail, .. } => detail,
        other => panic!("version 2: {other:?}"),
    };
    let section = detail.section_ids()[0].name.clone();

    let claim = ana.desk.claim_file(&id, false).await.expect("claimed");
    let draft = beto
        .desk
        .save_draft(Draft {
            mensaje_general: "lo que Beto escribió".into(),
            ..common::draft_of(&rejection(&id, &section))
        })
        .expect("saved");
    let preview = beto.desk.preview_correction(&id).expect("previewed");
    let refused = beto
        .desk
        .send_correction(&id, &preview.previewed)
        .await
        .expect_err("refused");
    assert_eq!(refused.code, TeamCode::ClaimedByOther);
    assert_eq!(
        refused.details.as_deref(),
        Some(&Details::ClaimedByOther {
            holder: ana_login.clone(),
            since: claim.since.clone(),
            until: claim.lease_until.clone()
        })
    );
    assert_eq!(
        beto.desk.load_draft(&id).expect("read"),
        Some(draft),
        "nothing typed is lost"
    );
    assert!(
        !beto
            .desk
            .audit_entries()
            .expect("log")
            .entries
            .iter()
            .any(|e| e.record.target == id),
        "a refused call leaves no intent"
    );

    // Ana sends: intent and outcome in the team's trail, the claim let go.
    common::send_correction(&ana.desk, rejection(&id, &section))
        .await
        .expect("sent");
    let trail = beto.desk.team_trail(50).await.expect("trail");
    // The service call's own entries (the claim's changes are the trail's too, since
    // migration 0009: its release on send is the last).
    let mine: Vec<_> = trail
        .entries
        .iter()
        .filter(|e| !e.operation.starts_with("team: "))
        .map(|e| (e.member.as_str(), e.code.as_deref(), e.completes.is_some()))
        .collect();
    let last = trail.entries.last().expect("an entry");
    assert_eq!(
        (
            last.member.as_str(),
            last.operation.as_str(),
            last.summary.as_str()
        ),
        (
            ana_login.as_str(),
            "team: claimed",
            format!("{ana_login} → —").as_str()
        ),
        "the claim let go on send, in the trail with old and new"
    );
    assert_eq!(
        mine[mine.len() - 2..],
        [
            (ana_login.as_str(), Some("intent"), false),
            (ana_login.as_str(), None, true)
        ],
        "in Ana's name, as her login: the database's, not her desk's say"
    );
    assert!(trail.chain.breaks.is_empty());
    assert!(
        beto.desk.claim_file(&id, false).await.is_ok(),
        "the claim was released on send"
    );

    // The files each desk follows are the team's queue.
    ana.desk
        .watch_file(
            &ana.manifest().examples.flow_id,
            &ana.manifest().examples.rfc,
        )
        .expect("followed");
    let queue = beto.desk.team_queue(QueueFilter::All).await.expect("queue");
    assert!(
        queue.files.is_empty(),
        "shared when Ana's desk next reads the queue"
    );
    assert_eq!(queue.me, beto_login);
    assert_eq!(
        beto.desk.watchlist().expect("list").len(),
        0,
        "before Ana's desk shared it"
    );
    ana.desk.team_queue(QueueFilter::All).await.expect("shared");
    let queue = beto.desk.team_queue(QueueFilter::All).await.expect("queue");
    assert_eq!(queue.files.len(), 1);
    assert_eq!(
        beto.desk.watchlist().expect("list").len(),
        1,
        "followed here too"
    );
    let taken = beto
        .desk
        .take_next()
        .await
        .expect("answers")
        .expect("a file");
    assert_eq!(taken.assignee.as_deref(), Some(beto_login.as_str()));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn four_eyes_a_cancellation_waits_for_a_supervisor_whose_desk_sends_it() {
    let (db, boss) = first("lider", Role::Supervisor).await;
    let ana = second(&db, &boss, "ana", Role::Analyst).await;
    let (ana_login, boss_login) = (db.team.login("ana"), db.team.login("lider"));
    let folio = boss.manifest().examples.folios["Abierto"].clone();
    boss.desk
        .set_four_eyes(FourEyes {
            on: true,
            resend_limit: 1,
        })
        .await
        .expect("set");
    let refused = ana
        .desk
        .cancel_verification(&folio)
        .await
        .expect_err("waits");
    assert_eq!(refused.code, TeamCode::NeedsApproval);
    let asked = ana
        .desk
        .ask_approval(ApprovalAction::Cancel, &folio, "El cliente desistió")
        .await
        .expect("asked");
    assert_eq!(
        ana.desk
            .decide_approval(&(&asked).into(), true)
            .await
            .expect_err("an analyst")
            .code,
        TeamCode::NotSupervisor
    );
    boss.desk
        .decide_approval(&(&asked).into(), true)
        .await
        .expect("approved and sent");
    let state = ana.desk.verification(&folio).await.expect("read");
    assert!(
        !state.can_cancel,
        "cancelled by the approver's desk: {state:?}"
    );
    let steps: Vec<_> = ana
        .desk
        .team_trail(50)
        .await
        .expect("trail")
        .entries
        .into_iter()
        .map(|e| (e.operation, e.member))
        .collect();
    let cancel = kyb_api::Operation::CancelVerification.route().to_owned();
    assert_eq!(
        steps[steps.len() - 4..],
        [
            ("team: approval-asked".to_owned(), ana_login.clone()),
            ("team: approval-given".to_owned(), boss_login.clone()),
            (cancel.clone(), boss_login.clone()),
            (cancel, boss_login.clone()),
        ]
    );
    assert!(ana.desk.open_approvals().await.expect("read").is_empty());
}

#[tokio::test]
async fn without_the_database_reads_go_on_and_sends_are_refused_with_the_draft_kept() {
    let nowhere = TeamAddress {
        host: "/nonexistent/kyb-socket".into(),
        port: kyb_team::DEFAULT_PORT,
        database: "kyb".into(),
        user: "ana".into(),
    };
    let ana = DemoDesk::start().await;
    ana.desk
        .save_profile(in_team(&ana.profile, "ana@kybdesk.mx", Some(nowhere)))
        .expect("in the team");
    let id = ana.manifest().examples.document_id.to_string();
    ana.desk
        .file_detail(&id)
        .await
        .expect("the service is read");
    ana.desk
        .tracking(
            &ana.manifest().examples.flow_id,
            &ana.manifest().examples.rfc,
        )
        .await
        .expect("tracking too");
    let draft = ana
        .desk
        .save_draft(Draft {
            mensaje_general: "a medias".into(),
            ..common::draft_of(&rejection(&id, "Documentos"))
        })
        .expect("saved");
    let preview = ana.desk.preview_correction(&id).expect("previewed");
    let refused = ana
        .desk
        .send_correction(&id, &preview.previewed)
        .await
        .expect_err("refused");
    assert_eq!(refused.code, TeamCode::TeamUnreachable);
    assert_eq!(ana.desk.load_draft(&id).expect("read"), Some(draft));
    let status = ana.desk.team_status().await.expect("status");
    assert!(status.configured && !status.connected);
    assert_eq!(
        status.problem.map(|p| p.code),
        Some(TeamCode::TeamUnreachable.into())
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_desk_listens_once_a_new_listener_ends_the_one_before() {
    let (db, ana) = first("ana", Role::Analyst).await;
    let beto = second(&db, &ana, "beto", Role::Analyst).await;
    let mut before = ana.desk.listen_team().await.expect("listens");
    let mut after = ana.desk.listen_team().await.expect("listens again");
    let ended = tokio::time::timeout(std::time::Duration::from_secs(5), before.next())
        .await
        .expect("answers at once")
        .expect("no error");
    assert_eq!(ended, None, "the first listener gave way");
    // Beto's desk joins the team on its first need (a change of members), then notes.
    kyb_team::testing::know_files(&db.boss, &["doc-1"]).await;
    beto.desk
        .add_note("doc-1", "hola", &uuid::Uuid::new_v4().to_string())
        .await
        .expect("noted");
    let heard = tokio::time::timeout(std::time::Duration::from_secs(10), async {
        loop {
            let change = after
                .next()
                .await
                .expect("no error")
                .expect("still listening");
            if change == kyb_team::Change::Notes {
                return change;
            }
        }
    })
    .await
    .expect("the note is heard");
    assert_eq!(heard, kyb_team::Change::Notes);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn an_approved_request_is_sent_and_closed_even_with_four_eyes_off() {
    let (db, boss) = first("lider", Role::Supervisor).await;
    let ana = second(&db, &boss, "ana", Role::Analyst).await;
    let folio = boss.manifest().examples.folios["Abierto"].clone();
    let asked = ana
        .desk
        .ask_approval(ApprovalAction::Cancel, &folio, "Pide una segunda opinión")
        .await
        .expect("asked");
    boss.desk
        .decide_approval(&(&asked).into(), true)
        .await
        .expect("approved and sent");
    assert!(
        !ana.desk
            .verification(&folio)
            .await
            .expect("read")
            .can_cancel
    );
    assert!(
        boss.desk.open_approvals().await.expect("read").is_empty(),
        "the request was closed as sent"
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_call_this_desk_cannot_record_is_not_sent_and_the_team_trail_says_so() {
    let (_db, ana) = first("ana", Role::Analyst).await;
    let folio = ana.manifest().examples.folios["Abierto"].clone();
    // The local log cannot be written: a folder where its file goes.
    let log = kyb_desk_core::desk::audit_path(ana.data_dir());
    if log.exists() {
        std::fs::remove_file(&log).expect("removed");
    }
    std::fs::create_dir(&log).expect("blocked");
    let refused = ana
        .desk
        .cancel_verification(&folio)
        .await
        .expect_err("not sent");
    assert_eq!(refused.code, DeskCode::Storage);
    std::fs::remove_dir(&log).expect("unblocked");
    assert!(
        ana.desk
            .verification(&folio)
            .await
            .expect("read")
            .can_cancel,
        "not cancelled"
    );
    let trail = ana.desk.team_trail(10).await.expect("trail").entries;
    let [.., intent, outcome] = &trail[..] else {
        panic!("an intent and its outcome: {trail:?}")
    };
    assert_eq!(intent.code.as_deref(), Some("intent"));
    assert_eq!(outcome.completes, Some(intent.seq));
    assert!(!outcome.ok);
    assert_eq!(outcome.code.as_deref(), Some("storage"));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_desk_joining_a_team_of_thousands_of_files_shares_and_follows_them_all_at_once() {
    let (db, ana) = first("ana", Role::Analyst).await;
    let beto = second(&db, &ana, "beto", Role::Analyst).await;
    let flow = ana.manifest().examples.flow_id.clone();
    let rfcs = |range: std::ops::Range<usize>| -> String {
        range
            .map(|n| {
                format!(
                    "AAA{:02}01{:02}{:03},{flow}\n",
                    n / 1000,
                    n % 28 + 1,
                    n % 1000
                )
            })
            .collect::<String>()
    };
    // Ana follows 3,000 files; Beto 500 of his own, 100 of them Ana's too.
    let report = ana
        .desk
        .import_watchlist_csv(&rfcs(0..3_000), &flow)
        .expect("imported");
    assert_eq!(report.added, 3_000);
    beto.desk
        .import_watchlist_csv(&rfcs(2_900..3_400), &flow)
        .expect("imported");

    let queue = ana.desk.team_queue(QueueFilter::All).await.expect("shared");
    assert_eq!(queue.files.len(), 3_000);
    let queue = beto
        .desk
        .team_queue(QueueFilter::All)
        .await
        .expect("joined");
    assert_eq!(queue.files.len(), 3_400, "Beto's 400 files shared");
    let followed = beto.desk.watchlist().expect("list");
    assert_eq!(
        followed.len(),
        3_400,
        "Ana's 2,900 others followed on Beto's desk"
    );
    let mut keys: Vec<_> = followed.iter().map(|f| f.rfc.as_str()).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), 3_400, "each file once");
    // Ana's desk follows Beto's 400, and a second read changes nothing.
    ana.desk.team_queue(QueueFilter::All).await.expect("read");
    assert_eq!(ana.desk.watchlist().expect("list").len(), 3_400);
    let again = beto.desk.team_queue(QueueFilter::All).await.expect("read");
    assert_eq!(again.files, queue.files);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn what_a_member_writes_into_the_queue_is_followed_here_only_if_it_could_be_by_hand() {
    let (db, ana) = first("ana", Role::Analyst).await;
    let flow = ana.manifest().examples.flow_id.clone();
    // Another member writes rows of their own into the queue, by hand.
    let mallory = db.team.member(&db.boss, "mallory", Role::Analyst).await;
    let row = |flow: &str, rfc: &str, document_id: Option<&str>| kyb_team::NewTeamFile {
        flow_id: flow.into(),
        rfc: rfc.into(),
        status: "Pendiente".into(),
        document_id: document_id.map(str::to_owned),
        updated_at: None,
    };
    let uuid = "0b5b3c1e-4f0a-4c55-9a8e-3f7f6d2a9b10";
    mallory
        .follow_all(&[
            row(&flow, "AAA010101AA1", Some(uuid)),
            row(&flow, "BBB020202BB2", Some("../../etc/passwd")),
            row(&flow, "no es un RFC", None),
            row("flujo-de-nadie", "CCC030303CC3", None),
            // Lower case and Unicode: one file, followed once, however often it is read.
            row(&flow, "ñaa040404aa4", None),
            row(&flow, "ÑAA040404AA4", None),
        ])
        .await
        .expect("written");
    // What the database itself refuses never reaches the queue: a call with a row
    // it cannot take writes none.
    let refused = mallory
        .follow_all(&[
            row(&flow, "EEE050505EE5", None),
            row(&flow, &"D".repeat(100_000), None),
        ])
        .await;
    assert!(
        matches!(refused, Err(kyb_team::TeamError::BadText)),
        "{refused:?}"
    );

    for _ in 0..3 {
        ana.desk.team_queue(QueueFilter::All).await.expect("read");
    }
    let followed: Vec<_> = ana
        .desk
        .watchlist()
        .expect("list")
        .into_iter()
        .map(|f| (f.flow_id, f.rfc, f.document_id))
        .collect();
    assert_eq!(
        followed,
        [
            (
                flow.clone(),
                "AAA010101AA1".to_owned(),
                Some(uuid.to_owned())
            ),
            (flow.clone(), "BBB020202BB2".to_owned(), None),
            (flow.clone(), "ÑAA040404AA4".to_owned(), None),
        ],
        "a valid file of the profile's flows, without a DocumentId that is none"
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_team_s_dossier_holds_its_trail_notes_and_signed_checkpoint() {
    let (db, lider) = first("lider", Role::Supervisor).await;
    let examples = lider.manifest().examples.clone();
    let document_id = examples.document_id.to_string();
    kyb_team::testing::know_files(&db.boss, &[&document_id]).await;
    lider
        .desk
        .add_note(
            &document_id,
            "¿El comprobante está vigente? Revisó Begoña.",
            &uuid::Uuid::new_v4().to_string(),
        )
        .await
        .expect("noted");
    lider.desk.sign_team_checkpoint().await.expect("signed");
    let files = lider.evidence_files();
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("expediente.zip");
    let exported = lider
        .export_example_dossier(&files, &path, false)
        .await
        .expect("exported");
    let bytes = std::fs::read(&path).expect("saved");
    let check = kyb_desk_core::dossier::verify(&bytes);
    assert!(check.holds(), "{:?}", check.problems);
    assert_eq!(check.digest, Some(exported.digest));
    let json = kyb_desk_core::dossier::archive::members(&bytes)
        .expect("a ZIP")
        .into_iter()
        .find(|m| m.name == kyb_desk_core::dossier::archive::JSON)
        .expect("its JSON")
        .bytes;
    let read: kyb_desk_core::dossier::Dossier = serde_json::from_slice(&json).expect("a dossier");
    assert_eq!(
        read.trail.kind,
        kyb_desk_core::dossier::model::TrailKind::Team
    );
    assert!(read.notes.kept);
    assert_eq!(read.notes.items.len(), 1, "{:?}", read.notes);
    assert!(read.notes.items[0].text.contains("vigente"));
    assert!(
        read.trail.checkpoint.is_some(),
        "the supervisor's checkpoint"
    );
}

/// A risk list imported once serves the team: the supervisor's desk publishes it, the
/// analyst's desk (which imported nothing) screens the same file against the same
/// version and finds the same hit; an analyst may not publish one; the trail says who
/// imported which version.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_list_imported_on_one_desk_screens_on_the_other() {
    use kyb_desk_core::desk::ListImport;
    use kyb_desk_core::screening::ListFormat;

    let (db, jefa) = first("super", Role::Supervisor).await;
    let ana = second(&db, &jefa, "ana", Role::Analyst).await;
    async fn review(demo: &DemoDesk) -> kyb_desk_core::desk::ReviewMaterial {
        demo.example_review(&demo.evidence_files()).await
    }
    // The example file's shareholder, on a 69-B list in the SAT's layout.
    let shareholder = review(&jefa)
        .await
        .evidence
        .ownership
        .and_then(|o| o.owners.first().map(|x| x.name.clone()))
        .expect("a shareholder");
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("Listado_Completo_69-B.csv");
    let text = format!(
        "No,RFC,Nombre del Contribuyente,Situación del contribuyente\r\n1,ZZZZ800101AB1,\"{}\",Presunto\r\n",
        shareholder.to_uppercase()
    );
    std::fs::write(&path, encoding_rs::WINDOWS_1252.encode(&text).0).expect("written");
    let import = || ListImport {
        format: ListFormat::Sat69b,
        paths: vec![path.display().to_string()],
    };
    // An analyst may not change what the team screens against.
    let refused = ana
        .desk
        .import_list(import(), &|_| {})
        .await
        .expect_err("not a supervisor");
    assert!(
        ana.desk.risk_lists().await.expect("lists").is_empty(),
        "{refused:?}"
    );

    let published = std::sync::Mutex::new(Vec::new());
    let imported = jefa
        .desk
        .import_list(import(), &|p| {
            if p.stage == kyb_desk_core::desk::ImportStage::Publishing {
                published.lock().expect("heard").push((p.done, p.total));
            }
        })
        .await
        .expect("published");
    // The rows sent to the team's database are heard, to the last.
    assert_eq!(published.into_inner().expect("heard").last(), Some(&(1, 1)));
    assert_eq!(imported.info.version, 1);
    assert_eq!(imported.info.imported_by, db.team.login("super"));

    // The analyst's desk: the team's list, the same version, the same hit.
    let lists = ana.desk.risk_lists().await.expect("the team's lists");
    assert_eq!(lists.len(), 1);
    assert_eq!(
        (lists[0].version, &lists[0].sha256),
        (1, &imported.info.sha256)
    );
    let hers = review(&ana).await.evidence.hits;
    let his = review(&jefa).await.evidence.hits;
    assert!(
        !hers.is_empty(),
        "the analyst's desk screens with the team's list"
    );
    let key = |h: &kyb_desk_core::screening::screen::Hit| {
        (h.row.clone(), h.party.clone(), h.score, h.list_version)
    };
    assert_eq!(
        hers.iter().map(key).collect::<Vec<_>>(),
        his.iter().map(key).collect::<Vec<_>>()
    );
    let trail = db.boss.trail(100).await.expect("the trail");
    assert!(
        trail
            .iter()
            .any(|e| e.operation == "team: list-imported" && e.member == db.team.login("super")),
        "the trail says who imported it"
    );
}

/// The risk one desk's review found ranks the file on every desk: the supervisor, who
/// reviewed nothing, sees the analyst's level and counts in the queue's risk column.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_risk_one_desk_found_ranks_the_file_on_the_others() {
    let (db, jefa) = first("super", Role::Supervisor).await;
    let ana = second(&db, &jefa, "ana", Role::Analyst).await;
    let e = ana.manifest().examples.clone();
    ana.desk.watch_file(&e.flow_id, &e.rfc).expect("followed");
    let files = ana.evidence_files();
    let material = ana.example_review(&files).await;
    assert!(
        material.evidence.summary.level.is_some(),
        "the example has findings"
    );
    let risk_of = |desk: &DemoDesk| {
        desk.desk
            .watchlist()
            .expect("the watchlist")
            .into_iter()
            .find(|f| f.document_id.as_deref() == Some(e.document_id.to_string().as_str()))
            .and_then(|f| f.risk)
    };
    let hers = risk_of(&ana).expect("her review's risk");
    ana.desk.team_queue(QueueFilter::All).await.expect("told");
    assert!(
        risk_of(&jefa).is_none(),
        "not reviewed on the supervisor's desk"
    );
    jefa.desk.team_queue(QueueFilter::All).await.expect("heard");
    let his = risk_of(&jefa).expect("the analyst's risk, on the supervisor's desk");
    assert_eq!(
        (his.level, his.findings, his.hits),
        (hers.level, hers.findings, hers.hits)
    );
    let told = db.boss.risks().await.expect("the team's risks");
    assert_eq!(told.len(), 1);
    assert_eq!(told[0].checked_by, db.team.login("ana"));
}

//! Attacks on the team's database, made by a member with their own login and
//! password: through their desk (`Team`), and by hand with the same rights (psql, a
//! script: `TestTeam::by_hand`). What the database prevents is refused; what only the
//! cluster's superuser can still do is found by the chain and the signed checkpoints.
//! This file: members, logins, roles and workspaces.

mod common;

use std::time::Duration;

use common::{code_of, denied, floor, other_workspace};
use kyb_team::testing::TestTeam;
use kyb_team::{ApprovalAction, Role, Team, TeamError};

const NEW_FILE: &str = "POST /expedientes/nuevo";
const LEASE: Duration = Duration::from_secs(60);

// Members and roles.

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn only_a_supervisor_changes_a_role_and_the_trail_says_who_did() {
    let f = floor("kyb_setrole").await;
    let beto = f.t.login("beto");
    assert!(matches!(
        f.beto.set_role(&beto, Role::Supervisor).await,
        Err(TeamError::NotSupervisor)
    ));
    assert_eq!(f.beto.role().await.unwrap(), Role::Analyst);
    f.boss.set_role(&beto, Role::Agent).await.unwrap();
    let entry = f.ana.trail(1).await.unwrap().pop().unwrap();
    assert_eq!(
        (
            entry.operation.as_str(),
            entry.member,
            entry.target.as_str()
        ),
        ("team: role-set", f.t.login("jefa"), beto.as_str())
    );
    assert_eq!(entry.summary, "analista → agente", "in the records' words");
    let mut hand = f.beto_by_hand().await;
    denied(
        &mut hand,
        &format!("UPDATE team_member SET role = 'supervisor' WHERE login = '{beto}'"),
    )
    .await;
    denied(
        &mut hand,
        &format!(
            "INSERT INTO team_member (workspace_id, email, role, login) VALUES ('{}', 'b@x.mx', 'supervisor', '{beto}')",
            f.t.workspace
        ),
    )
    .await;
    assert_eq!(f.beto.role().await.unwrap(), Role::Agent);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_member_of_one_workspace_neither_sees_nor_touches_another() {
    let f = floor("kyb_rls").await;
    let b = other_workspace(&f.t, "ws-b");
    let other = b.supervisor("jefab").await;
    other
        .follow("flujo", "BBB010101BB1", "Pendiente")
        .await
        .unwrap();
    kyb_team::testing::know_files(&other, &["doc-b"]).await;
    other.add_note("doc-b", "del otro equipo").await.unwrap();
    other.claim("doc-b", LEASE, false).await.unwrap();
    let (intent, _) = other.intent(NEW_FILE, "RFC-B", "alta").await.unwrap();
    other
        .outcome(intent, true, None, None, false)
        .await
        .unwrap();
    other
        .ask_approval(ApprovalAction::Resend, "VD-B", "no le llegó")
        .await
        .unwrap();
    assert_eq!(other.notes("doc-b").await.unwrap().len(), 1, "B has rows");

    let refused = Team::connect(f.t.options(&f.t.login("ana"), &f.ana_pw), "ws-b").await;
    assert!(
        matches!(refused, Err(TeamError::NotMember(_))),
        "{:?}",
        refused.err()
    );
    let mut hand = f.ana_by_hand().await;
    for call in [
        "SELECT * FROM team_whoami('ws-b')",
        "SELECT team_claim('ws-b', 'doc-b', 60, true)",
        "SELECT team_release('ws-b', 'doc-b')",
        "SELECT team_add_note('ws-b', 'doc-b', 'intrusa')",
        "SELECT * FROM team_intent('ws-b', 'POST /expedientes/nuevo', 'RFC-X', 'alta')",
        "SELECT * FROM team_take_next('ws-b')",
        "SELECT team_follow('ws-b', ARRAY['f'], ARRAY['RFC'], ARRAY[''], ARRAY[NULL::text], ARRAY[NULL::text])",
        "SELECT team_set_four_eyes('ws-b', false, 0)",
        "SELECT team_take_over('ws-b', 'doc-b', 'mía', 60)",
    ] {
        assert_eq!(code_of(&mut hand, call).await, "KY001", "{call}");
    }
    for view in [
        "team_members_v",
        "team_files_v",
        "team_claims_v",
        "team_notes_v",
        "team_audit_v",
        "team_head_v",
        "team_open_intents_v",
        "team_settings_v",
        "team_approvals_v",
        "team_checkpoints_v",
    ] {
        let seen: i64 = sqlx::query_scalar(&format!(
            "SELECT count(*) FROM {view} WHERE workspace_id <> $1"
        ))
        .bind(&f.t.workspace)
        .fetch_one(&mut hand)
        .await
        .unwrap();
        assert_eq!(seen, 0, "{view} shows nothing of another workspace");
    }
    assert_eq!(other.notes("doc-b").await.unwrap().len(), 1);
    assert!(other.verify_chain().await.unwrap().breaks.is_empty());
}

async fn roles(t: &TestTeam) -> Vec<String> {
    let mut superuser = t.as_superuser().await;
    sqlx::query_scalar("SELECT rolname::text FROM pg_roles ORDER BY 1")
        .fetch_all(&mut superuser)
        .await
        .unwrap()
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn login_names_made_to_inject_sql_create_nothing() {
    let f = floor("kyb_names").await;
    let before = roles(&f.t).await;
    let ana = f.t.login("ana");
    let names = [
        format!("x\"; ALTER ROLE \"{ana}\" SUPERUSER; --"),
        format!("x{}\" SUPERUSER --", f.t.tag),
        "Robert'); DROP TABLE team_audit;--".to_owned(),
        format!("robert.{}'); drop table team_audit;--", f.t.tag),
        format!("{}.{}", "a".repeat(60), f.t.tag),
        "ab".to_owned(),
        format!("9lives.{}", f.t.tag),
        format!("ana maria.{}", f.t.tag),
        String::new(),
        "pg_signal_backend".to_owned(),
        format!("ana.{}\u{0}", f.t.tag),
    ];
    for (n, name) in names.iter().enumerate() {
        for bind in [false, true] {
            let added = f
                .boss
                .add_member(name, &format!("n{n}@kybdesk.mx"), Role::Analyst, bind)
                .await;
            assert!(
                matches!(
                    added,
                    Err(TeamError::LoginRefused(_)) | Err(TeamError::Query(_))
                ),
                "{name:?} (bind {bind}): {added:?}"
            );
        }
    }
    // Upper case is not another login: at most the lower-case one is made.
    let upper = format!("Carla.{}", f.t.tag);
    let _ = f
        .boss
        .add_member(&upper, "carla@kybdesk.mx", Role::Analyst, false)
        .await;
    let after = roles(&f.t).await;
    assert!(!after.contains(&upper), "no role {upper}");
    // Roles are the cluster's: other tests make theirs meanwhile.
    let made: Vec<_> = after
        .iter()
        .filter(|r| !before.contains(r) && r.contains(&f.t.tag))
        .collect();
    for name in names.iter().filter(|n| !before.contains(n)) {
        assert!(!after.contains(name), "no role {name:?}");
    }
    assert!(
        made.is_empty() || made == [&format!("carla.{}", f.t.tag)],
        "made: {made:?}"
    );
    let mut superuser = f.t.as_superuser().await;
    let (super_ana, audit): (bool, Option<String>) = sqlx::query_as(
        "SELECT (SELECT rolsuper FROM pg_roles WHERE rolname = $1), to_regclass('team_audit')::text",
    )
    .bind(&ana)
    .fetch_one(&mut superuser)
    .await
    .unwrap();
    assert_eq!((super_ana, audit.as_deref()), (false, Some("team_audit")));
    assert!(f.boss.verify_chain().await.unwrap().breaks.is_empty());
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_privileged_login_cannot_be_made_a_member() {
    let f = floor("kyb_bind").await;
    let tag = &f.t.tag;
    let mut superuser = f.t.as_superuser().await;
    sqlx::raw_sql(&format!(
        "CREATE ROLE \"power.{tag}\" LOGIN CREATEROLE PASSWORD 'power-password-123';
         CREATE ROLE \"reader.{tag}\" LOGIN PASSWORD 'reader-password-123' IN ROLE pg_read_server_files;
         CREATE ROLE \"boss.{tag}\" LOGIN PASSWORD 'boss-password-1234' IN ROLE \"{}\";",
        f.t.owner.get_username()
    ))
    .execute(&mut superuser)
    .await
    .unwrap();
    let db = &f.t.database;
    let privileged = [
        f.t.owner.get_username().to_owned(),
        "kyb".to_owned(),
        format!("{db}_admin"),
        format!("{db}_member"),
        format!("power.{tag}"),
        format!("reader.{tag}"),
        format!("boss.{tag}"),
        "pg_execute_server_program".to_owned(),
    ];
    for (n, login) in privileged.iter().enumerate() {
        let bound = f
            .boss
            .add_member(login, &format!("p{n}@kybdesk.mx"), Role::Analyst, true)
            .await;
        assert!(
            matches!(bound, Err(TeamError::LoginRefused(_))),
            "{login}: {bound:?}"
        );
    }
    let members: Vec<String> = sqlx::query_scalar(
        "SELECT m.rolname::text FROM pg_auth_members a JOIN pg_roles g ON g.oid = a.roleid
         JOIN pg_roles m ON m.oid = a.member WHERE g.rolname = $1 ORDER BY 1",
    )
    .bind(format!("{db}_member"))
    .fetch_all(&mut superuser)
    .await
    .unwrap();
    let mut expected = vec![f.t.login("ana"), f.t.login("beto"), f.t.login("jefa")];
    expected.sort();
    assert_eq!(members, expected, "the group holds the members only");
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_supervisor_cannot_take_over_another_teams_login_by_binding_and_resetting_it() {
    let f = floor("kyb_hijack").await;
    // Another team's database on the same cluster, and its supervisor.
    let url = kyb_team::testing::session_cluster();
    let other = common::team_on(&url, "kyb_victim").await;
    let victim = other.supervisor("victima").await;
    let login = victim.member().to_owned();
    // Another team database's member is never bound here: its issuer there is out of
    // this database's sight (four eyes could not follow it), and a reset here would
    // hand it over.
    let bound = f
        .boss
        .add_member(&login, "victima@kybdesk.mx", Role::Analyst, true)
        .await;
    assert!(
        matches!(bound, Err(TeamError::LoginRefused(_))),
        "{bound:?}"
    );
    assert!(f.boss.reset_password(&login).await.is_err());
    victim.whoami().await.expect("still the other team's");
}

/// A plain login IT did not make for this team (another application's service
/// account) is not bound, and its settings are left as they were; one IT granted the
/// team's directory role is.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn only_a_login_it_made_for_the_team_is_bound() {
    let f = floor("kyb_service").await;
    let (service, directory) = (f.t.login("facturacion"), f.t.login("dir"));
    f.t.as_superuser_run(&[
        &format!("CREATE ROLE \"{service}\" LOGIN PASSWORD 'cuenta-de-servicio-1234'"),
        &format!(
            "CREATE ROLE \"{directory}\" LOGIN PASSWORD 'cuenta-del-directorio-1' IN ROLE \"{}_directory\"",
            f.t.database
        ),
    ])
    .await;
    let bound = f
        .boss
        .add_member(&service, "facturacion@kybdesk.mx", Role::Analyst, true)
        .await;
    assert!(
        matches!(bound, Err(TeamError::LoginRefused(_))),
        "{bound:?}"
    );
    let mut root = f.t.as_superuser().await;
    let (limit, settings): (i32, Option<Vec<String>>) = sqlx::query_as(
        "SELECT r.rolconnlimit, (SELECT s.setconfig FROM pg_db_role_setting s WHERE s.setrole = r.oid LIMIT 1)
         FROM pg_roles r WHERE r.rolname = $1",
    )
    .bind(&service)
    .fetch_one(&mut root)
    .await
    .unwrap();
    assert_eq!(
        (limit, settings),
        (-1, None),
        "the service account left alone"
    );
    f.boss
        .add_member(&directory, "dir@kybdesk.mx", Role::Analyst, true)
        .await
        .expect("made for the team: bound");
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_member_cannot_make_logins_or_become_the_admin_or_the_owner() {
    let f = floor("kyb_admin").await;
    let (db, ws, ana) = (&f.t.database, &f.t.workspace, f.t.login("ana"));
    let owner = f.t.owner.get_username().to_owned();
    let evil = format!("evil.{}", f.t.tag);
    // A supervisor's own hand: the admin's functions are the owner's to call.
    let mut hand = f.ana_by_hand().await;
    for statement in [
        format!("SELECT team_admin.team_login_create('{evil}', 'a-password-of-16+', 'infinity')"),
        "SELECT team_admin.team_login_bind('kyb')".to_owned(),
        format!(
            "SELECT team_admin.team_login_reset('{}', 'a-password-of-16+', 'infinity')",
            f.t.login("beto")
        ),
        format!(
            "SELECT team_admin.team_login_set_password('{}', 'a-password-of-16+')",
            f.t.login("beto")
        ),
        format!(
            "SELECT team_admin.team_login_revoke('{}')",
            f.t.login("jefa")
        ),
        format!("SELECT team_bootstrap('{ws}', '{evil}', 'e@kybdesk.mx', false)"),
        format!("SET ROLE \"{db}_admin\""),
        format!("SET ROLE \"{owner}\""),
        "SET ROLE kyb".to_owned(),
        format!("GRANT \"{db}_admin\" TO \"{ana}\""),
        format!("GRANT \"{owner}\" TO \"{ana}\""),
        format!("CREATE ROLE \"{evil}\" LOGIN"),
        format!("ALTER ROLE \"{ana}\" CREATEROLE"),
        format!("ALTER ROLE \"{ana}\" SUPERUSER"),
    ] {
        denied(&mut hand, &statement).await;
    }
    assert!(!roles(&f.t).await.contains(&evil));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_removed_members_desk_loses_the_team_at_once_and_their_claims_are_freed() {
    let f = floor("kyb_removed").await;
    f.boss
        .follow("flujo", "AAA010101AA1", "Pendiente")
        .await
        .unwrap();
    assert!(f.beto.take_next().await.unwrap().is_some());
    f.beto.claim("doc-1", LEASE, false).await.unwrap();
    let mut hand = f.beto_by_hand().await;
    let beto = f.t.login("beto");

    f.boss.remove_member(&beto).await.unwrap();
    // The desk's next calls fail: its sessions were ended, and it cannot open another.
    assert!(f.beto.claim("doc-1", LEASE, false).await.is_err());
    let again = f.beto.claims().await;
    assert!(again.is_err(), "{again:?}");
    assert!(sqlx::raw_sql("SELECT 1").execute(&mut hand).await.is_err());
    let back = Team::connect(f.t.options(&beto, &f.beto_pw), &f.t.workspace).await;
    assert!(matches!(back, Err(TeamError::Login(_))), "{:?}", back.err());

    assert!(f.boss.holder("doc-1").await.unwrap().is_none());
    f.ana
        .claim("doc-1", LEASE, false)
        .await
        .expect("free at once");
    let files = f.boss.files(kyb_team::QueueFilter::All).await.unwrap();
    assert_eq!(files[0].assignee, None, "back to the queue");
    assert!(
        f.boss
            .members()
            .await
            .unwrap()
            .iter()
            .all(|m| m.login != beto)
    );
    let removed = f
        .boss
        .trail(5)
        .await
        .unwrap()
        .into_iter()
        .find(|e| e.operation == "team: member-removed")
        .expect("in the trail");
    assert_eq!((removed.member, removed.target), (f.t.login("jefa"), beto));
}

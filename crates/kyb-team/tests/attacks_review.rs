//! Attacks a second review of the team's database found (a supervisor taking over
//! logins, the owner reaching for CREATEROLE, a directory's login without a connection
//! limit, a member holding the queue): each as it was shown, refused now.

mod common;

use std::time::Duration;

use common::{denied, floor, other_workspace};
use kyb_team::{ApprovalAction, ApprovalState, Role, Team, TeamError};

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_supervisor_cannot_reset_a_login_another_workspace_counts_on_nor_a_fellow_supervisors() {
    let f = floor("kyb_reset").await;
    // A second workspace of the same database, with its own supervisor.
    let other = other_workspace(&f.t, "0b5f2c1e-0000-4000-8000-0000000000ff");
    let zoe = other.supervisor("zoe").await;
    let zoe_login = zoe.member().to_owned();
    // Binding her here is refused: another workspace counts her a member (this one
    // would then stand in the way of her own workspace's resets) …
    assert!(matches!(
        f.boss
            .add_member(&zoe_login, "zoe@kybdesk.mx", Role::Analyst, true)
            .await,
        Err(TeamError::LoginRefused(_))
    ));
    // … and her password is not this workspace's to reset.
    assert!(f.boss.reset_password(&zoe_login).await.is_err());
    // Nor a fellow supervisor's (who could then approve the resetter's requests).
    assert!(matches!(
        f.boss.reset_password(f.ana.member()).await,
        Err(TeamError::LoginRefused(_))
    ));
    // An analyst's, made here, is.
    f.boss
        .reset_password(f.beto.member())
        .await
        .expect("a new one-time password");
    zoe.whoami()
        .await
        .expect("still a member of her own workspace");
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_request_is_never_approved_by_a_login_whose_password_its_asker_issued() {
    let f = floor("kyb_issued").await;
    // Ana (a supervisor) makes Carla a supervisor's login: she had its one-time password.
    let carla = f.t.member(&f.ana, "carla", Role::Supervisor).await;
    let asked = f
        .ana
        .ask_approval(ApprovalAction::Cancel, "VD-0002", "El cliente desistió")
        .await
        .expect("asked");
    assert!(matches!(
        carla.decide_approval(&asked, true).await,
        Err(TeamError::OwnRequest)
    ));
    // A supervisor whose password Ana never had approves.
    let approved = f
        .boss
        .decide_approval(&asked, true)
        .await
        .expect("approved");
    assert_eq!(approved.state, ApprovalState::Approved);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn the_owner_cannot_put_a_function_in_the_login_functions_way() {
    let f = floor("kyb_shadow").await;
    let mut owner = f.t.as_owner().await;
    // A function of the owner's, named as the admin's own check, in the schema they own …
    sqlx::raw_sql(
        "CREATE FUNCTION public.team_login_plain(text) RETURNS boolean LANGUAGE sql AS 'SELECT true';
         GRANT EXECUTE ON FUNCTION public.team_login_plain(text) TO PUBLIC",
    )
    .execute(&mut owner)
    .await
    .expect("the owner's own schema");
    // … is never called: the admin's functions search only pg_catalog and their own
    // schema, where the owner cannot create anything.
    let owner_login = f.t.owner.get_username().to_owned();
    assert!(matches!(
        f.boss
            .add_member(&owner_login, "dueno@kybdesk.mx", Role::Analyst, true)
            .await,
        Err(TeamError::LoginRefused(_))
    ));
    denied(
        &mut owner,
        "CREATE FUNCTION team_admin.team_login_plain(text) RETURNS boolean LANGUAGE sql AS 'SELECT true'",
    )
    .await;
    denied(
        &mut owner,
        "DROP FUNCTION team_admin.team_login_plain(text)",
    )
    .await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_bound_login_gets_the_connection_limit_of_a_made_one() {
    let f = floor("kyb_bound").await;
    let login = f.t.login("directorio");
    f.t.as_superuser_run(&[&format!(
        "CREATE ROLE \"{login}\" LOGIN PASSWORD 'una-contrasena-del-directorio' IN ROLE \"{}_directory\"",
        f.t.database
    )])
    .await;
    f.boss
        .add_member(&login, "dir@kybdesk.mx", Role::Analyst, true)
        .await
        .expect("bound");
    let mut root = f.t.as_superuser().await;
    let limit: i32 = sqlx::query_scalar("SELECT rolconnlimit FROM pg_roles WHERE rolname = $1")
        .bind(&login)
        .fetch_one(&mut root)
        .await
        .expect("read");
    assert_eq!(limit, 16);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_member_cannot_hold_more_than_a_hundred_files_at_once() {
    let f = floor("kyb_hoard").await;
    let lease = Duration::from_secs(60);
    for n in 0..100 {
        f.beto
            .claim(&format!("doc-{n}"), lease, false)
            .await
            .expect("claimed");
    }
    assert!(matches!(
        f.beto.claim("doc-100", lease, false).await,
        Err(TeamError::QueueFull)
    ));
    // Renewing what he holds still works, and another member is not held back.
    f.beto.claim("doc-5", lease, false).await.expect("renewed");
    f.ana.claim("doc-100", lease, false).await.expect("Ana's");
    let _: &Team = &f.ana;
}

//! The team's tests run on a real PostgreSQL with password authentication: the private
//! cluster `scripts/session.sh --postgres` starts (its superuser's address in
//! KYB_TEST_DATABASE_URL), a team database of each test's own on it, set up as
//! docs/OPERATIONS.md tells a company (`kyb_team::testing::TestTeam`), or a cluster of the test's
//! own when the test stops it. Each is ignored by default ("needs PostgreSQL: make test
//! runs it"); run on purpose without a cluster, it fails.
#![allow(dead_code)]

use kyb_team::testing::TestTeam;
use kyb_team::{Approval, ApprovalAction, FourEyes, Role, Team};
use sqlx::Connection;
use sqlx::postgres::PgConnectOptions;

#[allow(unused_imports)]
pub use kyb_team::testing::WORKSPACE;

/// A random tag (role names are the cluster's, so every test's are its own).
pub fn tag() -> String {
    uuid::Uuid::new_v4().simple().to_string()[..8].to_owned()
}

/// A team set up as docs/OPERATIONS.md says (owner role, migrations by the owner) on the
/// cluster whose superuser's URL is `admin_url`: [`TestTeam::new`] for any cluster.
pub async fn team_on(admin_url: &str, prefix: &str) -> TestTeam {
    TestTeam::on(admin_url, prefix).await
}

/// The same team database seen from another workspace (its own supervisor, members).
pub fn other_workspace(team: &TestTeam, workspace: &str) -> TestTeam {
    TestTeam {
        database: team.database.clone(),
        admin: team.admin.clone(),
        owner: team.owner.clone(),
        tag: team.tag.clone(),
        workspace: workspace.to_owned(),
    }
}

/// The SQLSTATE and message of a statement the database refused.
pub fn refusal(error: &sqlx::Error) -> (String, String) {
    match error {
        sqlx::Error::Database(db) => (
            db.code().map(|c| c.into_owned()).unwrap_or_default(),
            db.message().to_owned(),
        ),
        other => (String::new(), other.to_string()),
    }
}

/// Runs `statement` on `connection` and expects the database to refuse it for want of
/// the right (insufficient_privilege, 42501: "permission denied", "must be owner",
/// "must have admin option", ...).
pub async fn denied(connection: &mut sqlx::PgConnection, statement: &str) {
    let error = sqlx::raw_sql(statement)
        .execute(&mut *connection)
        .await
        .expect_err(statement);
    let (code, message) = refusal(&error);
    assert!(
        code == "42501" && (message.contains("permission denied") || message.contains("must ")),
        "{statement}: refused for want of the right, not {code} {message}"
    );
}

#[allow(unused_imports)]
pub use kyb_team::testing::PrivateCluster;

/// A superuser's connection straight to `options` (a test that plays the cluster's
/// administrator).
pub async fn connect(options: &PgConnectOptions) -> sqlx::PgConnection {
    sqlx::PgConnection::connect_with(options)
        .await
        .expect("connects")
}

/// A team at work: its first supervisor `jefa` and two analysts she added, `ana` and
/// `beto` (with their passwords, for their hands).
pub struct Desks {
    pub t: TestTeam,
    pub boss: Team,
    pub ana: Team,
    pub ana_pw: String,
    pub beto: Team,
    pub beto_pw: String,
}

pub async fn desks(prefix: &str) -> Desks {
    let t = TestTeam::new(prefix).await;
    let boss = t.supervisor("jefa").await;
    let (ana, ana_pw) = t.member_with_password(&boss, "ana", Role::Analyst).await;
    let (beto, beto_pw) = t.member_with_password(&boss, "beto", Role::Analyst).await;
    Desks {
        t,
        boss,
        ana,
        ana_pw,
        beto,
        beto_pw,
    }
}

/// A team of two: its first supervisor `jefa` and an analyst she added, `ana` (with
/// her password, for her hand).
pub struct Pair {
    pub t: TestTeam,
    pub boss: Team,
    pub ana: Team,
    pub ana_pw: String,
}

pub async fn pair(prefix: &str) -> Pair {
    let t = TestTeam::new(prefix).await;
    let boss = t.supervisor("jefa").await;
    let (ana, ana_pw) = t.member_with_password(&boss, "ana", Role::Analyst).await;
    Pair {
        t,
        boss,
        ana,
        ana_pw,
    }
}

// The attacks' floor (tests/attacks_*.rs).

/// The call the trail's tests write: a new file.
pub const NEW_FILE: &str = "POST /expedientes/nuevo";

/// Four eyes as the attacks switch it on: one resend without approval.
pub const FOUR_EYES: FourEyes = FourEyes {
    on: true,
    resend_limit: 1,
};

/// A team with its first supervisor `jefa`, a second supervisor `ana` whose login the
/// owner's set-up issued (so that she approves what the members Jefa made ask for),
/// and an analyst `beto` Jefa made (with their passwords, for their hands).
pub struct Floor {
    pub t: TestTeam,
    pub boss: Team,
    pub boss_pw: String,
    pub ana: Team,
    pub ana_pw: String,
    pub beto: Team,
    pub beto_pw: String,
}

pub async fn floor(prefix: &str) -> Floor {
    let t = TestTeam::new(prefix).await;
    let (boss, boss_pw) = t.supervisor_with_password("jefa").await;
    let (ana, ana_pw) = t.issued("ana", Role::Supervisor).await;
    let (beto, beto_pw) = t.member_with_password(&boss, "beto", Role::Analyst).await;
    Floor {
        t,
        boss,
        boss_pw,
        ana,
        ana_pw,
        beto,
        beto_pw,
    }
}

/// [`floor`] with [`FOUR_EYES`] on.
pub async fn four_eyes_floor(prefix: &str) -> Floor {
    let f = floor(prefix).await;
    f.boss.set_four_eyes(FOUR_EYES).await.unwrap();
    f
}

/// `who` asks for the cancellation of `folio` ("se retiró"): the request to decide.
pub async fn asks_to_cancel(who: &Team, folio: &str) -> Approval {
    who.ask_approval(ApprovalAction::Cancel, folio, "se retiró")
        .await
        .unwrap()
}

/// `who` writes `count` calls to the trail, each an intent of a new file (`RFC-0`,
/// `RFC-1`, …) and its outcome, a success.
pub async fn calls_written(who: &Team, count: usize) {
    for n in 0..count {
        let (intent, _) = who
            .intent(NEW_FILE, &format!("RFC-{n}"), "alta")
            .await
            .unwrap();
        who.outcome(intent, true, None, None, false).await.unwrap();
    }
}

/// An intent (`RFC-1`, "retenida") written in `held`, a member's own transaction: it
/// takes the trail's head, and holds it while the transaction stays open.
pub async fn takes_the_head(workspace: &str, held: &mut sqlx::PgConnection) {
    sqlx::query("SELECT team_intent($1, $2, $3, $4)")
        .bind(workspace)
        .bind(NEW_FILE)
        .bind("RFC-1")
        .bind("retenida")
        .execute(held)
        .await
        .unwrap();
}

impl Floor {
    pub async fn beto_by_hand(&self) -> sqlx::PgConnection {
        self.t.by_hand(&self.t.login("beto"), &self.beto_pw).await
    }

    pub async fn ana_by_hand(&self) -> sqlx::PgConnection {
        self.t.by_hand(&self.t.login("ana"), &self.ana_pw).await
    }
}

/// An approval's state as the database has it (the owner reads every row).
pub async fn state_of(t: &TestTeam, id: i64) -> String {
    let mut owner = t.as_owner().await;
    sqlx::query_scalar("SELECT state FROM team_approval WHERE id = $1")
        .bind(id)
        .fetch_one(&mut owner)
        .await
        .unwrap()
}

/// The SQLSTATE of a statement the database refused.
pub async fn code_of(connection: &mut sqlx::PgConnection, statement: &str) -> String {
    let error = sqlx::raw_sql(statement)
        .execute(&mut *connection)
        .await
        .expect_err(statement);
    refusal(&error).0
}

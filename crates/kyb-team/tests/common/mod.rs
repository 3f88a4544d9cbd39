//! The team's tests run on a real PostgreSQL with password authentication: the private
//! cluster `scripts/session.sh --postgres` starts (its superuser's address in
//! KYB_TEST_DATABASE_URL), a team database of each test's own on it, set up as the
//! README tells a company (`kyb_team::testing::TestTeam`), or a cluster of the test's
//! own when the test stops it. Without a session cluster the tests say they were
//! skipped, unless KYB_EXPECT_POSTGRES=1 (as `make test` sets it) makes that a failure.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use kyb_team::testing::TestTeam;
use kyb_team::{Role, Team, setup};
use sqlx::Connection;
use sqlx::postgres::PgConnectOptions;

pub use kyb_team::testing::WORKSPACE;

/// A random tag (role names are the cluster's, so every test's are its own).
pub fn tag() -> String {
    uuid::Uuid::new_v4().simple().to_string()[..8].to_owned()
}

/// A team set up as the README says (owner role, migrations by the owner) on the
/// cluster whose superuser's URL is `admin_url`: [`TestTeam::new`] for any cluster.
pub async fn team_on(admin_url: &str, prefix: &str) -> TestTeam {
    let tag = tag();
    let database = format!("{prefix}_{tag}");
    let admin: PgConnectOptions = admin_url.parse().expect("the cluster's URL");
    let owner_name = format!("{database}_owner");
    let owner_password = format!("owner-{}", uuid::Uuid::new_v4().simple());
    setup::prepare(&admin, &database, &owner_name, Some(&owner_password))
        .await
        .expect("the set-up's first step");
    let owner = admin
        .clone()
        .database(&database)
        .username(&owner_name)
        .password(&owner_password);
    setup::migrate(&owner).await.expect("the owner migrates");
    TestTeam {
        admin: admin.database(&database),
        database,
        owner,
        tag,
        workspace: WORKSPACE.to_owned(),
    }
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

/// A PostgreSQL cluster of a test's own, which the test may stop and start again, with
/// password authentication (SCRAM) like the session's. As root, its programs run as
/// `postgres` (initdb refuses root).
pub struct PrivateCluster {
    _dir: tempfile::TempDir,
    data: PathBuf,
    socket: PathBuf,
    password: String,
    server: Option<Child>,
}

const BIN: &str = "/usr/lib/postgresql/15/bin";

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

fn as_postgres(program: &str) -> Command {
    let program = Path::new(BIN).join(program);
    if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

impl PrivateCluster {
    pub fn start() -> Self {
        let dir = tempfile::tempdir().expect("a folder");
        let (data, socket) = (dir.path().join("data"), dir.path().join("socket"));
        let pwfile = dir.path().join("pwfile");
        let password = uuid::Uuid::new_v4().simple().to_string();
        std::fs::write(&pwfile, &password).expect("the password file");
        for path in [dir.path(), &data, &socket, &pwfile] {
            if path != pwfile.as_path() {
                std::fs::create_dir_all(path).expect("folder");
            }
            if is_root() {
                Command::new("chown")
                    .arg("postgres:")
                    .arg(path)
                    .status()
                    .expect("chown");
            }
        }
        let initdb = as_postgres("initdb")
            .arg("-D")
            .arg(&data)
            .args([
                "-U",
                "kyb",
                "--auth-local=scram-sha-256",
                "--auth-host=scram-sha-256",
                "--no-locale",
                "-E",
                "UTF8",
            ])
            .arg(format!("--pwfile={}", pwfile.display()))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("initdb runs");
        assert!(initdb.success(), "initdb");
        std::fs::remove_file(&pwfile).expect("the password file goes");
        let mut cluster = Self {
            _dir: dir,
            data,
            socket,
            password,
            server: None,
        };
        cluster.resume();
        cluster
    }

    /// The superuser's URL.
    pub fn url(&self) -> String {
        format!(
            "postgres://kyb:{}@localhost/postgres?host={}",
            self.password,
            self.socket.display()
        )
    }

    /// Starts the server (again) on its data, and waits until it answers.
    pub fn resume(&mut self) {
        let server = as_postgres("postgres")
            .arg("-D")
            .arg(&self.data)
            .args(["-c", "listen_addresses=", "-c", "fsync=off"])
            .arg("-c")
            .arg(format!("unix_socket_directories={}", self.socket.display()))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("postgres starts");
        self.server = Some(server);
        for _ in 0..100 {
            let ready = Command::new(Path::new(BIN).join("pg_isready"))
                .arg("-q")
                .arg("-h")
                .arg(&self.socket)
                .status()
                .is_ok_and(|s| s.success());
            if ready {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("the private cluster did not start");
    }

    /// Stops the server at once, as a crash or a pulled cable would (SIGQUIT:
    /// immediate shutdown, no goodbye to the clients).
    pub fn stop(&mut self) {
        if let Some(mut server) = self.server.take() {
            // The server's own PID (runuser, when root, does not pass SIGQUIT on).
            let pid = std::fs::read_to_string(self.data.join("postmaster.pid"))
                .ok()
                .and_then(|text| text.lines().next().map(str::to_owned))
                .unwrap_or_else(|| server.id().to_string());
            let _ = Command::new("kill").args(["-QUIT", &pid]).status();
            let _ = server.wait();
        }
    }
}

impl Drop for PrivateCluster {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A superuser's connection straight to `options` (a test that plays the cluster's
/// administrator).
pub async fn connect(options: &PgConnectOptions) -> sqlx::PgConnection {
    sqlx::PgConnection::connect_with(options)
        .await
        .expect("connects")
}

// The attacks' floor (tests/attacks_*.rs).

/// A team with its first supervisor `jefa`, a second supervisor `ana` and an analyst
/// `beto` (with their passwords, for their hands).
pub struct Floor {
    pub t: TestTeam,
    pub boss: Team,
    pub ana: Team,
    pub ana_pw: String,
    pub beto: Team,
    pub beto_pw: String,
}

pub async fn floor(prefix: &str) -> Option<Floor> {
    let t = TestTeam::new(prefix).await?;
    let boss = t.supervisor("jefa").await;
    let (ana, ana_pw) = t.member_with_password(&boss, "ana", Role::Supervisor).await;
    let (beto, beto_pw) = t.member_with_password(&boss, "beto", Role::Analyst).await;
    Some(Floor {
        t,
        boss,
        ana,
        ana_pw,
        beto,
        beto_pw,
    })
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

//! The team's tests run on a real PostgreSQL: the private cluster `scripts/session.sh
//! --postgres` starts (its address in KYB_TEST_DATABASE_URL), a database of each
//! test's own on it, or a cluster of the test's own when the test stops it. Without a
//! session cluster the tests say they were skipped, unless KYB_EXPECT_POSTGRES=1 (as
//! `make test` sets it) makes that a failure.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use kyb_team::Team;

pub const WORKSPACE: &str = "0b5f2c1e-0000-4000-8000-000000000001";

#[allow(unused_imports)]
pub use kyb_team::testing::{session_cluster as admin_url, with_database};

/// A fresh database on the session's cluster, owned by `owner` (the administrator
/// when none), or `None` (skipped) without a cluster.
pub async fn database_owned_by(owner: Option<&str>) -> Option<String> {
    let name = format!("kyb_team_{}", uuid::Uuid::new_v4().simple());
    kyb_team::testing::fresh_database(&name, owner).await
}

pub async fn database() -> Option<String> {
    database_owned_by(None).await
}

/// A desk: `member` of the test workspace on the database at `url`.
pub async fn desk(url: &str, member: &str) -> Team {
    let team = Team::connect_url(url, WORKSPACE, member)
        .await
        .expect("the desk connects");
    team.join().await.expect("joins");
    team
}

/// A PostgreSQL cluster of a test's own, which the test may stop and start again. As
/// root, its programs run as `postgres` (initdb refuses root).
pub struct PrivateCluster {
    _dir: tempfile::TempDir,
    data: PathBuf,
    socket: PathBuf,
    server: Option<Child>,
}

const BIN: &str = "/usr/lib/postgresql/15/bin";

fn as_postgres(program: &str) -> Command {
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    let program = Path::new(BIN).join(program);
    if is_root {
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
        for path in [dir.path(), &data, &socket] {
            std::fs::create_dir_all(path).expect("folder");
            if Command::new("id")
                .arg("-u")
                .output()
                .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
            {
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
            .args(["-U", "kyb", "-A", "trust", "--no-locale", "-E", "UTF8"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("initdb runs");
        assert!(initdb.success(), "initdb");
        let mut cluster = Self {
            _dir: dir,
            data,
            socket,
            server: None,
        };
        cluster.resume();
        cluster
    }

    pub fn url(&self) -> String {
        format!(
            "postgres://kyb@localhost/postgres?host={}",
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

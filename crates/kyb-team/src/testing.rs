//! For tests and benchmarks only: the private PostgreSQL cluster `scripts/session.sh
//! --postgres` starts (password authentication; its superuser's URL in
//! KYB_TEST_DATABASE_URL), and teams set up on it exactly as docs/OPERATIONS.md
//! tells a company: a database owned by an owner role, the schema migrated by that owner, and
//! a login per member. Behind the `testing` feature: the app never has it.
//! A test that needs the cluster is `#[ignore]`d by default; `make test` runs it and it
//! fails when there is no cluster.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use sqlx::Connection;
use sqlx::postgres::PgConnectOptions;

use crate::{Role, Team, setup};

/// One entry of a trail the benchmarks seed ([`TestTeam::seed_trail`]): what a desk's
/// call writes, by whom and when (`at_utc` as the database writes it).
pub struct SeedEntry {
    pub at_utc: String,
    pub member: String,
    pub operation: String,
    pub target: String,
    pub summary: String,
    pub ok: bool,
}

/// The session cluster's administrator URL. A test that needs it is ignored by default
/// ("needs PostgreSQL: make test runs it") and fails, saying why, when it is run without
/// one.
pub fn session_cluster() -> String {
    std::env::var("KYB_TEST_DATABASE_URL").expect(
        "no PostgreSQL session (KYB_TEST_DATABASE_URL): run the test through `make test`, or \
         `scripts/session.sh --postgres -- cargo test ... -- --include-ignored --skip _child`",
    )
}

/// A random suffix of 8 hexadecimal digits: role names are the cluster's, so every
/// test's are its own.
fn suffix() -> String {
    let mut bytes = [0u8; 4];
    ring::rand::SecureRandom::fill(&ring::rand::SystemRandom::new(), &mut bytes)
        .expect("the system's random");
    crate::checkpoint::hex(&bytes)
}

/// A team's database on the session's cluster, set up as docs/OPERATIONS.md says.
#[derive(Clone)]
pub struct TestTeam {
    /// The database's name (also the prefix of its roles).
    pub database: String,
    /// The superuser's options, on the team's database.
    pub admin: PgConnectOptions,
    /// The owner's options (the set-up's steps 2 and 3).
    pub owner: PgConnectOptions,
    /// Appended to every login of this team (logins are the cluster's).
    pub tag: String,
    /// The workspace the team works in.
    pub workspace: String,
}

/// A workspace of the tests.
pub const WORKSPACE: &str = "0b5f2c1e-0000-4000-8000-000000000001";

impl TestTeam {
    /// A fresh database named after `prefix`, its roles and schema, in [`WORKSPACE`], on
    /// the session's cluster.
    pub async fn new(prefix: &str) -> Self {
        Self::on(&session_cluster(), prefix).await
    }

    /// The same on the cluster whose superuser's URL is `url` (a [`PrivateCluster`]).
    pub async fn on(url: &str, prefix: &str) -> Self {
        let tag = suffix();
        let database = format!("{prefix}_{tag}");
        let admin: PgConnectOptions = url.parse().expect("the session's URL");
        let owner_name = format!("{database}_owner");
        let owner_password = format!("owner-{}", suffix());
        setup::prepare(&admin, &database, &owner_name, Some(&owner_password))
            .await
            .expect("the set-up's first step");
        let owner = admin
            .clone()
            .database(&database)
            .username(&owner_name)
            .password(&owner_password);
        setup::migrate(&owner).await.expect("the owner migrates");
        Self {
            admin: admin.database(&database),
            database,
            owner,
            tag,
            workspace: WORKSPACE.to_owned(),
        }
    }

    /// The login of `who` in this team (`ana` → `ana.<tag>`).
    pub fn login(&self, who: &str) -> String {
        format!("{who}.{}", self.tag)
    }

    /// Options to connect as `login` with `password`.
    pub fn options(&self, login: &str, password: &str) -> PgConnectOptions {
        self.owner.clone().username(login).password(password)
    }

    /// Signs in as `login` with its one-time password, replaced by a strong one as a
    /// desk does; the member's desk, and the password it now has.
    pub async fn sign_in(&self, login: &str, one_time: &str) -> (Team, String) {
        let first = Team::connect(self.options(login, one_time), &self.workspace)
            .await
            .expect("signs in with the one-time password");
        assert!(
            first.me().must_change,
            "a one-time password is to be changed"
        );
        let password = format!("chosen-{}-{}", suffix(), suffix());
        first.change_password(&password).await.expect("changes it");
        first.close().await;
        let team = Team::connect(self.options(login, &password), &self.workspace)
            .await
            .expect("signs in with the new password");
        (team, password)
    }

    /// The workspace's first supervisor (the set-up's step 3), signed in.
    pub async fn supervisor(&self, who: &str) -> Team {
        self.supervisor_with_password(who).await.0
    }

    /// As [`TestTeam::supervisor`], with the supervisor's password.
    pub async fn supervisor_with_password(&self, who: &str) -> (Team, String) {
        let login = self.login(who);
        let one_time = setup::first_supervisor(
            &self.owner,
            &self.workspace,
            &login,
            &format!("{who}@kybdesk.mx"),
            false,
        )
        .await
        .expect("the first supervisor")
        .expect("a one-time password");
        self.sign_in(&login, &one_time).await
    }

    /// A member `who` with `role` whose login the owner's set-up issued (no supervisor
    /// had its password), signed in, with its password.
    pub async fn issued(&self, who: &str, role: Role) -> (Team, String) {
        let login = self.login(who);
        let one_time = setup::issue_login(
            &self.owner,
            &self.workspace,
            &login,
            &format!("{who}@kybdesk.mx"),
            role,
            false,
        )
        .await
        .expect("the set-up issues the login")
        .expect("a one-time password");
        self.sign_in(&login, &one_time).await
    }

    /// A member `who` with `role`, added by the supervisor `boss`, signed in.
    pub async fn member(&self, boss: &Team, who: &str, role: Role) -> Team {
        self.member_with_password(boss, who, role).await.0
    }

    /// As [`TestTeam::member`], with the member's password.
    pub async fn member_with_password(&self, boss: &Team, who: &str, role: Role) -> (Team, String) {
        let login = self.login(who);
        let one_time = boss
            .add_member(&login, &format!("{who}@kybdesk.mx"), role, false)
            .await
            .expect("the supervisor adds the member")
            .expect("a one-time password");
        self.sign_in(&login, &one_time).await
    }

    /// A raw connection as `login` with `password`: what a member can do by hand
    /// with the same rights (psql, a script).
    pub async fn by_hand(&self, login: &str, password: &str) -> sqlx::PgConnection {
        sqlx::PgConnection::connect_with(&self.options(login, password))
            .await
            .expect("a member's own connection")
    }

    /// A connection as the owner (what only the set-up holds).
    pub async fn as_owner(&self) -> sqlx::PgConnection {
        sqlx::PgConnection::connect_with(&self.owner)
            .await
            .expect("the owner's connection")
    }

    /// Runs `statements` as the cluster's superuser in the team's database: a hand
    /// that gets round every right and trigger (what only detection can answer).
    pub async fn as_superuser_run(&self, statements: &[&str]) {
        let mut root = self.as_superuser().await;
        for statement in statements {
            sqlx::raw_sql(statement)
                .execute(&mut root)
                .await
                .expect("the superuser's hand");
        }
    }

    /// Appends `entries` to the workspace's trail as its owner, chained as the team's
    /// functions chain them (format 2: each hash over its fields and the one before),
    /// 10,000 rows a statement, and moves the head to the last: the benchmarks' trail
    /// of a million entries in seconds, where appending them one at a time through the
    /// functions would take most of an hour. The chain verifies as any other. Returns
    /// the head's sequence.
    pub async fn seed_trail(&self, entries: impl IntoIterator<Item = SeedEntry>) -> i64 {
        let mut owner = self.as_owner().await;
        let mut tx = owner.begin().await.expect("a transaction");
        sqlx::query(
            "INSERT INTO team_audit_head (workspace_id, seq, hash) VALUES ($1, 0, repeat('0', 64))
             ON CONFLICT DO NOTHING",
        )
        .bind(&self.workspace)
        .execute(&mut *tx)
        .await
        .expect("the head");
        let (mut seq, mut prev): (i64, String) = sqlx::query_as(
            "SELECT seq, hash FROM team_audit_head WHERE workspace_id = $1 FOR UPDATE",
        )
        .bind(&self.workspace)
        .fetch_one(&mut *tx)
        .await
        .expect("the head");
        let mut entries = entries.into_iter().peekable();
        while entries.peek().is_some() {
            let mut rows: Vec<crate::TeamAuditEntry> = Vec::with_capacity(10_000);
            for entry in entries.by_ref().take(10_000) {
                seq += 1;
                let mut row = crate::TeamAuditEntry {
                    seq,
                    at_utc: entry.at_utc,
                    member: entry.member,
                    operation: entry.operation,
                    target: entry.target,
                    summary: entry.summary,
                    ok: entry.ok,
                    code: None,
                    message: None,
                    completes: None,
                    prev_hash: std::mem::take(&mut prev),
                    hash: String::new(),
                    format: 2,
                };
                row.hash = crate::audit::digest(&self.workspace, &row);
                prev.clone_from(&row.hash);
                rows.push(row);
            }
            let column =
                |f: fn(&crate::TeamAuditEntry) -> String| rows.iter().map(f).collect::<Vec<_>>();
            sqlx::query(
                "INSERT INTO team_audit (workspace_id, seq, at_utc, member, operation, target, summary,
                                         ok, prev_hash, hash, format)
                 SELECT $1, s, a, m, o, t, su, k, p, h, 2
                 FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                             $8::boolean[], $9::text[], $10::text[]) AS u(s, a, m, o, t, su, k, p, h)",
            )
            .bind(&self.workspace)
            .bind(rows.iter().map(|r| r.seq).collect::<Vec<_>>())
            .bind(column(|r| r.at_utc.clone()))
            .bind(column(|r| r.member.clone()))
            .bind(column(|r| r.operation.clone()))
            .bind(column(|r| r.target.clone()))
            .bind(column(|r| r.summary.clone()))
            .bind(rows.iter().map(|r| r.ok).collect::<Vec<_>>())
            .bind(column(|r| r.prev_hash.clone()))
            .bind(column(|r| r.hash.clone()))
            .execute(&mut *tx)
            .await
            .expect("the entries");
        }
        sqlx::query("UPDATE team_audit_head SET seq = $2, hash = $3 WHERE workspace_id = $1")
            .bind(&self.workspace)
            .bind(seq)
            .bind(&prev)
            .execute(&mut *tx)
            .await
            .expect("the head moved");
        tx.commit().await.expect("the trail seeded");
        seq
    }

    /// Ages the claim of `document_id` (written as a desk writes it) past the end of its
    /// lease, as the database's clock moving on would: its times go back by what was
    /// left of the lease, and a second more. The claims' rules read `now()` from the
    /// database, so a test sees a lease run out without waiting for it in real time.
    pub async fn lapse_claim(&self, document_id: &str) {
        let moved = sqlx::query(
            "UPDATE team_claim SET since = since - (lease_until - now()) - interval '1 second',
                 lease_until = now() - interval '1 second'
             WHERE workspace_id = $1 AND document_id = lower(trim($2)) AND lease_until > now()",
        )
        .bind(&self.workspace)
        .bind(document_id)
        .execute(&mut self.as_superuser().await)
        .await
        .expect("the superuser's hand");
        assert_eq!(
            moved.rows_affected(),
            1,
            "a running claim of {document_id} to lapse"
        );
    }

    /// A connection as the cluster's superuser, in the team's database.
    pub async fn as_superuser(&self) -> sqlx::PgConnection {
        sqlx::PgConnection::connect_with(&self.admin)
            .await
            .expect("the superuser's connection")
    }
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
    /// Settings of this cluster's own (`-c name=value`), beside the tests' defaults.
    settings: Vec<String>,
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
        Self::start_with(&[])
    }

    /// As [`PrivateCluster::start`], with settings of its own (`name=value`): a
    /// primary that waits for its standby's word before a commit is acknowledged, say.
    pub fn start_with(settings: &[&str]) -> Self {
        let dir = tempfile::tempdir().expect("a folder");
        let (data, socket) = (dir.path().join("data"), dir.path().join("socket"));
        let pwfile = dir.path().join("pwfile");
        let password = format!("{}{}", suffix(), suffix());
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
            settings: settings.iter().map(|s| (*s).to_owned()).collect(),
        };
        cluster.resume();
        cluster
    }

    /// A streaming standby of `primary` (a base backup that follows it, as IT sets one
    /// up), started and answering on a socket folder of its own.
    pub fn standby_of(primary: &PrivateCluster) -> Self {
        let dir = tempfile::tempdir().expect("a folder");
        let (data, socket) = (dir.path().join("data"), dir.path().join("socket"));
        for path in [dir.path(), &socket] {
            std::fs::create_dir_all(path).expect("folder");
            if is_root() {
                Command::new("chown")
                    .arg("postgres:")
                    .arg(path)
                    .status()
                    .expect("chown");
            }
        }
        let backup = as_postgres("pg_basebackup")
            .arg("-D")
            .arg(&data)
            .args(["-R", "-X", "stream", "-d"])
            .arg(format!(
                "host={} user=kyb password={} application_name=standby",
                primary.socket.display(),
                primary.password
            ))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("pg_basebackup runs");
        assert!(backup.success(), "the base backup");
        let mut standby = Self {
            _dir: dir,
            data,
            socket,
            password: primary.password.clone(),
            server: None,
            settings: Vec::new(),
        };
        standby.resume();
        standby
    }

    /// The folder of the server's unix socket (the host a profile names).
    pub fn socket(&self) -> &Path {
        &self.socket
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
            .args(self.settings.iter().flat_map(|s| ["-c", s.as_str()]))
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

/// A proxy between desks and a PostgreSQL on its unix socket, in a socket folder of its
/// own (the host a profile names): it passes everything through, except that once told
/// a text ([`LossyProxy::lose_answer_to`]), the next statement whose message carries it
/// runs and commits, and its answer never arrives: the proxy drops the server's reply
/// up to and including the ReadyForQuery that follows the commit, and closes both
/// ends. What a network, or a database dying a moment later, does at the worst time.
pub struct LossyProxy {
    dir: tempfile::TempDir,
    armed: std::sync::Arc<std::sync::Mutex<Option<Vec<u8>>>>,
    /// While true, nothing passes either way: a network that holds every packet.
    stalled: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl LossyProxy {
    /// Listens beside the server whose socket folder is `upstream`, on `port`'s name.
    pub fn start(upstream: &Path, port: u16) -> Self {
        let dir = tempfile::tempdir().expect("a folder");
        let name = format!(".s.PGSQL.{port}");
        let listener =
            tokio::net::UnixListener::bind(dir.path().join(&name)).expect("the proxy's socket");
        let server = upstream.join(&name);
        let armed = std::sync::Arc::new(std::sync::Mutex::new(None::<Vec<u8>>));
        let (stalled, _) = tokio::sync::watch::channel(false);
        let task = tokio::spawn({
            let armed = armed.clone();
            let stalled = stalled.clone();
            async move {
                while let Ok((client, _)) = listener.accept().await {
                    let Ok(upstream) = tokio::net::UnixStream::connect(&server).await else {
                        continue;
                    };
                    tokio::spawn(Self::relay(
                        client,
                        upstream,
                        armed.clone(),
                        stalled.subscribe(),
                    ));
                }
            }
        });
        Self {
            dir,
            armed,
            stalled,
            task,
        }
    }

    /// Holds everything either way from now on (connections stay open, nothing
    /// arrives), until [`LossyProxy::flow`].
    pub fn stall(&self) {
        self.stalled.send_replace(true);
    }

    /// Lets everything held pass again.
    pub fn flow(&self) {
        self.stalled.send_replace(false);
    }

    /// The socket folder to name as the team database's host.
    pub fn host(&self) -> &Path {
        self.dir.path()
    }

    /// The next statement whose message holds `text` (say, a call's target, which its
    /// Bind carries) commits without its answer reaching the desk.
    pub fn lose_answer_to(&self, text: &str) {
        *self.armed.lock().expect("the proxy's state") = Some(text.as_bytes().to_vec());
    }

    /// Whether the text told is still waiting for its statement.
    pub fn armed(&self) -> bool {
        self.armed.lock().expect("the proxy's state").is_some()
    }

    async fn relay(
        client: tokio::net::UnixStream,
        server: tokio::net::UnixStream,
        armed: std::sync::Arc<std::sync::Mutex<Option<Vec<u8>>>>,
        stalled: tokio::sync::watch::Receiver<bool>,
    ) {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let flowing = |mut stalled: tokio::sync::watch::Receiver<bool>| async move {
            let _ = stalled.wait_for(|held| !held).await;
        };
        let stalled_up = stalled.clone();
        let (mut client_in, mut client_out) = client.into_split();
        let (mut server_in, mut server_out) = server.into_split();
        let (losing_tx, mut losing_rx) = tokio::sync::watch::channel(false);
        let upward = async move {
            let mut buffer = vec![0u8; 64 * 1024];
            loop {
                let n = match client_in.read(&mut buffer).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                };
                let chunk = &buffer[..n];
                let hit = {
                    let mut armed = armed.lock().expect("the proxy's state");
                    let hit = armed.as_ref().is_some_and(|text| {
                        chunk.windows(text.len()).any(|w| w == text.as_slice())
                    });
                    if hit {
                        *armed = None;
                    }
                    hit
                };
                if hit {
                    let _ = losing_tx.send(true);
                }
                flowing(stalled_up.clone()).await;
                if server_out.write_all(chunk).await.is_err() {
                    return;
                }
            }
        };
        let downward = async move {
            let mut buffer = vec![0u8; 64 * 1024];
            // While losing, the server's messages are read whole (a type byte and a
            // length): those before the statement's CommandComplete ('C') pass (a
            // prepare's round trip), and from it on they are dropped; at the
            // ReadyForQuery ('Z') after it the transaction has ended, committed, and
            // both ends close: the desk sees its connection lost.
            let mut pending: Vec<u8> = Vec::new();
            let mut completed = false;
            loop {
                let n = match server_in.read(&mut buffer).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                };
                flowing(stalled.clone()).await;
                if !*losing_rx.borrow_and_update() {
                    if client_out.write_all(&buffer[..n]).await.is_err() {
                        return;
                    }
                    continue;
                }
                pending.extend_from_slice(&buffer[..n]);
                while pending.len() >= 5 {
                    let length =
                        u32::from_be_bytes([pending[1], pending[2], pending[3], pending[4]])
                            as usize;
                    if pending.len() < 1 + length {
                        break;
                    }
                    let message: Vec<u8> = pending.drain(..1 + length).collect();
                    match message[0] {
                        b'C' => completed = true,
                        b'Z' if completed => return,
                        _ if !completed && client_out.write_all(&message).await.is_err() => return,
                        _ => {}
                    }
                }
            }
        };
        tokio::select! {
            () = upward => {}
            () = downward => {}
        }
    }
}

impl Drop for LossyProxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The address a team's desks connect to when its primary can be replaced: a TCP
/// listener on loopback that forwards each connection to the current server's unix
/// socket, switched to another server (a promoted standby) as a managed PostgreSQL's
/// endpoint is. Connections made before a switch end with it.
pub struct SwitchProxy {
    port: u16,
    target: tokio::sync::watch::Sender<PathBuf>,
    task: tokio::task::JoinHandle<()>,
}

impl SwitchProxy {
    /// Forwards to the server whose socket folder is `socket` (port 5432's name).
    pub async fn start(socket: &Path) -> Self {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
            .await
            .expect("a loopback port");
        let port = listener.local_addr().expect("its address").port();
        let (target, _) = tokio::sync::watch::channel(socket.join(".s.PGSQL.5432"));
        let task = tokio::spawn({
            let target = target.clone();
            async move {
                while let Ok((mut client, _)) = listener.accept().await {
                    let mut switched = target.subscribe();
                    let path = switched.borrow_and_update().clone();
                    tokio::spawn(async move {
                        let Ok(mut server) = tokio::net::UnixStream::connect(&path).await else {
                            return;
                        };
                        tokio::select! {
                            _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                            _ = switched.changed() => {}
                        }
                    });
                }
            }
        });
        Self { port, target, task }
    }

    /// The loopback port the desks name.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// From now on, connections go to the server whose socket folder is `socket`.
    pub fn switch_to(&self, socket: &Path) {
        self.target.send_replace(socket.join(".s.PGSQL.5432"));
    }
}

impl Drop for SwitchProxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Puts files with these DocumentIds in `team`'s queue (unassigned, "Abierto"): notes
/// are written only on the files the team knows.
pub async fn know_files(team: &Team, documents: &[&str]) {
    let files: Vec<crate::NewTeamFile> = documents
        .iter()
        .map(|document| crate::NewTeamFile {
            flow_id: "flujo".to_owned(),
            // A short RFC of the id's own (the queue keeps one file per RFC and flow).
            rfc: format!(
                "R{}",
                document
                    .chars()
                    .filter(char::is_ascii_alphanumeric)
                    .take(18)
                    .collect::<String>()
            ),
            status: "Abierto".to_owned(),
            document_id: Some((*document).to_owned()),
            updated_at: None,
        })
        .collect();
    team.follow_all(&files)
        .await
        .expect("the files join the queue");
}

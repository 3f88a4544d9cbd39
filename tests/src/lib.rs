//! Harness for the end-to-end journeys: one WebDriver session per test, talking to
//! `tauri-driver`, which launches the real `kyb-desk` binary through WebKitWebDriver.
//!
//! `make test` (see `scripts/e2e.sh`) provides the display, the D-Bus session, the
//! keyring and `tauri-driver`; these tests only need two variables:
//! `KYB_DESK_BIN`, the app binary, and optionally `KYB_WEBDRIVER_URL`.

pub mod axe;

use std::future::Future;
use std::time::Duration;

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;

pub mod keyboard;

pub mod policy;

/// How long a journey waits for something the user would see appear.
pub const UI_TIMEOUT: Duration = Duration::from_secs(20);

const DEFAULT_WEBDRIVER_URL: &str = "http://127.0.0.1:4444";

fn app_binary() -> String {
    std::env::var("KYB_DESK_BIN").unwrap_or_else(|_| {
        panic!("KYB_DESK_BIN must name the kyb-desk binary; run the journeys with `make test`")
    })
}

async fn open_session(program: &str, args: &[&str]) -> Client {
    let url = std::env::var("KYB_WEBDRIVER_URL").unwrap_or_else(|_| DEFAULT_WEBDRIVER_URL.into());
    let mut caps = serde_json::Map::new();
    caps.insert(
        "tauri:options".into(),
        serde_json::json!({ "application": program, "args": args }),
    );
    // A program that quits before its window reaches WebKitWebDriver leaves the session
    // waiting for ever: bounded, so a journey fails with this message instead of holding
    // the whole run.
    let mut builder = ClientBuilder::new(HttpConnector::new());
    builder.capabilities(caps);
    tokio::time::timeout(SESSION_TIMEOUT, builder.connect(&url))
        .await
        .unwrap_or_else(|_| panic!("{program} did not open a window within {SESSION_TIMEOUT:?}"))
        .unwrap_or_else(|e| panic!("no WebDriver session at {url} (is tauri-driver running?): {e}"))
}

/// How long a program may take to show its first window to WebDriver.
const SESSION_TIMEOUT: Duration = Duration::from_secs(90);

/// Runs `journey` against a freshly launched app window, with a data directory of its
/// own (so journeys never see each other's profiles, watchlists or drafts), and always
/// ends the session (which closes the app), also when the journey panics; the panic
/// is then re-raised so the test fails with its own message.
pub async fn with_app<F, Fut>(journey: F)
where
    F: FnOnce(App) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let data = DataDir::new();
    with_app_args(&[], &data, journey).await;
}

/// Like [`with_app`], on a data directory the caller keeps (to look at what the app
/// wrote, or to open it again).
pub async fn with_app_at<F, Fut>(data: &DataDir, journey: F)
where
    F: FnOnce(App) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    with_app_args(&[], data, journey).await;
}

/// Like [`with_app`], with the answers the user gives, in order, to the native dialogs
/// the app raises ("yes,no"; no once they run out): WebDriver cannot press a dialog the
/// system draws. The journeys' build has the flag (the `test-dialog-answers` feature,
/// `make test`); the packaged app refuses it.
pub async fn with_app_answering<F, Fut>(answers: &str, journey: F)
where
    F: FnOnce(App) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let data = DataDir::new();
    with_app_args(&["--test-dialog-answers", answers], &data, journey).await;
}

/// The app as `make run` opens it (`--demo`): its embedded sandbox serves a demo
/// profile that follows the demo's files, and the "try this" panel leads the way.
pub async fn with_demo_world<F, Fut>(journey: F)
where
    F: FnOnce(App) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let data = DataDir::new();
    with_app_args(&["--demo"], &data, journey).await;
}

/// Like [`with_demo_world`], on a data directory the caller keeps (to start the same
/// app a second time on it).
pub async fn with_demo_world_at<F, Fut>(data: &DataDir, journey: F)
where
    F: FnOnce(App) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    with_app_args(&["--demo"], data, journey).await;
}

/// Like [`with_demo_world`], started with `link` on its command line, as the desktop
/// starts it for a link when it is not running yet.
pub async fn with_demo_world_opening<F, Fut>(link: &str, journey: F)
where
    F: FnOnce(App) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let data = DataDir::new();
    with_app_args(&["--demo", link], &data, journey).await;
}

/// Like [`with_app_at`], started with `args` too (a journey's own flags, such as the
/// journeys' build's `--test-policy FILE`).
pub async fn with_app_given<F, Fut>(args: &[&str], data: &DataDir, journey: F)
where
    F: FnOnce(App) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    with_app_args(args, data, journey).await;
}

/// Starts the demo app again on `data` with `link`, as a script or the desktop would,
/// and waits for it to exit, having handed the link over to the app already running.
pub async fn launch_again(data: &std::path::Path, link: &str) {
    let mut second = tokio::process::Command::new(desk_binary())
        .args(["--demo", "--data-dir"])
        .arg(data)
        .arg(link)
        .kill_on_drop(true)
        .spawn()
        .expect("the second launch starts");
    match tokio::time::timeout(Duration::from_secs(30), second.wait()).await {
        Ok(status) => {
            let status = status.expect("the second launch's status");
            assert!(
                status.success(),
                "the second launch with {link} failed: {status}"
            );
        }
        Err(_) => panic!("the second launch with {link} did not exit: it runs beside the first"),
    }
}

/// The app binary the journeys run (`KYB_DESK_BIN`), to start it again by hand.
pub fn desk_binary() -> String {
    app_binary()
}

/// Like [`with_app`], with the app in demo mode with nothing followed yet (`--demo
/// --demo-empty`): its embedded sandbox, seeded like
/// `kyb_sandbox::SandboxConfig::default()`, serves a demo profile, and the journey
/// follows what it needs.
pub async fn with_demo_app<F, Fut>(journey: F)
where
    F: FnOnce(App) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let data = DataDir::new();
    with_demo_app_at(&data, journey).await;
}

/// Like [`with_demo_app`], on a data directory the caller keeps. (The demo starts
/// afresh at every start, records included: a journey that closes the app and opens
/// it again on its records uses [`with_app_at`] and a sandbox of its own.)
pub async fn with_demo_app_at<F, Fut>(data: &DataDir, journey: F)
where
    F: FnOnce(App) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    with_app_args(&["--demo", "--demo-empty"], data, journey).await;
}

/// Where one journey's app keeps its files (`--data-dir`); removed when dropped.
pub struct DataDir(tempfile::TempDir);

impl DataDir {
    pub fn new() -> Self {
        Self(tempfile::tempdir().expect("a temporary data directory"))
    }

    pub fn path(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl Default for DataDir {
    fn default() -> Self {
        Self::new()
    }
}

async fn with_app_args<F, Fut>(args: &[&str], data: &DataDir, journey: F)
where
    F: FnOnce(App) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let dir = data.0.path().to_string_lossy().into_owned();
    // The folder opened again: the app before may still be closing, holding the
    // folder's lock (a second launch then hands over to it and quits). Its lock, taken
    // and let go here, says it is gone.
    let folder = data.0.path().to_path_buf();
    tokio::task::spawn_blocking(move || {
        kyb_desk_core::fsio::lock_folder(&folder, Duration::from_secs(30))
            .expect("the data folder's previous app closes")
    })
    .await
    .expect("the folder's lock asked");
    let mut args = args.to_vec();
    args.extend(["--data-dir", dir.as_str()]);
    let client = open_session(&app_binary(), &args).await;
    let outcome = tokio::spawn(journey(App {
        client: client.clone(),
    }))
    .await;
    // Closing can fail when the app already died; the journey's outcome matters more.
    let _ = client.close().await;
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure.into_panic());
    }
}

/// The demo's example files: the app's embedded sandbox is seeded like the default
/// configuration, so a sandbox started here with it has the same ones.
pub async fn demo_examples() -> kyb_sandbox::Examples {
    let sandbox = kyb_sandbox::Sandbox::start(kyb_sandbox::SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let examples = sandbox.manifest.examples.clone();
    sandbox.stop().await;
    examples
}

/// A journey's team: a sandbox of its own and a team's database for the sandbox's first
/// tenant's workspace, `boss` its first supervisor.
pub struct TeamWorld {
    pub service: kyb_sandbox::RunningSandbox,
    pub manifest: kyb_sandbox::Manifest,
    pub db: TeamDatabase,
}

impl TeamWorld {
    /// The database named after `prefix` (`kyb_e2e_team` → `kyb_e2e_team_<tag>`).
    pub async fn start(prefix: &str, boss: &str) -> Self {
        let service = kyb_sandbox::Sandbox::start(kyb_sandbox::SandboxConfig::default())
            .await
            .expect("sandbox");
        let manifest = service.manifest.clone();
        let workspace = manifest.tenants[0].workspace_id.to_string();
        let db = TeamDatabase::create(prefix, &workspace, boss).await;
        Self {
            service,
            manifest,
            db,
        }
    }
}

/// A team's database on the session's private PostgreSQL (`scripts/session.sh
/// --postgres`), set up as docs/OPERATIONS.md tells a company (an owner role, a login per
/// member) for one workspace, with its first supervisor signed in (`boss`, acting
/// through the team library as their desk would). Without a cluster it fails.
pub struct TeamDatabase {
    pub team: kyb_team::testing::TestTeam,
    /// The first supervisor.
    pub boss: kyb_team::Team,
    /// The socket's folder: the host a profile names.
    pub socket: String,
}

impl TeamDatabase {
    /// For `workspace` (the sandbox tenant's), with `boss` (`beto` → `beto.<tag>`) its
    /// first supervisor.
    pub async fn create(prefix: &str, workspace: &str, boss: &str) -> TeamDatabase {
        let mut team = kyb_team::testing::TestTeam::new(prefix).await;
        team.workspace = workspace.to_lowercase();
        let boss = team.supervisor(boss).await;
        TeamDatabase {
            team,
            boss,
            socket: std::env::var("PGHOST").expect("the session's socket folder"),
        }
    }

    /// A member `who` the supervisor adds with `role`: the login, and the one-time
    /// password the supervisor hands over.
    pub async fn add(&self, who: &str, role: kyb_team::Role) -> (String, String) {
        let login = self.team.login(who);
        let password = self
            .boss
            .add_member(&login, &format!("{who}@kybdesk.mx"), role, false)
            .await
            .expect("the supervisor adds the member")
            .expect("a one-time password");
        (login, password)
    }

    /// A member `who` with `role` whose login the owner's set-up issues (no supervisor
    /// had its password, so four eyes counts them a person apart): the login, and the
    /// one-time password to hand over.
    pub async fn issue(&self, who: &str, role: kyb_team::Role) -> (String, String) {
        let login = self.team.login(who);
        let password = kyb_team::setup::issue_login(
            &self.team.owner,
            &self.team.workspace,
            &login,
            &format!("{who}@kybdesk.mx"),
            role,
            false,
        )
        .await
        .expect("the set-up issues the login")
        .expect("a one-time password");
        (login, password)
    }

    /// The first run of a member's desk: the sandbox's profile as the first-run screen
    /// asks for it, in this team as `login` with their (one-time) password, saved and
    /// connected.
    pub async fn sign_in_first_run(
        &self,
        app: &App,
        manifest: &kyb_sandbox::Manifest,
        login: &str,
        password: &str,
    ) {
        ProfileEntry::for_tenant(manifest).fill(app).await;
        app.click("[data-testid=profile-team]").await;
        app.replace_text("[data-testid=profile-team-host]", &self.socket)
            .await;
        app.replace_text("[data-testid=profile-team-database]", &self.team.database)
            .await;
        app.replace_text("[data-testid=profile-team-user]", login)
            .await;
        app.replace_text("[data-testid=profile-team-password]", password)
            .await;
        app.click_button("Guardar y probar conexión").await;
        app.wait_for_text(".empty", "No sigue ningún expediente")
            .await;
    }
}

/// A profile as the first-run screen asks for it.
pub struct ProfileEntry {
    pub name: String,
    pub base_url: String,
    pub workspace: String,
    pub flow_id: String,
    pub api_key: String,
}

impl ProfileEntry {
    /// The sandbox's first tenant, with its key and the example flow.
    pub fn for_tenant(manifest: &kyb_sandbox::Manifest) -> Self {
        let tenant = &manifest.tenants[0];
        Self {
            name: "Pruebas".into(),
            base_url: manifest.base_url.clone(),
            workspace: tenant.workspace_id.to_string(),
            flow_id: manifest.examples.flow_id.clone(),
            api_key: tenant.api_key.clone(),
        }
    }

    /// Fills the first-run form (a custom address), without saving it.
    pub async fn fill(&self, app: &App) {
        app.wait_for_text("h2", "Configure su perfil").await;
        self.fill_form(app).await;
    }

    /// Fills an empty profile form (first run, or a new profile on the Profiles
    /// screen), without saving it.
    pub async fn fill_form(&self, app: &App) {
        app.type_into("[data-testid=profile-name]", &self.name)
            .await;
        app.choose("[data-testid=profile-environment]", "custom")
            .await;
        app.replace_text("[data-testid=profile-base-url]", &self.base_url)
            .await;
        app.type_into("[data-testid=profile-workspace]", &self.workspace)
            .await;
        app.type_into("[data-testid=profile-email]", "ana@kybdesk.mx")
            .await;
        app.type_into("[data-testid=profile-flow-id-0]", &self.flow_id)
            .await;
        app.type_into("[data-testid=profile-flow-label-0]", "Morales")
            .await;
        app.type_into("[data-testid=profile-key]", &self.api_key)
            .await;
    }
}

/// A profile on the sandbox `manifest` describes, saved and connected from the first
/// run; the watchlist is open.
pub async fn connect(app: &App, manifest: &kyb_sandbox::Manifest) {
    ProfileEntry::for_tenant(manifest).fill(app).await;
    app.click_button("Guardar y probar conexión").await;
    app.wait_for_text(".empty", "No sigue ningún expediente")
        .await;
}

/// The comment [`reject_and_preview`] types.
pub const REVIEW_COMMENT: &str = "El comprobante tiene más de 3 meses: suba uno reciente";

/// Follows the file of `rfc`, opens its review, rejects the proof of address with
/// [`REVIEW_COMMENT`] and opens the preview.
pub async fn reject_and_preview(app: &App, rfc: &str) {
    app.follow_and_open(rfc).await;
    app.click("[data-testid=start-review]").await;
    let row = "[data-testid=review-section][data-section=ProofAddressObligatorio]";
    app.click(&format!("{row} [data-testid=reject]")).await;
    app.type_into(
        &format!("{row} [data-testid=review-comment]"),
        REVIEW_COMMENT,
    )
    .await;
    app.wait_for_text("[data-testid=draft-status]", "Borrador guardado")
        .await;
    app.click("[data-testid=open-preview]").await;
    app.text_of("[data-testid=preview-payload]").await;
}

/// With the preview open, sends the correction while `service` acts on it but answers
/// only after the client gave up (20 s), and waits for the window to say the outcome
/// is unknown.
pub async fn send_and_lose_the_answer(app: &App, service: &kyb_sandbox::RunningSandbox) {
    service
        .add_fault(kyb_sandbox::Fault {
            route: "POST /expedientes/solicitar-correccion".into(),
            latency_after_ms: 30_000,
            ..kyb_sandbox::Fault::default()
        })
        .expect("a valid fault");
    app.click("[data-testid=send-correction]").await;
    app.wait_for_text_within(
        "[data-testid=outcome-unknown]",
        "Resultado desconocido",
        Duration::from_secs(45),
    )
    .await;
}

/// Makes `service` send every tracking answer as production might, beyond the spec's
/// tables (see [`kyb_sandbox::altered`]).
pub fn alter_tracking(service: &kyb_sandbox::RunningSandbox) {
    service
        .add_fault(kyb_sandbox::altered::tracking_fault())
        .expect("a valid fault");
}

/// The example file's tracking as `manifest`'s sandbox serves it (before any fault),
/// as raw JSON.
pub async fn raw_tracking(manifest: &kyb_sandbox::Manifest) -> serde_json::Value {
    kyb_api::client::install_tls_provider();
    let tenant = &manifest.tenants[0];
    let response = reqwest::Client::new()
        .post(format!("{}/expedientes/v1/tracking", manifest.base_url))
        .header(kyb_api::client::API_KEY_HEADER, &tenant.api_key)
        .header(
            kyb_api::client::WORKSPACE_HEADER,
            tenant.workspace_id.to_string(),
        )
        .json(&serde_json::json!({
            "FlowID": manifest.examples.flow_id,
            "RFC": manifest.examples.rfc,
            "AgentMail": "ana@kybdesk.mx",
        }))
        .send()
        .await
        .expect("the sandbox answers");
    assert!(response.status().is_success(), "{}", response.status());
    response.json().await.expect("a JSON answer")
}

/// Tries `attempt` every 100 ms until it gives a value, for at most `limit`; `None`
/// when it never did (the caller says what was missing).
pub async fn poll<T, F, Fut>(limit: Duration, mut attempt: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        if let Some(value) = attempt().await {
            return Some(value);
        }
        if tokio::time::Instant::now() >= deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The app window as a user sees it.
#[derive(Clone)]
pub struct App {
    client: Client,
}

impl App {
    /// Opens a window of any Tauri program through WebDriver (the benchmark's release
    /// build of the app, or its bare baseline), launched with `args`; [`App::close`]
    /// ends it. Journeys use [`with_app`], which also closes the window when they panic.
    pub async fn open(program: &str, args: &[&str]) -> App {
        App {
            client: open_session(program, args).await,
        }
    }

    /// Ends the session, which closes the program.
    pub async fn close(self) {
        let _ = self.client.close().await;
    }

    /// Resizes the window, as a user dragging its corner does.
    pub async fn set_window_size(&self, width: u32, height: u32) {
        self.client
            .set_window_size(width, height)
            .await
            .expect("the window can be resized");
    }

    /// Minimizes the window, as a user hiding it does (WebDriver's Minimize Window);
    /// whether the driver did within 10 s ([`App::set_window_size`] shows it again).
    pub async fn minimize(&self) -> bool {
        matches!(
            tokio::time::timeout(Duration::from_secs(10), self.client.minimize_window()).await,
            Ok(Ok(()))
        )
    }

    /// The window's outer size, as the page sees it.
    pub async fn window_size(&self) -> (u64, u64) {
        let size = self
            .run_script("return [window.outerWidth, window.outerHeight]")
            .await;
        (
            size[0].as_u64().unwrap_or_default(),
            size[1].as_u64().unwrap_or_default(),
        )
    }

    /// The visible text of the first element matching `css`, once it is present and
    /// non-empty (the UI fills some elements after an IPC round trip).
    pub async fn text_of(&self, css: &str) -> String {
        let found = poll(UI_TIMEOUT, || async move {
            let text = self
                .client
                .find(Locator::Css(css))
                .await
                .ok()?
                .text()
                .await
                .ok()?;
            (!text.trim().is_empty()).then_some(text)
        })
        .await;
        found.unwrap_or_else(|| panic!("nothing visible at `{css}` after {UI_TIMEOUT:?}"))
    }

    /// Waits until an element matching `css` shows `expected` in its text.
    pub async fn wait_for_text(&self, css: &str, expected: &str) -> String {
        self.wait_for_text_within(css, expected, UI_TIMEOUT).await
    }

    /// Like [`App::wait_for_text`], for what takes longer than a user's usual wait (a
    /// request the client gives up on after its own timeout).
    pub async fn wait_for_text_within(&self, css: &str, expected: &str, limit: Duration) -> String {
        let found = poll(limit, || async move {
            self.texts_of(css)
                .await
                .into_iter()
                .find(|text| text.contains(expected))
        })
        .await;
        match found {
            Some(text) => text,
            None => {
                let page = self.page_text().await;
                panic!(
                    "`{css}` never showed «{expected}» within {limit:?}; the window shows:\n{page}"
                )
            }
        }
    }

    /// The element `locator` finds, once it is there; `what` names it in the failure.
    async fn element(&self, locator: Locator<'_>, what: &str) -> Element {
        match self
            .client
            .wait()
            .at_most(UI_TIMEOUT)
            .for_element(locator)
            .await
        {
            Ok(element) => element,
            Err(e) => {
                let page = self.page_text().await;
                panic!("no {what} within {UI_TIMEOUT:?}: {e}; the window shows:\n{page}")
            }
        }
    }

    /// Waits for an element, then types `text` into it as a user would.
    pub async fn type_into(&self, css: &str, text: &str) {
        self.element(Locator::Css(css), &format!("`{css}`"))
            .await
            .send_keys(text)
            .await
            .unwrap_or_else(|e| panic!("cannot type into `{css}`: {e}"));
    }

    /// Presses Control and `key` together in the element at `css` (a shortcut).
    pub async fn press_with_control(&self, css: &str, key: char) {
        // WebDriver's key codes: Control stays down until the NULL key releases it.
        const CONTROL: char = '\u{E009}';
        const RELEASE: char = '\u{E000}';
        self.type_into(css, &format!("{CONTROL}{key}{RELEASE}"))
            .await;
    }

    /// Empties a text field, then types `text` into it.
    pub async fn replace_text(&self, css: &str, text: &str) {
        let element = self.element(Locator::Css(css), &format!("`{css}`")).await;
        // Delete what is there key by key, as a user would: WebDriver's own "clear"
        // fires no input event, so the page would never learn the field was emptied.
        const END: char = '\u{E010}';
        const BACKSPACE: char = '\u{E003}';
        let current = element
            .prop("value")
            .await
            .ok()
            .flatten()
            .unwrap_or_default();
        let mut keys = String::from(END);
        keys.extend(std::iter::repeat_n(BACKSPACE, current.chars().count()));
        keys.push_str(text);
        element
            .send_keys(&keys)
            .await
            .unwrap_or_else(|e| panic!("cannot type into `{css}`: {e}"));
    }

    /// Chooses the option with `value` in the `<select>` at `css`.
    pub async fn choose(&self, css: &str, value: &str) {
        self.element(Locator::Css(css), &format!("`{css}`"))
            .await
            .select_by_value(value)
            .await
            .unwrap_or_else(|e| panic!("cannot choose {value} in `{css}`: {e}"));
    }

    /// Waits for the element at `css` to be there and still, then clicks it.
    pub async fn click(&self, css: &str) {
        let element = self.element(Locator::Css(css), &format!("`{css}`")).await;
        self.settled(&element).await;
        element
            .click()
            .await
            .unwrap_or_else(|e| panic!("cannot click `{css}`: {e}"));
    }

    /// Returns once `element` has kept its place on screen for a few frames (at most
    /// two seconds). WebDriver clicks where an element was when it looked: a block
    /// drawn above it meanwhile (a list's answer, a notice) moves it away, and the
    /// click lands on whatever took its place, silently (the take-next journey lost
    /// its click so on a loaded machine). One out of view is first scrolled to the
    /// middle of it by the page (clear of sticky bars): WebKitWebDriver's own scrolling
    /// before a click ended its process here (2.50.6 under Xvfb, a review's section row
    /// below the fold of its scrolled pane; tauri-driver then finds no driver).
    async fn settled(&self, element: &Element) {
        const SCRIPT: &str = "const [element, done] = arguments;
            const box = element.getBoundingClientRect();
            if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth)
                element.scrollIntoView({ block: 'center', inline: 'nearest' });
            const deadline = performance.now() + 2000;
            let last = '';
            let still = 0;
            const look = () => {
                const r = element.getBoundingClientRect();
                const now = [r.x, r.y, r.width, r.height].join();
                still = now === last ? still + 1 : 0;
                last = now;
                if (still >= 2 || performance.now() > deadline) done(true);
                else setTimeout(look, 40);
            };
            look();";
        let reference = serde_json::to_value(element).expect("an element reference");
        // A page that changed under it (the element gone) is for the click to report.
        let _ = self.client.execute_async(SCRIPT, vec![reference]).await;
    }

    /// Waits for the button whose text is `label`, then clicks it.
    pub async fn click_button(&self, label: &str) {
        let xpath = format!("//button[normalize-space(.)='{label}']");
        let element = self
            .element(Locator::XPath(&xpath), &format!("button «{label}»"))
            .await;
        self.settled(&element).await;
        element
            .click()
            .await
            .unwrap_or_else(|e| panic!("cannot click «{label}»: {e}"));
    }

    /// The current value of the form field at `css`.
    pub async fn value_of(&self, css: &str) -> String {
        self.element(Locator::Css(css), &format!("`{css}`"))
            .await
            .prop("value")
            .await
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// The attribute `name` of the element at `css`, once the element is there and has it.
    pub async fn attribute_of(&self, css: &str, name: &str) -> String {
        let found = poll(UI_TIMEOUT, || async move {
            self.client
                .find(Locator::Css(css))
                .await
                .ok()?
                .attr(name)
                .await
                .ok()?
        })
        .await;
        found.unwrap_or_else(|| panic!("no `{name}` at `{css}` after {UI_TIMEOUT:?}"))
    }

    /// Waits until nothing matches `css` any more (a progress bar gone, a button that
    /// had nothing left to do).
    pub async fn wait_until_gone(&self, css: &str) {
        let gone = poll(UI_TIMEOUT, || async move {
            let found = self.client.find_all(Locator::Css(css)).await;
            found.is_ok_and(|f| f.is_empty()).then_some(())
        })
        .await;
        if gone.is_none() {
            let page = self.page_text().await;
            panic!("`{css}` still there after {UI_TIMEOUT:?}; the window shows:\n{page}");
        }
    }

    /// The visible text of every element matching `css`.
    pub async fn texts_of(&self, css: &str) -> Vec<String> {
        let mut texts = Vec::new();
        for element in self
            .client
            .find_all(Locator::Css(css))
            .await
            .unwrap_or_default()
        {
            texts.push(element.text().await.unwrap_or_default());
        }
        texts
    }

    /// Waits until an element matching `css` has `expected` in its rendered text (the
    /// page's `innerText`, which WebKit's WebDriver leaves empty for text cut with an
    /// ellipsis).
    pub async fn wait_for_inner_text(&self, css: &str, expected: &str) {
        let script = format!(
            "return [...document.querySelectorAll({})].map(e => e.innerText)",
            serde_json::Value::from(css)
        );
        let found = poll(UI_TIMEOUT, || async {
            let texts = self.run_script(&script).await;
            texts
                .as_array()?
                .iter()
                .any(|t| t.as_str().is_some_and(|t| t.contains(expected)))
                .then_some(())
        })
        .await;
        if found.is_none() {
            let page = self.page_text().await;
            panic!(
                "`{css}` never showed «{expected}» within {UI_TIMEOUT:?}; the window shows:\n{page}"
            );
        }
    }

    /// Whether the control at `css` can be used (a disabled button cannot).
    pub async fn is_enabled(&self, css: &str) -> bool {
        self.element(Locator::Css(css), &format!("`{css}`"))
            .await
            .is_enabled()
            .await
            .unwrap_or_else(|e| panic!("cannot tell whether `{css}` is enabled: {e}"))
    }

    /// Runs `script` in the page (as WebDriver does: not subject to the page's CSP
    /// itself) and returns what it returns.
    pub async fn run_script(&self, script: &str) -> serde_json::Value {
        self.client
            .execute(script, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("the script failed: {e}"))
    }

    /// Accepts a review's section as an analyst does: a section whose evidence has a
    /// high finding asks first, and is acknowledged.
    pub async fn accept_section(&self, section: &str) {
        let row = format!("[data-testid=review-section][data-section={section}]");
        let flagged = self
            .run_script(&format!(
                "return !!document.querySelector({})",
                serde_json::json!(format!(
                    "{row} [data-testid=finding-badge][data-severity=high]"
                ))
            ))
            .await
            == serde_json::json!(true);
        self.click(&format!("{row} [data-testid=accept]")).await;
        if flagged {
            self.click("[data-testid=ack-seen]").await;
            self.click("[data-testid=confirm-action]").await;
        }
        self.wait_for_attribute(&row, "data-verdict", "Aceptada")
            .await;
    }

    /// A section of the open review, other than `besides`, whose evidence has a high
    /// finding (one whose acceptance asks for the acknowledgement).
    pub async fn flagged_section_besides(&self, besides: &str) -> String {
        self.run_script(&format!(
            "const row = [...document.querySelectorAll('[data-testid=review-section]')].find((r) =>
               r.dataset.section !== {}
               && r.querySelector('[data-testid=finding-badge][data-severity=high]'));
             return row ? row.dataset.section : null;",
            serde_json::json!(besides)
        ))
        .await
        .as_str()
        .map(str::to_owned)
        .unwrap_or_else(|| panic!("no section besides {besides} with a high finding"))
    }

    /// Chooses `reason` among a rejected section's ready-made reasons as a user does:
    /// its words typed into the reasons' box narrow the list, Enter puts the first in
    /// the comment. Waits until the comment holds it.
    pub async fn choose_reason(&self, section: &str, reason: &str) {
        let row = format!("[data-testid=review-section][data-section={section}]");
        let picker = format!("{row} [data-testid=reason-picker]");
        self.click(&picker).await;
        self.type_into(&picker, &format!("{reason}\u{E007}")).await;
        let comment = format!("{row} [data-testid=review-comment]");
        let written = poll(UI_TIMEOUT, || async {
            self.value_of(&comment).await.contains(reason).then_some(())
        })
        .await;
        assert!(
            written.is_some(),
            "the reason never reached {section}'s comment: {reason}"
        );
    }

    /// Waits until the element at `css` has `name` equal to `expected`.
    pub async fn wait_for_attribute(&self, css: &str, name: &str, expected: &str) {
        let found = poll(UI_TIMEOUT, || async move {
            (self.attribute_of(css, name).await == expected).then_some(())
        })
        .await;
        assert!(
            found.is_some(),
            "`{css}` never had {name}=«{expected}» within {UI_TIMEOUT:?}"
        );
    }

    /// Gives the element at `css` the focus, as a click beside its buttons or a key that
    /// moves to it would (a review's section row: its evidence follows).
    pub async fn focus(&self, css: &str) {
        let script = format!(
            "const el = document.querySelector({}); if (!el) return false; el.focus(); return true;",
            serde_json::json!(css)
        );
        let focused = poll(UI_TIMEOUT, || async {
            (self.run_script(&script).await == serde_json::json!(true)).then_some(())
        })
        .await;
        assert!(
            focused.is_some(),
            "nothing to focus at `{css}` within {UI_TIMEOUT:?}"
        );
    }

    /// Painted pixels of the evidence pane's PDF canvas that are not white.
    pub async fn pdf_ink(&self) -> u64 {
        self.run_script(
            "const canvas = document.querySelector('[data-testid=evidence-pane] [data-testid=pdf-canvas]');
             if (!canvas || canvas.width === 0) return 0;
             const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
             let inked = 0;
             for (let i = 0; i < data.length; i += 4) {
               if (data[i + 3] > 0 && (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200)) inked += 1;
             }
             return inked;",
        )
        .await
        .as_u64()
        .unwrap_or_default()
    }

    /// Waits until the evidence pane's PDF canvas has more than `least` inked pixels.
    pub async fn wait_for_pdf_ink(&self, least: u64) -> u64 {
        let inked = poll(Duration::from_secs(20), || async {
            let inked = self.pdf_ink().await;
            (inked > least).then_some(inked)
        })
        .await;
        match inked {
            Some(inked) => inked,
            None => panic!(
                "the PDF is not drawn in the evidence pane, which shows: {}",
                self.text_of("[data-testid=evidence-pane]").await
            ),
        }
    }

    /// Closes the window the steps act on (another of the app's stays).
    pub async fn close_window(&self) {
        self.client.close_window().await.expect("the window closes");
    }

    /// Opens the review's evidence in its second window ("Abrir en otra ventana") and
    /// makes that window the one the next steps act on; the main window's handle, to
    /// come back to it.
    pub async fn open_evidence_window(&self) -> String {
        let main = self.current_window().await;
        self.click("[data-testid=evidence-window]").await;
        let second = poll(Duration::from_secs(10), || async {
            self.windows().await.into_iter().find(|w| *w != main)
        })
        .await
        .expect("the evidence window opens");
        self.switch_to_window(&second).await;
        main
    }

    /// Focuses a review's section and waits until its evidence's PDF, of `pages`
    /// pages, is drawn in the pane.
    pub async fn show_section_pdf(&self, section: &str, pages: u32) {
        self.focus(&format!(
            "[data-testid=review-section][data-section={section}]"
        ))
        .await;
        self.wait_for_text(
            &format!("[data-testid=evidence-pane][data-section={section}] [data-testid=pdf-pages]"),
            &format!("de {pages}"),
        )
        .await;
        self.wait_for_pdf_ink(500).await;
    }

    /// The app's windows, as WebDriver knows them.
    pub async fn windows(&self) -> Vec<String> {
        self.client
            .windows()
            .await
            .expect("the windows can be listed")
            .into_iter()
            .map(String::from)
            .collect()
    }

    /// The window the steps act on now.
    pub async fn current_window(&self) -> String {
        self.client
            .window()
            .await
            .expect("the current window")
            .into()
    }

    /// Makes `handle` (one of [`App::windows`]) the window the next steps act on.
    pub async fn switch_to_window(&self, handle: &str) {
        let handle =
            fantoccini::wd::WindowHandle::try_from(handle.to_owned()).expect("a window handle");
        self.client
            .switch_to_window(handle)
            .await
            .expect("the window can be chosen");
    }

    /// Runs `script` in the page with a callback as its last argument, and returns
    /// what the script passes to it (for a promise, such as a backend call).
    pub async fn run_async_script(&self, script: &str) -> serde_json::Value {
        self.client
            .execute_async(script, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("the script failed: {e}"))
    }

    /// Fills the SLA policy's form on the Profiles screen (open) with `hours` by field
    /// (`queuedHours`, …, `atRiskHours`) and, with `round_the_clock`, a calendar of
    /// every day from midnight to midnight without holidays (its checkboxes toggle: the
    /// first time only), then saves it.
    pub async fn fill_sla_policy(&self, hours: &[(&str, &str)], round_the_clock: bool) {
        for (field, value) in hours {
            self.replace_text(&format!("[data-testid=sla-{field}]"), value)
                .await;
        }
        if round_the_clock {
            // Saturday and Sunday join the weekdays; open from midnight to midnight.
            self.click("[data-testid=sla-day-6]").await;
            self.click("[data-testid=sla-day-7]").await;
            self.replace_text("[data-testid=sla-opens]", "00:00").await;
            self.replace_text("[data-testid=sla-closes]", "24:00").await;
            self.click("[data-testid=sla-statutory]").await;
        }
        self.click("[data-testid=sla-policy-save]").await;
        self.wait_for_text("[data-testid=sla-policy-saved]", "Plazos guardados")
            .await;
    }

    /// Follows the file of `rfc` from the watchlist's box ("Seguir").
    pub async fn follow(&self, rfc: &str) {
        self.type_into("[data-testid=add-rfc]", rfc).await;
        self.click_button("Seguir").await;
    }

    /// Follows the file of `rfc` and opens its tracking (the watchlist's only file).
    pub async fn follow_and_open(&self, rfc: &str) {
        self.follow(rfc).await;
        self.click("[data-testid=open-file]").await;
    }

    /// Once the page has drawn `count` frames: what a change sets off in layout (a
    /// resize, a scrollbar, an observer's callback) has happened by then.
    pub async fn frames(&self, count: u32) {
        let script = format!(
            "const done = arguments[arguments.length - 1]; let left = {count}; \
             const next = () => (left-- > 0 ? requestAnimationFrame(next) : done(true)); next();"
        );
        self.run_async_script(&script).await;
    }

    /// Everything the window shows as text, for failure messages.
    pub async fn page_text(&self) -> String {
        match self.client.find(Locator::Css("body")).await {
            Ok(body) => body.text().await.unwrap_or_default(),
            Err(e) => format!("(no page: {e})"),
        }
    }

    /// The window's document title.
    pub async fn title(&self) -> String {
        self.client
            .title()
            .await
            .expect("the window answers its title")
    }
}

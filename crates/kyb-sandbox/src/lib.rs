//! A faithful, stateful local simulator of the KYB service, for tests, benchmarks and
//! the app's demo mode. It shares `kyb-api`'s models and rules and never depends on
//! Tauri. Start it with [`Sandbox::start`]; every test talks to it over real HTTP.

mod admin;
pub mod altered;
mod auth;
mod clock;
mod complementary;
mod config;
mod correction;
mod create;
mod deed;
pub mod demo_lists;
mod detail;
mod detail_data;
mod detail_fiscal;
mod documents;
mod enrollment;
mod envelope;
mod faults;
mod file_names;
mod files;
pub mod hostile;
mod messages;
mod pdf;
mod people;
mod photos;
mod seed;
mod served;
mod state;
mod text_flow;
mod tracking;
mod verifications;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::header;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub use admin::ADMIN_HEADER;
pub use auth::{API_KEY_HEADER, WORKSPACE_HEADER};
pub use clock::NOT_YET;
pub use config::SandboxConfig;
pub use faults::Fault;
pub use seed::{Examples, Manifest};
use state::AppState;
pub use state::Tenant;

#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: String,
        source: std::io::Error,
    },
}

pub struct Sandbox;

/// One file as [`RunningSandbox::files_of`] describes it.
#[derive(Debug, Clone)]
pub struct FileFacts {
    pub flow_id: String,
    pub rfc: String,
    pub document_id: uuid::Uuid,
    pub company: String,
    pub status: kyb_api::file::DocumentStatus,
    /// Of a natural-person (Física) flow.
    pub natural_person: bool,
    /// People (representatives, or the natural person) the file lists.
    pub persons: usize,
}

/// A sandbox serving on loopback; dropping it stops the server.
pub struct RunningSandbox {
    pub manifest: Manifest,
    pub addr: SocketAddr,
    shutdown: Option<oneshot::Sender<()>>,
    server: Option<JoinHandle<()>>,
    app: AppState,
}

impl Sandbox {
    pub async fn start(config: SandboxConfig) -> Result<RunningSandbox, SandboxError> {
        let addr = format!("{}:{}", config.host, config.port);
        let listener = TcpListener::bind(&addr)
            .await
            .map_err(|source| SandboxError::Bind {
                addr: addr.clone(),
                source,
            })?;
        let local = listener
            .local_addr()
            .map_err(|source| SandboxError::Bind { addr, source })?;
        let base_url = format!("http://{local}");
        let (world, manifest) = seed::build(config.seed, config.files, &base_url, clock::now());
        let app = AppState {
            world: Arc::new(Mutex::new(world)),
            base_url: base_url.into(),
            admin_token: manifest.admin_token.as_str().into(),
            seed: config.seed,
            files: config.files,
        };
        let (tx, rx) = oneshot::channel::<()>();
        let handle = app.clone();
        let server = tokio::spawn(async move {
            let serve = axum::serve(listener, router(app)).with_graceful_shutdown(async {
                let _ = rx.await;
            });
            if let Err(error) = serve.await {
                eprintln!("kyb-sandbox stopped: {error}");
            }
        });
        Ok(RunningSandbox {
            manifest,
            addr: local,
            shutdown: Some(tx),
            server: Some(server),
            app: handle,
        })
    }
}

impl RunningSandbox {
    /// Adds a fault, as `POST /_sandbox/faults` does, for a test in the same process.
    pub fn add_fault(&self, fault: Fault) -> Result<(), String> {
        fault.validate()?;
        self.app.lock().faults.push(fault);
        Ok(())
    }

    /// Removes every fault, as `DELETE /_sandbox/faults` does.
    pub fn clear_faults(&self) {
        self.app.lock().faults.clear();
    }

    /// Requests received on a route, keyed like `GET /_sandbox/counters`
    /// ("METHOD /route/{param}"), counted before any fault.
    pub fn requests(&self, route: &str) -> u64 {
        self.app.lock().counters.get(route).copied().unwrap_or(0)
    }

    /// FlowID and RFC of every file of a workspace that has an RFC: what an analyst
    /// would follow (the service has no list operation; a benchmark or a test in the
    /// same process builds a long watchlist from it).
    pub fn followable_files(&self, workspace: uuid::Uuid) -> Vec<(String, String)> {
        let world = self.app.lock();
        let mut files: Vec<(String, String)> = world
            .files
            .values()
            .filter(|f| f.workspace == workspace && !f.company_rfc.is_empty())
            .map(|f| (f.flow_id.clone(), f.company_rfc.clone()))
            .collect();
        files.sort();
        files.dedup();
        files
    }

    /// What the service knows of every file of a workspace that has an RFC, in a
    /// stable order (by RFC): what the demo chooses the files it follows from.
    pub fn files_of(&self, workspace: uuid::Uuid) -> Vec<FileFacts> {
        let world = self.app.lock();
        let mut files: Vec<FileFacts> = world
            .files
            .values()
            .filter(|f| f.workspace == workspace && !f.company_rfc.is_empty())
            .map(|f| FileFacts {
                flow_id: f.flow_id.clone(),
                rfc: f.company_rfc.clone(),
                document_id: f.document_id,
                company: f.company_name.clone(),
                status: f.status.clone(),
                natural_person: world
                    .flow(f.workspace, &f.flow_id)
                    .is_some_and(|flow| flow.person_type == files::PersonType::Fisica),
                persons: f.persons.len(),
            })
            .collect();
        files.sort_by(|a, b| (&a.rfc, &a.flow_id).cmp(&(&b.rfc, &b.flow_id)));
        files
    }

    /// The demo's risk lists ([`demo_lists`]), in their publishers' formats, from the
    /// example file of the first workspace.
    pub fn demo_lists(&self) -> Vec<demo_lists::DemoListFile> {
        let world = self.app.lock();
        world
            .files
            .get(&self.manifest.examples.document_id)
            .map(demo_lists::files)
            .unwrap_or_default()
    }

    /// Serves the demo's one-file lists at `/_files/lists/<name>` (as a publisher serves
    /// its list over https), and returns their formats and addresses: what a managed
    /// policy would name, for the demo's import from an address: (format, file name,
    /// address).
    pub fn serve_demo_lists(&self) -> Vec<(&'static str, &'static str, String)> {
        let files = self.demo_lists();
        let mut world = self.app.lock();
        let mut served = Vec::new();
        for file in files {
            let path = format!("lists/{}", file.name);
            world.served.insert(
                path.clone(),
                state::ServedFile {
                    content_type: "text/csv",
                    bytes: file.bytes,
                },
            );
            served.push((
                file.format,
                file.name,
                format!(
                    "{}/_files/{path}",
                    self.manifest.base_url.trim_end_matches('/')
                ),
            ));
        }
        served
    }

    /// Stops accepting connections and waits for the server task to end.
    pub async fn stop(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(server) = self.server.take() {
            let _ = server.await;
        }
    }
}

impl Drop for RunningSandbox {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// The service's operations at the paths and methods of `kyb_api::Operation` (the one
/// list the client also takes its paths from), beside the sandbox's own routes.
fn router(app: AppState) -> Router {
    use kyb_api::Operation as Op;
    Router::new()
        .route(
            Op::CreateFile.path(),
            on(Op::CreateFile, create::create_file),
        )
        .route(
            Op::Correction.path(),
            on(Op::Correction, correction::request_correction),
        )
        .route(
            Op::ComplementaryInfo.path(),
            on(Op::ComplementaryInfo, complementary::add_sections),
        )
        .route(Op::Tracking.path(), on(Op::Tracking, tracking::tracking))
        .route(
            Op::EnrollmentLink.path(),
            on(Op::EnrollmentLink, enrollment::enrollment_link),
        )
        .route(
            Op::Verification.path(),
            on(Op::Verification, verifications::read),
        )
        .route(
            Op::ResendVerification.path(),
            on(Op::ResendVerification, verifications::resend),
        )
        .route(
            Op::CancelVerification.path(),
            on(Op::CancelVerification, verifications::cancel),
        )
        .route(Op::Detail.path(), on(Op::Detail, detail::detail))
        .route("/_files/{*name}", get(served::served_file))
        .nest("/_sandbox", admin_router(app.clone()))
        .route_layer(middleware::from_fn_with_state(app.clone(), observe_request))
        .with_state(app)
}

/// `handler` under the method of `operation`.
fn on<H, T>(operation: kyb_api::Operation, handler: H) -> axum::routing::MethodRouter<AppState>
where
    H: axum::handler::Handler<T, AppState>,
    T: 'static,
{
    match operation.method() {
        "GET" => get(handler),
        _ => post(handler),
    }
}

fn admin_router(app: AppState) -> Router<AppState> {
    Router::new()
        .route("/verifications", post(admin::create_verification))
        .route("/verifications/{folio}", get(admin::verification))
        .route("/outbox", get(admin::outbox))
        .route("/counters", get(admin::counters))
        .route("/tamper/{*name}", post(admin::tamper_file))
        .route("/legacy/{document_id}", post(admin::make_legacy))
        .route("/verifications/{folio}/verdict", post(admin::set_verdict))
        .route("/verifications/{folio}/advance", post(admin::advance))
        .route(
            "/files/{document_id}/sections/{section}/upload",
            post(admin::upload),
        )
        .route(
            "/faults",
            get(admin::faults)
                .post(admin::add_fault)
                .delete(admin::clear_faults),
        )
        .route("/reset", post(admin::reset))
        .route_layer(middleware::from_fn_with_state(app, admin::require_admin))
}

/// Counts every request by route, then applies the faults set for it (never to the
/// admin routes).
async fn observe_request(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let Some(route) = request
        .extensions()
        .get::<MatchedPath>()
        .map(|path| format!("{} {}", request.method(), path.as_str()))
    else {
        return next.run(request).await;
    };
    let decision = {
        let mut world = app.lock();
        *world.counters.entry(route.clone()).or_default() += 1;
        if route.contains(" /_sandbox/") {
            None
        } else {
            let state::World {
                faults, fault_rng, ..
            } = &mut *world;
            Some(faults::decide(faults, &route, fault_rng))
        }
    };
    let Some(decision) = decision else {
        return next.run(request).await;
    };
    if !decision.before.is_zero() {
        tokio::time::sleep(decision.before).await;
    }
    let response = match faults::respond(decision.outcome) {
        Some(faulted) => faulted,
        None if decision.alter.is_empty() => next.run(request).await,
        None => altered(next.run(request).await, &decision.alter).await,
    };
    // The handler has run to completion (its state change is made under the lock,
    // without awaiting), so a client that gives up during this wait leaves the
    // service having acted.
    if !decision.after.is_zero() {
        tokio::time::sleep(decision.after).await;
    }
    response
}

/// The answer with its JSON changed as a fault asks (see [`faults::Alteration`]); an
/// answer that is not JSON is served as it was.
async fn altered(response: Response, alter: &[faults::Alteration]) -> Response {
    let (parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return Response::from_parts(parts, Body::empty());
    };
    let Ok(mut answer) = serde_json::from_slice::<serde_json::Value>(&bytes) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    for change in alter {
        change.apply(&mut answer);
    }
    let mut parts = parts;
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(answer.to_string()))
}

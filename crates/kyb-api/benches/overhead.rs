//! The client's per-call overhead: the same verification query (GET
//! /verificaciones/{folio}, a completed verification with photos) through `kyb_api`
//! (its headers, retry bookkeeping, key scrubbing, envelope and model decoding) and
//! through a bare `hyper` request that only reads the body, against one sandbox on
//! loopback. Two measures, each printed as a Markdown table (`make bench`):
//!
//! - by default, wall-clock time: p50 and p99 of each path and the client's ratios, the
//!   paths alternating in rounds within one process (the sandbox on its own thread);
//! - with `--callgrind`, instructions per call, which the noise of a shared machine
//!   does not move: each path runs in its own process under `valgrind --tool=callgrind`
//!   (this same binary, told what to do by `KYB_OVERHEAD_*` variables), once making
//!   [`FEW`] calls and once [`MANY`], both after the same warm-up; the difference of
//!   their totals divided by `MANY - FEW` is one call, start-up and warm-up cancelling
//!   out. The sandbox answers from this (uncounted) process. Counted: every thread of
//!   the calling process, so the connection tasks, hyper's parsing, the tokio runtime
//!   and the kernel calls' user-space side, but not the kernel itself. Two more paths
//!   are counted: the bare request with its `Data` decoded into the model by
//!   serde_json (what any client that returns the model pays, so the client's cost
//!   beyond it is its own: reqwest, the envelope's checks, the key's scrubbing), and
//!   the client with a drift learner, as the desk builds it.
//!
//! The goal is the client against its real floor, bare hyper that also decodes the
//! model: the ratio "client / bare hyper that decodes the model", in time and in
//! instructions (`make bench` reads those rows by their names).
//!
//! To see where a path's instructions go, keep the counted processes' outputs
//! (`KYB_OVERHEAD_KEEP=DIR cargo bench -p kyb-api --bench overhead -- --callgrind`
//! leaves `DIR/<path>-<calls>.out`) and read one with `callgrind_annotate --inclusive=yes`.

use std::process::Command;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client as HyperClient;
use hyper_util::rt::TokioExecutor;
use kyb_api::models::verification::Verification;
use kyb_api::{Client, ClientConfig, Credentials, Learner, Secret};
use kyb_sandbox::{Sandbox, SandboxConfig};
use reqwest::Url;

const WARMUP: usize = 200;
const ROUNDS: usize = 10;
const PER_ROUND: usize = 300;

/// Calls made by the counted processes, after [`COUNTED_WARMUP`] of their own.
const FEW: usize = 50;
const MANY: usize = 1050;
const COUNTED_WARMUP: usize = 20;

/// What the calls go to: the sandbox's address, a tenant and a folio of its seed.
#[derive(Clone)]
struct Target {
    base_url: String,
    api_key: String,
    workspace_id: String,
    folio: String,
}

impl Target {
    const VARIABLES: [&str; 4] = [
        "KYB_OVERHEAD_BASE_URL",
        "KYB_OVERHEAD_API_KEY",
        "KYB_OVERHEAD_WORKSPACE",
        "KYB_OVERHEAD_FOLIO",
    ];

    fn values(&self) -> [&str; 4] {
        [
            &self.base_url,
            &self.api_key,
            &self.workspace_id,
            &self.folio,
        ]
    }

    fn from_env() -> Self {
        let [base_url, api_key, workspace_id, folio] =
            Self::VARIABLES.map(|name| std::env::var(name).expect(name));
        Self {
            base_url,
            api_key,
            workspace_id,
            folio,
        }
    }
}

/// The ways of making the call.
#[derive(Clone, Copy, PartialEq)]
enum Path {
    Bare,
    /// What no client can spare: the bare request, and the model read from its body.
    Decoded,
    Client,
    Learning,
}

impl Path {
    const ALL: [Path; 4] = [Path::Bare, Path::Decoded, Path::Client, Path::Learning];

    fn name(self) -> &'static str {
        match self {
            Path::Bare => "bare",
            Path::Decoded => "decoded",
            Path::Client => "client",
            Path::Learning => "learning",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Path::Bare => "bare hyper, body read",
            Path::Decoded => "bare hyper, body read, its `Data` decoded into the model",
            Path::Client => "kyb-api client, decoded",
            Path::Learning => "kyb-api client, decoded, drift learnt (as the desk does)",
        }
    }
}

/// The body as the decoded path reads it: `Data` alone, with no check of the rest.
#[derive(serde::Deserialize)]
struct Plain {
    #[serde(rename = "Data")]
    data: Verification,
}

/// The calls of each path, ready to be made on a current-thread runtime.
struct Callers {
    target: Target,
    url: String,
    hyper: HyperClient<hyper_util::client::legacy::connect::HttpConnector, Empty<Bytes>>,
    client: Client,
    learning: Client,
}

impl Callers {
    fn new(target: Target) -> Self {
        let client = Client::new(ClientConfig::new(
            Url::parse(&target.base_url).expect("sandbox address"),
            Credentials {
                api_key: Secret::new(target.api_key.clone()),
                workspace_id: target.workspace_id.clone(),
            },
        ))
        .expect("client");
        let learning = client.clone().learning_into(Learner(std::sync::Arc::new(
            |_, lesson: kyb_api::drift::Lesson| drop(std::hint::black_box(lesson)),
        )));
        Self {
            url: format!("{}/verificaciones/{}", target.base_url, target.folio),
            hyper: HyperClient::builder(TokioExecutor::new()).build_http(),
            client,
            learning,
            target,
        }
    }

    async fn call(&self, path: Path) {
        let client = match path {
            Path::Bare => {
                self.bare().await;
                return;
            }
            Path::Decoded => {
                let body = self.bare().await;
                let plain: Plain = serde_json::from_slice(&body).expect("decodes");
                assert_eq!(
                    plain.data.folio.as_deref(),
                    Some(self.target.folio.as_str())
                );
                return;
            }
            Path::Client => &self.client,
            Path::Learning => &self.learning,
        };
        let verification = client
            .verification(&self.target.folio)
            .await
            .expect("typed answer");
        assert_eq!(
            verification.folio.as_deref(),
            Some(self.target.folio.as_str())
        );
    }

    async fn bare(&self) -> Bytes {
        let request = hyper::Request::get(self.url.as_str())
            .header("SERVICE-API-KEY", self.target.api_key.as_str())
            .header("X-Workspace", self.target.workspace_id.as_str())
            .header("Accept", "application/json")
            .body(Empty::<Bytes>::new())
            .expect("request");
        let response = self.hyper.request(request).await.expect("bare answer");
        assert!(response.status().is_success());
        let body = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        assert!(!body.is_empty());
        body
    }
}

fn current_thread() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("bench runtime")
}

fn main() {
    if let Ok(path) = std::env::var("KYB_OVERHEAD_PATH") {
        return counted(&path);
    }
    let target = start_sandbox();
    if std::env::args().any(|arg| arg == "--callgrind") {
        instructions(&target);
    } else {
        wall_clock(target);
    }
}

/// Starts the sandbox on its own runtime and thread, so it does not share the
/// measuring thread with the callers.
fn start_sandbox() -> Target {
    let (ready, manifest) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("sandbox runtime");
        runtime.block_on(async {
            let sandbox = Sandbox::start(SandboxConfig::default())
                .await
                .expect("sandbox starts");
            ready
                .send(sandbox.manifest.clone())
                .expect("bench waits for the manifest");
            std::future::pending::<()>().await;
        });
    });
    let manifest = manifest.recv().expect("sandbox manifest");
    let tenant = &manifest.tenants[0];
    Target {
        base_url: manifest.base_url.clone(),
        api_key: tenant.api_key.clone(),
        workspace_id: tenant.workspace_id.to_string(),
        folio: manifest.examples.folios["Completado"].clone(),
    }
}

/// One counted process: the warm-up, then `KYB_OVERHEAD_CALLS` calls of one path.
fn counted(path: &str) {
    let path = Path::ALL
        .into_iter()
        .find(|p| p.name() == path)
        .expect("KYB_OVERHEAD_PATH is bare, decoded, client or learning");
    let calls: usize = std::env::var("KYB_OVERHEAD_CALLS")
        .expect("KYB_OVERHEAD_CALLS")
        .parse()
        .expect("a number of calls");
    let callers = Callers::new(Target::from_env());
    current_thread().block_on(async {
        for _ in 0..COUNTED_WARMUP + calls {
            callers.call(path).await;
        }
    });
}

/// The instructions of one process making `calls` calls of `path`, as callgrind
/// counts them.
fn count(target: &Target, path: Path, calls: usize, out: &std::path::Path) -> u64 {
    let mut command = Command::new("valgrind");
    command
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(std::env::current_exe().expect("this bench's binary"))
        .env("KYB_OVERHEAD_PATH", path.name())
        .env("KYB_OVERHEAD_CALLS", calls.to_string());
    for (name, value) in Target::VARIABLES.iter().zip(target.values()) {
        command.env(name, value);
    }
    let run = command
        .output()
        .expect("valgrind runs (apt-get install valgrind)");
    assert!(
        run.status.success(),
        "{} calls of {} under callgrind: {}",
        calls,
        path.name(),
        String::from_utf8_lossy(&run.stderr)
    );
    let written = std::fs::read_to_string(out).expect("callgrind's output");
    let total = written
        .lines()
        .find_map(|line| {
            line.strip_prefix("summary:")
                .or(line.strip_prefix("totals:"))
        })
        .expect("callgrind's total");
    total.trim().parse().expect("a count of instructions")
}

fn instructions(target: &Target) {
    let kept = std::env::var_os("KYB_OVERHEAD_KEEP").map(std::path::PathBuf::from);
    let scratch = kept.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("kyb-overhead-{}", std::process::id()))
    });
    std::fs::create_dir_all(&scratch).expect("scratch folder");
    let per_call = Path::ALL.map(|path| {
        let out = |calls| scratch.join(format!("{}-{calls}.out", path.name()));
        let few = count(target, path, FEW, &out(FEW));
        let many = count(target, path, MANY, &out(MANY));
        (path, many.saturating_sub(few) as f64 / (MANY - FEW) as f64)
    });
    if kept.is_none() {
        // Best effort: the counts are already read, and the folder is in the temporary one.
        let _ = std::fs::remove_dir_all(&scratch);
    }
    let of = |wanted: Path| {
        per_call
            .iter()
            .find(|(path, _)| *path == wanted)
            .map_or(0.0, |(_, n)| *n)
    };
    let (bare, decoded, client, learning) = (
        of(Path::Bare),
        of(Path::Decoded),
        of(Path::Client),
        of(Path::Learning),
    );
    println!("## Client per-call instructions (GET /verificaciones/{{folio}}, loopback sandbox)\n");
    println!(
        "Instructions counted by `valgrind --tool=callgrind`, which machine noise does not move. \
         Each path in its own process: {MANY} calls minus {FEW} calls (after {COUNTED_WARMUP} \
         warm-up calls each), divided by {}; every thread of the calling process, the sandbox \
         answering from another; release build.\n",
        MANY - FEW
    );
    println!("| path | instructions per call |");
    println!("|---|---:|");
    for (path, n) in &per_call {
        println!("| {} | {n:.0} |", path.label());
    }
    println!("| {} | {:.2} |", RATIO_DECODED, client / decoded);
    println!(
        "| overhead per call beyond decoding the model (instructions) | {:.0} |",
        client - decoded
    );
    println!("| {} | {:.2} |", RATIO_BARE, client / bare);
    println!(
        "| overhead per call beyond the body read (instructions) | {:.0} |",
        client - bare
    );
    println!("| {} | {:.2} |", RATIO_LEARNING, learning / decoded);
}

/// The rows `make bench` reads its goals from (scripts/bench.sh), by these names.
const RATIO_DECODED: &str = "ratio client / bare hyper that decodes the model";
const RATIO_BARE: &str = "ratio client / bare hyper, body read only";
const RATIO_LEARNING: &str = "ratio client with drift learner / bare hyper that decodes the model";

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn wall_clock(target: Target) {
    let callers = Callers::new(target);
    let mut times = Path::ALL.map(|path| (path, Vec::with_capacity(ROUNDS * PER_ROUND)));
    current_thread().block_on(async {
        for _ in 0..WARMUP {
            for path in Path::ALL {
                callers.call(path).await;
            }
        }
        // Alternating rounds, so drift of the machine affects every path alike.
        for _ in 0..ROUNDS {
            for (path, times) in &mut times {
                for _ in 0..PER_ROUND {
                    let started = Instant::now();
                    callers.call(*path).await;
                    times.push(started.elapsed());
                }
            }
        }
    });
    let measured = times.map(|(path, mut times)| {
        times.sort();
        (
            path,
            (
                micros(percentile(&times, 0.50)),
                micros(percentile(&times, 0.99)),
            ),
        )
    });
    let of = |wanted: Path| {
        measured
            .iter()
            .find(|(path, _)| *path == wanted)
            .map_or((0.0, 0.0), |(_, p)| *p)
    };
    let (bare, decoded, client, learning) = (
        of(Path::Bare),
        of(Path::Decoded),
        of(Path::Client),
        of(Path::Learning),
    );
    println!("## Client per-call overhead (GET /verificaciones/{{folio}}, loopback sandbox)\n");
    println!(
        "{} calls each, after {WARMUP} warm-up calls, the paths alternating in rounds of \
         {PER_ROUND}; release build. Time on a shared machine moves with its load: the \
         instructions below are the steadier figure.\n",
        ROUNDS * PER_ROUND
    );
    println!("| path | p50 (µs) | p99 (µs) |");
    println!("|---|---:|---:|");
    for (path, (p50, p99)) in &measured {
        println!("| {} | {p50:.0} | {p99:.0} |", path.label());
    }
    println!(
        "| {} | {:.2} | {:.2} |",
        RATIO_DECODED,
        client.0 / decoded.0,
        client.1 / decoded.1
    );
    println!(
        "| overhead per call beyond decoding the model (µs) | {:.0} | {:.0} |",
        client.0 - decoded.0,
        client.1 - decoded.1
    );
    println!(
        "| {} | {:.2} | {:.2} |",
        RATIO_BARE,
        client.0 / bare.0,
        client.1 / bare.1
    );
    println!(
        "| {} | {:.2} | {:.2} |",
        RATIO_LEARNING,
        learning.0 / decoded.0,
        learning.1 / decoded.1
    );
}

//! The client's per-call overhead: the same verification query through `kyb_api`
//! (headers, retry bookkeeping, envelope and model decoding) and through a bare
//! `hyper` request that only reads the body, against one sandbox on loopback.
//! Prints p50 and p99 of each and their ratio, as a Markdown table (`make bench`).

use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client as HyperClient;
use hyper_util::rt::TokioExecutor;
use kyb_api::{Client, ClientConfig, Credentials, Secret};
use kyb_sandbox::{Sandbox, SandboxConfig};
use reqwest::Url;

const WARMUP: usize = 200;
const ROUNDS: usize = 10;
const PER_ROUND: usize = 300;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn main() {
    // The sandbox gets its own runtime and thread, so it does not share the measuring
    // thread with the clients.
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
    let tenant = manifest.tenants[0].clone();
    let folio = manifest.examples.folios["Completado"].clone();
    let url = format!("{}/verificaciones/{folio}", manifest.base_url);

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("bench runtime");
    let client = Client::new(ClientConfig::new(
        Url::parse(&manifest.base_url).expect("sandbox address"),
        Credentials {
            api_key: Secret::new(tenant.api_key.clone()),
            workspace_id: tenant.workspace_id.to_string(),
        },
    ))
    .expect("client");
    let hyper: HyperClient<_, Empty<Bytes>> =
        HyperClient::builder(TokioExecutor::new()).build_http();

    let bare = || async {
        let request = hyper::Request::get(url.as_str())
            .header("SERVICE-API-KEY", tenant.api_key.as_str())
            .header("X-Workspace", tenant.workspace_id.to_string())
            .header("Accept", "application/json")
            .body(Empty::<Bytes>::new())
            .expect("request");
        let response = hyper.request(request).await.expect("bare answer");
        assert!(response.status().is_success());
        let body = response.into_body().collect().await.expect("body");
        assert!(!body.to_bytes().is_empty());
    };
    let typed = || async {
        let verification = client.verification(&folio).await.expect("typed answer");
        assert_eq!(verification.folio.as_deref(), Some(folio.as_str()));
    };

    let (mut bare_times, mut typed_times) = (Vec::new(), Vec::new());
    runtime.block_on(async {
        for _ in 0..WARMUP {
            bare().await;
            typed().await;
        }
        // Alternating rounds, so drift of the machine affects both alike.
        for _ in 0..ROUNDS {
            for _ in 0..PER_ROUND {
                let started = Instant::now();
                bare().await;
                bare_times.push(started.elapsed());
            }
            for _ in 0..PER_ROUND {
                let started = Instant::now();
                typed().await;
                typed_times.push(started.elapsed());
            }
        }
    });
    bare_times.sort();
    typed_times.sort();
    let (bare50, bare99) = (percentile(&bare_times, 0.50), percentile(&bare_times, 0.99));
    let (typed50, typed99) = (
        percentile(&typed_times, 0.50),
        percentile(&typed_times, 0.99),
    );
    println!("## Client per-call overhead (GET /verificaciones/{{folio}}, loopback sandbox)\n");
    println!(
        "{} calls each, after {WARMUP} warm-up calls; release build.\n",
        ROUNDS * PER_ROUND
    );
    println!("| path | p50 (µs) | p99 (µs) |");
    println!("|---|---:|---:|");
    println!(
        "| bare hyper, body read | {:.0} | {:.0} |",
        micros(bare50),
        micros(bare99)
    );
    println!(
        "| kyb-api client, decoded | {:.0} | {:.0} |",
        micros(typed50),
        micros(typed99)
    );
    println!(
        "| ratio client / bare | {:.2} | {:.2} |",
        micros(typed50) / micros(bare50),
        micros(typed99) / micros(bare99)
    );
    println!(
        "| overhead per call (µs) | {:.0} | {:.0} |",
        micros(typed50) - micros(bare50),
        micros(typed99) - micros(bare99)
    );
}

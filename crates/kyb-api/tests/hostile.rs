//! The client against servers that misbehave on purpose, over real loopback HTTP:
//! redirects (never followed), answers of hundreds of megabytes (never held), an echo
//! of the API key (never shown), answers that come after the client gave up (outcome
//! unknown), and plain-http addresses (refused off this computer).

mod common;

use kyb_api::ServiceCode;
use std::sync::Arc;
use std::time::Duration;

use common::raw::{RawServer, Recorded, Reply, gzip_bomb};
use common::{World, agent};
use kyb_api::body::MAX_ANSWER_BYTES;
use kyb_api::client::{ConfigError, install_tls_provider, origin_of, parse_base_url};
use kyb_api::file::SectionStatus;
use kyb_api::requests::{CorrectionRequest, SectionDecision, TrackingRequest};
use kyb_api::retry::RetryPolicy;
use kyb_api::{ApiError, Client, ClientConfig, Credentials, Operation, Secret};
use reqwest::Url;
use serde_json::json;

const KEY: &str = "sk_test_9f8e7d6c5b4a_SECRET";

fn client_of(server: &RawServer) -> Client {
    install_tls_provider();
    let mut config = ClientConfig::new(
        Url::parse(&server.base_url()).expect("address"),
        Credentials {
            api_key: Secret::new(KEY),
            workspace_id: "3f1c2b7e-8a61-4c1e-9a57-1f0c1b2d3e4f".into(),
        },
    );
    config.retry = RetryPolicy::never();
    Client::new(config).expect("client")
}

fn tracking_request() -> TrackingRequest {
    TrackingRequest {
        flow_id: "flujo-1".into(),
        rfc: "ABC010203AB1".into(),
        agent_mail: agent(),
    }
}

fn correction_request(document_id: &str, estatus: &str) -> CorrectionRequest {
    CorrectionRequest {
        document_id: document_id.to_owned(),
        secciones: vec![SectionDecision {
            seccion: "ProofAddressObligatorio".into(),
            estatus: estatus.into(),
            comentario: (estatus == "Rechazada").then(|| "Ilegible".into()),
            ..SectionDecision::default()
        }],
        ..CorrectionRequest::default()
    }
}

/// One call of each kind that a redirect could meet: two reads (a GET and the
/// tracking POST) and two state-changing POSTs.
async fn call(client: &Client, operation: Operation) -> Result<(), ApiError> {
    match operation {
        Operation::Verification => client.verification("VD-00000005").await.map(drop),
        Operation::Tracking => client.tracking(&tracking_request()).await.map(drop),
        Operation::Correction => client
            .request_correction(&correction_request(
                "0b7c2a4e-3c1d-4f5e-8a9b-0c1d2e3f4a5b",
                "Aceptada",
            ))
            .await
            .map(drop),
        Operation::ResendVerification => client.resend_verification("VD-00000005").await,
        other => panic!("{other:?} is not exercised here"),
    }
}

#[tokio::test]
async fn redirects_are_reported_and_never_followed() {
    let elsewhere = RawServer::start(|_| Reply::Whole {
        status: "200 OK",
        headers: vec![],
        body: br#"{"Code":200,"Status":"Success","Message":"","Data":null}"#.to_vec(),
    })
    .await;
    let target = format!("{}takeover?token=abc", elsewhere.base_url());
    for status in [
        "301 Moved Permanently",
        "302 Found",
        "307 Temporary Redirect",
        "308 Permanent Redirect",
    ] {
        let target = target.clone();
        let service = RawServer::start(move |_| Reply::Whole {
            status,
            headers: vec![("Location".into(), target.clone())],
            body: Vec::new(),
        })
        .await;
        let client = client_of(&service);
        let code: u16 = status[..3].parse().expect("status");
        for (sent, operation) in [
            Operation::Verification,
            Operation::Tracking,
            Operation::Correction,
            Operation::ResendVerification,
        ]
        .into_iter()
        .enumerate()
        {
            let error = call(&client, operation).await.expect_err("a redirect");
            assert_eq!(
                error,
                ApiError::Redirected {
                    status: code,
                    location: format!("http://{}", elsewhere.addr),
                },
                "{operation:?} after {code}"
            );
            assert_eq!(error.code(), ServiceCode::Redirected);
            assert!(!error.to_string().contains("token"), "{error}");
            assert_eq!(
                service.requests().len(),
                sent + 1,
                "{operation:?} after {code}: one request, no retry"
            );
        }
        // The service did receive the key: it was the address chosen.
        assert!(
            service
                .requests()
                .iter()
                .all(|r| r.header("service-api-key") == Some(KEY))
        );
        assert!(
            !service.requests()[2].body.is_empty(),
            "the correction was sent"
        );
    }
    assert_eq!(
        elsewhere.requests().len(),
        0,
        "nothing, key or body, reached the redirect's target"
    );
}

#[tokio::test]
async fn ids_that_could_bend_the_path_never_reach_the_service() {
    let service = RawServer::start(|_| Reply::Whole {
        status: "200 OK",
        headers: vec![],
        body: br#"{"Code":200,"Status":"Success","Message":"","Data":null}"#.to_vec(),
    })
    .await;
    let client = client_of(&service);
    for folio in ["..", ".", "../expedientes/nuevo", "VD-1/cancelar", "%2e%2e"] {
        for result in [
            client.verification(folio).await.map(drop),
            client.resend_verification(folio).await,
            client.cancel_verification(folio).await,
        ] {
            assert!(
                matches!(result, Err(ApiError::Validation { local: true, .. })),
                "{folio:?}: {result:?}"
            );
        }
    }
    for id in ["..", "../nuevo", "."] {
        let result = client.detail(id, None).await;
        assert!(
            matches!(result, Err(ApiError::Validation { local: true, .. })),
            "{id:?}: {result:?}"
        );
        let result = client
            .enrollment_link(&kyb_api::requests::EnrollmentLinkRequest {
                document_id: "0b7c2a4e-3c1d-4f5e-8a9b-0c1d2e3f4a5b".into(),
                person_id: id.into(),
                agent_mail: agent(),
            })
            .await;
        assert!(
            matches!(result, Err(ApiError::Validation { local: true, .. })),
            "{id:?}: {result:?}"
        );
    }
    assert!(service.requests().is_empty(), "{:?}", service.requests());
}

#[test]
fn base_addresses_are_https_except_on_this_computer() {
    for ok in [
        "https://api.example.com/kyb",
        "http://127.0.0.1:9",
        "http://localhost",
        "http://[::1]:8080/",
    ] {
        assert!(parse_base_url(ok).is_ok(), "{ok}");
    }
    for insecure in [
        "http://example.com",
        "http://10.0.0.1",
        "http://127.0.0.1.example.com",
    ] {
        assert!(
            matches!(
                parse_base_url(insecure),
                Err(ConfigError::InsecureAddress(_))
            ),
            "{insecure}"
        );
    }
    assert!(matches!(
        parse_base_url("ftp://example.com"),
        Err(ConfigError::BadBaseUrl(_))
    ));
}

#[test]
fn origins_are_canonical() {
    let origin = |raw: &str| origin_of(&Url::parse(raw).expect("url"));
    assert_eq!(
        origin("https://A.example.com/x"),
        origin("https://a.example.com:443/y")
    );
    assert_ne!(
        origin("http://127.0.0.1:8080"),
        origin("http://127.0.0.1:8081")
    );
}

/// Replies whose bodies all carry the key the request came with.
fn echo_key(request: &Recorded) -> Reply {
    let key = request.header("service-api-key").unwrap_or("").to_owned();
    if request.head.starts_with("POST /expedientes/v1/tracking") {
        let body = json!({
            "Code": 400, "Status": "bad_request",
            "Message": format!("La llave {key} no es válida"),
            "Data": [format!("El campo SERVICE-API-KEY ({key}) no es válido."), key],
        });
        return Reply::Whole {
            status: "400 Bad Request",
            headers: vec![("Content-Type".into(), "application/json".into())],
            body: body.to_string().into_bytes(),
        };
    }
    if request.head.starts_with("GET ") {
        return Reply::Whole {
            status: "302 Found",
            headers: vec![(
                "Location".into(),
                format!("https://{key}.example.com/?k={key}"),
            )],
            body: Vec::new(),
        };
    }
    // An HTML error page whose 160-character snippet would cut the key in two.
    let page = format!("<html><body>{} {key} {key}</body></html>", "x".repeat(140));
    Reply::Whole {
        status: "502 Bad Gateway",
        headers: vec![("Content-Type".into(), "text/html".into())],
        body: page.into_bytes(),
    }
}

#[tokio::test]
async fn the_key_never_leaves_the_client_in_an_error() {
    let service = RawServer::start(echo_key).await;
    let client = client_of(&service);
    let errors = [
        client.tracking(&tracking_request()).await.map(drop),
        client.resend_verification("VD-00000005").await,
        client.verification("VD-00000005").await.map(drop),
    ];
    assert_eq!(service.requests().len(), 3);
    let codes: Vec<ServiceCode> = errors
        .iter()
        .map(|e| e.as_ref().map_err(ApiError::code).expect_err("an error"))
        .collect();
    assert_eq!(
        codes,
        [
            ServiceCode::Validation,
            ServiceCode::Decode,
            ServiceCode::Redirected
        ]
    );
    // Compared in lower case: an address's host is lower-cased once parsed.
    let secret_part = KEY[KEY.len() - 12..].to_lowercase();
    for error in errors.iter().filter_map(|e| e.as_ref().err()) {
        for shown in [
            error.to_string(),
            format!("{error:?}"),
            serde_json::to_string(error).expect("serialises"),
        ] {
            assert!(!shown.contains(KEY), "{shown}");
            assert!(
                !shown.to_lowercase().contains(&secret_part),
                "a part of the key: {shown}"
            );
        }
    }
    let Err(ApiError::Validation {
        message, messages, ..
    }) = &errors[0]
    else {
        panic!("{:?}", errors[0]);
    };
    assert_eq!(message, "La llave [redacted] no es válida");
    assert_eq!(
        messages,
        &[
            "El campo SERVICE-API-KEY ([redacted]) no es válido.",
            "[redacted]"
        ]
    );
}

#[tokio::test]
async fn a_correction_whose_answer_is_late_has_an_unknown_outcome() {
    let world = World::start().await;
    let tenant = world.manifest().tenants[0].clone();
    let impatient = world.client_as(&tenant.api_key, &tenant.workspace_id.to_string(), |c| {
        c.timeout = Duration::from_secs(1);
    });
    world
        .add_fault(json!({
            "route": Operation::Correction.route(),
            "latency_after_ms": 2500,
            "times": 1,
        }))
        .await;
    let examples = world.manifest().examples.clone();
    let error = impatient
        .request_correction(&correction_request(
            &examples.document_id.to_string(),
            "Rechazada",
        ))
        .await
        .expect_err("the answer comes after the timeout");
    assert!(
        matches!(error, ApiError::OutcomeUnknown { .. }),
        "{error:?}"
    );
    assert_eq!(error.code(), ServiceCode::OutcomeUnknown);
    assert_eq!(world.count(Operation::Correction).await, 1, "sent once");
    // The service did act: reading again shows it.
    let tracking = world
        .client()
        .tracking(&TrackingRequest {
            flow_id: examples.flow_id.clone(),
            rfc: examples.rfc.clone(),
            agent_mail: agent(),
        })
        .await
        .expect("tracking");
    let section = tracking
        .sections()
        .into_iter()
        .find(|s| s.section == "ProofAddressObligatorio")
        .expect("the section in tracking");
    assert_eq!(section.status, SectionStatus::Rechazado);
    // A read that times out is still a plain timeout (and is retried).
    world
        .add_fault(json!({
            "route": Operation::Verification.route(),
            "latency_after_ms": 2500,
        }))
        .await;
    let read = impatient
        .verification(&examples.folios["Enviado"])
        .await
        .expect_err("times out");
    assert_eq!(read.code(), ServiceCode::Timeout);
}

#[tokio::test]
async fn a_refused_connection_sent_nothing_and_stays_a_network_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("address");
    drop(listener);
    install_tls_provider();
    let client = Client::new(ClientConfig::new(
        Url::parse(&format!("http://{addr}/")).expect("address"),
        Credentials {
            api_key: Secret::new(KEY),
            workspace_id: "w".into(),
        },
    ))
    .expect("client");
    let error = client
        .resend_verification("VD-00000005")
        .await
        .expect_err("nothing listens");
    assert_eq!(error.code(), ServiceCode::Network, "{error:?}");
}

#[test]
fn the_gzip_bomb_is_a_valid_gzip_stream() {
    use std::io::Read;

    let small = gzip_bomb(4 * common::raw::CHUNK as u64);
    let mut decoded = Vec::new();
    flate2::read::GzDecoder::new(&small[..])
        .read_to_end(&mut decoded)
        .expect("a valid gzip stream, CRC and length included");
    assert_eq!(decoded.len(), 4 * common::raw::CHUNK);
    assert!(decoded.iter().all(|b| *b == 0));
}

const HUGE: u64 = 300 * 1024 * 1024;
const CHILD: &str = "huge_answers_child";

/// Run by [`huge_answers_are_refused_without_holding_them`] in a process of its own,
/// so that its peak memory is its own.
#[tokio::test]
#[ignore = "run by huge_answers_are_refused_without_holding_them"]
async fn huge_answers_child() {
    let bomb = Arc::new(gzip_bomb(HUGE));
    assert!(bomb.len() < MAX_ANSWER_BYTES / 8, "{} bytes", bomb.len());
    let cases = [
        (
            "declared length",
            Reply::Endless {
                total: HUGE,
                declared: true,
            },
        ),
        (
            "chunked",
            Reply::Endless {
                total: HUGE,
                declared: false,
            },
        ),
        ("gzip bomb", Reply::Gzip(bomb)),
    ];
    for (name, reply) in cases {
        let reply = Arc::new(std::sync::Mutex::new(Some(reply)));
        let server = RawServer::start(move |_| {
            reply
                .lock()
                .expect("lock")
                .take()
                .expect("one request per case")
        })
        .await;
        let error = client_of(&server)
            .verification("VD-00000005")
            .await
            .expect_err("too large");
        assert_eq!(
            error,
            ApiError::TooLarge {
                limit_bytes: MAX_ANSWER_BYTES as u64
            },
            "{name}"
        );
        assert_eq!(server.requests().len(), 1, "{name}: not retried");
    }
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let peak = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM");
    println!("{peak}");
}

#[test]
fn huge_answers_are_refused_without_holding_them() {
    let output = std::process::Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            CHILD,
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .output()
        .expect("the child runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "child failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // libtest prints the child's line after the test's name, on the same line.
    let kib: u64 = stdout
        .split("VmHWM:")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("no VmHWM in:\n{stdout}"));
    let peak = kib * 1024;
    println!(
        "peak memory while refusing three answers of {} MiB: {:.1} MiB",
        HUGE / (1024 * 1024),
        peak as f64 / (1024.0 * 1024.0)
    );
    assert!(
        peak < (MAX_ANSWER_BYTES + 64 * 1024 * 1024) as u64,
        "peak {peak} bytes"
    );
}

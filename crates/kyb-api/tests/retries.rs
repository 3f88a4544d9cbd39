//! With the sandbox's fault injection on: reads recover from transient failures, and
//! the request counters show that every state-changing call was sent exactly once.

mod common;

use std::time::{Duration, Instant};

use common::{World, agent};
use kyb_api::requests::{
    Company, ComplementaryInfoRequest, CorrectionRequest, CreateFileRequest, EnrollmentLinkRequest,
    SectionDecision, TrackingRequest,
};
use kyb_api::{ApiError, Client, Operation};
use serde_json::json;

fn tracking(world: &World) -> TrackingRequest {
    let examples = &world.manifest().examples;
    TrackingRequest {
        flow_id: examples.flow_id.clone(),
        rfc: examples.rfc.clone(),
        agent_mail: agent(),
    }
}

/// One successful read of each kind.
async fn read_all(world: &World, client: &Client) -> Result<(), ApiError> {
    let examples = &world.manifest().examples;
    client
        .detail(&examples.document_id.to_string(), None)
        .await?;
    client.tracking(&tracking(world)).await?;
    client.verification(&examples.folios["Enviado"]).await?;
    Ok(())
}

const READS: [Operation; 3] = [
    Operation::Detail,
    Operation::Tracking,
    Operation::Verification,
];

#[tokio::test]
async fn reads_recover_from_each_transient_failure() {
    let world = World::start().await;
    let client = world.client();
    // Each read fails its first two attempts, and succeeds on the third.
    for (route, fault) in [
        (
            Operation::Detail,
            json!({"error_rate": 1.0, "error_status": 502}),
        ),
        (
            Operation::Tracking,
            json!({"error_rate": 1.0, "error_status": 503}),
        ),
        (Operation::Verification, json!({"drop_rate": 1.0})),
    ] {
        let mut fault = fault;
        fault["route"] = json!(route.route());
        fault["times"] = json!(2);
        world.add_fault(fault).await;
    }
    read_all(&world, &client)
        .await
        .expect("every read recovers");
    for read in READS {
        assert_eq!(world.count(read).await, 3, "{read:?}: three attempts");
    }
    // A 504 then a dropped connection: still three attempts, still a result.
    world
        .add_fault(json!({"route": "*", "error_rate": 1.0, "error_status": 504, "times": 1}))
        .await;
    world
        .add_fault(json!({"route": "*", "drop_rate": 1.0, "times": 1}))
        .await;
    client
        .verification(&world.manifest().examples.folios["Abierto"])
        .await
        .expect("recovers");
    assert_eq!(world.count(Operation::Verification).await, 6);
}

#[tokio::test]
async fn reads_give_up_after_three_attempts_and_not_on_other_errors() {
    let world = World::start().await;
    let client = world.client();
    world
        .add_fault(
            json!({"route": Operation::Tracking.route(), "error_rate": 1.0, "error_status": 503}),
        )
        .await;
    assert_eq!(
        client
            .tracking(&tracking(&world))
            .await
            .map_err(|e| e.code()),
        Err(kyb_api::ServiceCode::Server)
    );
    assert_eq!(world.count(Operation::Tracking).await, 3);
    // A 500 is not transient: one attempt.
    world
        .add_fault(
            json!({"route": Operation::Detail.route(), "error_rate": 1.0, "error_status": 500}),
        )
        .await;
    let id = world.manifest().examples.document_id.to_string();
    assert!(client.detail(&id, None).await.is_err());
    assert_eq!(world.count(Operation::Detail).await, 1);
}

#[tokio::test]
async fn a_read_that_times_out_is_tried_again() {
    let world = World::start().await;
    let tenant = &world.manifest().tenants[0];
    let client = world.client_as(&tenant.api_key, &tenant.workspace_id.to_string(), |c| {
        c.timeout = Duration::from_millis(400);
    });
    world
        .add_fault(
            json!({"route": Operation::Verification.route(), "latency_ms": 1500, "times": 1}),
        )
        .await;
    client
        .verification(&world.manifest().examples.folios["Enviado"])
        .await
        .expect("the second attempt answers");
    assert_eq!(world.count(Operation::Verification).await, 2);
    world
        .add_fault(json!({"route": Operation::Verification.route(), "latency_ms": 1500}))
        .await;
    assert_eq!(
        client
            .verification(&world.manifest().examples.folios["Enviado"])
            .await
            .map_err(|e| e.code()),
        Err(kyb_api::ServiceCode::Timeout)
    );
}

#[tokio::test]
async fn retry_after_is_honoured_and_a_long_one_is_not_waited_for() {
    let world = World::start().await;
    let client = world.client();
    world
        .add_fault(json!({"route": Operation::Tracking.route(), "error_rate": 1.0, "error_status": 503, "times": 1, "retry_after_s": 1}))
        .await;
    let started = Instant::now();
    client.tracking(&tracking(&world)).await.expect("recovers");
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "waited {:?}",
        started.elapsed()
    );
    assert_eq!(world.count(Operation::Tracking).await, 2);
    // The policy waits at most 10 s: a minute means "report it now".
    world
        .add_fault(json!({"route": Operation::Tracking.route(), "error_rate": 1.0, "error_status": 503, "retry_after_s": 60}))
        .await;
    assert!(client.tracking(&tracking(&world)).await.is_err());
    assert_eq!(world.count(Operation::Tracking).await, 3);
}

#[tokio::test]
async fn state_changing_calls_are_sent_exactly_once_whatever_fails() {
    let world = World::start().await;
    let examples = world.manifest().examples.clone();
    let document_id = examples.document_id.to_string();
    let client = world.client();
    // Every route fails transiently, in turn: 503, a dropped connection, a 502.
    for (round, fault) in [
        json!({"route": "*", "error_rate": 1.0, "error_status": 503}),
        json!({"route": "*", "drop_rate": 1.0}),
        json!({"route": "*", "error_rate": 1.0, "error_status": 502}),
    ]
    .into_iter()
    .enumerate()
    {
        world.add_fault(fault).await;
        let results = [
            (
                Operation::CreateFile,
                client
                    .create_file(&CreateFileRequest {
                        flow_id: examples.flow_id.clone(),
                        company: Some(Company {
                            company_name: "Abarrotes Lupita".into(),
                            company_rfc: None,
                        }),
                        ..CreateFileRequest::default()
                    })
                    .await
                    .map(drop),
            ),
            (
                Operation::Correction,
                client
                    .request_correction(&CorrectionRequest {
                        document_id: document_id.clone(),
                        secciones: vec![SectionDecision {
                            seccion: "ProofAddress".into(),
                            estatus: "Aceptada".into(),
                            ..SectionDecision::default()
                        }],
                        ..CorrectionRequest::default()
                    })
                    .await
                    .map(drop),
            ),
            (
                Operation::ComplementaryInfo,
                client
                    .add_complementary_info(&ComplementaryInfoRequest {
                        document_id: document_id.clone(),
                        flow_id: examples.flow_id_complementary.clone(),
                        ..ComplementaryInfoRequest::default()
                    })
                    .await
                    .map(drop),
            ),
            (
                Operation::EnrollmentLink,
                client
                    .enrollment_link(&EnrollmentLinkRequest {
                        document_id: document_id.clone(),
                        person_id: examples.person_id_enrollment_allowed.to_string(),
                        agent_mail: agent(),
                    })
                    .await
                    .map(drop),
            ),
            (
                Operation::ResendVerification,
                client
                    .resend_verification(&examples.folios["Enviado"])
                    .await,
            ),
            (
                Operation::CancelVerification,
                client
                    .cancel_verification(&examples.folios["Abierto"])
                    .await,
            ),
        ];
        let counters = world.counters().await;
        for (operation, result) in results {
            assert!(result.is_err(), "{operation:?} must fail under the fault");
            assert_eq!(
                counters.get(operation.route()).copied(),
                Some(round as u64 + 1),
                "{operation:?} sent once per call in round {round}"
            );
        }
        let clear = reqwest::Client::new()
            .delete(format!("{}/_sandbox/faults", world.manifest().base_url))
            .header(kyb_sandbox::ADMIN_HEADER, &world.manifest().admin_token)
            .send()
            .await
            .expect("admin answers");
        assert!(clear.status().is_success());
    }
}

#[tokio::test]
async fn many_tracking_queries_arrive_as_they_complete() {
    use futures_util::StreamExt;

    let world = World::start().await;
    let client = world.client();
    let mut requests = vec![tracking(&world); 20];
    requests[7].rfc = "ZZZ990101ZZ9".into();
    world
        .add_fault(json!({"route": Operation::Tracking.route(), "latency_ms": 50}))
        .await;
    let started = Instant::now();
    let mut results: Vec<(usize, Result<_, ApiError>)> =
        kyb_api::many::track_many(&client, requests, 8)
            .collect()
            .await;
    let elapsed = started.elapsed();
    results.sort_by_key(|(index, _)| *index);
    assert_eq!(results.len(), 20);
    for (index, result) in &results {
        if *index == 7 {
            assert_eq!(
                result.as_ref().map_err(ApiError::code).err(),
                Some(kyb_api::ServiceCode::NotFound)
            );
        } else {
            assert!(result.is_ok(), "query {index}: {result:?}");
        }
    }
    // 20 queries of 50 ms each, 8 at a time: three waves, not twenty.
    assert!(elapsed < Duration::from_millis(20 * 50), "took {elapsed:?}");
}

//! Every operation against `kyb-sandbox` over real HTTP: its success, and each error
//! the spec lists for it, mapped to its `ApiError` variant.

mod common;

use common::{World, agent};
use kyb_api::file::{DocumentStatus, SectionStatus};
use kyb_api::models::correction::Coincidencia;
use kyb_api::models::detail::{EntityKind, ValidationKind};
use kyb_api::models::verification::GeoResult;
use kyb_api::requests::{
    ComplementaryInfoRequest, CorrectionRequest, CreateFileRequest, EnrollmentLinkRequest,
    SectionDecision, TrackingRequest,
};
use kyb_api::validate::{Failure, Rule};
use kyb_api::verification::{GeoBand, VerificationStatus};
use kyb_api::{ApiError, Operation};
use serde_json::json;

const KEY_DENIED: &str = "La API Key ha sido denegada, asegurate de mandar una API Key valida y con una suscripción activa";
const WORKSPACE_OR_KEY: &str = "No autorizado - Workspace inválido o API Key incorrecta";
const WORKSPACE_INVALID: &str = "El ID de Workspace no es válido o no está activo";
const UNKNOWN_ID: &str = "00000000-0000-4000-8000-000000000000";

fn message(text: &str) -> String {
    text.to_owned()
}

fn tracking_of(world: &World) -> TrackingRequest {
    let examples = &world.manifest().examples;
    TrackingRequest {
        flow_id: examples.flow_id.clone(),
        rfc: examples.rfc.clone(),
        agent_mail: agent(),
    }
}

fn company_file(world: &World, name: &str) -> CreateFileRequest {
    CreateFileRequest {
        flow_id: world.manifest().examples.flow_id.clone(),
        company: Some(kyb_api::requests::Company {
            company_name: name.to_owned(),
            company_rfc: Some("PLE150301AB2".into()),
        }),
        external_id: Some("CRM-77".into()),
        ..CreateFileRequest::default()
    }
}

#[tokio::test]
async fn create_file_succeeds_and_maps_each_refusal() {
    let world = World::start().await;
    let created = world
        .client()
        .create_file(&company_file(&world, "Tortillería El Sol"))
        .await
        .expect("created");
    assert!(kyb_api::validate::is_uuid(
        created.document_id.as_deref().unwrap_or_default()
    ));
    assert_eq!(
        created.company.and_then(|c| c.company_name).as_deref(),
        Some("Tortillería El Sol")
    );
    assert_eq!(created.external_id.as_deref(), Some("CRM-77"));
    assert!(created.url.is_some_and(|url| url.starts_with("http")));

    // A flow the service does not know passes local rules, fails on the server.
    let mut unknown_flow = company_file(&world, "X");
    unknown_flow.flow_id = "flujo-inexistente".into();
    assert_eq!(
        world.client().create_file(&unknown_flow).await,
        Err(ApiError::Validation {
            message: message("Error de validacion"),
            messages: vec![message("El FlowId no es válido.")],
            failures: vec![Failure::new("FlowId", Rule::Invalid)],
            local: false,
        })
    );
    // Rules the client knows are refused before sending.
    let before = world.count(Operation::CreateFile).await;
    let local = world
        .client()
        .create_file(&CreateFileRequest::default())
        .await;
    assert_eq!(
        local,
        Err(ApiError::local_validation(vec![
            message("El campo FlowId es obligatorio"),
            message("Company es obligatorio."),
        ]))
    );
    assert_eq!(world.count(Operation::CreateFile).await, before);
    // The server answers the same rules the same way.
    assert!(matches!(
        world.raw_error(Operation::CreateFile, "/expedientes/nuevo", json!({})).await,
        ApiError::Validation { messages, local: false, .. } if messages.len() == 2
    ));
    assert_eq!(
        world
            .revoked()
            .create_file(&company_file(&world, "X"))
            .await
            .map_err(|e| e.code()),
        Err(kyb_api::ServiceCode::Unauthorized)
    );
}

#[tokio::test]
async fn the_trial_limit_is_its_own_error() {
    let world = World::start().await;
    let trial = &world.manifest().trial;
    let client = world.client_as(&trial.api_key, &trial.workspace_id.to_string(), |_| {});
    let mut request = company_file(&world, "Prueba");
    request.flow_id = world.manifest().examples.flow_id.clone();
    let mut last = Ok(());
    for _ in 0..=trial.attempts {
        last = client.create_file(&request).await.map(drop);
        if last.is_err() {
            break;
        }
    }
    let Err(ApiError::TrialLimit { message }) = last else {
        panic!("expected the trial limit, got {last:?}");
    };
    assert!(message.contains("versión de prueba"), "{message}");
}

#[tokio::test]
async fn detail_in_both_versions_and_its_errors() {
    let world = World::start().await;
    let id = world.manifest().examples.document_id.to_string();
    let detail = world
        .client()
        .detail(&id, chrono::FixedOffset::west_opt(6 * 3600))
        .await
        .expect("detail");
    assert_eq!(detail.expediente_id.as_deref(), Some(id.as_str()));
    assert!(
        detail
            .schema
            .as_ref()
            .is_some_and(|s| s.version.as_deref().is_some_and(|v| v.starts_with('2')))
    );
    // The offset changes how the service writes instants, not the instants.
    let in_utc = world.client().detail(&id, None).await.expect("detail");
    let created = detail.fecha_creacion.as_ref().and_then(|t| t.timestamp());
    assert!(created.is_some());
    assert_eq!(created, in_utc.fecha_creacion.and_then(|t| t.timestamp()));
    let representative = detail
        .entidades
        .iter()
        .find(|e| e.tipo == Some(EntityKind::Representante))
        .expect("a representative");
    let kinds: Vec<_> = representative
        .validaciones
        .iter()
        .filter_map(|v| v.tipo.clone())
        .collect();
    assert!(kinds.contains(&ValidationKind::Curp), "{kinds:?}");
    assert!(!detail.documentos.is_empty());
    assert!(!detail.section_ids().is_empty());

    let v1 = world.client().detail_v1(&id).await.expect("version 1");
    assert_eq!(v1.document_id.as_deref(), Some(id.as_str()));
    assert!(detail.is_version_2());
    // A file from before version 2: asked for 2, the service answers 1, which the
    // lenient decoding still reads, so the client can tell.
    world.make_legacy(&id).await;
    let answered = world.client().detail(&id, None).await.expect("detail");
    assert!(!answered.is_version_2(), "{answered:?}");

    assert_eq!(
        world.client().detail(UNKNOWN_ID, None).await,
        Err(ApiError::NotFound {
            message: message("Documento no encontrado")
        })
    );
    assert_eq!(
        world.revoked().detail(&id, None).await,
        Err(ApiError::Unauthorized {
            message: message(WORKSPACE_OR_KEY)
        })
    );
    assert_eq!(
        world.inactive_workspace().detail(&id, None).await,
        Err(ApiError::Unauthorized {
            message: message(WORKSPACE_OR_KEY)
        })
    );
}

#[tokio::test]
async fn a_correction_request_moves_the_file_to_correction() {
    let world = World::start().await;
    let client = world.client();
    let id = world.manifest().examples.document_id.to_string();
    let detail = client.detail(&id, None).await.expect("detail");
    let sections: Vec<String> = detail
        .section_ids()
        .into_iter()
        .filter(|s| s.limit.is_none())
        .map(|s| s.name)
        .take(2)
        .collect();
    let request = CorrectionRequest {
        document_id: id.clone(),
        secciones: vec![
            SectionDecision {
                seccion: sections[0].clone(),
                estatus: "Rechazada".into(),
                comentario: Some("El comprobante está vencido: súbalo de nuevo (2026)".into()),
                ..SectionDecision::default()
            },
            SectionDecision {
                seccion: sections[1].clone(),
                estatus: "Aceptada".into(),
                ..SectionDecision::default()
            },
        ],
        notificar_usuario: Some(true),
        mensaje_general: Some("Revise el comprobante".into()),
    };
    let result = client
        .request_correction(&request)
        .await
        .expect("corrected");
    assert_eq!(result.expediente_id.as_deref(), Some(id.as_str()));
    assert_eq!(
        result.resumen.as_ref().map(|r| (r.aceptadas, r.rechazadas)),
        Some((Some(1), Some(1)))
    );
    assert_eq!(result.notificacion_enviada, Some(true));
    assert!(result.link_correccion.is_some());
    assert!(
        result
            .secciones
            .iter()
            .flat_map(|s| &s.entidades_resueltas)
            .all(|e| e
                .coincidencia
                .as_ref()
                .is_some_and(|c| matches!(c, Coincidencia::Exacta | Coincidencia::Expediente)))
    );

    let tracking = client
        .tracking(&tracking_of(&world))
        .await
        .expect("tracking");
    assert!(
        tracking
            .document_status
            .as_ref()
            .is_some_and(DocumentStatus::is_awaiting_correction),
        "{:?}",
        tracking.document_status
    );
    let rejected = tracking
        .sections()
        .into_iter()
        .find(|s| s.section == sections[0])
        .expect("the rejected section in tracking");
    assert_eq!(rejected.status, SectionStatus::Rechazado);
    assert_eq!(
        rejected.comments.as_deref(),
        Some("El comprobante está vencido: súbalo de nuevo (2026)")
    );

    // A section the file does not have: refused by the server with its rule.
    let mut unknown = request.clone();
    unknown.secciones.truncate(1);
    unknown.secciones[0].seccion = "SeccionInexistente".into();
    assert!(matches!(
        client.request_correction(&unknown).await,
        Err(ApiError::Validation { local: false, messages, .. }) if messages.len() == 1
    ));
    let mut missing = request.clone();
    missing.document_id = UNKNOWN_ID.into();
    assert_eq!(
        client
            .request_correction(&missing)
            .await
            .map_err(|e| e.code()),
        Err(kyb_api::ServiceCode::NotFound)
    );
    // A rejection without its comment never leaves the client.
    let before = world.count(Operation::Correction).await;
    let mut bare = request.clone();
    bare.secciones[0].comentario = None;
    assert!(matches!(
        client.request_correction(&bare).await,
        Err(ApiError::Validation { local: true, .. })
    ));
    assert_eq!(world.count(Operation::Correction).await, before);
}

#[tokio::test]
async fn complementary_information_adds_missing_sections() {
    let world = World::start().await;
    let examples = &world.manifest().examples;
    let request = ComplementaryInfoRequest {
        document_id: examples.document_id.to_string(),
        flow_id: examples.flow_id_complementary.clone(),
        notificar_usuario: Some(false),
        mensaje_adicional: None,
    };
    let added = world
        .client()
        .add_complementary_info(&request)
        .await
        .expect("added");
    assert_eq!(added.document_id, Some(request.document_id.clone()));
    assert!(!added.sections_added.is_empty());
    // Asking again adds nothing: those sections now exist.
    let again = world
        .client()
        .add_complementary_info(&request)
        .await
        .expect("answered");
    assert!(
        again.sections_added.is_empty(),
        "{:?}",
        again.sections_added
    );

    let mut unknown_flow = request.clone();
    unknown_flow.flow_id = "flujo-inexistente".into();
    assert!(matches!(
        world.client().add_complementary_info(&unknown_flow).await,
        Err(ApiError::Validation { local: false, .. })
    ));
    assert_eq!(
        world.revoked().add_complementary_info(&request).await,
        Err(ApiError::Unauthorized {
            message: message(WORKSPACE_OR_KEY)
        })
    );
    world
        .add_fault(json!({"route": Operation::ComplementaryInfo.route(), "error_rate": 1.0, "error_status": 500}))
        .await;
    assert_eq!(
        world.client().add_complementary_info(&request).await,
        Err(ApiError::Server {
            status: 500,
            message: message("Error interno del servidor")
        })
    );
}

#[tokio::test]
async fn tracking_and_its_errors() {
    let world = World::start().await;
    let tracking = world
        .client()
        .tracking(&tracking_of(&world))
        .await
        .expect("tracking");
    assert_eq!(
        tracking.company_rfc.as_deref(),
        Some(world.manifest().examples.rfc.as_str())
    );
    assert!(tracking.document_status.is_some());
    assert_eq!(tracking.sections().len(), tracking.comments.len());
    assert!(!tracking.person.is_empty());

    let mut unknown_rfc = tracking_of(&world);
    unknown_rfc.rfc = "ZZZ990101ZZ9".into();
    assert_eq!(
        world.client().tracking(&unknown_rfc).await,
        Err(ApiError::NotFound {
            message: message("Expediente no encontrado")
        })
    );
    let mut unknown_flow = tracking_of(&world);
    unknown_flow.flow_id = "flujo-inexistente".into();
    assert!(matches!(
        world.client().tracking(&unknown_flow).await,
        Err(ApiError::Validation { local: false, .. })
    ));
    assert_eq!(
        world.revoked().tracking(&tracking_of(&world)).await,
        Err(ApiError::Unauthorized {
            message: message(KEY_DENIED)
        })
    );
    assert_eq!(
        world
            .inactive_workspace()
            .tracking(&tracking_of(&world))
            .await,
        Err(ApiError::WorkspaceForbidden {
            message: message(WORKSPACE_INVALID)
        })
    );
}

#[tokio::test]
async fn an_rfc_typed_in_lower_case_reaches_the_service_in_upper_case() {
    let world = World::start().await;
    let examples = &world.manifest().examples;
    let lower = format!(" {} ", examples.rfc.to_lowercase());
    assert_ne!(lower.trim(), examples.rfc, "the seeded RFC has letters");
    // The sandbox, like the SAT, takes an RFC in upper case only: sent as typed, the
    // lower-case RFC is refused.
    let as_typed = json!({"FlowID": examples.flow_id, "RFC": lower, "AgentMail": agent()});
    assert!(matches!(
        world.raw_error(Operation::Tracking, "/expedientes/v1/tracking", as_typed).await,
        ApiError::Validation { messages, local: false, .. } if messages == ["El RFC no es válido."]
    ));
    // Through the client it finds the seeded file: what reached the sandbox was upper case.
    let mut request = tracking_of(&world);
    request.rfc = lower;
    let tracking = world.client().tracking(&request).await.expect("tracking");
    assert_eq!(tracking.document_id, Some(examples.document_id.to_string()));
    assert_eq!(tracking.company_rfc.as_deref(), Some(examples.rfc.as_str()));

    // Creating a file: the same, and the file is then found by its RFC.
    let mut create = company_file(&world, "Taller La Güera");
    if let Some(company) = create.company.as_mut() {
        company.company_rfc = Some("tlg990101ab3".into());
    }
    let as_typed = serde_json::to_value(&create).expect("serializes");
    assert!(matches!(
        world.raw_error(Operation::CreateFile, "/expedientes/nuevo", as_typed).await,
        ApiError::Validation { messages, local: false, .. } if messages == ["El RFC no es válido."]
    ));
    let created = world.client().create_file(&create).await.expect("created");
    assert_eq!(
        created.company.and_then(|c| c.company_rfc).as_deref(),
        Some("TLG990101AB3")
    );
    let mut follow = tracking_of(&world);
    follow.rfc = "tlg990101ab3".into();
    let found = world.client().tracking(&follow).await.expect("tracking");
    assert_eq!(found.document_id, created.document_id);
}

#[tokio::test]
async fn asking_to_notify_without_a_contact_is_sent_and_the_service_decides() {
    let world = World::start().await;
    let before = world.count(Operation::CreateFile).await;
    let mut request = company_file(&world, "Abarrotes Doña Mary");
    request.send_email = Some(true);
    request.send_sms = Some(true);
    let created = world.client().create_file(&request).await;
    assert!(created.is_ok(), "{created:?}");
    assert_eq!(world.count(Operation::CreateFile).await, before + 1);
}

#[tokio::test]
async fn enrollment_links_only_where_allowed() {
    let world = World::start().await;
    let examples = &world.manifest().examples;
    let request = |person: &uuid::Uuid| EnrollmentLinkRequest {
        document_id: examples.document_id.to_string(),
        person_id: person.to_string(),
        agent_mail: agent(),
    };
    let link = world
        .client()
        .enrollment_link(&request(&examples.person_id_enrollment_allowed))
        .await
        .expect("a link");
    assert!(link.id.is_some_and(|id| !id.is_empty()));
    assert!(
        link.enrollment_url
            .is_some_and(|url| url.starts_with("http"))
    );
    assert_eq!(
        world
            .client()
            .enrollment_link(&request(&examples.person_id_enrollment_denied))
            .await,
        Err(ApiError::NotAllowed {
            message: message("Enrolamiento no permitido")
        })
    );
    let allowed = request(&examples.person_id_enrollment_allowed);
    assert_eq!(
        world.revoked().enrollment_link(&allowed).await,
        Err(ApiError::Unauthorized {
            message: message(KEY_DENIED)
        })
    );
    assert_eq!(
        world.inactive_workspace().enrollment_link(&allowed).await,
        Err(ApiError::WorkspaceForbidden {
            message: message(WORKSPACE_INVALID)
        })
    );
    assert!(matches!(
        world
            .raw_error(Operation::EnrollmentLink, "/enrollment/v1/url", json!({"DocumentId": "x"}))
            .await,
        ApiError::Validation { local: false, messages, .. } if messages.len() == 3
    ));
}

#[tokio::test]
async fn verifications_read_resend_and_cancel() {
    let world = World::start().await;
    let folios = &world.manifest().examples.folios;
    let folio = |status: &str| folios.get(status).expect("seeded folio").clone();
    let client = world.client();

    let read = client
        .verification(&folio("Completado"))
        .await
        .expect("read");
    assert_eq!(
        read.verification_status,
        Some(VerificationStatus::Completado)
    );
    assert!(!read.photos.is_empty());
    assert!(read.geo_result.is_some());
    if read.geo_band() == Some(GeoBand::Consistent) {
        assert_eq!(read.geo_result, Some(GeoResult::Consistente));
    }
    // Before the capture the service writes `0001-01-01` for what has not happened and
    // 0 m that nothing measured: read as not happened, and no band claimed.
    for status in ["NoIniciado", "Enviado"] {
        let waiting = client.verification(&folio(status)).await.expect("read");
        assert!(waiting.created_at_utc.is_some(), "{status}");
        assert_eq!(waiting.sent_at_utc.is_some(), status == "Enviado");
        assert_eq!(waiting.completed_at_utc, None, "{status}");
        assert_eq!(waiting.geo_result, Some(GeoResult::Indeterminado));
        assert_eq!(waiting.geo_band(), None, "{status}");
    }

    client
        .resend_verification(&folio("Enviado"))
        .await
        .expect("resent");
    client
        .cancel_verification(&folio("Iniciado"))
        .await
        .expect("cancelled");
    let cancelled = client.verification(&folio("Iniciado")).await.expect("read");
    assert!(!cancelled.accepts_cancel());

    assert_eq!(
        client.resend_verification(&folio("Completado")).await,
        Err(ApiError::StateConflict {
            message: message("La solicitud no admite reenvío en su estatus actual.")
        })
    );
    assert_eq!(
        client.cancel_verification(&folio("Completado")).await,
        Err(ApiError::StateConflict {
            message: message("No se pudo cancelar.")
        })
    );
    let not_found = Err(ApiError::NotFound {
        message: message("Verificación no encontrada"),
    });
    let other = world.manifest().examples.other_tenant_folio.clone();
    assert_eq!(client.verification(&other).await.map(drop), not_found);
    assert_eq!(client.resend_verification("VD-NO-EXISTE").await, not_found);
    assert_eq!(client.cancel_verification("VD-NO-EXISTE").await, not_found);
    assert_eq!(
        world
            .inactive_workspace()
            .verification(&folio("Enviado"))
            .await
            .map_err(|e| e.code()),
        Err(kyb_api::ServiceCode::WorkspaceForbidden)
    );
    for refused in [
        world
            .inactive_workspace()
            .resend_verification(&folio("Enviado"))
            .await,
        world
            .inactive_workspace()
            .cancel_verification(&folio("Abierto"))
            .await,
    ] {
        assert_eq!(
            refused,
            Err(ApiError::WorkspaceForbidden {
                message: message(WORKSPACE_INVALID)
            })
        );
    }
    let denied = world
        .revoked()
        .resend_verification(&folio("Enviado"))
        .await
        .expect_err("a revoked key is refused");
    assert_eq!(denied.code(), kyb_api::ServiceCode::Unauthorized);
    // Neither the error nor the client that sent the key shows it.
    let key = world.manifest().revoked_api_key.clone();
    let shown = format!("{denied} {denied:?} {:?}", world.revoked());
    assert!(!shown.contains(&key), "{shown}");
}

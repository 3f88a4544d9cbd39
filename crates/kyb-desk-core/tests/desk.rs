//! Every command's library call, over the demo sandbox: profiles, keys, each
//! operation of the service, drafts and the audit log.

mod common;

use common::DemoDesk;
use kyb_api::Environment;
use kyb_api::Operation;
use kyb_api::file::Decision;
use kyb_api::models::detail::DetailV2;
use kyb_api::requests::{
    Company, ComplementaryInfoRequest, CorrectionRequest, CreateFileRequest, SectionDecision,
};
use kyb_api::validate::Rule;
use kyb_desk_core::audit::{AuditTarget, OutcomeCode};
use kyb_desk_core::desk::FileDetail;
use kyb_desk_core::drafts::{Draft, DraftDecision, NewFileDraft};
use kyb_desk_core::error::{AppResult, DeskCode, Details, ServiceCode};
use kyb_desk_core::profiles::{FlowEntry, PersonType, ProfileInput};
use kyb_desk_core::secrets::KeyStorage;

fn input(name: &str) -> ProfileInput {
    ProfileInput {
        id: None,
        name: name.into(),
        environment: Environment::Custom {
            base_url: "https://kyb.example.mx/api".into(),
        },
        workspace_id: "6a1f0000-0000-4000-8000-000000000099".into(),
        agent_email: "ana@kybdesk.mx".into(),
        flows: vec![FlowEntry {
            flow_id: "flujo".into(),
            label: "Morales".into(),
            person_type: PersonType::Moral,
        }],
        team: None,
    }
}

#[tokio::test]
async fn profiles_are_saved_whole_or_not_at_all() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    assert_eq!(desk.profiles().active.as_ref(), Some(&demo.profile.id));
    let second = desk.save_profile(input("Producción")).expect("saved");
    assert_eq!(desk.profiles().profiles.len(), 2);
    // The demo profile stays active until another is chosen.
    assert_eq!(desk.active_profile().expect("active").id, demo.profile.id);
    desk.activate_profile(&second.id).expect("activated");
    assert_eq!(desk.active_profile().expect("active").name, "Producción");

    let mut bad = input("Otro");
    bad.workspace_id = "no".into();
    let refused = desk.save_profile(bad).expect_err("refused");
    assert_eq!(refused.code, DeskCode::InvalidInput);
    // A store that cannot write leaves the book as it was.
    *demo.store.fail.lock().expect("store") = true;
    let failed = desk.save_profile(input("Tercero")).expect_err("not stored");
    assert_eq!(failed.code, DeskCode::Storage);
    assert_eq!(desk.profiles().profiles.len(), 2);
    *demo.store.fail.lock().expect("store") = false;

    desk.delete_profile(&second.id).expect("deleted");
    assert_eq!(desk.profiles().profiles.len(), 1);
    assert_eq!(
        desk.activate_profile("no-existe").map_err(|e| e.code),
        Err(DeskCode::NoProfile.into())
    );
    assert_eq!(
        demo.store.saved.lock().expect("store").clone(),
        Some(desk.profiles())
    );
}

#[tokio::test]
#[ignore = "needs a Secret Service: make test runs it"]
async fn keys_are_shown_only_by_their_last_four() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let status = desk.key_status(&demo.profile.id).expect("status");
    let key = &demo.manifest().tenants[0].api_key;
    assert!(status.present);
    assert_eq!(status.storage, Some(KeyStorage::Session));
    assert_eq!(status.last_four.as_deref(), Some(&key[key.len() - 4..]));
    desk.delete_api_key(&demo.profile.id).expect("deleted");
    // With the key gone from memory the keyring is asked: it has none.
    let missing = DeskCode::NoApiKey;
    assert_eq!(
        desk.verification("VD-1")
            .await
            .map(|_| ())
            .map_err(|e| e.code),
        Err(missing.into())
    );
    desk.set_api_key(&demo.profile.id, key, true)
        .expect("set again");
    // A wrong key reaches the service and is refused by it.
    desk.set_api_key(&demo.profile.id, "sk_wrong_0000", true)
        .expect("replaced");
    let folio = demo.manifest().examples.folios["Enviado"].clone();
    assert_eq!(
        desk.verification(&folio)
            .await
            .map(|_| ())
            .map_err(|e| e.code),
        Err(ServiceCode::Unauthorized.into())
    );
    assert_eq!(
        desk.key_status("no-existe").map_err(|e| e.code),
        Err(DeskCode::NoProfile.into())
    );
}

#[tokio::test]
#[ignore = "needs a Secret Service: make test runs it"]
async fn a_connection_check_tries_any_profile_and_names_what_is_wrong() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let manifest = demo.manifest();
    desk.check_connection(&demo.profile.id)
        .await
        .expect("the demo profile's key and Workspace are accepted");

    // A second profile on the same service, not active, with a Workspace the service
    // does not have active: checked without being chosen.
    let other = desk
        .save_profile(ProfileInput {
            environment: Environment::Custom {
                base_url: manifest.base_url.clone(),
            },
            workspace_id: manifest.inactive_workspace_id.to_string(),
            ..input("Otro despacho")
        })
        .expect("saved");
    let code = |id: String| async move { desk.check_connection(&id).await.map_err(|e| e.code) };
    let missing = DeskCode::NoApiKey;
    assert_eq!(code(other.id.clone()).await, Err(missing.into()));
    desk.set_api_key(&other.id, &manifest.tenants[0].api_key, true)
        .expect("key kept for the session");
    assert_eq!(
        code(other.id.clone()).await,
        Err(ServiceCode::WorkspaceForbidden.into())
    );
    desk.set_api_key(&other.id, &manifest.revoked_api_key, true)
        .expect("key replaced");
    assert_eq!(
        code(other.id.clone()).await,
        Err(ServiceCode::Unauthorized.into())
    );

    // Every flow is tried: an unknown one is named.
    let mut flows = demo.profile.flows.clone();
    flows.push(FlowEntry {
        flow_id: "flujo-que-no-existe".into(),
        label: "Viejo".into(),
        person_type: PersonType::Moral,
    });
    let third = desk
        .save_profile(ProfileInput {
            environment: demo.profile.environment.clone(),
            workspace_id: demo.profile.workspace_id.clone(),
            flows,
            ..input("Tercero")
        })
        .expect("saved");
    desk.set_api_key(&third.id, &manifest.tenants[0].api_key, true)
        .expect("key kept for the session");
    let unknown = desk.check_connection(&third.id).await.expect_err("refused");
    assert_eq!(unknown.code, ServiceCode::Validation);
    assert_eq!(
        unknown.details.as_deref(),
        Some(&Details::Validation {
            flow: Some("Viejo (flujo-que-no-existe)".to_owned()),
            unread: vec![]
        })
    );
    assert_eq!(
        unknown.problems,
        [kyb_api::validate::Failure::new(
            "FlowId",
            kyb_api::validate::Rule::Invalid
        )]
    );

    // With no flow at all, the key and the Workspace are still tried.
    let bare = desk
        .save_profile(ProfileInput {
            environment: demo.profile.environment.clone(),
            workspace_id: demo.profile.workspace_id.clone(),
            flows: vec![],
            ..input("Sin flujos")
        })
        .expect("saved");
    desk.set_api_key(&bare.id, &manifest.tenants[0].api_key, true)
        .expect("key kept for the session");
    assert_eq!(code(bare.id.clone()).await, Ok(()));
    desk.set_api_key(&bare.id, &manifest.revoked_api_key, true)
        .expect("key replaced");
    assert_eq!(
        code(bare.id.clone()).await,
        Err(ServiceCode::Unauthorized.into())
    );

    assert_eq!(desk.active_profile().expect("active").id, demo.profile.id);
    assert!(
        desk.watchlist().expect("watchlist").is_empty(),
        "a check follows no file"
    );
    assert_eq!(
        code("no-existe".into()).await,
        Err(DeskCode::NoProfile.into())
    );
}

#[tokio::test]
async fn a_file_without_version_2_is_shown_in_version_1() {
    let demo = DemoDesk::start().await;
    let id = demo.manifest().examples.document_id.to_string();
    version_2(demo.desk.file_detail(&id).await);
    demo.admin_post(&format!("legacy/{id}")).await;
    match demo.desk.file_detail(&id).await.expect("detail") {
        FileDetail::V1 { detail: v1, .. } => {
            assert_eq!(v1.document_id.as_deref(), Some(id.as_str()));
            assert!(!v1.sections_added.is_empty());
        }
        FileDetail::V2 { detail: v2, .. } => panic!("the service has no version 2 of it: {v2:?}"),
    }
    // Only version 2 answers go into the history.
    assert_eq!(demo.desk.detail_changes(&id).expect("changes").snapshots, 1);
}

#[tokio::test]
async fn files_are_created_tracked_read_and_completed() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let examples = demo.manifest().examples.clone();

    let created = desk
        .create_file(CreateFileRequest {
            flow_id: examples.flow_id.clone(),
            company: Some(Company {
                company_name: "Cafetería La Parroquia".into(),
                company_rfc: Some("CLP100101AB1".into()),
            }),
            ..CreateFileRequest::default()
        })
        .await
        .expect("created");
    assert!(
        created
            .document_id
            .as_ref()
            .is_some_and(|id| !id.is_empty())
    );

    let tracking = desk
        .tracking(&examples.flow_id, &examples.rfc.to_lowercase())
        .await
        .expect("tracking");
    assert_eq!(tracking.tracking.company_rfc, Some(examples.rfc.clone()));
    assert_eq!(tracking.sections.len(), tracking.tracking.comments.len());

    let id = examples.document_id.to_string();
    let detail = version_2(desk.file_detail(&id).await);
    assert_eq!(detail.expediente_id.as_deref(), Some(id.as_str()));

    let added = desk
        .add_complementary_info(ComplementaryInfoRequest {
            document_id: id.clone(),
            flow_id: examples.flow_id_complementary.clone(),
            notificar_usuario: Some(false),
            mensaje_adicional: None,
        })
        .await
        .expect("added");
    assert!(!added.added.sections_added.is_empty());
    assert_eq!(added.sections.len(), added.added.sections_added.len());

    let link = desk
        .enrollment_link(&id, &examples.person_id_enrollment_allowed.to_string())
        .await
        .expect("link");
    assert!(
        link.enrollment_url
            .is_some_and(|url| url.starts_with("http"))
    );
    assert_eq!(
        desk.enrollment_link(&id, &examples.person_id_enrollment_denied.to_string())
            .await
            .map_err(|e| e.code),
        Err(ServiceCode::NotAllowed.into())
    );

    let entries = results(desk);
    let operations: Vec<&str> = entries
        .iter()
        .map(|e| e.record.operation.as_str())
        .collect();
    assert_eq!(
        operations,
        [
            "POST /expedientes/nuevo",
            "POST /expedientes/informacion-complementaria",
            "POST /enrollment/v1/url",
            "POST /enrollment/v1/url"
        ]
    );
    assert_eq!(
        Some(&entries[0].record.target),
        created.document_id.as_ref()
    );
    assert_eq!(
        entries[0].record.agent_email,
        kyb_desk_core::demo::AGENT_EMAIL
    );
    assert!(entries[2].record.outcome.ok);
    assert_eq!(
        entries[3].record.outcome.code,
        Some(OutcomeCode::Failed(ServiceCode::NotAllowed.into()))
    );
    assert_eq!(
        desk.verify_audit().expect("verified").first_broken_line,
        None
    );

    // Every entry is exported: the results above, their intents, the key entered.
    let all = desk.audit_entries().expect("audit").entries.len();
    assert_eq!(all, 2 * entries.len() + 1);
    let csv_path = demo.data_dir().join("export/bitacora.csv");
    assert_eq!(
        desk.export_audit_csv(&csv_path).expect("exported") as usize,
        all
    );
    let csv = std::fs::read_to_string(&csv_path).expect("csv");
    assert_eq!(csv.lines().count(), all + 1);
}

#[tokio::test]
async fn the_desk_sends_the_draft_it_previewed_and_clears_it_once_sent() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let id = demo.manifest().examples.document_id.to_string();
    let detail = version_2(desk.file_detail(&id).await);
    let sections = detail.section_ids();
    let (section, other) = (sections[0].name.clone(), sections[1].name.clone());
    let sent = || demo.sandbox.requests(Operation::Correction.route());
    let logged = || desk.audit_entries().expect("log").entries.len();

    // Nothing saved: nothing decided, and the rule that says so.
    let empty = desk.preview_correction(&id).expect("previewed");
    assert!(empty.request.secciones.is_empty());
    assert_eq!(
        empty.failures.iter().map(|f| f.rule).collect::<Vec<_>>(),
        [Rule::TooFew]
    );

    // The preview is the request built from the saved draft: decided sections only, a
    // rejection's comment trimmed, the general message trimmed, the notice explicit.
    let draft = Draft {
        document_id: id.clone(),
        decisions: vec![
            DraftDecision {
                seccion: "SeccionInexistente".into(),
                estatus: Some(Decision::Rechazada),
                comentario: "  La identificación está vencida ".into(),
                ..DraftDecision::default()
            },
            DraftDecision {
                seccion: other.clone(),
                comentario: "sin decidir".into(),
                ..DraftDecision::default()
            },
        ],
        mensaje_general: " Revise su identificación ".into(),
        notificar_usuario: true,
        saved_at_utc: String::new(),
    };
    let saved = desk.save_draft(draft.clone()).expect("saved");
    assert_eq!(desk.load_draft(&id).expect("loaded"), Some(saved.clone()));
    let preview = desk.preview_correction(&id).expect("previewed");
    let request = |seccion: &str| CorrectionRequest {
        document_id: id.clone(),
        secciones: vec![SectionDecision {
            seccion: seccion.into(),
            estatus: "Rechazada".into(),
            comentario: Some("La identificación está vencida".into()),
            ..SectionDecision::default()
        }],
        notificar_usuario: Some(true),
        mensaje_general: Some("Revise su identificación".into()),
    };
    assert_eq!(preview.request, request("SeccionInexistente"));
    assert_eq!(preview.failures, []);

    // The service refuses it: the draft stays as saved.
    assert_eq!(
        desk.send_correction(&id, &preview.previewed)
            .await
            .map_err(|e| e.code),
        Err(ServiceCode::Validation.into())
    );
    assert_eq!(sent(), 1);
    assert_eq!(desk.load_draft(&id).expect("loaded"), Some(saved));

    // The analyst fixes the section: the preview they had is stale, and nothing is
    // sent or written for it.
    let mut fixed = draft.clone();
    fixed.decisions[0].seccion = section.clone();
    desk.save_draft(fixed.clone()).expect("saved");
    let before = logged();
    assert_eq!(
        desk.send_correction(&id, &preview.previewed)
            .await
            .map_err(|e| e.code),
        Err(DeskCode::DraftChanged.into())
    );
    assert_eq!(
        (sent(), logged()),
        (1, before),
        "nothing sent, nothing logged"
    );

    // A change the request does not carry (an undecided section's comment) leaves the
    // preview current.
    let preview = desk.preview_correction(&id).expect("previewed");
    assert_eq!(preview.request, request(&section));
    fixed.decisions[1].comentario = "otra nota".into();
    desk.save_draft(fixed.clone()).expect("saved");
    let result = desk
        .send_correction(&id, &preview.previewed)
        .await
        .expect("sent");
    assert_eq!(sent(), 2);
    assert_eq!(result.resumen.and_then(|r| r.rechazadas), Some(1));
    let answered: Vec<_> = result.secciones.iter().map(|s| s.seccion.clone()).collect();
    assert_eq!(answered, [Some(section.clone())]);
    assert_eq!(
        desk.load_draft(&id).expect("loaded"),
        None,
        "sent: the desk cleared it"
    );
    // Its intent and outcome, typed by the file.
    let entries = desk.audit_entries().expect("log").entries;
    let last = entries.last().expect("the outcome");
    assert!(last.record.outcome.ok);
    assert_eq!(
        last.subject,
        AuditTarget::File {
            document_id: id.clone()
        }
    );

    // The window writes what is still on screen after the send: the same draft is back,
    // but its preview was used. Sending it again is refused, and nothing goes out; the
    // same decisions go again only from a new preview, the analyst's choice.
    desk.save_draft(fixed).expect("saved");
    assert_eq!(
        desk.send_correction(&id, &preview.previewed)
            .await
            .map_err(|e| e.code),
        Err(DeskCode::DraftChanged.into())
    );
    assert_eq!(sent(), 2, "a preview is sent once");
    let again = desk.preview_correction(&id).expect("previewed");
    assert_ne!(again.previewed, preview.previewed);
    desk.send_correction(&id, &again.previewed)
        .await
        .expect("sent again, from a new preview");
    assert_eq!(sent(), 3);

    desk.save_draft(Draft {
        document_id: id.clone(),
        ..Draft::default()
    })
    .expect("saved");
    desk.discard_draft(&id).expect("discarded");
    assert_eq!(desk.load_draft(&id).expect("loaded"), None);
}

#[tokio::test]
async fn a_draft_saved_while_its_correction_is_out_is_kept() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let id = demo.manifest().examples.document_id.to_string();
    let section = version_2(desk.file_detail(&id).await).section_ids()[0]
        .name
        .clone();
    let sent = || demo.sandbox.requests(Operation::Correction.route());
    let request = common::rejection(&id, &section);
    desk.save_draft(common::draft_of(&request)).expect("saved");
    let preview = desk.preview_correction(&id).expect("previewed");
    // The service takes its time to answer: the analyst types meanwhile.
    demo.sandbox
        .add_fault(kyb_sandbox::Fault {
            route: Operation::Correction.route().into(),
            latency_after_ms: 500,
            times: Some(1),
            ..kyb_sandbox::Fault::default()
        })
        .expect("fault");
    let (result, typed) = tokio::join!(desk.send_correction(&id, &preview.previewed), async {
        let started = std::time::Instant::now();
        while sent() == 0 {
            assert!(
                started.elapsed() < std::time::Duration::from_secs(20),
                "the correction never reached the service"
            );
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        desk.save_draft(Draft {
            mensaje_general: "escrito mientras se enviaba".into(),
            ..common::draft_of(&request)
        })
        .expect("saved while the request was out")
    });
    result.expect("sent");
    assert_eq!(sent(), 1);
    assert_eq!(
        desk.load_draft(&id).expect("loaded"),
        Some(typed),
        "what was typed while it was out is not thrown away"
    );
}

#[tokio::test]
async fn a_deleted_profile_takes_its_watchlist_drafts_and_history_but_not_the_audit_log() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let examples = demo.manifest().examples.clone();
    let id = examples.document_id.to_string();
    let other = desk
        .save_profile(ProfileInput {
            environment: demo.profile.environment.clone(),
            workspace_id: demo.profile.workspace_id.clone(),
            flows: demo.profile.flows.clone(),
            ..input("Otro")
        })
        .expect("saved");
    desk.set_api_key(&other.id, &demo.manifest().tenants[0].api_key, true)
        .expect("key kept for the session");
    // The demo profile follows the file too: what is its own stays.
    desk.watch_file(&examples.flow_id, &examples.rfc)
        .expect("followed");
    desk.activate_profile(&other.id).expect("activated");
    desk.watch_file(&examples.flow_id, &examples.rfc)
        .expect("followed");
    version_2(desk.file_detail(&id).await);
    desk.save_draft(Draft {
        document_id: id.clone(),
        mensaje_general: "Revise su identificación".into(),
        ..Draft::default()
    })
    .expect("saved");
    desk.resend_verification(&examples.folios["Expirado"])
        .await
        .expect("resent");
    let files_of = |profile: &str| {
        let mut found = Vec::new();
        let mut dirs = vec![demo.data_dir().to_path_buf()];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("readable").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path.clone());
                }
                if path.to_string_lossy().contains(profile) {
                    found.push(path);
                }
            }
        }
        found
    };
    assert!(files_of(&other.id).len() >= 3, "{:?}", files_of(&other.id));
    let audited = desk.audit_entries().expect("audit").entries.len();

    desk.delete_profile(&other.id).expect("deleted");
    assert_eq!(files_of(&other.id), Vec::<std::path::PathBuf>::new());
    assert_eq!(desk.active_profile().expect("active").id, demo.profile.id);
    assert_eq!(desk.watchlist().expect("watchlist").len(), 1);
    let audit = desk.audit_entries().expect("audit").entries;
    assert_eq!(audit.len(), audited);
    assert!(audit.iter().any(|entry| entry.record.profile == "Otro"));
}

#[tokio::test]
async fn verifications_are_read_resent_and_cancelled() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let folios = demo.manifest().examples.folios.clone();
    let read = desk
        .verification(&folios["Completado"])
        .await
        .expect("read");
    assert!(!read.verification.photos.is_empty());
    assert!(
        !read.can_resend && !read.can_cancel,
        "a completed one is over"
    );
    let expired = desk.verification(&folios["Expirado"]).await.expect("read");
    assert!(expired.can_resend && !expired.can_cancel);
    assert_eq!(expired.resends_so_far, 0);
    desk.resend_verification(&folios["Expirado"])
        .await
        .expect("resent");
    let revived = desk.verification(&folios["Expirado"]).await.expect("read");
    assert_eq!(revived.resends_so_far, 1);
    assert!(revived.can_cancel, "revived, it is in progress again");
    desk.cancel_verification(&folios["Abierto"])
        .await
        .expect("cancelled");
    assert_eq!(
        desk.resend_verification(&folios["Completado"])
            .await
            .map_err(|e| e.code),
        Err(ServiceCode::StateConflict.into())
    );
    let entries = results(desk);
    assert_eq!(entries.len(), 3);
    assert!(entries[0].record.summary.contains("facturable"));
    assert_eq!(
        entries[2].record.outcome.code,
        Some(OutcomeCode::Failed(ServiceCode::StateConflict.into()))
    );
}

#[tokio::test]
async fn followed_files_refresh_with_progress_and_show_what_changed() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let examples = demo.manifest().examples.clone();
    desk.watch_file(&examples.flow_id, &examples.rfc)
        .expect("followed");
    let report = desk
        .import_watchlist_csv("RFC\nZZZ990101ZZ9\nno-es-rfc\n", &examples.flow_id)
        .expect("imported");
    assert_eq!((report.added, report.refused.len()), (1, 1));
    assert_eq!(
        desk.watch_file(&examples.flow_id, "x").map_err(|e| e.code),
        Err(DeskCode::InvalidInput.into())
    );

    let seen = std::sync::Mutex::new(Vec::new());
    let files = desk
        .refresh_watchlist(false, |p| {
            seen.lock().expect("progress").push((p.done, p.total))
        })
        .await
        .expect("refreshed");
    let mut progress = seen.into_inner().expect("progress");
    progress.sort();
    assert_eq!(progress, [(1, 2), (2, 2)]);
    let followed = files
        .iter()
        .find(|f| f.rfc == examples.rfc)
        .expect("the example file");
    assert_eq!(
        followed.document_id.as_deref(),
        Some(examples.document_id.to_string().as_str())
    );
    assert!(followed.document_status.is_some());
    assert_eq!(
        followed.sections.total as usize,
        desk.tracking(&examples.flow_id, &examples.rfc)
            .await
            .expect("tracking")
            .sections
            .len()
    );
    assert!(followed.persons_total >= followed.persons_enrolled);
    assert!(followed.status_category.is_some());
    let unknown = files
        .iter()
        .find(|f| f.rfc == "ZZZ990101ZZ9")
        .expect("imported");
    assert_eq!(unknown.last_error, Some(ServiceCode::NotFound.into()));

    // The analyst opens the file, then something changes on the service.
    desk.mark_watch_seen(&examples.flow_id, &examples.rfc)
        .expect("seen");
    let id = examples.document_id.to_string();
    let before = version_2(desk.file_detail(&id).await);
    desk.add_complementary_info(ComplementaryInfoRequest {
        document_id: id.clone(),
        flow_id: examples.flow_id_complementary.clone(),
        notificar_usuario: Some(false),
        mensaje_adicional: None,
    })
    .await
    .expect("sections added");
    let files = desk
        .refresh_watchlist(false, |_| {})
        .await
        .expect("refreshed");
    let followed = files.iter().find(|f| f.rfc == examples.rfc).expect("file");
    assert!(followed.changed, "new sections mark the file");
    let after = version_2(desk.file_detail(&id).await);
    assert!(after.secciones.len() > before.secciones.len());
    let changes = desk.detail_changes(&id).expect("changes");
    assert_eq!(changes.snapshots, 2);
    assert!(
        changes
            .changes
            .iter()
            .any(|c| c.path.starts_with("Secciones[")),
        "{:?}",
        changes.changes
    );
    desk.unwatch_file(&examples.flow_id, "ZZZ990101ZZ9")
        .expect("unfollowed");
    assert_eq!(desk.watchlist().expect("list").len(), 1);
}

#[tokio::test]
async fn a_retry_refreshes_only_the_files_that_failed() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let examples = demo.manifest().examples.clone();
    desk.watch_file(&examples.flow_id, &examples.rfc)
        .expect("followed");
    desk.watch_file(&examples.flow_id, "ZZZ990101ZZ9")
        .expect("followed");
    // Every tracking call fails once with a server error (never retried by the client).
    demo.sandbox
        .add_fault(kyb_sandbox::Fault {
            route: "POST /expedientes/v1/tracking".into(),
            error_rate: 1.0,
            times: Some(2),
            ..kyb_sandbox::Fault::default()
        })
        .expect("fault");
    let failed = desk
        .refresh_watchlist(false, |_| {})
        .await
        .expect("refreshed");
    assert!(
        failed
            .iter()
            .all(|f| f.last_error == Some(ServiceCode::Server.into()) && f.refresh_failed),
        "{failed:?}"
    );

    let seen = std::sync::Mutex::new(Vec::new());
    let retried = desk
        .refresh_watchlist(true, |p| seen.lock().expect("progress").push(p.total))
        .await
        .expect("retried");
    assert_eq!(seen.into_inner().expect("progress"), [2, 2]);
    let example = retried
        .iter()
        .find(|f| f.rfc == examples.rfc)
        .expect("file");
    assert_eq!(example.last_error, None);
    assert!(!example.refresh_failed);
    let unknown = retried
        .iter()
        .find(|f| f.rfc == "ZZZ990101ZZ9")
        .expect("file");
    assert_eq!(unknown.last_error, Some(ServiceCode::NotFound.into()));
    assert!(!unknown.refresh_failed, "not known yet is not a failure");
    // A file tracking does not know is not "failed": it is not asked again.
    let seen = std::sync::Mutex::new(0);
    desk.refresh_watchlist(true, |_| *seen.lock().expect("count") += 1)
        .await
        .expect("nothing to retry");
    assert_eq!(*seen.lock().expect("count"), 0);
}

#[tokio::test]
async fn a_created_file_with_an_rfc_is_followed() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let created = desk
        .create_file(CreateFileRequest {
            flow_id: demo.manifest().examples.flow_id.clone(),
            company: Some(Company {
                company_name: "Papelería Central".into(),
                company_rfc: Some("PCE120505QW3".into()),
            }),
            ..CreateFileRequest::default()
        })
        .await
        .expect("created");
    let list = desk.watchlist().expect("list");
    assert_eq!(list.len(), 1);
    assert_eq!(
        list[0].document_id.as_deref(),
        created.document_id.as_deref()
    );
}

#[tokio::test]
async fn a_new_file_draft_goes_with_the_created_file() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let typed = NewFileDraft {
        company_name: "Papelería Central".into(),
        ..NewFileDraft::default()
    };
    let saved = desk.save_new_file_draft(typed).expect("saved");
    assert_eq!(desk.load_new_file_draft().expect("loaded"), Some(saved));
    desk.create_file(CreateFileRequest {
        flow_id: demo.manifest().examples.flow_id.clone(),
        company: Some(Company {
            company_name: "Papelería Central".into(),
            company_rfc: None,
        }),
        ..CreateFileRequest::default()
    })
    .await
    .expect("created");
    assert_eq!(desk.load_new_file_draft().expect("loaded"), None);
}

/// What the service accepted is reported as accepted even when the desk cannot write
/// its own records afterwards (drafts, watchlist, review history): a failure there
/// must not invite the analyst to send it twice.
#[tokio::test]
async fn a_sent_request_is_a_success_even_if_the_desk_cannot_write_afterwards() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let examples = demo.manifest().examples.clone();
    let id = examples.document_id.to_string();
    let section = version_2(desk.file_detail(&id).await).section_ids()[0]
        .name
        .clone();
    for records in ["drafts", "watchlist", "history"] {
        let path = demo.data_dir().join(records);
        if path.is_dir() {
            std::fs::remove_dir_all(&path).expect("removed");
        }
        std::fs::write(&path, "not a folder").expect("blocked");
    }
    let created = desk
        .create_file(CreateFileRequest {
            flow_id: examples.flow_id.clone(),
            company: Some(Company {
                company_name: "Papelería Central".into(),
                company_rfc: Some("PCE120505QW3".into()),
            }),
            ..CreateFileRequest::default()
        })
        .await;
    assert!(created.is_ok(), "{created:?}");
    // The blocked records really were unwritable.
    assert_eq!(
        desk.save_new_file_draft(NewFileDraft::default())
            .map_err(|e| e.code),
        Err(DeskCode::Storage.into())
    );
    // A correction is sent from its saved draft: the drafts are let be for it, and the
    // file's history (marked reviewed once sent) stays blocked.
    std::fs::remove_file(demo.data_dir().join("drafts")).expect("unblocked");
    let corrected = common::send_correction(
        desk,
        CorrectionRequest {
            document_id: id,
            secciones: vec![SectionDecision {
                seccion: section,
                estatus: "Aceptada".into(),
                ..SectionDecision::default()
            }],
            notificar_usuario: Some(false),
            mensaje_general: None,
        },
    )
    .await;
    assert!(corrected.is_ok(), "{corrected:?}");
}

/// The audit log's results of service calls, oldest first; each completes the intent
/// written before its request left, for the same operation and target.
fn results(desk: &kyb_desk_core::desk::Desk) -> Vec<kyb_desk_core::audit::AuditEntry> {
    let all = desk.audit_entries().expect("audit").entries;
    let results: Vec<_> = all
        .iter()
        .filter(|e| e.record.completes.is_some())
        .cloned()
        .collect();
    for result in &results {
        let intent = all
            .iter()
            .find(|e| Some(e.record.seq) == result.record.completes)
            .expect("the intent of a result");
        assert!(intent.is_intent());
        assert!(intent.record.seq < result.record.seq);
        assert_eq!(intent.record.operation, result.record.operation);
    }
    results
}

/// The detail the desk fetched, which must be version 2.
fn version_2(answer: AppResult<FileDetail>) -> DetailV2 {
    match answer.expect("detail") {
        FileDetail::V2 { detail, .. } => *detail,
        FileDetail::V1 { detail: v1, .. } => panic!("expected version 2, got version 1: {v1:?}"),
    }
}

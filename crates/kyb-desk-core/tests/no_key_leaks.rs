//! After a full session of operations, the API key is in no file the desk wrote (its
//! data folder and its log) and in no command response, successful or failed.

mod common;

use std::path::Path;

use common::DemoDesk;
use kyb_api::file::Decision;
use kyb_api::requests::{
    Company, ComplementaryInfoRequest, CorrectionRequest, CreateFileRequest, SectionDecision,
};
use kyb_desk_core::drafts::{Draft, DraftDecision};
use serde::Serialize;

/// Every regular file under `dir`, with its bytes.
fn files_under(dir: &Path, found: &mut Vec<(String, Vec<u8>)>) {
    for entry in std::fs::read_dir(dir).expect("readable directory") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            files_under(&path, found);
        } else {
            found.push((
                path.display().to_string(),
                std::fs::read(&path).expect("readable file"),
            ));
        }
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[derive(Default)]
struct Responses(Vec<String>);

impl Responses {
    fn keep<T: Serialize, E: Serialize>(&mut self, result: &Result<T, E>) {
        let text = match result {
            Ok(value) => serde_json::to_string(value),
            Err(error) => serde_json::to_string(error),
        };
        self.0.push(text.expect("serialisable response"));
    }
}

#[tokio::test]
async fn the_key_is_nowhere_after_a_full_session() {
    let logs = tempfile::tempdir().expect("log directory");
    kyb_desk_core::logging::init(logs.path());
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let key = demo.manifest().tenants[0].api_key.clone();
    let examples = demo.manifest().examples.clone();
    let id = examples.document_id.to_string();
    let profile = demo.profile.id.clone();
    let mut seen = Responses::default();

    seen.keep(&Ok::<_, ()>(desk.profiles()));
    seen.keep(&desk.key_status(&profile));
    seen.keep(&desk.set_api_key(&profile, &key, true));
    seen.keep(&desk.check_connection(&profile).await);
    seen.keep(&desk.tracking(&examples.flow_id, &examples.rfc).await);
    seen.keep(&desk.file_detail(&id).await);
    seen.keep(&desk.detail_changes(&id));
    seen.keep(&desk.save_draft(Draft {
        document_id: id.clone(),
        decisions: vec![DraftDecision {
            seccion: "ProofAddress".into(),
            estatus: Some(Decision::Aceptada),
            ..DraftDecision::default()
        }],
        ..Draft::default()
    }));
    seen.keep(&desk.load_draft(&id));
    seen.keep(
        &desk
            .create_file(CreateFileRequest {
                flow_id: examples.flow_id.clone(),
                company: Some(Company {
                    company_name: "Ferretería El Clavo".into(),
                    company_rfc: Some("FEC990101AB1".into()),
                }),
                ..CreateFileRequest::default()
            })
            .await,
    );
    seen.keep(&desk.save_draft(common::draft_of(&CorrectionRequest {
        document_id: id.clone(),
        secciones: vec![SectionDecision {
            seccion: "SeccionInexistente".into(),
            estatus: "Aceptada".into(),
            ..SectionDecision::default()
        }],
        ..CorrectionRequest::default()
    })));
    let preview = desk.preview_correction(&id);
    seen.keep(&preview);
    let previewed = preview.map(|p| p.previewed).unwrap_or_default();
    seen.keep(&desk.send_correction(&id, &previewed).await);
    seen.keep(
        &desk
            .add_complementary_info(ComplementaryInfoRequest {
                document_id: id.clone(),
                flow_id: examples.flow_id_complementary.clone(),
                ..ComplementaryInfoRequest::default()
            })
            .await,
    );
    seen.keep(
        &desk
            .enrollment_link(&id, &examples.person_id_enrollment_allowed.to_string())
            .await,
    );
    seen.keep(&desk.verification(&examples.folios["Completado"]).await);
    seen.keep(&desk.resend_verification(&examples.folios["Enviado"]).await);
    seen.keep(
        &desk
            .cancel_verification(&examples.folios["Completado"])
            .await,
    );
    seen.keep(&desk.watch_file(&examples.flow_id, &examples.rfc));
    seen.keep(&desk.refresh_watchlist(false, |_| {}).await);
    seen.keep(&desk.audit_entries());
    seen.keep(&desk.verify_audit());
    let csv = demo.data_dir().join("bitacora.csv");
    seen.keep(&desk.export_audit_csv(&csv));
    seen.keep(&desk.export_watchlist_csv(&demo.data_dir().join("seguimiento.csv")));
    // A refused key, and its errors.
    seen.keep(&desk.set_api_key(&profile, "sk_wrong_key_value_0000", true));
    seen.keep(&desk.verification(&examples.folios["Enviado"]).await);
    seen.keep(&desk.check_connection(&profile).await);
    seen.keep(&desk.set_api_key(&profile, &key, true));

    let mut files = Vec::new();
    files_under(demo.data_dir(), &mut files);
    files_under(logs.path(), &mut files);
    assert!(
        files
            .iter()
            .any(|(name, bytes)| name.contains("kyb-desk") && contains(bytes, b"service call")),
        "the log records the calls, so scanning it means something"
    );
    assert!(
        files.len() >= 6,
        "{:?}",
        files.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    for (name, bytes) in &files {
        assert!(!contains(bytes, key.as_bytes()), "the key is in {name}");
        assert!(
            !contains(bytes, b"sk_wrong_key_value"),
            "a refused key is in {name}"
        );
    }
    assert_eq!(seen.0.len(), 28);
    for response in &seen.0 {
        assert!(
            !response.contains(&key),
            "the key is in a response: {response}"
        );
    }
}

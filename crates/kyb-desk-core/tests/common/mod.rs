//! A desk on the demo sandbox, as `kyb-desk --demo` builds it, with its files in a
//! temporary folder and its profiles in memory.

#![allow(dead_code)] // each test file uses its own part of this module

use std::path::Path;
use std::sync::{Arc, Mutex};

use kyb_desk_core::demo;
use kyb_desk_core::desk::Desk;
use kyb_desk_core::profiles::{Profile, ProfileBook, ProfileStore};
use kyb_desk_core::secrets::KeyVault;
use kyb_sandbox::{Manifest, RunningSandbox};

/// The profile store of the tests: memory, able to fail on demand.
#[derive(Clone, Default)]
pub struct MemoryStore {
    pub saved: Arc<Mutex<Option<ProfileBook>>>,
    pub fail: Arc<Mutex<bool>>,
}

impl ProfileStore for MemoryStore {
    fn load(&self) -> Result<Option<ProfileBook>, String> {
        Ok(self.saved.lock().expect("store").clone())
    }

    fn save(&self, book: &ProfileBook) -> Result<(), String> {
        if *self.fail.lock().expect("store") {
            return Err("disk full".into());
        }
        *self.saved.lock().expect("store") = Some(book.clone());
        Ok(())
    }
}

pub struct DemoDesk {
    pub desk: Desk,
    pub store: MemoryStore,
    pub profile: Profile,
    pub sandbox: RunningSandbox,
    pub dir: tempfile::TempDir,
    /// The keyring service of its secrets (a desk opened again keeps them).
    pub vault: String,
}

impl DemoDesk {
    pub async fn start() -> Self {
        let dir = tempfile::tempdir().expect("temporary directory");
        Self::start_in(dir).await
    }

    pub async fn start_in(dir: tempfile::TempDir) -> Self {
        let store = MemoryStore::default();
        let vault = format!("kyb-desk-test-{}", uuid::Uuid::new_v4());
        let desk = Desk::open(
            dir.path(),
            Box::new(store.clone()),
            KeyVault::new(vault.clone()),
            None,
        )
        .expect("desk opens");
        let sandbox = demo::start_sandbox().await.expect("sandbox");
        let profile = demo::install(&desk, &sandbox.manifest).expect("demo profile");
        Self {
            desk,
            store,
            profile,
            sandbox,
            dir,
            vault,
        }
    }

    /// The desk closed as a crash would (nothing of it runs on) and opened again on its
    /// folder, its records and keyring: the app started after it was killed.
    pub fn reopen(mut self) -> Self {
        let closed = Desk::open(
            tempfile::tempdir().expect("a folder").path(),
            Box::new(MemoryStore::default()),
            KeyVault::new(format!("kyb-desk-test-{}", uuid::Uuid::new_v4())),
            None,
        )
        .expect("a stand-in");
        drop(std::mem::replace(&mut self.desk, closed));
        self.desk = Desk::open(
            self.dir.path(),
            Box::new(self.store.clone()),
            KeyVault::new(self.vault.clone()),
            None,
        )
        .expect("the desk opens again on its folder");
        self
    }

    /// Calls the sandbox's admin API (`/_sandbox/{path}`) with a POST.
    pub async fn admin_post(&self, path: &str) {
        kyb_api::client::install_tls_provider();
        let manifest = self.manifest();
        let response = reqwest::Client::new()
            .post(format!("{}/_sandbox/{path}", manifest.base_url))
            .header(kyb_sandbox::ADMIN_HEADER, &manifest.admin_token)
            .send()
            .await
            .expect("the sandbox answers");
        assert!(
            response.status().is_success(),
            "admin {path}: {}",
            response.status()
        );
    }

    pub fn manifest(&self) -> &Manifest {
        &self.sandbox.manifest
    }

    pub fn data_dir(&self) -> &Path {
        self.dir.path()
    }

    /// The evidence's files over the sandbox (its address the one they come from).
    pub fn evidence_files(&self) -> kyb_desk_core::evidence::files::EvidenceFiles {
        let base = reqwest::Url::parse(&self.manifest().base_url).expect("the sandbox's address");
        kyb_desk_core::evidence::files::EvidenceFiles::new(Some(&base)).expect("files")
    }

    /// The review of the demo's example file, its files registered with `files`.
    pub async fn example_review(
        &self,
        files: &kyb_desk_core::evidence::files::EvidenceFiles,
    ) -> kyb_desk_core::desk::ReviewMaterial {
        let examples = &self.manifest().examples;
        self.desk
            .review_material(
                files,
                &examples.flow_id,
                &examples.rfc,
                &examples.document_id.to_string(),
            )
            .await
            .expect("the example's review")
    }

    /// The evidence's files over the sandbox, and the example file's section with a
    /// high finding as its review reads it (the one an analyst acknowledges before
    /// accepting it).
    pub async fn example_flagged_section(
        &self,
    ) -> (
        kyb_desk_core::evidence::files::EvidenceFiles,
        kyb_desk_core::evidence::SectionEvidence,
    ) {
        let files = self.evidence_files();
        let flagged = self
            .example_review(&files)
            .await
            .evidence
            .sections
            .into_iter()
            .find(|s| s.needs_acknowledgement)
            .expect("a section with a high finding");
        (files, flagged)
    }

    /// The example file's dossier, exported to `path` (with its documents' files, or
    /// without).
    pub async fn export_example_dossier(
        &self,
        files: &kyb_desk_core::evidence::files::EvidenceFiles,
        path: &Path,
        with_documents: bool,
    ) -> kyb_desk_core::error::AppResult<kyb_desk_core::desk::ExportedDossier> {
        let examples = &self.manifest().examples;
        self.desk
            .export_dossier(
                files,
                &examples.flow_id,
                &examples.rfc,
                &examples.document_id.to_string(),
                path,
                with_documents,
            )
            .await
    }
}

/// A correction that accepts one section, telling the person nothing.
pub fn acceptance(document_id: &str, section: &str) -> kyb_api::requests::CorrectionRequest {
    kyb_api::requests::CorrectionRequest {
        document_id: document_id.into(),
        secciones: vec![kyb_api::requests::SectionDecision {
            seccion: section.into(),
            estatus: "Aceptada".into(),
            ..kyb_api::requests::SectionDecision::default()
        }],
        notificar_usuario: Some(false),
        mensaje_general: None,
    }
}

/// A correction that rejects one section, with a comment and a notice to the person.
pub fn rejection(document_id: &str, section: &str) -> kyb_api::requests::CorrectionRequest {
    kyb_api::requests::CorrectionRequest {
        document_id: document_id.into(),
        secciones: vec![kyb_api::requests::SectionDecision {
            seccion: section.into(),
            estatus: "Rechazada".into(),
            comentario: Some("La identificación está vencida".into()),
            ..kyb_api::requests::SectionDecision::default()
        }],
        notificar_usuario: Some(true),
        mensaje_general: None,
    }
}

/// The session cluster's socket folder (PGHOST): the host a profile names for its team.
pub fn session_host() -> String {
    std::env::var("PGHOST").expect("the session's socket folder")
}

/// `who` (`who@kybdesk.mx`) with `role`, added to `team` by its supervisor `boss`: the
/// one-time password of the login.
pub async fn added(
    team: &kyb_team::testing::TestTeam,
    boss: &kyb_team::Team,
    who: &str,
    role: kyb_team::Role,
) -> String {
    boss.add_member(&team.login(who), &format!("{who}@kybdesk.mx"), role, false)
        .await
        .expect("added")
        .expect("a one-time password")
}

/// `demo`'s `profile` in `team` as `who` (`who@kybdesk.mx`, the login `team` gives
/// them), through the server whose socket folder is `host`, with `password` in the
/// desk's keyring: a one-time password the desk replaces at its first connection.
pub async fn join_team(
    demo: &DemoDesk,
    profile: &Profile,
    team: &kyb_team::testing::TestTeam,
    host: &str,
    who: &str,
    password: &str,
) {
    let address = kyb_team::TeamAddress {
        host: host.to_owned(),
        port: kyb_team::DEFAULT_PORT,
        database: team.database.clone(),
        user: team.login(who),
    };
    demo.desk
        .save_profile(in_team(
            profile,
            &format!("{who}@kybdesk.mx"),
            Some(address),
        ))
        .expect("in the team");
    demo.desk
        .set_team_password(&profile.id, password)
        .await
        .expect("the password kept");
}

/// `profile` as `email`, in the team at `team` (or alone with none).
pub fn in_team(
    profile: &Profile,
    email: &str,
    team: Option<kyb_team::TeamAddress>,
) -> kyb_desk_core::profiles::ProfileInput {
    kyb_desk_core::profiles::ProfileInput {
        id: Some(profile.id.clone()),
        name: profile.name.clone(),
        environment: profile.environment.clone(),
        workspace_id: profile.workspace_id.clone(),
        agent_email: email.into(),
        flows: profile.flows.clone(),
        team,
    }
}

/// `request`'s decisions as the review's draft the window saves.
pub fn draft_of(request: &kyb_api::requests::CorrectionRequest) -> kyb_desk_core::drafts::Draft {
    kyb_desk_core::drafts::Draft {
        document_id: request.document_id.clone(),
        decisions: request
            .secciones
            .iter()
            .map(|s| kyb_desk_core::drafts::DraftDecision {
                seccion: s.seccion.clone(),
                estatus: Some(kyb_api::file::Decision::parse(&s.estatus)),
                comentario: s.comentario.clone().unwrap_or_default(),
                entidad_id: s.entidad_id.clone(),
                entidad_referencia: s.entidad_referencia.clone(),
            })
            .collect(),
        mensaje_general: request.mensaje_general.clone().unwrap_or_default(),
        notificar_usuario: request.notificar_usuario.unwrap_or(true),
        saved_at_utc: String::new(),
    }
}

/// A correction sent as the window sends one: `request`'s decisions saved as the file's
/// draft, previewed, and the preview sent. The preview must be of `request` itself.
pub async fn send_correction(
    desk: &Desk,
    request: kyb_api::requests::CorrectionRequest,
) -> kyb_desk_core::error::AppResult<kyb_api::models::correction::CorrectionResult> {
    desk.save_draft(draft_of(&request))?;
    let preview = desk.preview_correction(&request.document_id)?;
    assert_eq!(preview.request, request, "the draft makes this request");
    desk.send_correction(&request.document_id, &preview.previewed)
        .await
}

//! Demo mode (`kyb-desk --demo`): the embedded sandbox on 127.0.0.1 with its seeded
//! data, and a demo profile whose key lives only in memory. Its files (profiles,
//! drafts, audit) are kept apart from the real ones.
//!
//! **The demo starts afresh at every start, all of it at once.** The sandbox keeps its
//! world in memory, so a file reviewed in one run is back under review in the next.
//! Records kept across that (a watchlist that remembers the review, a draft of a
//! review the service no longer knows, an audit log of calls the service forgot)
//! would be a mix of two worlds. So before the desk opens, [`start_afresh`] removes
//! every record of the demo folder and the demo log's anchor in the keyring, and
//! [`populate`] follows the demo's files again. The window says so in its banner.

use std::path::Path;

use kyb_api::Environment;
use kyb_api::file::DocumentStatus;
use kyb_api::verification::VerificationStatus;
use kyb_sandbox::{FileFacts, Manifest, RunningSandbox, Sandbox, SandboxConfig};

use crate::audit::anchor::KeyringAnchor;
use crate::desk::{Desk, audit_path};
use crate::error::{AppError, AppResult, DeskCode, Details, Task};
use crate::guide::{DemoGuide, GuideFile, GuideFolio};
use crate::profiles::{FlowEntry, PersonType, Profile, ProfileInput};
use crate::screening::ListFormat;

pub const PROFILE_NAME: &str = "Demostración";
pub const AGENT_EMAIL: &str = "analista.demo@kybdesk.mx";

pub async fn start_sandbox() -> AppResult<RunningSandbox> {
    Sandbox::start(SandboxConfig::default())
        .await
        .map_err(|e| AppError::storage(Task::StartDemo, e))
}

/// Creates (or points at this run's sandbox) the demo profile, makes it active and
/// gives it the sandbox's key for this session.
pub fn install(desk: &Desk, manifest: &Manifest) -> AppResult<Profile> {
    let existing = desk
        .profiles()
        .profiles
        .into_iter()
        .find(|p| p.name == PROFILE_NAME)
        .map(|p| p.id);
    let examples = &manifest.examples;
    let tenant = manifest
        .tenants
        .first()
        .ok_or_else(|| AppError::storage(Task::StartDemo, "the sandbox has no tenant"))?;
    let flow = |flow_id: &str, label: &str, person_type| FlowEntry {
        flow_id: flow_id.to_owned(),
        label: label.to_owned(),
        person_type,
    };
    let profile = desk.save_profile(ProfileInput {
        id: existing,
        name: PROFILE_NAME.to_owned(),
        environment: Environment::Custom {
            base_url: manifest.base_url.clone(),
        },
        workspace_id: tenant.workspace_id.to_string(),
        agent_email: AGENT_EMAIL.to_owned(),
        flows: vec![
            flow(&examples.flow_id, "Personas morales", PersonType::Moral),
            flow(
                &examples.flow_id_complementary,
                "Complementario: estados de cuenta y sucursales",
                PersonType::Moral,
            ),
            flow(
                &examples.flow_id_fisica,
                "Personas físicas",
                PersonType::Fisica,
            ),
            flow(
                &examples.flow_id_hostile,
                "Comprobantes múltiples",
                PersonType::Moral,
            ),
        ],
        team: None,
    })?;
    desk.activate_profile(&profile.id)?;
    desk.set_api_key(&profile.id, &tenant.api_key, true)?;
    Ok(profile)
}

/// The demo profile as the member whose login is `login` in a team whose database is
/// `kyb_team` on `host` (a unix socket's folder or this computer), as `make run-team`
/// starts two desks: the demo's seed is the same in every app, so both desks know the
/// same files by the same DocumentIds and share their claims, notes and trail. Like
/// every member, the desk connects as its own login, with `password` (a one-time
/// password is replaced at the first connection).
pub async fn join_team(
    desk: &Desk,
    profile: &Profile,
    host: &str,
    login: &str,
    password: &str,
) -> AppResult<Profile> {
    let joined = desk.save_profile(ProfileInput {
        id: Some(profile.id.clone()),
        name: profile.name.clone(),
        environment: profile.environment.clone(),
        workspace_id: profile.workspace_id.clone(),
        agent_email: profile.agent_email.clone(),
        flows: profile.flows.clone(),
        team: Some(kyb_team::TeamAddress {
            host: host.to_owned(),
            port: kyb_team::DEFAULT_PORT,
            database: TEAM_DATABASE.to_owned(),
            user: login.to_owned(),
        }),
    })?;
    desk.set_team_password(&joined.id, password).await?;
    Ok(joined)
}

/// The database of a demo team (`make run-team` sets it up as docs/OPERATIONS.md says).
pub const TEAM_DATABASE: &str = "kyb_team";

/// Removes every record of the demo folder `data_dir` (profiles, watchlist, drafts,
/// history, audit log, drift log: everything but the folder's lock and the window's
/// preferences, which are the user's, not the demo world's: a language chosen or a
/// tour done stays so) and the head of its audit log in the keyring of
/// `keyring_service`, before a [`Desk`] opens it. Done holding the folder's lock, as
/// the desk holds it, so no other app is writing there.
pub fn start_afresh(data_dir: &Path, keyring_service: &str) -> AppResult<()> {
    let fail = |error: std::io::Error| AppError::storage(Task::StartDemo, error);
    // Another app on the same folder: said as Desk::open says it, nothing removed.
    let _held =
        crate::fsio::lock_folder(data_dir, crate::desk::FOLDER_LOCK_WAIT).map_err(|error| {
            AppError::new(DeskCode::DataFolderInUse, error.to_string())
                .with_details(Details::Path {
                    path: data_dir.display().to_string(),
                })
                .during(Task::OpenDataFolder)
        })?;
    for entry in std::fs::read_dir(data_dir).map_err(fail)? {
        let entry = entry.map_err(fail)?;
        if entry.file_name() == ".lock" || entry.file_name() == crate::store::PREFERENCES_FILE {
            continue;
        }
        let path = entry.path();
        let removed = if entry.file_type().map_err(fail)?.is_dir() {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
        removed.map_err(fail)?;
    }
    // Without this, the new log's first entry would not follow the old log's head and
    // the audit screen would report entries deleted. A keyring that cannot be reached
    // costs only that report, never the start.
    if let Err(error) = KeyringAnchor::new(keyring_service, &audit_path(data_dir)).forget() {
        tracing::warn!("the demo audit log's anchor was not removed: {error}");
    }
    Ok(())
}

/// How many files the demo follows: enough for every status and a few of each kind,
/// few enough to read at a glance.
pub const FOLLOWED_FILES: usize = 20;

/// The files the demo follows, from what the sandbox serves its first workspace: the
/// example file (under review, one person who may enroll and one who may not), the
/// large file (50 entities, 200 documents), the hostile file (its five proofs of
/// address are a script-bearing PDF, a truncated one, one of 2,000 pages, an HTML
/// page and one beyond the size cap), a natural-person file, then files in every
/// status turn by turn until [`FOLLOWED_FILES`].
pub fn choose_files(files: &[FileFacts], manifest: &Manifest) -> Vec<FileFacts> {
    let examples = &manifest.examples;
    let mut chosen: Vec<FileFacts> = Vec::new();
    let take = |file: &FileFacts, chosen: &mut Vec<FileFacts>| {
        if chosen.len() < FOLLOWED_FILES
            && !chosen.iter().any(|c| c.document_id == file.document_id)
        {
            chosen.push(file.clone());
        }
    };
    let must = [
        files.iter().find(|f| f.document_id == examples.document_id),
        files
            .iter()
            .find(|f| f.document_id == examples.large_document_id),
        files
            .iter()
            .find(|f| f.document_id == examples.hostile_document_id),
        files.iter().find(|f| f.natural_person),
    ];
    for file in must.into_iter().flatten() {
        take(file, &mut chosen);
    }
    let mut turn = 0;
    while chosen.len() < FOLLOWED_FILES {
        let mut took_any = false;
        for status in DocumentStatus::KNOWN {
            let next = files
                .iter()
                .filter(|f| &f.status == status)
                .find(|f| !chosen.iter().any(|c| c.document_id == f.document_id));
            if let Some(file) = next {
                take(file, &mut chosen);
                took_any = true;
            }
        }
        turn += 1;
        if !took_any || turn > FOLLOWED_FILES {
            break;
        }
    }
    chosen
}

/// Follows the demo's files in the demo profile (made active by [`install`]) and asks
/// the service about each, so the watchlist opens filled in; the guide for the window.
/// A refresh that fails leaves the rows to the window's own refresh.
pub async fn populate(desk: &Desk, sandbox: &RunningSandbox) -> AppResult<DemoGuide> {
    let manifest = &sandbox.manifest;
    let tenant = manifest
        .tenants
        .first()
        .ok_or_else(|| AppError::storage(Task::StartDemo, "the sandbox has no tenant"))?;
    let files = sandbox.files_of(tenant.workspace_id);
    // The past month first, so the log reads in time order; the example files' story
    // is today's.
    let e = &manifest.examples;
    let examples = [e.document_id, e.large_document_id, e.hostile_document_id];
    let with_a_past: Vec<String> = files
        .iter()
        .filter(|f| !examples.contains(&f.document_id))
        .map(|f| f.document_id.to_string())
        .collect();
    desk.write_demo_history(&with_a_past, chrono::Utc::now())?;
    for file in choose_files(&files, manifest) {
        desk.watch_file(&file.flow_id, &file.rfc)?;
    }
    if let Err(error) = desk.refresh_watchlist(false, |_| {}).await {
        tracing::warn!(code = %error.code, "the demo watchlist was not refreshed at start");
    }
    import_demo_lists(desk, sandbox).await?;
    guide(&files, manifest)
}

/// A file's name and bytes.
type NamedBytes = (String, Vec<u8>);

/// The demo's risk lists (a 69-B list naming the example file's shareholder, an SDN
/// list with a near miss of its other person), imported as a user would, once: the
/// reviews screen against them from the first.
async fn import_demo_lists(desk: &Desk, sandbox: &RunningSandbox) -> AppResult<()> {
    let kept = desk.risk_lists().await?;
    let mut by_format: Vec<(ListFormat, Vec<NamedBytes>)> = Vec::new();
    for file in sandbox.demo_lists() {
        let Ok(format) = serde_json::from_value::<ListFormat>(serde_json::Value::from(file.format))
        else {
            continue;
        };
        match by_format.iter_mut().find(|(f, _)| *f == format) {
            Some((_, files)) => files.push((file.name.to_owned(), file.bytes)),
            None => by_format.push((format, vec![(file.name.to_owned(), file.bytes)])),
        }
    }
    for (format, files) in by_format {
        if kept.iter().any(|l| l.format == format) {
            continue;
        }
        desk.import_list_files(format, files).await?;
    }
    // And the same lists offered from the sandbox's addresses, as a managed policy
    // names its publishers' (the lists page's "download" then works in the demo).
    let mut sources: Vec<crate::policy::checks::ListSource> = Vec::new();
    for (format, name, url) in sandbox.serve_demo_lists() {
        let Ok(format) = serde_json::from_value::<ListFormat>(serde_json::Value::from(format))
        else {
            continue;
        };
        match sources.iter_mut().find(|s| s.format == format) {
            Some(source) if name == "alt.csv" => source.aliases_url = Some(url),
            Some(_) => {}
            None => sources.push(crate::policy::checks::ListSource {
                name: format!("{} (demo)", format.publisher()),
                format,
                url,
                aliases_url: None,
            }),
        }
    }
    desk.offer_list_sources(sources);
    Ok(())
}

fn guide(files: &[FileFacts], manifest: &Manifest) -> AppResult<DemoGuide> {
    let examples = &manifest.examples;
    let example = files
        .iter()
        .find(|f| f.document_id == examples.document_id)
        .ok_or_else(|| AppError::storage(Task::StartDemo, "the example file is not served"))?;
    let file = GuideFile {
        flow_id: example.flow_id.clone(),
        rfc: example.rfc.clone(),
        document_id: example.document_id.to_string(),
        company: example.company.clone(),
    };
    let mut folios: Vec<GuideFolio> = VerificationStatus::KNOWN
        .iter()
        .filter_map(|status| {
            let folio = examples.folios.get(status.as_str())?;
            Some(GuideFolio {
                folio: folio.clone(),
                status: status.clone(),
            })
        })
        .collect();
    folios.push(GuideFolio {
        folio: examples.altered_photo_folio.clone(),
        status: VerificationStatus::Completado,
    });
    let resend_folio = folios
        .iter()
        .find(|f| f.status.accepts_resend())
        .map(|f| f.folio.clone())
        .ok_or_else(|| AppError::storage(Task::StartDemo, "no demo folio may be resent"))?;
    Ok(DemoGuide {
        review: file.clone(),
        enrollment: file,
        resend_folio,
        folios,
    })
}

//! Demo mode (`kyb-desk --demo`): the embedded sandbox on 127.0.0.1 with its seeded
//! data, and a demo profile whose key lives only in memory. Its files (profiles,
//! drafts, audit) are kept apart from the real ones.

use kyb_api::Environment;
use kyb_sandbox::{Manifest, RunningSandbox, Sandbox, SandboxConfig};

use crate::desk::Desk;
use crate::error::{AppError, AppResult, Task};
use crate::profiles::{FlowEntry, PersonType, Profile, ProfileInput};

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
        ],
    })?;
    desk.activate_profile(&profile.id)?;
    desk.set_api_key(&profile.id, &tenant.api_key, true)?;
    Ok(profile)
}

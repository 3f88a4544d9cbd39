//! The profiles a policy presets, in the desk's book: each is found by its name (which
//! the window cannot change on it), created when missing, and its preset fields set
//! back to the policy's at every start. In the window they are fixed: an edit that
//! changes one, or a deletion, is refused (`fixed_by_policy`).

use crate::error::{AppError, AppResult, DeskCode};
use crate::profiles::{Profile, ProfileBook, ProfileInput};

use super::Preset;

/// The fields of a profile the window shows as fixed, as the form names them.
pub fn fixed_fields(preset: &Preset) -> Vec<String> {
    let mut fields = vec!["name", "environment", "workspaceId"];
    if preset.agent_email.is_some() {
        fields.push("agentEmail");
    }
    if preset.flows.is_some() {
        fields.push("flows");
    }
    fields.into_iter().map(str::to_owned).collect()
}

/// The preset a profile named `name` is, if any.
pub fn preset_named<'a>(presets: &'a [Preset], name: &str) -> Option<&'a Preset> {
    presets
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
}

/// Creates the missing presets in `book` and sets the others' preset fields back;
/// whether anything changed.
pub fn apply(book: &mut ProfileBook, presets: &[Preset]) -> bool {
    let before = book.clone();
    for preset in presets {
        let profile = match book
            .profiles
            .iter_mut()
            .find(|p| p.name.trim().eq_ignore_ascii_case(&preset.name))
        {
            Some(profile) => profile,
            None => {
                book.profiles.push(Profile {
                    id: uuid::Uuid::new_v4().to_string(),
                    name: preset.name.clone(),
                    environment: preset.environment.clone(),
                    workspace_id: preset.workspace.clone(),
                    // The user's to give, when the policy leaves it out.
                    agent_email: String::new(),
                    flows: Vec::new(),
                    reasons: None,
                    customer_language: None,
                    team: None,
                    fixed: Vec::new(),
                });
                book.profiles.last_mut().expect("just pushed")
            }
        };
        profile.name.clone_from(&preset.name);
        profile.environment = preset.environment.clone();
        profile.workspace_id.clone_from(&preset.workspace);
        if let Some(email) = &preset.agent_email {
            profile.agent_email.clone_from(email);
        }
        if let Some(flows) = &preset.flows {
            profile.flows.clone_from(flows);
        }
    }
    if book.active.is_none() {
        book.active = book.profiles.first().map(|p| p.id.clone());
    }
    *book != before
}

/// Marks each preset profile of `book` with its fixed fields (the answer the window
/// reads; the book keeps none).
pub fn mark(book: &mut ProfileBook, presets: &[Preset]) {
    for profile in &mut book.profiles {
        profile.fixed = preset_named(presets, &profile.name)
            .map(fixed_fields)
            .unwrap_or_default();
    }
}

/// Refuses an edit of a preset profile that changes a preset field.
pub fn check_edit(book: &ProfileBook, input: &ProfileInput, presets: &[Preset]) -> AppResult<()> {
    let Some(preset) = input
        .id
        .as_deref()
        .and_then(|id| book.get(id))
        .and_then(|profile| preset_named(presets, &profile.name))
    else {
        return Ok(());
    };
    let flows_as_preset = preset.flows.as_ref().is_none_or(|flows| {
        flows.len() == input.flows.len()
            && flows.iter().zip(&input.flows).all(|(a, b)| {
                a.flow_id == b.flow_id.trim()
                    && a.label == b.label.trim()
                    && a.person_type == b.person_type
            })
    });
    let changed = [
        ("name", preset.name != input.name.trim()),
        ("environment", preset.environment != input.environment),
        (
            "workspaceId",
            preset.workspace != input.workspace_id.trim().to_lowercase(),
        ),
        (
            "agentEmail",
            preset
                .agent_email
                .as_ref()
                .is_some_and(|email| email != input.agent_email.trim()),
        ),
        ("flows", !flows_as_preset),
    ]
    .into_iter()
    .find(|(_, changed)| *changed);
    match changed {
        Some((field, _)) => Err(fixed(field)),
        None => Ok(()),
    }
}

/// Refuses deleting a preset profile.
pub fn check_delete(book: &ProfileBook, id: &str, presets: &[Preset]) -> AppResult<()> {
    match book.get(id) {
        Some(profile) if preset_named(presets, &profile.name).is_some() => Err(fixed("profile")),
        _ => Ok(()),
    }
}

fn fixed(field: &str) -> AppError {
    AppError::new(
        DeskCode::FixedByPolicy,
        format!("{field}: fixed by the company's policy"),
    )
}

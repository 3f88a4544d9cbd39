//! The policy file as IT writes it, read strictly: an unknown key, a value of the
//! wrong type or out of range is a refusal naming its line (serde_json places every
//! error, those of the checks below included, at the line and column it reached), so
//! that IT finds the mistake and no desk guesses what was meant.

use kyb_api::Environment;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::profiles::{FlowEntry, PersonType, ProfileInput, problems};

/// The intervals the watchlist's automatic refresh offers, in minutes (0: off).
pub const AUTO_REFRESH_CHOICES: [u32; 4] = [0, 5, 15, 60];
/// A minimum refresh may not ask for a refresh more often than the desk ever offers
/// (each one reads every followed file from the service), nor rarer than once a day.
pub const MIN_AUTO_REFRESH_RANGE: std::ops::RangeInclusive<u32> = 5..=24 * 60;

/// A workspace and the team database it works on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TeamOf {
    #[serde(deserialize_with = "team_workspace")]
    pub workspace: String,
    #[serde(deserialize_with = "host")]
    pub host: String,
    #[serde(default = "default_port")]
    pub port: u16,
    #[serde(deserialize_with = "database")]
    pub database: String,
}

fn default_port() -> u16 {
    kyb_team::DEFAULT_PORT
}

impl TeamOf {
    pub(super) fn names(&self, workspace: &str) -> bool {
        self.workspace.trim().eq_ignore_ascii_case(workspace.trim())
    }

    /// Whether `team` is this database (the login is the member's own).
    pub(super) fn is(&self, team: &kyb_team::TeamAddress) -> bool {
        self.host.trim().eq_ignore_ascii_case(team.host.trim())
            && self.port == team.port
            && self.database.trim() == team.database.trim()
    }
}

/// What a well-formed policy sets.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Rules {
    #[serde(default, deserialize_with = "unique_names")]
    pub profiles: Vec<Preset>,
    #[serde(default, deserialize_with = "unique_workspaces")]
    pub teams: Vec<TeamOf>,
    #[serde(default = "yes")]
    pub demo: bool,
    #[serde(default, deserialize_with = "minimum_refresh")]
    pub min_auto_refresh_minutes: Option<u32>,
    #[serde(default)]
    pub checks: super::checks::CheckRules,
}

impl Default for Rules {
    fn default() -> Self {
        Self {
            profiles: Vec::new(),
            teams: Vec::new(),
            demo: true,
            min_auto_refresh_minutes: None,
            checks: super::checks::CheckRules::default(),
        }
    }
}

fn yes() -> bool {
    true
}

// Checked as the number is read, by a visitor: serde_json places an error raised
// there at the number itself (one raised after the value, as a profile's checks
// below, is placed where its object or list ends).
fn minimum_refresh<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    struct Minutes;
    impl serde::de::Visitor<'_> for Minutes {
        type Value = u32;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(
                f,
                "minutes from {} to {}",
                MIN_AUTO_REFRESH_RANGE.start(),
                MIN_AUTO_REFRESH_RANGE.end()
            )
        }
        fn visit_u64<E: serde::de::Error>(self, minutes: u64) -> Result<u32, E> {
            u32::try_from(minutes)
                .ok()
                .filter(|m| MIN_AUTO_REFRESH_RANGE.contains(m))
                .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Unsigned(minutes), &self))
        }
        fn visit_i64<E: serde::de::Error>(self, minutes: i64) -> Result<u32, E> {
            Err(E::invalid_value(
                serde::de::Unexpected::Signed(minutes),
                &self,
            ))
        }
    }
    d.deserialize_u32(Minutes).map(Some)
}

fn unique_names<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Preset>, D::Error> {
    let presets = Vec::<Preset>::deserialize(d)?;
    for (index, preset) in presets.iter().enumerate() {
        if presets[..index]
            .iter()
            .any(|p| p.name.eq_ignore_ascii_case(&preset.name))
        {
            return Err(serde::de::Error::custom(format!(
                "the profile name \"{}\" is repeated",
                preset.name
            )));
        }
    }
    Ok(presets)
}

// A workspace held twice could be held to two databases, and only the first would
// count: refused rather than guessed.
fn unique_workspaces<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<TeamOf>, D::Error> {
    let teams = Vec::<TeamOf>::deserialize(d)?;
    for (index, team) in teams.iter().enumerate() {
        if teams[..index]
            .iter()
            .any(|t| t.workspace.eq_ignore_ascii_case(&team.workspace))
        {
            return Err(serde::de::Error::custom(format!(
                "the workspace {} is held twice",
                team.workspace
            )));
        }
    }
    Ok(teams)
}

/// Where a preset profile's service is: one of the service's environments, or an
/// address of the company's own (`baseUrl`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PresetEnvironment {
    Production,
    Sandbox,
    Staging,
}

/// A profile IT presets. Never its API key: each user enters their own in the window
/// (a key in a file every account can read would be everyone's). A field left out
/// (`agentEmail`, `flows`) is the user's to fill in; one given is fixed.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "PresetFile")]
pub struct Preset {
    pub name: String,
    pub environment: Environment,
    pub workspace: String,
    pub agent_email: Option<String>,
    pub flows: Option<Vec<FlowEntry>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PresetFile {
    #[serde(deserialize_with = "name")]
    name: String,
    #[serde(default)]
    environment: Option<PresetEnvironment>,
    #[serde(default, deserialize_with = "base_url")]
    base_url: Option<String>,
    #[serde(deserialize_with = "workspace")]
    workspace: String,
    #[serde(default, deserialize_with = "agent_email")]
    agent_email: Option<String>,
    #[serde(default, deserialize_with = "flows")]
    flows: Option<Vec<FlowEntry>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PresetFlow {
    flow_id: String,
    label: String,
    person_type: PersonType,
}

/// A string checked as it is read (placed at its own line, as `minimum_refresh`).
fn checked<'de, D: serde::Deserializer<'de>>(
    d: D,
    expecting: &'static str,
    check: fn(&str) -> bool,
) -> Result<String, D::Error> {
    struct Checked(&'static str, fn(&str) -> bool);
    impl serde::de::Visitor<'_> for Checked {
        type Value = String;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str(self.0)
        }
        fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<String, E> {
            if (self.1)(value.trim()) {
                Ok(value.trim().to_owned())
            } else {
                Err(E::invalid_value(serde::de::Unexpected::Str(value), &self))
            }
        }
    }
    d.deserialize_str(Checked(expecting, check))
}

fn name<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    checked(d, "a profile name of 1 to 60 characters", |name| {
        !name.is_empty() && name.chars().count() <= crate::profiles::NAME_MAX_CHARS
    })
}

fn workspace<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    checked(d, "a WorkspaceID (a UUID)", kyb_api::validate::is_uuid)
}

/// A team's workspace: a mistyped one would hold nothing, silently.
pub(super) fn team_workspace<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    workspace(d).map(|w| w.to_lowercase())
}

pub(super) fn host<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    checked(d, "a host", |host| !host.is_empty())
}

pub(super) fn database<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    checked(d, "a database's name", |name| !name.is_empty())
}

fn agent_email<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    checked(d, "an e-mail address", kyb_api::validate::is_email).map(Some)
}

fn base_url<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    checked(d, "an https address", |url| {
        kyb_api::client::parse_base_url(url).is_ok()
    })
    .map(Some)
}

// Checked inside the profile's object (placed where it ends), by the same rules as a
// profile typed in the window.
fn flows<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<FlowEntry>>, D::Error> {
    let flows: Vec<FlowEntry> = Vec::<PresetFlow>::deserialize(d)?
        .into_iter()
        .map(|f| FlowEntry {
            flow_id: f.flow_id.trim().to_owned(),
            label: f.label.trim().to_owned(),
            person_type: f.person_type,
        })
        .collect();
    let input = ProfileInput {
        id: None,
        name: "P".into(),
        environment: Environment::Sandbox,
        workspace_id: "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10".into(),
        agent_email: "p@empresa.mx".into(),
        flows,
        team: None,
    };
    match problems(&input, &[]).first() {
        None => Ok(Some(input.flows)),
        Some(problem) => Err(serde::de::Error::custom(format!(
            "flow {}: {} is not valid ({:?})",
            problem.position.unwrap_or_default(),
            problem.field,
            problem.rule
        ))),
    }
}

impl TryFrom<PresetFile> for Preset {
    type Error = String;

    fn try_from(file: PresetFile) -> Result<Self, String> {
        let environment = match (file.environment, file.base_url) {
            (Some(PresetEnvironment::Production), None) => Environment::Production,
            (Some(PresetEnvironment::Sandbox), None) => Environment::Sandbox,
            (Some(PresetEnvironment::Staging), None) => Environment::Staging,
            (None, Some(base_url)) => Environment::Custom { base_url },
            _ => {
                return Err(format!(
                    "profile \"{}\" needs either environment or baseUrl",
                    file.name
                ));
            }
        };
        Ok(Self {
            name: file.name,
            environment,
            workspace: file.workspace.to_lowercase(),
            agent_email: file.agent_email,
            flows: file.flows,
        })
    }
}

/// Why the administrator's file was refused: serde_json's words, and where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Refusal {
    /// From 1; absent when the file could not be read at all.
    #[ts(optional)]
    pub line: Option<u32>,
    #[ts(optional)]
    pub column: Option<u32>,
    /// What is wrong, in the reader's (English) words, for IT.
    pub detail: String,
}

/// Reads `bytes` as a policy, or says what is wrong and on which line.
pub fn parse(bytes: &[u8]) -> Result<Rules, Refusal> {
    serde_json::from_slice::<Rules>(bytes).map_err(|error| {
        let at = |n: usize| (n > 0).then(|| u32::try_from(n).unwrap_or(u32::MAX));
        // The error's text without its own " at line L column C": the window places it.
        let text = error.to_string();
        let detail = match text.rfind(" at line ") {
            Some(cut) if error.line() > 0 => text[..cut].to_owned(),
            _ => text,
        };
        Refusal {
            line: at(error.line()),
            column: at(error.column()),
            detail,
        }
    })
}

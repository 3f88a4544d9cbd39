//! Profiles: which service, workspace and agent e-mail the analyst works as, and the
//! flows they work with. Several profiles, one active. A profile is checked whole
//! before anything is stored: an invalid one is refused with every reason, never
//! half-saved. The API key is not here: see [`crate::secrets`].

use kyb_api::Environment;
use kyb_api::client::{ConfigError, parse_base_url};
use kyb_api::validate::{is_email, is_uuid};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use kyb_team::{AddressProblem, TeamAddress};

use crate::reasons::ReasonCatalogue;

use crate::error::{AppError, AppResult, DeskCode, Failure, Rule};

/// A language the desk speaks: the window's (a preference of the shell), and the one a
/// profile's customers read what the desk sends them. The service's customers are
/// Mexican businesses, so a profile's is Spanish (Mexico) unless it says otherwise,
/// whatever language the analyst's window is in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub enum Locale {
    #[default]
    #[serde(rename = "es-MX")]
    EsMx,
    #[serde(rename = "en")]
    En,
}

/// A locale as kept, or none when it is not one this build speaks.
fn known_locale<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Locale>, D::Error> {
    let kept = Option::<serde_json::Value>::deserialize(d)?;
    Ok(kept.and_then(|value| serde_json::from_value(value).ok()))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub enum PersonType {
    /// A legal entity.
    Moral,
    /// A natural person.
    Fisica,
}

/// A flow the analyst works with (the service has no operation that lists them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FlowEntry {
    pub flow_id: String,
    pub label: String,
    pub person_type: PersonType,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub id: String,
    pub name: String,
    pub environment: Environment,
    pub workspace_id: String,
    pub agent_email: String,
    pub flows: Vec<FlowEntry>,
    /// The rejection reasons its analysts edited, by kind of section (`reasons.rs`);
    /// absent in books written before there were any, and while none was edited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub reasons: Option<ReasonCatalogue>,
    /// The team's database, when the profile works in a team (`kyb_team`); absent for
    /// one person on one desk. Its password is in the keyring ([`crate::desk`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub team: Option<TeamAddress>,
    /// The language its customers read; absent means Spanish (Mexico). A language this
    /// build does not speak (a newer build's, a hand edit) reads as absent: the book
    /// still opens.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "known_locale"
    )]
    #[ts(optional)]
    pub customer_language: Option<Locale>,
    /// The fields the company's policy presets (`policy::presets`): set in the
    /// desk's answers, never kept in the book.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(as = "Option<Vec<String>>", optional)]
    pub fixed: Vec<String>,
}

/// What the UI sends to create (`id` absent) or replace a profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProfileInput {
    #[ts(optional)]
    pub id: Option<String>,
    pub name: String,
    pub environment: Environment,
    pub workspace_id: String,
    pub agent_email: String,
    pub flows: Vec<FlowEntry>,
    #[serde(default)]
    #[ts(optional)]
    pub team: Option<TeamAddress>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ProfileBook {
    pub profiles: Vec<Profile>,
    pub active: Option<String>,
}

/// Where the book is kept: a file in the app ([`crate::store::FileStore`]), memory in
/// tests.
pub trait ProfileStore: Send + Sync {
    fn load(&self) -> Result<Option<ProfileBook>, String>;
    fn save(&self, book: &ProfileBook) -> Result<(), String>;
    /// Where this store reports a book it set aside as unreadable; the desk shares
    /// it with its other records. A store that never sets anything aside has none.
    fn recoveries(&self) -> Option<crate::recovery::Recoveries> {
        None
    }
}

pub const NAME_MAX_CHARS: usize = 60;

/// A character that moves or hides text rather than showing itself: a control
/// character (line breaks and tabs among them), or one of Unicode's invisible
/// formatting characters (the zero-width ones, the byte-order mark, and the
/// bidirectional marks, embeddings, overrides and isolates of UAX #9).
pub fn hides_text(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

/// Every reason `input` cannot be stored, by field (`name`, `environment`,
/// `workspaceId`, `agentEmail`, and `flowId` or `label` of the flow at `position`,
/// from 1), for the form to word beside each field. The form checks as the analyst
/// types with this same function, through a command.
pub fn problems(input: &ProfileInput, others: &[Profile]) -> Vec<Failure> {
    let mut found = Vec::new();
    let name = input.name.trim();
    if name.is_empty() {
        found.push(Failure::new("name", Rule::Required));
    } else if name.chars().count() > NAME_MAX_CHARS {
        found.push(Failure::new("name", Rule::TooLong).with_limit(NAME_MAX_CHARS as u32));
    } else if name.chars().any(hides_text) {
        // The name is shown in the native dialog that asks to send the key elsewhere:
        // a line break or a direction override there could forge that dialog's text.
        found.push(Failure::new("name", Rule::Invalid));
    } else if others
        .iter()
        .any(|p| Some(&p.id) != input.id.as_ref() && p.name.trim().eq_ignore_ascii_case(name))
    {
        found.push(Failure::new("name", Rule::Taken));
    }
    if let Environment::Custom { base_url } = &input.environment {
        match parse_base_url(base_url) {
            Ok(_) => {}
            // The key goes with every request: in clear, only to this computer.
            Err(ConfigError::InsecureAddress(_)) => {
                found.push(Failure::new("environment", Rule::HttpsOnly));
            }
            Err(_) => found.push(Failure::new("environment", Rule::Invalid)),
        }
    }
    if !is_uuid(&input.workspace_id) {
        found.push(Failure::new("workspaceId", Rule::Invalid));
    }
    if !is_email(&input.agent_email) {
        found.push(Failure::new("agentEmail", Rule::Invalid));
    }
    if let Some(team) = &input.team {
        for problem in team.problems() {
            let field = match problem {
                AddressProblem::Host => "teamHost",
                AddressProblem::Port => "teamPort",
                AddressProblem::Database => "teamDatabase",
                AddressProblem::User => "teamUser",
            };
            found.push(Failure::new(field, Rule::Invalid));
        }
    }
    for (index, flow) in input.flows.iter().enumerate() {
        let position = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let flow_id = flow.flow_id.trim();
        if flow_id.is_empty() {
            found.push(Failure::new("flowId", Rule::Required).at_position(position));
        }
        if flow.label.trim().is_empty() {
            found.push(Failure::new("label", Rule::Required).at_position(position));
        }
        if !flow_id.is_empty()
            && input.flows[..index]
                .iter()
                .any(|f| f.flow_id.trim() == flow_id)
        {
            found.push(Failure::new("flowId", Rule::Repeated).at_position(position));
        }
    }
    found
}

impl ProfileBook {
    pub fn active(&self) -> Option<&Profile> {
        let id = self.active.as_ref()?;
        self.profiles.iter().find(|p| &p.id == id)
    }

    pub fn get(&self, id: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.id == id)
    }

    /// Adds or replaces a profile; the first profile becomes the active one.
    /// Keeps `reasons` (already checked) as the profile's edited catalogue; an empty
    /// one goes back to the defaults.
    pub fn set_reasons(&mut self, id: &str, reasons: ReasonCatalogue) -> AppResult<Profile> {
        let profile = self
            .profiles
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or_else(no_profile)?;
        profile.reasons = (!reasons.is_empty()).then_some(reasons);
        Ok(profile.clone())
    }

    /// Keeps the language the profile's customers read (`None`: Spanish, the default).
    pub fn set_customer_language(
        &mut self,
        id: &str,
        language: Option<Locale>,
    ) -> AppResult<Profile> {
        let profile = self
            .profiles
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or_else(no_profile)?;
        profile.customer_language = language.filter(|l| *l != Locale::EsMx);
        Ok(profile.clone())
    }

    pub fn upsert(&mut self, input: ProfileInput) -> AppResult<Profile> {
        let found = problems(&input, &self.profiles);
        if !found.is_empty() {
            return Err(AppError::invalid(found));
        }
        let id = match &input.id {
            Some(id) if self.get(id).is_some() => id.clone(),
            Some(_) => return Err(no_profile()),
            None => uuid::Uuid::new_v4().to_string(),
        };
        let profile = Profile {
            id: id.clone(),
            name: input.name.trim().to_owned(),
            environment: input.environment,
            workspace_id: input.workspace_id.trim().to_lowercase(),
            agent_email: input.agent_email.trim().to_owned(),
            flows: input
                .flows
                .into_iter()
                .map(|f| FlowEntry {
                    flow_id: f.flow_id.trim().to_owned(),
                    label: f.label.trim().to_owned(),
                    person_type: f.person_type,
                })
                .collect(),
            // The profile's form does not carry them: they are edited on their own.
            reasons: self.get(&id).and_then(|p| p.reasons.clone()),
            customer_language: self.get(&id).and_then(|p| p.customer_language),
            team: input.team.map(|t| TeamAddress {
                host: t.host.trim().to_owned(),
                port: t.port,
                database: t.database.trim().to_owned(),
                user: t.user.trim().to_owned(),
            }),
            fixed: Vec::new(),
        };
        match self.profiles.iter_mut().find(|p| p.id == id) {
            Some(existing) => *existing = profile.clone(),
            None => self.profiles.push(profile.clone()),
        }
        if self.active.is_none() {
            self.active = Some(id);
        }
        Ok(profile)
    }

    pub fn remove(&mut self, id: &str) -> AppResult<()> {
        let before = self.profiles.len();
        self.profiles.retain(|p| p.id != id);
        if self.profiles.len() == before {
            return Err(no_profile());
        }
        if self.active.as_deref() == Some(id) {
            self.active = self.profiles.first().map(|p| p.id.clone());
        }
        Ok(())
    }

    pub fn activate(&mut self, id: &str) -> AppResult<()> {
        if self.get(id).is_none() {
            return Err(no_profile());
        }
        self.active = Some(id.to_owned());
        Ok(())
    }
}

pub fn no_profile() -> AppError {
    AppError::of(DeskCode::NoProfile)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(name: &str) -> ProfileInput {
        ProfileInput {
            id: None,
            name: name.into(),
            environment: Environment::Sandbox,
            workspace_id: "2F1D0C1E-5B0A-4C7E-9D55-7D2B3B1A9E10".into(),
            agent_email: "ana@kybdesk.mx".into(),
            flows: vec![FlowEntry {
                flow_id: "flujo-moral".into(),
                label: "Personas morales".into(),
                person_type: PersonType::Moral,
            }],
            team: None,
        }
    }

    #[test]
    fn a_name_with_a_line_break_a_control_or_an_invisible_character_is_refused() {
        for name in [
            "Operación\nEl perfil ahora apunta a:",
            "Operación\tNorte",
            "Operación\u{7}",
            "Operación \u{202E}etroN",
            "Oper\u{200B}ación",
            "Operación\u{2066}Norte\u{2069}",
        ] {
            assert_eq!(
                problems(&input(name), &[]),
                vec![Failure::new("name", Rule::Invalid)],
                "{name:?}"
            );
        }
        assert!(problems(&input("Operación Norte · 2 (MX)"), &[]).is_empty());
    }

    #[test]
    fn the_customers_language_outlives_an_edit_and_spanish_is_kept_as_the_default() {
        let mut book = ProfileBook::default();
        let saved = book.upsert(input("Producción")).expect("saved");
        assert_eq!(saved.customer_language, None);
        let english = book
            .set_customer_language(&saved.id, Some(Locale::En))
            .expect("kept");
        assert_eq!(english.customer_language, Some(Locale::En));
        let edited = book
            .upsert(ProfileInput {
                id: Some(saved.id.clone()),
                ..input("Producción 2")
            })
            .expect("edited");
        assert_eq!(edited.customer_language, Some(Locale::En));
        let json = serde_json::to_string(&book).expect("written");
        assert!(json.contains(r#""customerLanguage":"en""#), "{json}");
        // A language this build does not speak: the book still reads, Spanish for it.
        let newer: ProfileBook = serde_json::from_str(
            &json.replace(r#""customerLanguage":"en""#, r#""customerLanguage":"fr""#),
        )
        .expect("a book with an unknown language still reads");
        assert_eq!(newer.profiles[0].customer_language, None);
        let spanish = book
            .set_customer_language(&saved.id, Some(Locale::EsMx))
            .expect("kept");
        assert_eq!(spanish.customer_language, None);
    }

    #[test]
    fn edited_reasons_outlive_an_edit_of_the_profile_and_an_old_book_reads_without_them() {
        let mut book = ProfileBook::default();
        let saved = book.upsert(input("Operación Norte")).expect("saved");
        assert_eq!(saved.reasons, None);
        let reasons: ReasonCatalogue = [(
            "ProofAddress".to_owned(),
            vec!["Tiene más de tres meses".to_owned()],
        )]
        .into();
        book.set_reasons(&saved.id, reasons.clone()).expect("kept");
        let mut edit = input("Operación Sur");
        edit.id = Some(saved.id.clone());
        let edited = book.upsert(edit).expect("edited");
        assert_eq!(edited.reasons, Some(reasons));
        // Written and read back; a book from before reasons existed reads as none.
        let text = serde_json::to_string(&book).expect("written");
        let back: ProfileBook = serde_json::from_str(&text).expect("read");
        assert_eq!(back, book);
        let old = text.replace(
            r#","reasons":{"ProofAddress":["Tiene más de tres meses"]}"#,
            "",
        );
        assert_ne!(old, text);
        let old: ProfileBook = serde_json::from_str(&old).expect("an old book reads");
        assert_eq!(old.profiles[0].reasons, None);
        assert!(
            book.set_reasons(&saved.id, ReasonCatalogue::new())
                .expect("cleared")
                .reasons
                .is_none()
        );
        assert!(book.set_reasons("nadie", ReasonCatalogue::new()).is_err());
    }

    #[test]
    fn an_invalid_profile_is_refused_whole_with_every_reason() {
        let mut book = ProfileBook::default();
        let mut bad = input(" ");
        bad.workspace_id = "abc".into();
        bad.agent_email = "ana".into();
        bad.environment = Environment::Custom {
            base_url: "javascript:alert(1)".into(),
        };
        bad.flows.push(bad.flows[0].clone());
        let error = book.upsert(bad).expect_err("refused");
        assert_eq!(error.code, DeskCode::InvalidInput);
        assert_eq!(error.problems.len(), 5, "{:?}", error.problems);
        assert_eq!(book, ProfileBook::default());
    }

    #[test]
    fn a_plain_http_address_off_this_computer_is_refused_saying_why() {
        let at = |base_url: &str| {
            let mut typed = input("Operación");
            typed.environment = Environment::Custom {
                base_url: base_url.into(),
            };
            problems(&typed, &[])
        };
        let refused = at("http://kyb.example.mx/api");
        assert_eq!(refused.len(), 1);
        // Why is the rule's to say: the window words it (https, or the key would
        // travel in clear).
        assert_eq!(refused[0], Failure::new("environment", Rule::HttpsOnly));
        assert_eq!(at("https://kyb.example.mx/api"), []);
        assert_eq!(at("http://127.0.0.1:8080"), []);
    }

    #[test]
    fn the_first_profile_is_active_and_names_are_unique() {
        let mut book = ProfileBook::default();
        let first = book.upsert(input("Operación")).expect("saved");
        assert_eq!(first.workspace_id, "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10");
        assert_eq!(book.active().map(|p| &p.id), Some(&first.id));
        assert!(book.upsert(input("operación")).is_err());
        let second = book.upsert(input("Pruebas")).expect("saved");
        book.activate(&second.id).expect("activated");
        book.remove(&second.id).expect("removed");
        assert_eq!(book.active, Some(first.id));
    }
}

//! The profile and key session: the profiles, their keys and the origin each key was
//! given for, and the one client per profile that carries the key.

use kyb_api::requests::TrackingRequest;
use kyb_api::{ApiError, Client, ClientConfig, Credentials};

use super::{Desk, PROBE_RFC};
use crate::audit::DeskEvent;
use crate::error::{AppError, AppResult};
use crate::error::{DeskCode, Details, Failure};
use crate::key_origin::OriginChange;
use crate::profiles::{Locale, Profile, ProfileBook, ProfileInput, no_profile, problems};
use crate::reasons::ReasonCatalogue;
use crate::secrets::{BoundKey, KeyStatus};

impl Desk {
    // Profiles.

    /// The book, its preset profiles marked with what the company's policy fixes.
    pub fn profiles(&self) -> ProfileBook {
        let book = self.book().clone();
        self.marked(book)
    }

    /// What is wrong with a profile being typed, by field (nothing is stored).
    pub fn check_profile(&self, input: &ProfileInput) -> Vec<Failure> {
        problems(input, &self.book().profiles)
    }

    /// Adds or replaces a profile. A new address is audited; the key does not follow
    /// it (see [`Desk::confirm_key_origin`]).
    pub fn save_profile(&self, input: ProfileInput) -> AppResult<Profile> {
        let before = input
            .id
            .as_deref()
            .and_then(|id| self.book().get(id).cloned());
        self.check_preset_edit(&input)?;
        let profile = self.change_book(|book| book.upsert(input))?;
        self.forget_client(&profile.id);
        if let Some(before) = before {
            let origin = |p: &Profile| self.address(p).map(|(_, origin)| origin).ok();
            let (old, new) = (origin(&before), origin(&profile));
            if old != new {
                self.record_event(
                    &profile,
                    DeskEvent::ProfileAddressChanged,
                    format!(
                        "dirección del perfil: {} → {}",
                        old.as_deref().unwrap_or("—"),
                        new.as_deref().unwrap_or("—")
                    ),
                );
            }
        }
        Ok(profile)
    }

    /// Keeps a profile's edited rejection reasons, checked ([`crate::reasons`]):
    /// trimmed, each once, kinds left empty back to the defaults.
    pub fn save_reasons(&self, profile_id: &str, reasons: ReasonCatalogue) -> AppResult<Profile> {
        let found = crate::reasons::failures(&reasons);
        if !found.is_empty() {
            return Err(AppError::invalid(found));
        }
        let reasons = crate::reasons::normalised(reasons);
        self.change_book(|book| book.set_reasons(profile_id, reasons))
    }

    /// Keeps the language a profile's customers read what the desk sends them.
    pub fn save_customer_language(
        &self,
        profile_id: &str,
        language: Option<Locale>,
    ) -> AppResult<Profile> {
        self.change_book(|book| book.set_customer_language(profile_id, language))
    }

    /// Deletes a profile with its key, watchlist, drafts and detail history (nothing
    /// could reach them again: a new profile has a new id). The audit log keeps its
    /// entries: it is the record of what was sent. Once the profile is gone from the
    /// book the deletion has happened; files that cannot be removed are logged.
    pub fn delete_profile(&self, id: &str) -> AppResult<ProfileBook> {
        self.check_preset_delete(id)?;
        self.change_book(|book| book.remove(id))?;
        self.forget_client(id);
        // The key goes with its profile; an unreachable keyring keeps nothing of ours.
        let _ = self.vault.delete(id);
        for (what, removed) in [
            ("watchlist", self.watchlist.forget_profile(id)),
            ("drafts", self.drafts.forget_profile(id)),
            ("history", self.history.forget_profile(id)),
            ("views", self.views.forget_profile(id)),
            ("sla", self.sla.forget_profile(id)),
        ] {
            if let Err(error) = removed {
                tracing::warn!("{what} of a deleted profile not removed: {error}");
            }
        }
        Ok(self.profiles())
    }

    pub fn activate_profile(&self, id: &str) -> AppResult<ProfileBook> {
        self.change_book(|book| book.activate(id))?;
        Ok(self.profiles())
    }

    pub fn active_profile(&self) -> AppResult<Profile> {
        self.book()
            .active()
            .cloned()
            .ok_or_else(|| AppError::of(DeskCode::NoProfile))
    }

    // Keys.

    pub(super) fn profile(&self, profile_id: &str) -> AppResult<Profile> {
        self.book().get(profile_id).cloned().ok_or_else(no_profile)
    }

    /// Where a profile's requests go, and that address's origin.
    pub(super) fn address(&self, profile: &Profile) -> AppResult<(reqwest::Url, String)> {
        let base_url = profile
            .environment
            .base_url(self.endpoints.as_ref())
            .map_err(|e| AppError::new(DeskCode::NoAddress, e.to_string()))?;
        let origin = kyb_api::client::origin_of(&base_url);
        Ok((base_url, origin))
    }

    /// The key's status, with whether it may go to the profile's address now.
    pub fn key_status(&self, profile_id: &str) -> AppResult<KeyStatus> {
        let profile = self.profile(profile_id)?;
        let mut status = self.vault.status(profile_id);
        status.profile_origin = self.address(&profile).ok().map(|(_, origin)| origin);
        status.origin_confirmed = status.present
            && status.profile_origin.as_deref().is_some_and(|origin| {
                crate::secrets::may_go_to(status.bound_origin.as_deref(), origin)
            });
        Ok(status)
    }

    /// Keeps the key the user entered, bound to the profile's address as it is now.
    pub fn set_api_key(
        &self,
        profile_id: &str,
        key: &str,
        session_only: bool,
    ) -> AppResult<KeyStatus> {
        let profile = self.profile(profile_id)?;
        let (_, origin) = self.address(&profile)?;
        self.forget_client(profile_id);
        if session_only {
            self.vault.set_for_session(profile_id, key, &origin)?;
        } else {
            self.vault.set(profile_id, key, &origin)?;
        }
        let kept = if session_only {
            "solo esta sesión"
        } else {
            "llavero del sistema"
        };
        self.record_event(
            &profile,
            DeskEvent::KeyReplaced,
            format!("API Key ingresada para {origin} ({kept})"),
        );
        self.key_status(profile_id)
    }

    /// What the user is asked before the profile's key may go to the profile's address
    /// as it is now; None when it already may (nothing to ask).
    pub fn key_origin_change(&self, profile_id: &str) -> AppResult<Option<OriginChange>> {
        let status = self.key_status(profile_id)?;
        if status.origin_confirmed {
            return Ok(None);
        }
        if !status.present {
            return Err(AppError::of(DeskCode::NoApiKey));
        }
        let profile = self.profile(profile_id)?;
        let (_, origin) = self.address(&profile)?;
        Ok(Some(OriginChange {
            profile_name: profile.name,
            bound: status.bound_origin,
            origin,
        }))
    }

    /// The user said yes to `change` (as [`Desk::key_origin_change`] read it, in a
    /// question the window cannot answer): the key is bound to that origin. Refused
    /// when the profile's address moved again since, to an origin nobody was asked
    /// about.
    pub fn confirm_key_origin(
        &self,
        profile_id: &str,
        change: &OriginChange,
    ) -> AppResult<KeyStatus> {
        let profile = self.profile(profile_id)?;
        let (_, origin) = self.address(&profile)?;
        self.forget_client(profile_id);
        let before = self.vault.status(profile_id).bound_origin;
        if origin != change.origin || before != change.bound {
            return Err(key_origin_changed(before.as_deref(), &origin));
        }
        self.vault.rebind(profile_id, &origin)?;
        self.record_event(
            &profile,
            DeskEvent::KeyOriginConfirmed,
            format!(
                "el usuario confirmó enviar la API Key a {origin} (se dio para {})",
                before
                    .as_deref()
                    .unwrap_or("una dirección que no se registró")
            ),
        );
        self.key_status(profile_id)
    }

    pub fn delete_api_key(&self, profile_id: &str) -> AppResult<KeyStatus> {
        self.profile(profile_id)?;
        self.forget_client(profile_id);
        self.vault.delete(profile_id)?;
        self.key_status(profile_id)
    }

    // The service.

    /// The active profile and a client for it.
    pub(super) fn client(&self) -> AppResult<(Profile, Client)> {
        let profile = self.active_profile()?;
        let client = self.client_for(&profile)?;
        Ok((profile, client))
    }

    /// A client for `profile`, made once and kept until its profile or key changes.
    pub(super) fn client_for(&self, profile: &Profile) -> AppResult<Client> {
        let (base_url, origin) = self.address(profile)?;
        // Only for the profile's address as it is now: a client made from a profile
        // read just before its address changed is not used (the binding is checked
        // again below).
        if let Some(client) = self
            .clients
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&profile.id)
            .filter(|client| client.base_url() == &base_url)
        {
            return Ok(client.clone());
        }
        let Some(BoundKey {
            key: api_key,
            origin: bound,
        }) = self.vault.get(&profile.id)?
        else {
            return Err(
                AppError::of(DeskCode::NoApiKey).with_details(Details::NoApiKey {
                    profile: profile.name.clone(),
                }),
            );
        };
        // The one place a key meets an address: it goes only where it was given for.
        if !crate::secrets::may_go_to(bound.as_deref(), &origin) {
            return Err(key_origin_changed(bound.as_deref(), &origin));
        }
        let mut config = ClientConfig::new(
            base_url,
            Credentials {
                api_key,
                workspace_id: profile.workspace_id.clone(),
            },
        );
        config.timeout = self.request_timeout;
        let client = Client::new(config)
            .map_err(|e| AppError::new(DeskCode::NoAddress, e.to_string()))?
            .learning_into(self.drift.learner());
        self.clients
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(profile.id.clone(), client.clone());
        Ok(client)
    }

    /// Tries a profile's address, key, Workspace and flows with one tracking query per
    /// flow for an RFC no file has (the SAT's generic RFC): "not found" proves the
    /// service accepted the key, the Workspace and that flow. The first other error
    /// is why the profile cannot be used; an unknown flow (a validation error) names
    /// the flow. A profile with no flow has its key and Workspace checked alone. Works
    /// for any profile, active or not, and changes nothing: the answers are not
    /// followed.
    pub async fn check_connection(&self, profile_id: &str) -> AppResult<()> {
        let profile = self
            .book()
            .get(profile_id)
            .cloned()
            .ok_or_else(no_profile)?;
        let client = self.client_for(&profile)?;
        let ask = |flow_id: &str| {
            let request = TrackingRequest {
                flow_id: flow_id.to_owned(),
                rfc: PROBE_RFC.to_owned(),
                agent_mail: profile.agent_email.clone(),
            };
            let client = client.clone();
            async move { client.tracking(&request).await }
        };
        if profile.flows.is_empty() {
            // No flow to try: the key and the Workspace are checked before the flow, so
            // an answer about the (made-up) flow means both were accepted.
            return match ask(PROBE_RFC).await {
                Ok(_) | Err(ApiError::NotFound { .. } | ApiError::Validation { .. }) => Ok(()),
                Err(error) => Err(error.into()),
            };
        }
        for flow in &profile.flows {
            match ask(&flow.flow_id).await {
                Ok(_) | Err(ApiError::NotFound { .. }) => {}
                Err(error @ ApiError::Validation { .. }) => {
                    // The flow refused comes first, then the service's words it
                    // could not read into rules (the rules are in `problems`).
                    let failure = AppError::from(error);
                    let unread = match failure.details.as_deref() {
                        Some(Details::Validation { unread, .. }) => unread.clone(),
                        _ => Vec::new(),
                    };
                    return Err(failure.with_details(Details::Validation {
                        flow: Some(format!("{} ({})", flow.label, flow.flow_id)),
                        unread,
                    }));
                }
                Err(error) => return Err(error.into()),
            }
        }
        Ok(())
    }
}

/// The key of `profile` is bound to `bound` (None: to no origin yet), not to where the
/// profile points now: the user must confirm the new origin or enter the key again.
fn key_origin_changed(bound: Option<&str>, origin: &str) -> AppError {
    AppError::of(DeskCode::KeyOriginChanged).with_details(Details::KeyOriginChanged {
        recorded: bound.map(str::to_owned),
        now: origin.to_owned(),
    })
}

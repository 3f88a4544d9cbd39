//! The two headers every operation requires, `SERVICE-API-KEY` and `X-Workspace`, and
//! the answers when they are wrong.
//!
//! Two families of answers, from the spec's Errors table:
//! - tracking, enrollment link and the verification operations answer a bad key with
//!   401 "La API Key ha sido denegada…" and a bad workspace with 403 (the spec gives no
//!   401 text for the verification operations, create file or the correction request;
//!   they answer like tracking);
//! - file detail and complementary information answer both with one 401, "No
//!   autorizado - Workspace inválido o API Key incorrecta". These are the 401 bodies
//!   the sandbox writes with lowercase keys: the spec says some 401s use them without
//!   naming which.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use uuid::Uuid;

use crate::envelope::Envelope;
use crate::messages::{self, status};
use crate::state::{AppState, World};

pub use kyb_api::client::{API_KEY_HEADER, WORKSPACE_HEADER};

/// The tenant a request authenticated as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caller {
    pub workspace: Uuid,
}

/// As a handler's argument, the request is authenticated before the handler runs,
/// with tracking's family of refusals: a refused request never reaches it.
impl FromRequestParts<AppState> for Caller {
    type Rejection = Envelope;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Envelope> {
        authenticate(&app.lock(), &parts.headers)
    }
}

/// The caller of file detail and complementary information, which refuse a bad key
/// and a bad workspace with one 401.
pub struct DetailCaller(pub Caller);

impl FromRequestParts<AppState> for DetailCaller {
    type Rejection = Envelope;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Envelope> {
        authenticate_for(&app.lock(), &parts.headers, Refusals::WorkspaceOrKey).map(Self)
    }
}

/// Which family of answers an operation gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusals {
    KeyThenWorkspace,
    WorkspaceOrKey,
}

/// A workspace that is missing, not a UUID, inactive, unknown or not the key's own
/// is refused alike: the service cannot tell the caller which.
pub fn authenticate(world: &World, headers: &HeaderMap) -> Result<Caller, Envelope> {
    authenticate_for(world, headers, Refusals::KeyThenWorkspace)
}

pub fn authenticate_for(
    world: &World,
    headers: &HeaderMap,
    refusals: Refusals,
) -> Result<Caller, Envelope> {
    authenticate_headers(world, headers).map_err(|refusal| match refusals {
        Refusals::KeyThenWorkspace => refusal,
        Refusals::WorkspaceOrKey => Envelope::error(
            StatusCode::UNAUTHORIZED,
            status::FORBIDDEN,
            messages::UNAUTHORIZED_WORKSPACE_OR_KEY,
        )
        .lowercase_keys(),
    })
}

fn authenticate_headers(world: &World, headers: &HeaderMap) -> Result<Caller, Envelope> {
    let header = |name| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
    };
    let tenant = header(API_KEY_HEADER)
        .and_then(|key| world.tenants.iter().find(|t| t.api_key == key))
        .ok_or_else(|| {
            Envelope::error(
                StatusCode::UNAUTHORIZED,
                status::FORBIDDEN,
                messages::API_KEY_DENIED,
            )
        })?;
    match header(WORKSPACE_HEADER).and_then(|w| Uuid::parse_str(w).ok()) {
        Some(workspace) if workspace == tenant.workspace_id => Ok(Caller { workspace }),
        _ => Err(Envelope::error(
            StatusCode::FORBIDDEN,
            status::FORBIDDEN,
            messages::WORKSPACE_INVALID,
        )),
    }
}

//! The two headers every operation requires, `SERVICE-API-KEY` and `X-Workspace`, and
//! the answers when they are wrong.
//!
//! Tracking, enrollment link and the verification operations answer a bad key with
//! 401 "La API Key ha sido denegada…" and a bad workspace with 403. (The spec gives no
//! 401 text for the verification operations; they answer like tracking.) File detail
//! and complementary information answer both with their own 401; they join this
//! module with their routes.

use axum::http::{HeaderMap, StatusCode};
use uuid::Uuid;

use crate::envelope::Envelope;
use crate::messages::{self, status};
use crate::state::World;

pub const API_KEY_HEADER: &str = "SERVICE-API-KEY";
pub const WORKSPACE_HEADER: &str = "X-Workspace";

/// The tenant a request authenticated as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caller {
    pub workspace: Uuid,
}

/// A workspace that is missing, not a UUID, inactive, unknown or not the key's own
/// is refused alike: the service cannot tell the caller which.
pub fn authenticate(world: &World, headers: &HeaderMap) -> Result<Caller, Envelope> {
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

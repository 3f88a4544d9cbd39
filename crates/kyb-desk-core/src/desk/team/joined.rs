//! The active profile's connection to its team, as the desk keeps it (its own module:
//! the desk's state holds one, and the team's methods on the desk make it).

use kyb_team::Team;

/// The connection of the active profile to its team, kept while the profile and its
/// address stay the same.
pub(in crate::desk) struct Joined {
    pub(super) profile_id: String,
    pub(super) origin: String,
    pub(super) team: Team,
}

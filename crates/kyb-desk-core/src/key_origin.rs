//! A profile's key asked to go to a new origin: what the user is shown, and the one
//! way the desk rebinds the key after they said yes. Who asks is the shell's affair (a
//! native dialog, never the window: a page script can call any command the window
//! may, so a command's call is not the user's say).

/// The move the user is asked about, read by the desk and shown to the user as is:
/// the key is rebound to `origin` only, and only while the profile still points there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OriginChange {
    pub profile_name: String,
    /// Where the key was given for (None: a key stored before keys were bound).
    pub bound: Option<String>,
    /// Where the profile points now.
    pub origin: String,
}

//! One desk's SLA policy, one local record per profile: `<data>/sla/<profile>.json`,
//! written atomically and privately, set aside and announced when it cannot be read
//! (then the defaults apply until a supervisor of the desk sets it again).

use std::path::PathBuf;

use super::SlaPolicy;
use crate::error::{AppResult, Task};
use crate::profile_records::ProfileRecords;
use crate::recovery::{RecordKind, Recoveries};

pub struct PolicyStore(ProfileRecords<SlaPolicy>);

/// The SLA's records per profile in `dir` (the policy, and the notices told), read and
/// saved as the SLA's.
pub(super) fn records<T: serde::Serialize + serde::de::DeserializeOwned + Default>(
    dir: PathBuf,
    recoveries: Recoveries,
) -> ProfileRecords<T> {
    ProfileRecords::new(
        dir,
        RecordKind::SlaPolicy,
        [Task::ReadSlaPolicy, Task::SaveSlaPolicy],
        recoveries,
    )
}

impl PolicyStore {
    pub fn new(dir: PathBuf, recoveries: Recoveries) -> Self {
        // A stored policy that breaks today's bounds is set aside and announced like an
        // unreadable one: a clock never counts to a target the desk would refuse.
        Self(records(dir, recoveries).checked(|policy: SlaPolicy| {
            let problems = policy.problems();
            if problems.is_empty() {
                policy.validated().map_err(|e| e.to_string())
            } else {
                let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
                Err(format!("out of bounds: {}", fields.join(", ")))
            }
        }))
    }

    /// The profile's policy; the defaults when none was set (or it was set aside).
    pub fn get(&self, profile_id: &str) -> AppResult<SlaPolicy> {
        self.0.read(profile_id)
    }

    /// Keeps a policy for the profile; the policy as kept.
    pub fn set(&self, profile_id: &str, policy: SlaPolicy) -> AppResult<SlaPolicy> {
        let policy = policy.validated()?;
        self.0.replace(profile_id, &policy)?;
        Ok(policy)
    }

    pub fn forget_profile(&self, profile_id: &str) -> std::io::Result<()> {
        self.0.forget_profile(profile_id)
    }
}

//! One desk's SLA policy, one local record per profile: `<data>/sla/<profile>.json`,
//! written atomically and privately, set aside and announced when it cannot be read
//! (then the defaults apply until a supervisor of the desk sets it again).

use std::path::PathBuf;

use super::SlaPolicy;
use crate::error::{AppError, AppResult, Task};
use crate::fsio;
use crate::recovery::{RecordKind, Recoveries};

pub struct PolicyStore {
    dir: PathBuf,
    recoveries: Recoveries,
    locks: fsio::Locks,
}

impl PolicyStore {
    pub fn new(dir: PathBuf, recoveries: Recoveries) -> Self {
        Self {
            dir,
            recoveries,
            locks: fsio::Locks::default(),
        }
    }

    fn path(&self, profile_id: &str) -> PathBuf {
        self.dir
            .join(format!("{}.json", fsio::safe_name(profile_id)))
    }

    /// The profile's policy; the defaults when none was set (or it was set aside). A
    /// stored policy that breaks today's bounds reads as the defaults too: a clock
    /// never counts to a target the desk would refuse.
    pub fn get(&self, profile_id: &str) -> AppResult<SlaPolicy> {
        self.locks.with(profile_id, || {
            let stored: Option<SlaPolicy> = fsio::read_json_or_set_aside(
                &self.path(profile_id),
                RecordKind::SlaPolicy,
                &self.recoveries,
            )
            .map_err(|e| AppError::storage(Task::ReadSlaPolicy, e))?;
            Ok(stored
                .and_then(|policy| policy.validated().ok())
                .unwrap_or_default())
        })
    }

    /// Keeps a policy for the profile; the policy as kept.
    pub fn set(&self, profile_id: &str, policy: SlaPolicy) -> AppResult<SlaPolicy> {
        let policy = policy.validated()?;
        self.locks.with(profile_id, || {
            fsio::write_json(&self.path(profile_id), &policy)
                .map_err(|e| AppError::storage(Task::SaveSlaPolicy, e))
        })?;
        Ok(policy)
    }

    pub fn forget_profile(&self, profile_id: &str) -> std::io::Result<()> {
        self.locks
            .with(profile_id, || fsio::remove_all(&self.path(profile_id)))
    }
}

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
    /// stored policy that breaks today's bounds is set aside and announced like an
    /// unreadable one: a clock never counts to a target the desk would refuse, and the
    /// file is not read and refused again at every read of the board.
    pub fn get(&self, profile_id: &str) -> AppResult<SlaPolicy> {
        self.locks.with(profile_id, || {
            let stored = fsio::read_or_set_aside(
                &self.path(profile_id),
                RecordKind::SlaPolicy,
                &self.recoveries,
                |bytes| {
                    let policy: SlaPolicy =
                        serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
                    let problems = policy.problems();
                    if problems.is_empty() {
                        policy.validated().map_err(|e| e.to_string())
                    } else {
                        let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
                        Err(format!("out of bounds: {}", fields.join(", ")))
                    }
                },
            )
            .map_err(|e| AppError::storage(Task::ReadSlaPolicy, e))?;
            Ok(stored.unwrap_or_default())
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

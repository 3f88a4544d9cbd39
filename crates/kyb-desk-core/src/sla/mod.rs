//! SLA clocks made for KYB: a business calendar ([`calendar`]), a target per status
//! ([`targets`]), and the clock of a file from the statuses it has been in ([`clock`]).
//! Each workspace keeps one [`SlaPolicy`]; one desk keeps it in a local record
//! ([`policy_store`]).

#[cfg(test)]
mod bounds_tests;
pub mod calendar;
pub mod change;
pub mod clock;
pub mod notice_store;
pub mod policy_store;
pub mod targets;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use calendar::{BusinessCalendar, mexico_holidays};
pub use clock::{Phase, SlaClock, SlaState, StatusSpan, clock};
pub use targets::SlaTargets;

use crate::error::{AppError, AppResult, Failure, Task};
use crate::profile_records::ProfileRecords;
use crate::recovery::{RecordKind, Recoveries};

/// The SLA's records per profile in `dir` (the policy, and the notices told), read and
/// saved as the SLA's.
fn records<T: Serialize + serde::de::DeserializeOwned + Default>(
    dir: std::path::PathBuf,
    recoveries: Recoveries,
) -> ProfileRecords<T> {
    ProfileRecords::new(
        dir,
        RecordKind::SlaPolicy,
        [Task::ReadSlaPolicy, Task::SaveSlaPolicy],
        recoveries,
    )
}

/// A workspace's SLA: the calendar its clocks count in and the targets they count to.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct SlaPolicy {
    pub calendar: BusinessCalendar,
    pub targets: SlaTargets,
}

impl SlaPolicy {
    pub fn problems(&self) -> Vec<Failure> {
        let mut found = self.calendar.problems();
        found.extend(self.targets.problems());
        found
    }

    /// The policy, when it can be kept; its problems otherwise.
    pub fn validated(mut self) -> AppResult<Self> {
        let problems = self.problems();
        if !problems.is_empty() {
            return Err(AppError::invalid(problems));
        }
        self.calendar.working_days.sort_unstable();
        self.calendar.days_off.sort_unstable();
        self.calendar.days_off.dedup();
        Ok(self)
    }
}

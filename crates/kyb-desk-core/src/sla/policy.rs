//! A workspace's SLA policy: the calendar and the targets, checked as one.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::calendar::BusinessCalendar;
use super::targets::SlaTargets;
use crate::error::{AppError, AppResult, Failure};

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

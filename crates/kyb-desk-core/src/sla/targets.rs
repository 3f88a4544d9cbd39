//! How long each status may take, in business hours, and when a file is "por vencer".

use kyb_api::file::StatusCategory;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{Failure, Rule};

/// The longest target: 90 working days of 8 hours.
pub const MAX_TARGET_HOURS: u16 = 720;
/// The widest "por vencer" window.
pub const MAX_AT_RISK_HOURS: u16 = 168;

/// A target per status the back office or the system answers for, in business hours;
/// `None`: no clock for that status. The statuses that pause or stop the clock have
/// none (see [`super::clock::Phase`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct SlaTargets {
    /// Pendiente: waiting in the queue.
    pub queued_hours: Option<u16>,
    /// En Revisión.
    pub in_review_hours: Option<u16>,
    /// Enrolamiento Iniciado.
    pub enrolling_hours: Option<u16>,
    /// Enrolamiento Fallido.
    pub enrollment_failed_hours: Option<u16>,
    /// A status the spec does not list: it runs, so that no breach is hidden.
    pub unknown_hours: Option<u16>,
    /// A running clock with this many business hours left or fewer is "por vencer".
    pub at_risk_hours: u16,
}

impl Default for SlaTargets {
    fn default() -> Self {
        Self {
            queued_hours: Some(8),
            in_review_hours: Some(16),
            enrolling_hours: Some(24),
            enrollment_failed_hours: Some(8),
            unknown_hours: Some(8),
            at_risk_hours: 2,
        }
    }
}

impl SlaTargets {
    /// The target of a status that runs the clock, in business minutes.
    pub fn minutes(&self, category: StatusCategory) -> Option<i64> {
        let hours = match category {
            StatusCategory::Queued => self.queued_hours,
            StatusCategory::InReview => self.in_review_hours,
            StatusCategory::Enrolling => self.enrolling_hours,
            StatusCategory::EnrollmentFailed => self.enrollment_failed_hours,
            StatusCategory::Unknown => self.unknown_hours,
            StatusCategory::Entering
            | StatusCategory::WithUser
            | StatusCategory::Approved
            | StatusCategory::Closed => None,
        };
        hours.map(|h| i64::from(h) * 60)
    }

    pub fn at_risk_minutes(&self) -> i64 {
        i64::from(self.at_risk_hours) * 60
    }

    pub fn problems(&self) -> Vec<Failure> {
        let mut found = Vec::new();
        for (field, hours) in [
            ("queuedHours", self.queued_hours),
            ("inReviewHours", self.in_review_hours),
            ("enrollingHours", self.enrolling_hours),
            ("enrollmentFailedHours", self.enrollment_failed_hours),
            ("unknownHours", self.unknown_hours),
        ] {
            if hours.is_some_and(|h| !(1..=MAX_TARGET_HOURS).contains(&h)) {
                found.push(Failure::new(field, Rule::Invalid));
            }
        }
        if self.at_risk_hours > MAX_AT_RISK_HOURS {
            found.push(Failure::new("atRiskHours", Rule::Invalid));
        }
        found
    }
}

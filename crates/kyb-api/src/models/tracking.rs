//! Operation 5, tracking: a file's status, its sections' statuses and comments, and
//! each person's enrollment.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::expediente::{DocumentStatus, SectionComment};
use crate::time::UtcTime;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct Tracking {
    pub document_id: String,
    pub company_rfc: String,
    pub company_name: String,
    pub guest_url: String,
    pub channel_name: String,
    pub document_status: Option<DocumentStatus>,
    /// One entry per section: "Section (Status)" or "Section (Status): comments";
    /// read them with [`Tracking::sections`].
    pub comments: Vec<String>,
    pub created_at_utc: Option<UtcTime>,
    pub updated_at_utc: Option<UtcTime>,
    pub person: Vec<Person>,
}

impl Tracking {
    /// The `Comments` entries that parse; an entry that does not is left out here
    /// and stays readable in `comments`.
    pub fn sections(&self) -> Vec<SectionComment> {
        self.comments
            .iter()
            .filter_map(|entry| SectionComment::parse(entry))
            .collect()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct Person {
    pub person_id: String,
    pub full_name: String,
    pub email: String,
    pub rfc: String,
    pub curp: String,
    pub face_key_id: String,
    pub enrollment_request_at_utc: Option<UtcTime>,
    pub callback_at_utc: Option<UtcTime>,
    pub notification_at_utc: Option<UtcTime>,
    /// The spec does not list its values, so it stays a string.
    pub enrollment_status: String,
    pub enrollment_reason: String,
    pub is_completed: bool,
    pub is_enrollment_allowed: bool,
}

impl Person {
    /// The spec: use the enrollment-link operation only when the person's tracking
    /// entry has `IsEnrollmentAllowed` true.
    pub fn may_get_enrollment_link(&self) -> bool {
        self.is_enrollment_allowed
    }
}

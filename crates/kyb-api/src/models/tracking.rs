//! Operation 5, tracking: a file's status, its sections' statuses and comments, and
//! each person's enrollment.

use crate::file::{DocumentStatus, SectionComment};
use crate::time::UtcTime;
use crate::tolerant::answer_model;

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct Tracking {
        pub document_id: Option<String>,
        pub company_rfc: Option<String>,
        pub company_name: Option<String>,
        pub guest_url: Option<String>,
        pub channel_name: Option<String>,
        pub document_status: Option<DocumentStatus>,
        /// One entry per section: "Section (Status)" or "Section (Status): comments";
        /// read them with [`Tracking::sections`].
        pub comments: Vec<String>,
        pub created_at_utc: Option<UtcTime>,
        pub updated_at_utc: Option<UtcTime>,
        pub person: Vec<Person>,
    }
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

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct Person {
        pub person_id: Option<String>,
        pub full_name: Option<String>,
        pub email: Option<String>,
        pub rfc: Option<String>,
        pub curp: Option<String>,
        pub face_key_id: Option<String>,
        pub enrollment_request_at_utc: Option<UtcTime>,
        pub callback_at_utc: Option<UtcTime>,
        pub notification_at_utc: Option<UtcTime>,
        /// The spec does not list its values, so it stays a string.
        pub enrollment_status: Option<String>,
        pub enrollment_reason: Option<String>,
        pub is_completed: Option<bool>,
        pub is_enrollment_allowed: Option<bool>,
    }
}

impl Person {
    /// The spec: use the enrollment-link operation only when the person's tracking
    /// entry has `IsEnrollmentAllowed` true.
    pub fn may_get_enrollment_link(&self) -> bool {
        self.is_enrollment_allowed == Some(true)
    }
}

//! Answers about files that are not the detail: creation (1), complementary
//! information (4), the enrollment link (6) and version 1 of the detail (2).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::tolerant::answer_model;

answer_model! {
    /// `Data` of a created file.
    #[serde(rename_all = "PascalCase")]
    pub struct CreatedFile {
        pub document_id: Option<String>,
        /// The link the end user opens to continue entering data.
        pub url: Option<String>,
        pub external_id: Option<String>,
        pub client_id: Option<String>,
        pub client_name: Option<String>,
        pub company: Option<CreatedCompany>,
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct CreatedCompany {
        pub company_id: Option<String>,
        pub company_name: Option<String>,
        pub company_rfc: Option<String>,
    }
}

answer_model! {
    /// `Data` of a complementary-information request; also the example `Data` of version
    /// 1 of the detail.
    #[serde(rename_all = "camelCase")]
    pub struct SectionsAdded {
        pub document_id: Option<String>,
        pub sections_added: Vec<String>,
        pub message: Option<String>,
    }
}

answer_model! {
    /// `Data` of an enrollment link.
    #[serde(rename_all = "PascalCase")]
    pub struct EnrollmentLink {
        /// Identifier of the generated record.
        pub id: Option<String>,
        pub enrollment_url: Option<String>,
    }
}

/// Version 1 of the detail. The spec shows only an example (`documentId`,
/// `sectionsAdded`, `message`) and says its dates are DD/MM/YYYY; every other field is
/// kept as received, so nothing the service sends is dropped.
/// Written out rather than through `answer_model!` because of the flattened rest;
/// the same rule reads its fields.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct DetailV1 {
    #[serde(deserialize_with = "crate::tolerant::read")]
    pub document_id: Option<String>,
    #[serde(deserialize_with = "crate::tolerant::read")]
    pub sections_added: Vec<String>,
    #[serde(deserialize_with = "crate::tolerant::read")]
    pub message: Option<String>,
    #[serde(flatten)]
    #[ts(skip)]
    pub other: Map<String, Value>,
}

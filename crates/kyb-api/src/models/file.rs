//! Answers about files that are not the detail: creation (1), complementary
//! information (4), the enrollment link (6) and version 1 of the detail (2).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

/// `Data` of a created file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct CreatedFile {
    pub document_id: String,
    /// The link the end user opens to continue entering data.
    pub url: String,
    pub external_id: Option<String>,
    pub client_id: String,
    pub client_name: String,
    pub company: CreatedCompany,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct CreatedCompany {
    pub company_id: String,
    pub company_name: String,
    pub company_rfc: Option<String>,
}

/// `Data` of a complementary-information request; also the example `Data` of version
/// 1 of the detail.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct SectionsAdded {
    pub document_id: String,
    pub sections_added: Vec<String>,
    pub message: String,
}

/// `Data` of an enrollment link.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "PascalCase")]
pub struct EnrollmentLink {
    /// Identifier of the generated record.
    pub id: String,
    pub enrollment_url: String,
}

/// Version 1 of the detail. The spec shows only an example (`documentId`,
/// `sectionsAdded`, `message`) and says its dates are DD/MM/YYYY; every other field is
/// kept as received, so nothing the service sends is dropped.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
pub struct DetailV1 {
    pub document_id: String,
    pub sections_added: Vec<String>,
    pub message: String,
    #[serde(flatten)]
    #[ts(skip)]
    pub other: Map<String, Value>,
}

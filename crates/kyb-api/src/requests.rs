//! Request bodies of the service's operations, with the spec's exact field names and
//! casing (which differ between operations: `FlowID` here, `flowId` there).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// 1. Create file: `POST /expedientes/nuevo`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct CreateFileRequest {
    #[serde(rename = "FlowID", default)]
    pub flow_id: String,
    /// Required by the service; `None` lets a caller (or the sandbox) represent its absence.
    #[serde(rename = "Company", default, skip_serializing_if = "Option::is_none")]
    pub company: Option<Company>,
    #[serde(
        rename = "IncludeFlow",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub include_flow: Option<Vec<String>>,
    #[serde(
        rename = "ExcludeFlow",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub exclude_flow: Option<Vec<String>>,
    #[serde(
        rename = "ExternalID",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub external_id: Option<String>,
    #[serde(rename = "ClientId", default, skip_serializing_if = "Option::is_none")]
    pub client_id: Option<String>,
    #[serde(
        rename = "ClientName",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub client_name: Option<String>,
    #[serde(rename = "SendEmail", default, skip_serializing_if = "Option::is_none")]
    pub send_email: Option<bool>,
    #[serde(
        rename = "ContactEmail",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub contact_email: Option<String>,
    #[serde(rename = "SendSms", default, skip_serializing_if = "Option::is_none")]
    pub send_sms: Option<bool>,
    #[serde(
        rename = "ContactPhone",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub contact_phone: Option<String>,
    /// Client-specific additional information.
    #[serde(rename = "Data", default, skip_serializing_if = "Option::is_none")]
    #[ts(type = "Record<string, unknown> | null")]
    pub data: Option<Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Company {
    #[serde(rename = "CompanyName", default)]
    pub company_name: String,
    #[serde(
        rename = "CompanyRFC",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub company_rfc: Option<String>,
}

impl CreateFileRequest {
    /// The request as the client checks and sends it: `Company.CompanyRFC` through
    /// [`normalize_rfc`], and left out when blank (the field is optional).
    pub fn normalized(&self) -> Self {
        let mut request = self.clone();
        if let Some(company) = request.company.as_mut() {
            company.company_rfc = company
                .company_rfc
                .as_deref()
                .map(normalize_rfc)
                .filter(|rfc| !rfc.is_empty());
        }
        request
    }
}

/// 3. Correction request: `POST /expedientes/solicitar-correccion`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CorrectionRequest {
    #[serde(default)]
    pub document_id: String,
    #[serde(default)]
    pub secciones: Vec<SectionDecision>,
    /// The service's default is true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notificar_usuario: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mensaje_general: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SectionDecision {
    #[serde(default)]
    pub seccion: String,
    /// `Aceptada` or `Rechazada`.
    #[serde(default)]
    pub estatus: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comentario: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entidad_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entidad_referencia: Option<String>,
}

/// 4. Complementary information: `POST /expedientes/informacion-complementaria`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ComplementaryInfoRequest {
    #[serde(default)]
    pub document_id: String,
    #[serde(default)]
    pub flow_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notificar_usuario: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mensaje_adicional: Option<String>,
}

/// 5. Tracking: `POST /expedientes/v1/tracking`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TrackingRequest {
    #[serde(rename = "FlowID", default)]
    pub flow_id: String,
    #[serde(rename = "RFC", default)]
    pub rfc: String,
    #[serde(rename = "AgentMail", default)]
    pub agent_mail: String,
}

impl TrackingRequest {
    /// The request as the client checks and sends it: `RFC` through [`normalize_rfc`].
    pub fn normalized(&self) -> Self {
        Self {
            rfc: normalize_rfc(&self.rfc),
            ..self.clone()
        }
    }
}

/// An RFC as the SAT issues it: upper case, no blanks around it. The one place a typed
/// RFC is normalised: the client applies it to every RFC it sends (tracking's `RFC`,
/// create-file's `Company.CompanyRFC`) before checking and sending, so "ple150301ab2"
/// is checked and sent as "PLE150301AB2". `Ñ` and `&`, which RFCs may hold, survive.
pub fn normalize_rfc(typed: &str) -> String {
    typed.trim().to_uppercase()
}

/// 6. Enrollment link: `POST /enrollment/v1/url`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct EnrollmentLinkRequest {
    #[serde(rename = "DocumentId", default)]
    pub document_id: String,
    #[serde(rename = "PersonId", default)]
    pub person_id: String,
    #[serde(rename = "AgentMail", default)]
    pub agent_mail: String,
}

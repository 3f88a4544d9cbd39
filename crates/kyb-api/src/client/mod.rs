//! The typed client: one method per operation, each validating its request before
//! sending, sending the spec's headers, reading the answer tolerantly and mapping
//! failures to [`ApiError`]. Only reads are retried (see [`crate::retry`]). The key
//! only travels over https (or to this machine), follows no redirect, and is scrubbed
//! from whatever the service sends back.

mod config;
mod headers;
mod http_setup;
mod reading;
mod sending;
#[cfg(test)]
mod tests;

use std::sync::Arc;
use std::time::Duration;

use chrono::FixedOffset;
use reqwest::Url;
use serde::Serialize;
use serde::de::DeserializeOwned;

// Re-exported: callers knew these as the client's before they had their own module.
use crate::address::require_secure;
pub use crate::address::{
    ConfigError, Endpoints, Environment, is_loopback_host, origin_of, parse_base_url,
};
use crate::drift::Lesson;
use crate::error::{ApiError, Result, maybe_done};
use crate::models::correction::CorrectionResult;
use crate::models::detail::DetailV2;
use crate::models::file::{CreatedFile, DetailV1, EnrollmentLink, SectionsAdded};
use crate::models::tracking::Tracking;
use crate::models::verification::Verification;
use crate::operation::Operation;
use crate::requests::{
    ComplementaryInfoRequest, CorrectionRequest, CreateFileRequest, EnrollmentLinkRequest,
    TrackingRequest,
};
use crate::retry::RetryPolicy;
use crate::secret::Secret;
use crate::validate;
pub use config::{ClientConfig, Credentials};
pub use headers::{
    API_KEY_HEADER, API_VERSION_HEADER, OffsetSign, TIMEZONE_OFFSET_HEADER, TIMEZONE_OFFSET_SIGN,
    WORKSPACE_HEADER, timezone_offset_header,
};
use http_setup::build_http;
pub use http_setup::{http_builder, install_tls_provider};

/// Cheap to clone: clones share one connection pool.
#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    base_url: Url,
    workspace_id: String,
    api_key: Secret,
    timeout: Duration,
    retry: RetryPolicy,
    learner: Option<Learner>,
}

/// Where a client reports what tolerant reading absorbed in each answer (see
/// [`crate::drift`]); none by default.
#[derive(Clone)]
pub struct Learner(pub Arc<dyn Fn(Operation, Lesson) + Send + Sync>);

impl std::fmt::Debug for Learner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Learner")
    }
}

impl Client {
    /// Refuses a plain-http base address off this computer: the key goes with every
    /// request.
    pub fn new(config: ClientConfig) -> Result<Self, ConfigError> {
        require_secure(&config.base_url)?;
        Ok(Self {
            http: build_http(&config)?,
            base_url: config.base_url,
            workspace_id: config.credentials.workspace_id,
            api_key: config.credentials.api_key,
            timeout: config.timeout,
            retry: config.retry,
            learner: None,
        })
    }

    /// This client reports what each answer taught to `learner`.
    pub fn learning_into(mut self, learner: Learner) -> Self {
        self.learner = Some(learner);
        self
    }

    pub fn base_url(&self) -> &Url {
        &self.base_url
    }

    /// Operation 1: Create a file; its RFC is sent normalised
    /// ([`CreateFileRequest::normalized`]).
    pub async fn create_file(&self, request: &CreateFileRequest) -> Result<CreatedFile> {
        let request = request.normalized();
        checked(validate::create_file_failures(&request))?;
        self.json(Operation::CreateFile, &[], Some(&request), &[])
            .await
    }

    /// Operation 2: the file detail in version 2; with `timezone` (the desk's UTC
    /// offset), the service writes its timestamps in that offset
    /// ([`timezone_offset_header`]).
    pub async fn detail(
        &self,
        document_id: &str,
        timezone: Option<FixedOffset>,
    ) -> Result<DetailV2> {
        let mut headers = vec![(API_VERSION_HEADER, "2".to_owned())];
        if let Some(offset) = timezone {
            headers.push((TIMEZONE_OFFSET_HEADER, timezone_offset_header(offset)));
        }
        self.detail_as(document_id, &headers).await
    }

    /// Operation 2: The file detail in version 1 (the service's default format).
    pub async fn detail_v1(&self, document_id: &str) -> Result<DetailV1> {
        // Nothing to learn: the spec shows no field list for version 1, so nothing in
        // its answer can differ from it (and every member is kept as received).
        let unlearning = Self {
            learner: None,
            ..self.clone()
        };
        unlearning
            .detail_as(document_id, &[(API_VERSION_HEADER, "1".to_owned())])
            .await
    }

    async fn detail_as<T: DeserializeOwned + Serialize>(
        &self,
        document_id: &str,
        headers: &[(&str, String)],
    ) -> Result<T> {
        checked(validate::document_id_failures("DocumentId", document_id))?;
        self.json::<(), T>(Operation::Detail, &[document_id.trim()], None, headers)
            .await
    }

    /// Operation 3: Accept or reject sections (a correction request).
    pub async fn request_correction(
        &self,
        request: &CorrectionRequest,
    ) -> Result<CorrectionResult> {
        checked(validate::correction_failures(request))?;
        let answer = async {
            let body = self
                .send(Operation::Correction, &[], Some(request), &[])
                .await?;
            let (mut result, warnings): (CorrectionResult, _) =
                self.answer(Operation::Correction, &body)?;
            result.warnings = warnings;
            Ok(result)
        };
        answer
            .await
            .map_err(|e| maybe_done(Operation::Correction, e))
    }

    /// Operation 4: Add the sections of another flow that the file lacks.
    pub async fn add_complementary_info(
        &self,
        request: &ComplementaryInfoRequest,
    ) -> Result<SectionsAdded> {
        checked(validate::complementary_info_failures(request))?;
        self.json(Operation::ComplementaryInfo, &[], Some(request), &[])
            .await
    }

    /// Operation 5: The tracking of a file; its RFC is sent normalised
    /// ([`TrackingRequest::normalized`]).
    pub async fn tracking(&self, request: &TrackingRequest) -> Result<Tracking> {
        let request = request.normalized();
        checked(validate::tracking_failures(&request))?;
        self.json(Operation::Tracking, &[], Some(&request), &[])
            .await
    }

    /// Operation 6: An enrollment link for one person of a file.
    pub async fn enrollment_link(&self, request: &EnrollmentLinkRequest) -> Result<EnrollmentLink> {
        checked(validate::enrollment_link_failures(request))?;
        self.json(Operation::EnrollmentLink, &[], Some(request), &[])
            .await
    }

    /// Operation 7: A verification by folio.
    pub async fn verification(&self, folio: &str) -> Result<Verification> {
        checked(validate::folio_failures(folio))?;
        self.json::<(), _>(Operation::Verification, &[folio.trim()], None, &[])
            .await
    }

    /// Operation 8: Resend a verification's link (billable: never retried).
    pub async fn resend_verification(&self, folio: &str) -> Result<()> {
        self.verification_action(Operation::ResendVerification, folio)
            .await
    }

    /// Operation 9: Cancel a verification in progress.
    pub async fn cancel_verification(&self, folio: &str) -> Result<()> {
        self.verification_action(Operation::CancelVerification, folio)
            .await
    }

    async fn verification_action(&self, operation: Operation, folio: &str) -> Result<()> {
        checked(validate::folio_failures(folio))?;
        let answer = async {
            let body = self
                .send::<()>(operation, &[folio.trim()], None, &[])
                .await?;
            self.success_envelope(operation, &body).map(drop)
        };
        answer.await.map_err(|e| maybe_done(operation, e))
    }
}

fn checked(failures: Vec<validate::Failure>) -> Result<()> {
    if failures.is_empty() {
        Ok(())
    } else {
        Err(ApiError::local_failures(failures))
    }
}

//! The typed client: one method per operation, each validating its request before
//! sending, sending the spec's headers, reading the answer tolerantly and mapping
//! failures to [`ApiError`]. Only reads are retried (see [`crate::retry`]).

use std::time::Duration;

use rand::RngExt;
use reqwest::header::{ACCEPT, HeaderMap, HeaderName, HeaderValue, RETRY_AFTER};
use reqwest::{Method, Url};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::envelope::{Envelope, snippet};
use crate::error::{ApiError, Result};
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
use crate::retry::{Failure, RetryPolicy};
use crate::secret::Secret;
use crate::validate;

pub const API_KEY_HEADER: &str = "SERVICE-API-KEY";
pub const WORKSPACE_HEADER: &str = "X-Workspace";
pub const API_VERSION_HEADER: &str = "X-api-version";
pub const TIMEZONE_OFFSET_HEADER: &str = "X-timezone-offset";

/// Where the client sends its requests. The spec gives the production and staging
/// addresses only as placeholders, so they are settings ([`Endpoints`]); the sandbox
/// address is derived from production by adding the path segment `dev`, as the spec
/// says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Environment {
    Production,
    Sandbox,
    Staging,
    Custom { base_url: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoints {
    pub production: Url,
    pub staging: Url,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("«{0}» is not an http(s) address")]
    BadBaseUrl(String),
    #[error("the environment {0} has no address configured")]
    NoAddress(&'static str),
    #[error("the HTTP client cannot be built: {0}")]
    Http(String),
}

impl Environment {
    pub fn base_url(&self, endpoints: Option<&Endpoints>) -> Result<Url, ConfigError> {
        let configured = |pick: fn(&Endpoints) -> &Url, name| {
            endpoints
                .map(|e| pick(e).clone())
                .ok_or(ConfigError::NoAddress(name))
        };
        match self {
            Self::Production => configured(|e| &e.production, "production"),
            Self::Staging => configured(|e| &e.staging, "staging"),
            Self::Sandbox => {
                let mut url = configured(|e| &e.production, "sandbox")?;
                let shown = url.to_string();
                url.path_segments_mut()
                    .map_err(|()| ConfigError::BadBaseUrl(shown))?
                    .pop_if_empty()
                    .push("dev");
                Ok(url)
            }
            Self::Custom { base_url } => parse_base_url(base_url),
        }
    }
}

pub fn parse_base_url(raw: &str) -> Result<Url, ConfigError> {
    let url = Url::parse(raw.trim()).map_err(|_| ConfigError::BadBaseUrl(raw.to_owned()))?;
    if !matches!(url.scheme(), "http" | "https") || url.cannot_be_a_base() {
        return Err(ConfigError::BadBaseUrl(raw.to_owned()));
    }
    Ok(url)
}

/// The API key and the workspace it is used with.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub api_key: Secret,
    pub workspace_id: String,
}

#[derive(Debug, Clone)]
pub struct ClientConfig {
    pub base_url: Url,
    pub credentials: Credentials,
    pub connect_timeout: Duration,
    /// For the whole of one attempt, answer body included.
    pub timeout: Duration,
    pub retry: RetryPolicy,
}

impl ClientConfig {
    pub fn new(base_url: Url, credentials: Credentials) -> Self {
        Self {
            base_url,
            credentials,
            connect_timeout: Duration::from_secs(5),
            timeout: Duration::from_secs(20),
            retry: RetryPolicy::default(),
        }
    }
}

/// Cheap to clone: clones share one connection pool.
#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    base_url: Url,
    workspace_id: String,
    api_key: Secret,
    timeout: Duration,
    retry: RetryPolicy,
}

/// Makes ring the process's TLS crypto provider. reqwest is built without one of its
/// own (see the workspace manifest), so any `reqwest::Client` of this workspace, the
/// tests' included, needs this first. Calling it again changes nothing.
pub fn install_tls_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// The one place the HTTP client is configured: rustls (ring), gzip, JSON, timeouts.
fn build_http(config: &ClientConfig) -> Result<reqwest::Client, ConfigError> {
    install_tls_provider();
    let mut headers = HeaderMap::new();
    headers.insert(ACCEPT, HeaderValue::from_static("application/json"));
    reqwest::Client::builder()
        .user_agent(concat!("KYB-Desk/", env!("CARGO_PKG_VERSION")))
        .default_headers(headers)
        .gzip(true)
        .connect_timeout(config.connect_timeout)
        .timeout(config.timeout)
        .pool_idle_timeout(Duration::from_secs(60))
        .build()
        .map_err(|e| ConfigError::Http(e.to_string()))
}

/// One attempt's failure before any answer, and whether it is worth another.
struct Transport {
    failure: Failure,
    error: ApiError,
}

impl Client {
    pub fn new(config: ClientConfig) -> Result<Self, ConfigError> {
        Ok(Self {
            http: build_http(&config)?,
            base_url: config.base_url,
            workspace_id: config.credentials.workspace_id,
            api_key: config.credentials.api_key,
            timeout: config.timeout,
            retry: config.retry,
        })
    }

    pub fn base_url(&self) -> &Url {
        &self.base_url
    }

    /// Operation 1: Create a file.
    pub async fn create_file(&self, request: &CreateFileRequest) -> Result<CreatedFile> {
        checked(validate::create_file(request))?;
        self.json(Operation::CreateFile, &[], Some(request), &[])
            .await
    }

    /// Operation 2: the file detail in version 2; its timestamps are shifted by
    /// `timezone_offset_minutes` when given (minutes east of UTC).
    pub async fn detail(
        &self,
        document_id: &str,
        timezone_offset_minutes: Option<i32>,
    ) -> Result<DetailV2> {
        let mut headers = vec![(API_VERSION_HEADER, "2".to_owned())];
        if let Some(offset) = timezone_offset_minutes {
            headers.push((TIMEZONE_OFFSET_HEADER, offset.to_string()));
        }
        self.detail_as(document_id, &headers).await
    }

    /// Operation 2: The file detail in version 1 (the service's default format).
    pub async fn detail_v1(&self, document_id: &str) -> Result<DetailV1> {
        self.detail_as(document_id, &[(API_VERSION_HEADER, "1".to_owned())])
            .await
    }

    async fn detail_as<T: DeserializeOwned>(
        &self,
        document_id: &str,
        headers: &[(&str, String)],
    ) -> Result<T> {
        checked(validate::document_id("DocumentId", document_id))?;
        self.json::<(), T>(Operation::Detail, &[document_id.trim()], None, headers)
            .await
    }

    /// Operation 3: Accept or reject sections (a correction request).
    pub async fn request_correction(
        &self,
        request: &CorrectionRequest,
    ) -> Result<CorrectionResult> {
        checked(validate::correction(request))?;
        let body = self
            .send(Operation::Correction, &[], Some(request), &[])
            .await?;
        let envelope = self.success_envelope(Operation::Correction, &body)?;
        let warnings = envelope.warnings.clone();
        let mut result: CorrectionResult = data_of(envelope, &body)?;
        result.warnings = warnings;
        Ok(result)
    }

    /// Operation 4: Add the sections of another flow that the file lacks.
    pub async fn add_complementary_info(
        &self,
        request: &ComplementaryInfoRequest,
    ) -> Result<SectionsAdded> {
        checked(validate::complementary_info(request))?;
        self.json(Operation::ComplementaryInfo, &[], Some(request), &[])
            .await
    }

    /// Operation 5: The tracking of a file.
    pub async fn tracking(&self, request: &TrackingRequest) -> Result<Tracking> {
        checked(validate::tracking(request))?;
        self.json(Operation::Tracking, &[], Some(request), &[])
            .await
    }

    /// Operation 6: An enrollment link for one person of a file.
    pub async fn enrollment_link(&self, request: &EnrollmentLinkRequest) -> Result<EnrollmentLink> {
        checked(validate::enrollment_link(request))?;
        self.json(Operation::EnrollmentLink, &[], Some(request), &[])
            .await
    }

    /// Operation 7: A verification by folio.
    pub async fn verification(&self, folio: &str) -> Result<Verification> {
        checked(validate::folio(folio))?;
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
        checked(validate::folio(folio))?;
        let body = self
            .send::<()>(operation, &[folio.trim()], None, &[])
            .await?;
        self.success_envelope(operation, &body).map(drop)
    }

    /// The operation's address: the base address with the route's segments appended,
    /// its parameters filled with `params`, each percent-encoded (a folio with a slash
    /// stays one segment).
    fn url(&self, operation: Operation, params: &[&str]) -> Url {
        let mut url = self.base_url.clone();
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty().extend(operation.path_segments(params));
        }
        url
    }

    async fn json<B: Serialize, T: DeserializeOwned>(
        &self,
        operation: Operation,
        params: &[&str],
        body: Option<&B>,
        headers: &[(&str, String)],
    ) -> Result<T> {
        let bytes = self.send(operation, params, body, headers).await?;
        let envelope = self.success_envelope(operation, &bytes)?;
        data_of(envelope, &bytes)
    }

    /// A 2xx answer's envelope, or the error its body declares.
    fn success_envelope(&self, operation: Operation, body: &[u8]) -> Result<Envelope> {
        let envelope = Envelope::parse(body).map_err(|e| ApiError::undecodable(200, &e))?;
        if envelope.says_failure() {
            let code = envelope
                .code
                .and_then(|c| u16::try_from(c).ok())
                .filter(|c| *c >= 400)
                .unwrap_or(200);
            return Err(ApiError::from_answer(operation, code, body));
        }
        Ok(envelope)
    }

    /// Sends the request, retrying reads on transient failures; the body of a 2xx
    /// answer, or the error of the last attempt.
    async fn send<B: Serialize>(
        &self,
        operation: Operation,
        params: &[&str],
        body: Option<&B>,
        headers: &[(&str, String)],
    ) -> Result<Vec<u8>> {
        let url = self.url(operation, params);
        let method = Method::from_bytes(operation.method().as_bytes()).unwrap_or(Method::GET);
        let payload = body
            .map(serde_json::to_vec)
            .transpose()
            .map_err(|e| ApiError::local_validation(vec![e.to_string()]))?;
        let mut attempt = 1;
        loop {
            let started = std::time::Instant::now();
            let answer = self
                .attempt(method.clone(), &url, payload.as_deref(), headers)
                .await;
            // The key is in no field here: only the operation, the path (ids, folios)
            // and the outcome.
            tracing::info!(
                operation = operation.route(),
                path = url.path(),
                attempt,
                elapsed_ms = started.elapsed().as_millis() as u64,
                status = answer.as_ref().ok().map(|(status, _, _)| *status),
                failure = answer.as_ref().err().map(|t| t.error.code()),
                "service call"
            );
            let (failure, retry_after, error) = match answer {
                Ok((status, _, bytes)) if (200..300).contains(&status) => return Ok(bytes),
                Ok((status, answer_headers, bytes)) => (
                    Failure::Status(status),
                    retry_after(&answer_headers),
                    ApiError::from_answer(operation, status, &bytes),
                ),
                Err(transport) => (transport.failure, None, transport.error),
            };
            let delay = operation
                .may_retry()
                .then(|| {
                    let unit = rand::rng().random::<f64>();
                    self.retry.next_delay(attempt, failure, retry_after, unit)
                })
                .flatten();
            match delay {
                Some(wait) => tokio::time::sleep(wait).await,
                None => return Err(error),
            }
            attempt += 1;
        }
    }

    async fn attempt(
        &self,
        method: Method,
        url: &Url,
        payload: Option<&[u8]>,
        headers: &[(&str, String)],
    ) -> Result<(u16, HeaderMap, Vec<u8>), Transport> {
        let mut request = self
            .http
            .request(method, url.clone())
            .headers(self.auth_headers());
        for (name, value) in headers {
            if let (Ok(name), Ok(value)) = (
                HeaderName::from_bytes(name.as_bytes()),
                HeaderValue::from_str(value),
            ) {
                request = request.header(name, value);
            }
        }
        if let Some(bytes) = payload {
            request = request
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(bytes.to_vec());
        }
        let response = request.send().await.map_err(|e| self.transport(&e))?;
        let status = response.status().as_u16();
        let answer_headers = response.headers().clone();
        let bytes = response.bytes().await.map_err(|e| self.transport(&e))?;
        Ok((status, answer_headers, bytes.to_vec()))
    }

    fn auth_headers(&self) -> HeaderMap {
        let mut headers = HeaderMap::new();
        // A key that is not a valid header value is sent empty, and the service
        // refuses it as it refuses any wrong key.
        let mut key = HeaderValue::from_str(self.api_key.expose())
            .unwrap_or_else(|_| HeaderValue::from_static(""));
        key.set_sensitive(true);
        headers.insert(API_KEY_HEADER, key);
        if let Ok(workspace) = HeaderValue::from_str(self.workspace_id.trim()) {
            headers.insert(WORKSPACE_HEADER, workspace);
        }
        headers
    }

    fn transport(&self, error: &reqwest::Error) -> Transport {
        if error.is_timeout() {
            return Transport {
                failure: Failure::Timeout,
                error: ApiError::Timeout {
                    seconds: u32::try_from(self.timeout.as_secs().max(1)).unwrap_or(u32::MAX),
                },
            };
        }
        Transport {
            failure: Failure::Connection,
            error: ApiError::Network {
                detail: error_chain(error),
            },
        }
    }
}

fn checked(failures: Vec<String>) -> Result<()> {
    if failures.is_empty() {
        Ok(())
    } else {
        Err(ApiError::local_validation(failures))
    }
}

fn data_of<T: DeserializeOwned>(envelope: Envelope, body: &[u8]) -> Result<T> {
    serde_json::from_value(envelope.data).map_err(|_| ApiError::Decode {
        status: 200,
        snippet: snippet(body),
    })
}

fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let raw = headers.get(RETRY_AFTER)?.to_str().ok()?;
    crate::time::retry_after(raw, jiff::Timestamp::now())
}

/// The error and its causes, which say what actually failed ("connection refused").
fn error_chain(error: &reqwest::Error) -> String {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn endpoints() -> Endpoints {
        Endpoints {
            production: Url::parse("https://api.example.com/kyb").expect("url"),
            staging: Url::parse("https://staging.example.com/kyb/").expect("url"),
        }
    }

    #[test]
    fn the_sandbox_is_production_with_the_dev_segment() {
        let sandbox = Environment::Sandbox
            .base_url(Some(&endpoints()))
            .expect("address");
        assert_eq!(sandbox.as_str(), "https://api.example.com/kyb/dev");
        assert_eq!(
            Environment::Production.base_url(None),
            Err(ConfigError::NoAddress("production"))
        );
        assert!(
            Environment::Custom {
                base_url: "ftp://x".into()
            }
            .base_url(None)
            .is_err()
        );
    }

    #[test]
    fn path_segments_are_encoded_and_the_key_never_shows() {
        let config = ClientConfig::new(
            Url::parse("http://127.0.0.1:9/base/").expect("url"),
            Credentials {
                api_key: Secret::new("sk_test_hidden_value"),
                workspace_id: "w".into(),
            },
        );
        let client = Client::new(config).expect("client");
        let url = client.url(Operation::ResendVerification, &["VD/1 ?x"]);
        assert_eq!(
            url.as_str(),
            "http://127.0.0.1:9/base/verificaciones/VD%2F1%20%3Fx/reenviar"
        );
        assert!(!format!("{client:?}").contains("hidden_value"));
    }
}

//! The typed client: one method per operation, each validating its request before
//! sending, sending the spec's headers, reading the answer tolerantly and mapping
//! failures to [`ApiError`]. Only reads are retried (see [`crate::retry`]). The key
//! only travels over https (or to this machine), follows no redirect, and is scrubbed
//! from whatever the service sends back.

use std::sync::Arc;
use std::time::Duration;

use chrono::FixedOffset;
use rand::RngExt;
use reqwest::header::{ACCEPT, HeaderMap, HeaderName, HeaderValue, LOCATION, RETRY_AFTER};
use reqwest::{Method, Url, redirect};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

// Re-exported: callers knew these as the client's before they had their own module.
use crate::address::require_secure;
pub use crate::address::{
    ConfigError, Endpoints, Environment, is_loopback_host, origin_of, parse_base_url,
};
use crate::body::{CappedError, MAX_ANSWER_BYTES, read_capped};
use crate::drift::{self, Lesson};
use crate::envelope::answer::Answer;
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

/// Which way `X-timezone-offset` counts. The spec gives the header as "integer
/// (minutes)" and no sign convention; the two in use disagree for every zone but UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OffsetSign {
    /// Minutes east of UTC, as ISO 8601 writes offsets: Mexico City (UTC-6) is -360.
    EastOfUtc,
    /// Minutes west of UTC, as JavaScript's `Date.getTimezoneOffset()`: Mexico City is 360.
    WestOfUtc,
}

/// The convention the desk sends, and the sandbox reads. Our decision (see the README,
/// under the decisions where the spec says "not shown"): version 2 writes ISO 8601
/// timestamps, whose offsets count east of UTC. If the service counts west, change
/// this one constant.
pub const TIMEZONE_OFFSET_SIGN: OffsetSign = OffsetSign::EastOfUtc;

impl OffsetSign {
    /// The header's value for a UTC offset, in whole minutes, counted this way.
    pub fn header_value(self, offset: FixedOffset) -> String {
        (self.factor() * offset.local_minus_utc() / 60).to_string()
    }

    /// The minutes east of UTC that a header value counted this way means.
    pub fn minutes_east(self, header_minutes: i32) -> i32 {
        self.factor().saturating_mul(header_minutes)
    }

    fn factor(self) -> i32 {
        match self {
            Self::EastOfUtc => 1,
            Self::WestOfUtc => -1,
        }
    }
}

/// The value of `X-timezone-offset` for the desk's UTC offset, under
/// [`TIMEZONE_OFFSET_SIGN`]: the one place the desk's offset becomes the header.
pub fn timezone_offset_header(offset: FixedOffset) -> String {
    TIMEZONE_OFFSET_SIGN.header_value(offset)
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

/// Makes ring the process's TLS crypto provider. reqwest is built without one of its
/// own (see the workspace manifest), so any `reqwest::Client` of this workspace, the
/// tests' included, needs this first. Calling it again changes nothing.
pub fn install_tls_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// The one place every HTTP client of the desk is configured (the service's, and the
/// image fetcher's, which adds its own name resolution): rustls (ring), the desk's
/// user agent, the two timeouts, no redirects (a 3xx is reported, never followed) and
/// no retries of reqwest's own: what is retried is decided by [`crate::retry`].
pub fn http_builder(connect_timeout: Duration, timeout: Duration) -> reqwest::ClientBuilder {
    install_tls_provider();
    reqwest::Client::builder()
        .user_agent(concat!("KYB-Desk/", env!("CARGO_PKG_VERSION")))
        .redirect(redirect::Policy::none())
        // reqwest's default retries only HTTP/2 and HTTP/3 refusals, which this build
        // does not speak, yet copies every request in case: with no retry allowed, it
        // copies none.
        .retry(reqwest::retry::never().max_retries_per_request(0))
        .connect_timeout(connect_timeout)
        .timeout(timeout)
}

/// The service's client: [`http_builder`] with JSON, gzip and a kept connection
/// pool; a 3xx is reported as [`ApiError::Redirected`].
fn build_http(config: &ClientConfig) -> Result<reqwest::Client, ConfigError> {
    let mut headers = HeaderMap::new();
    headers.insert(ACCEPT, HeaderValue::from_static("application/json"));
    let builder = http_builder(config.connect_timeout, config.timeout)
        .default_headers(headers)
        .gzip(true)
        .pool_idle_timeout(Duration::from_secs(60));
    // Plain http is allowed to loopback only, and a system proxy would carry that
    // request, key header and all, in clear to another machine: this computer is
    // reached directly. (Over https a proxy only relays the encrypted tunnel.)
    let builder = if is_loopback_host(&config.base_url) {
        builder.no_proxy()
    } else {
        builder
    };
    builder
        .build()
        .map_err(|e| ConfigError::Http(e.to_string()))
}

/// One attempt's failure before any answer, and whether it is worth another.
struct Transport {
    failure: Failure,
    error: ApiError,
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

    async fn json<B: Serialize, T: DeserializeOwned + Serialize>(
        &self,
        operation: Operation,
        params: &[&str],
        body: Option<&B>,
        headers: &[(&str, String)],
    ) -> Result<T> {
        let answer = async {
            let bytes = self.send(operation, params, body, headers).await?;
            self.answer(operation, &bytes).map(|(model, _)| model)
        };
        answer.await.map_err(|e| maybe_done(operation, e))
    }

    /// A 2xx answer's envelope, or the error its body declares.
    fn success_envelope(&self, operation: Operation, body: &[u8]) -> Result<Envelope> {
        let envelope = Envelope::parse(body).map_err(|e| ApiError::undecodable(200, &e))?;
        if envelope.says_failure() {
            return Err(declared_failure(operation, envelope.code, body));
        }
        Ok(envelope)
    }

    /// A 2xx answer's `Data` as `T` and its warnings, or the error its body declares.
    /// Read the short way ([`Answer`]) when it can be; the long way, through the whole
    /// body's `Value`, says what is wrong with a body the short way cannot read.
    fn answer<T: DeserializeOwned + Serialize>(
        &self,
        operation: Operation,
        body: &[u8],
    ) -> Result<(T, Vec<String>)> {
        if self.learner.is_none() {
            if let Some(answer) = Answer::<T>::read(body) {
                if answer.heading.says_failure() {
                    return Err(declared_failure(operation, answer.heading.code, body));
                }
                return Ok((answer.data, answer.heading.warnings));
            }
        } else if let Some(answer) = Answer::read_value(body) {
            // The learner compares what was received with its reading: `Data` is
            // needed as a value.
            if answer.heading.says_failure() {
                return Err(declared_failure(operation, answer.heading.code, body));
            }
            let model = self.data_of(operation, answer.data, body)?;
            return Ok((model, answer.heading.warnings));
        }
        let mut envelope = self.success_envelope(operation, body)?;
        let warnings = std::mem::take(&mut envelope.warnings);
        Ok((self.data_of(operation, envelope.data, body)?, warnings))
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
                .attempt(operation, method.clone(), &url, payload.as_deref(), headers)
                .await;
            // The key is in no field here: only the operation, the path (ids, folios)
            // and the outcome.
            tracing::info!(
                operation = operation.route(),
                path = url.path(),
                attempt,
                elapsed_ms = started.elapsed().as_millis() as u64,
                status = answer.as_ref().ok().map(|(status, _, _)| *status),
                failure = answer
                    .as_ref()
                    .err()
                    .map(|t| tracing::field::display(t.error.code())),
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

    /// One request and its whole answer: a 3xx is refused without reading it, the body
    /// is read up to [`MAX_ANSWER_BYTES`], and the key is scrubbed from it before
    /// anything (an error message, a snippet, the data) is made of it.
    async fn attempt(
        &self,
        operation: Operation,
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
        let response = request
            .send()
            .await
            .map_err(|e| self.transport(operation, &e))?;
        let status = response.status().as_u16();
        if response.status().is_redirection() {
            // Scrubbed before it is parsed: the origin is lower-cased, and a key in
            // the host would no longer match.
            let location = response.headers().get(LOCATION).map(|value| {
                let scrubbed = scrub_key(value.as_bytes().to_vec(), self.api_key.expose());
                String::from_utf8_lossy(&scrubbed).into_owned()
            });
            return Err(Transport {
                failure: Failure::Status(status),
                error: ApiError::Redirected {
                    status,
                    location: redirect_origin(url, location.as_deref()),
                },
            });
        }
        let answer_headers = response.headers().clone();
        let bytes = read_capped(response, MAX_ANSWER_BYTES)
            .await
            .map_err(|e| match e {
                CappedError::TooLarge { limit_bytes } => Transport {
                    failure: Failure::Status(status),
                    error: ApiError::TooLarge { limit_bytes },
                },
                CappedError::Transport(e) => self.transport(operation, &e),
            })?;
        Ok((
            status,
            answer_headers,
            scrub_key(bytes, self.api_key.expose()),
        ))
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

    /// A failure without a complete answer. A state-changing request that got past
    /// connecting may have been received and acted on: its outcome is unknown. Only a
    /// failure to connect (refused, unreachable, the connect timeout) proves that
    /// nothing was sent.
    fn transport(&self, operation: Operation, error: &reqwest::Error) -> Transport {
        if !operation.is_read() && !error.is_connect() {
            return Transport {
                failure: if error.is_timeout() {
                    Failure::Timeout
                } else {
                    Failure::Connection
                },
                error: ApiError::OutcomeUnknown {
                    detail: error_chain(error),
                },
            };
        }
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

/// A state-changing call's failure that does not prove the service did nothing is
/// "outcome unknown": a gateway's 502 or 504 (it may have passed the request on and
/// lost the answer), and an answer with a success status that could not be read (too
/// large, or not the expected shape: the service did act). A read's failure is what it
/// is: reading again is harmless.
fn maybe_done(operation: Operation, error: ApiError) -> ApiError {
    if operation.is_read() {
        return error;
    }
    let detail = match &error {
        ApiError::Server {
            status: status @ (502 | 504),
            ..
        } => format!("HTTP {status} de un intermediario"),
        ApiError::Decode {
            status: 200..=299,
            snippet,
        } => format!("respuesta ilegible: {snippet}"),
        ApiError::TooLarge { limit_bytes } => {
            format!("respuesta de más de {limit_bytes} bytes")
        }
        _ => return error,
    };
    ApiError::OutcomeUnknown { detail }
}

/// The error of a 2xx answer whose body says it failed, under the status its `Code`
/// gives (when that is an error status).
fn declared_failure(operation: Operation, code: Option<i64>, body: &[u8]) -> ApiError {
    let status = code
        .and_then(|c| u16::try_from(c).ok())
        .filter(|c| *c >= 400)
        .unwrap_or(200);
    ApiError::from_answer(operation, status, body)
}

fn checked(failures: Vec<validate::Failure>) -> Result<()> {
    if failures.is_empty() {
        Ok(())
    } else {
        Err(ApiError::local_failures(failures))
    }
}

impl Client {
    /// The answer's `Data` as `T`, under the tolerant rule; what reading it absorbed
    /// goes to the learner, if any.
    fn data_of<T: DeserializeOwned + Serialize>(
        &self,
        operation: Operation,
        data: Value,
        body: &[u8],
    ) -> Result<T> {
        let undecodable = |_| ApiError::Decode {
            status: 200,
            snippet: snippet(body),
        };
        match &self.learner {
            None => serde_json::from_value(data).map_err(undecodable),
            Some(learner) => {
                let (model, lesson) = drift::read(operation, &data).map_err(undecodable)?;
                (learner.0)(operation, lesson);
                Ok(model)
            }
        }
    }
}

/// The origin a redirect pointed to, resolved against the request's address (a
/// relative `Location` stays on the same origin); empty when there is none.
fn redirect_origin(url: &Url, location: Option<&str>) -> String {
    location
        .and_then(|location| url.join(location.trim()).ok())
        .filter(|target| target.has_host())
        .map(|target| origin_of(&target))
        .unwrap_or_default()
}

const REDACTED: &[u8] = b"[redacted]";

/// Every occurrence of the key in what the service sent, replaced: a service (or a
/// proxy) that echoes the request's headers in an error page must not put the key
/// into an error the desk shows, logs or stores.
fn scrub_key(text: Vec<u8>, key: &str) -> Vec<u8> {
    let key = key.as_bytes();
    let Some(&first) = key.first() else {
        return text;
    };
    // Each place of the key's first byte, tried in turn: a searcher built for the key
    // would cost more than an answer's search with it.
    let found = |from: usize| {
        memchr::memchr_iter(first, &text[from..])
            .map(|at| from + at)
            .find(|at| text[*at..].starts_with(key))
    };
    let Some(mut next) = found(0) else {
        return text;
    };
    let mut scrubbed = Vec::with_capacity(text.len());
    let mut copied = 0;
    loop {
        scrubbed.extend_from_slice(&text[copied..next]);
        scrubbed.extend_from_slice(REDACTED);
        copied = next + key.len();
        match found(copied) {
            Some(at) => next = at,
            None => break,
        }
    }
    scrubbed.extend_from_slice(&text[copied..]);
    scrubbed
}

fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let raw = headers.get(RETRY_AFTER)?.to_str().ok()?;
    crate::time::retry_after(raw, chrono::Utc::now())
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

    #[test]
    fn a_state_change_that_may_have_been_done_is_outcome_unknown() {
        let gateway = |status| ApiError::Server {
            status,
            message: "Bad Gateway".into(),
        };
        let unreadable_success = ApiError::Decode {
            status: 200,
            snippet: "{\"Code\":200,".into(),
        };
        for maybe in [gateway(502), gateway(504), unreadable_success.clone()] {
            assert_eq!(
                maybe_done(Operation::ResendVerification, maybe.clone()).code(),
                crate::ErrorCode::OutcomeUnknown,
                "{maybe:?}"
            );
            // Reading again is harmless: a read keeps its own error.
            assert_eq!(maybe_done(Operation::Verification, maybe.clone()), maybe);
        }
        // What proves nothing was done stays as it is.
        for refused in [
            gateway(503),
            gateway(500),
            ApiError::Decode {
                status: 500,
                snippet: "<html>".into(),
            },
        ] {
            assert_eq!(maybe_done(Operation::Correction, refused.clone()), refused);
        }
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

    #[test]
    fn a_client_refuses_a_plain_http_address_off_this_computer() {
        let config = |raw: &str| {
            ClientConfig::new(
                Url::parse(raw).expect("url"),
                Credentials {
                    api_key: Secret::new("k"),
                    workspace_id: "w".into(),
                },
            )
        };
        assert!(matches!(
            Client::new(config("http://api.example.com/")),
            Err(ConfigError::InsecureAddress(_))
        ));
        assert!(Client::new(config("https://api.example.com/")).is_ok());
        assert!(Client::new(config("http://localhost:8080/")).is_ok());
        let plain = Endpoints {
            production: Url::parse("http://api.example.com/kyb").expect("url"),
            staging: Url::parse("https://staging.example.com/").expect("url"),
        };
        assert!(matches!(
            Environment::Sandbox.base_url(Some(&plain)),
            Err(ConfigError::InsecureAddress(_))
        ));
    }

    #[test]
    fn the_timezone_offset_counts_minutes_east_of_utc() {
        let hours = |h: i32| FixedOffset::east_opt(h * 3600).expect("an offset");
        let minutes = |m: i32| FixedOffset::east_opt(m * 60).expect("an offset");
        // The decision, in one constant: Mexico City (UTC-6) is sent as -360.
        assert_eq!(TIMEZONE_OFFSET_SIGN, OffsetSign::EastOfUtc);
        assert_eq!(timezone_offset_header(hours(-6)), "-360");
        assert_eq!(timezone_offset_header(minutes(330)), "330"); // India, UTC+5:30
        assert_eq!(timezone_offset_header(minutes(-210)), "-210"); // Newfoundland
        assert_eq!(timezone_offset_header(hours(0)), "0");
        // Were the service to count west, the same zone would be sent as 360.
        assert_eq!(OffsetSign::WestOfUtc.header_value(hours(-6)), "360");
        // A value reads back as the offset it was made from, either way.
        for sign in [OffsetSign::EastOfUtc, OffsetSign::WestOfUtc] {
            let sent: i32 = sign.header_value(hours(-6)).parse().expect("integer");
            assert_eq!(sign.minutes_east(sent), -360);
        }
    }

    #[test]
    fn the_key_is_scrubbed_wherever_it_appears() {
        let key = "sk_live_123";
        let scrub = |text: &str| String::from_utf8(scrub_key(text.into(), key)).expect("utf-8");
        assert_eq!(scrub("no key here"), "no key here");
        assert_eq!(
            scrub("sk_live_123 and sk_live_123sk_live_123, ¿sk_live_12?"),
            "[redacted] and [redacted][redacted], ¿sk_live_12?"
        );
        assert_eq!(scrub("ends with sk_live_123"), "ends with [redacted]");
        assert_eq!(scrub_key(b"anything".to_vec(), ""), b"anything");
    }
}

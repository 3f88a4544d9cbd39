//! One call on the wire: the operation's address, the key's headers, each attempt with
//! its size cap and its refusal of redirects, the retries of reads, and the key
//! scrubbed from whatever comes back.

use std::time::Duration;

use rand::RngExt;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue, LOCATION, RETRY_AFTER};
use reqwest::{Method, Url};
use serde::Serialize;

use super::Client;
use crate::address::origin_of;
use crate::body::{CappedError, MAX_ANSWER_BYTES, read_capped};
use crate::error::{ApiError, Result};
use crate::operation::Operation;
use crate::retry::Failure;

/// One attempt's failure before any answer, and whether it is worth another.
struct Transport {
    failure: Failure,
    error: ApiError,
}

impl Client {
    /// The operation's address: the base address with the route's segments appended,
    /// its parameters filled with `params`, each percent-encoded (a folio with a slash
    /// stays one segment).
    pub(super) fn url(&self, operation: Operation, params: &[&str]) -> Url {
        let mut url = self.base_url.clone();
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty().extend(operation.path_segments(params));
        }
        url
    }

    /// Sends the request, retrying reads on transient failures; the body of a 2xx
    /// answer, or the error of the last attempt.
    pub(super) async fn send<B: Serialize>(
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
                Ok((status, retry_after, bytes)) => (
                    Failure::Status(status),
                    retry_after,
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

    /// One request and its whole answer (its status, the wait a failure's
    /// `Retry-After` asks for, its body): a 3xx is refused without reading it, the body
    /// is read up to [`MAX_ANSWER_BYTES`], and the key is scrubbed from it before
    /// anything (an error message, a snippet, the data) is made of it.
    async fn attempt(
        &self,
        operation: Operation,
        method: Method,
        url: &Url,
        payload: Option<&[u8]>,
        headers: &[(&str, String)],
    ) -> Result<(u16, Option<Duration>, Vec<u8>), Transport> {
        let mut request = self.authorised(self.http.request(method, url.clone()));
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
        // Read before the body, and only when it can matter: a success needs no wait.
        let wait = if response.status().is_success() {
            None
        } else {
            retry_after(response.headers())
        };
        let bytes = read_capped(response, MAX_ANSWER_BYTES)
            .await
            .map_err(|e| match e {
                CappedError::TooLarge { limit_bytes } => Transport {
                    failure: Failure::Status(status),
                    error: ApiError::TooLarge { limit_bytes },
                },
                CappedError::Transport(e) => self.transport(operation, &e),
            })?;
        Ok((status, wait, scrub_key(bytes, self.api_key.expose())))
    }

    /// The request with the key's headers, set straight on it (no map of their own to
    /// build and merge on each call). The key's value is made here each time: kept
    /// built, it would be a second copy of the key, never zeroised, for the client's life.
    fn authorised(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        // A key that is not a valid header value is sent empty, and the service
        // refuses it as it refuses any wrong key.
        let mut key = HeaderValue::from_str(self.api_key.expose())
            .unwrap_or_else(|_| HeaderValue::from_static(""));
        key.set_sensitive(true);
        let request = request.header(HeaderName::from_static(API_KEY_LOWER), key);
        match HeaderValue::from_str(self.workspace_id.trim()) {
            Ok(workspace) => request.header(HeaderName::from_static(WORKSPACE_LOWER), workspace),
            Err(_) => request,
        }
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

/// The origin a redirect pointed to, resolved against the request's address (a
/// relative `Location` stays on the same origin); empty when there is none.
fn redirect_origin(url: &Url, location: Option<&str>) -> String {
    location
        .and_then(|location| url.join(location.trim()).ok())
        .filter(|target| target.has_host())
        .map(|target| origin_of(&target))
        .unwrap_or_default()
}

/// [`API_KEY_HEADER`](super::API_KEY_HEADER) and
/// [`WORKSPACE_HEADER`](super::WORKSPACE_HEADER) as `HeaderName::from_static` takes
/// them (lower case), checked against those by a test.
pub(super) const API_KEY_LOWER: &str = "service-api-key";
pub(super) const WORKSPACE_LOWER: &str = "x-workspace";

const REDACTED: &[u8] = b"[redacted]";

/// Every occurrence of the key in what the service sent, replaced: a service (or a
/// proxy) that echoes the request's headers in an error page must not put the key
/// into an error the desk shows, logs or stores.
pub(super) fn scrub_key(text: Vec<u8>, key: &str) -> Vec<u8> {
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

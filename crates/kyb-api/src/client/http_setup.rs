//! How the desk's HTTP clients are built: TLS, user agent, timeouts, no redirects and
//! no retries of reqwest's own.

use std::time::Duration;

use reqwest::header::{ACCEPT, HeaderMap, HeaderValue};
use reqwest::redirect;

use super::ClientConfig;
use crate::address::{ConfigError, is_loopback_host};

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
        // Even with no policy, reqwest keeps its redirect layer and the two parses of
        // each call's URL that come with it; no option of its builder removes them
        // (docs/bench/client.md).
        .redirect(redirect::Policy::none())
        // reqwest's default retries only HTTP/2 and HTTP/3 refusals, which this build
        // does not speak, yet copies every request in case: with no retry allowed, it
        // copies none.
        .retry(reqwest::retry::never().max_retries_per_request(0))
        .connect_timeout(connect_timeout)
        // One deadline over the whole call, from connecting to the body's last byte. A
        // read timeout in its place costs more (its timer is re-armed on every chunk of
        // the body) and bounds only the wait for each chunk: a server that trickles
        // its answer could hold a call far past it.
        .timeout(timeout)
}

/// The service's client: [`http_builder`] with JSON, gzip and a kept connection
/// pool; a 3xx is reported as [`ApiError::Redirected`].
pub(super) fn build_http(config: &ClientConfig) -> Result<reqwest::Client, ConfigError> {
    let mut headers = HeaderMap::new();
    headers.insert(ACCEPT, HeaderValue::from_static("application/json"));
    let builder = http_builder(config.connect_timeout, config.timeout)
        .default_headers(headers)
        // The service's description never mentions compression, so an answer may come
        // compressed or not (from the service, or from a proxy in front of it): gzip
        // stays on, and with it `Accept-Encoding: gzip`, which lets a large answer
        // cross the network smaller. A plain answer pays about 200 instructions for
        // it (docs/bench/client.md), and the size cap counts the decompressed bytes.
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

//! What a client is made with: the service's address, the key and its workspace, the
//! timeouts and the retry policy.

use std::time::Duration;

use reqwest::Url;

use crate::retry::RetryPolicy;
use crate::secret::Secret;

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

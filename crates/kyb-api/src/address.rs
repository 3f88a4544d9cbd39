//! Where the client sends its requests, and which addresses it accepts: https, or plain
//! http to this computer only, since the API key goes with every request. The origin
//! of an address is what the desk binds a key to.

use std::net::{Ipv4Addr, Ipv6Addr};

use reqwest::Url;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
    /// Plain http would carry the API key readable by anyone on the way.
    #[error(
        "«{0}» uses http: only https is accepted, except for this computer's own address (127.0.0.1, ::1, localhost)"
    )]
    InsecureAddress(String),
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
        let url = match self {
            Self::Production => configured(|e| &e.production, "production")?,
            Self::Staging => configured(|e| &e.staging, "staging")?,
            Self::Sandbox => {
                let mut url = configured(|e| &e.production, "sandbox")?;
                let shown = url.to_string();
                url.path_segments_mut()
                    .map_err(|()| ConfigError::BadBaseUrl(shown))?
                    .pop_if_empty()
                    .push("dev");
                url
            }
            Self::Custom { base_url } => parse_base_url(base_url)?,
        };
        // Endpoints are plain values anyone can build: checked here too, not only
        // where they were parsed.
        require_secure(&url)?;
        Ok(url)
    }
}

/// A base address as typed by a user or configured: http(s), able to take a path,
/// and https unless it is this computer ([`is_loopback_host`]).
pub fn parse_base_url(raw: &str) -> Result<Url, ConfigError> {
    let url = Url::parse(raw.trim()).map_err(|_| ConfigError::BadBaseUrl(raw.to_owned()))?;
    if !matches!(url.scheme(), "http" | "https") || url.cannot_be_a_base() {
        return Err(ConfigError::BadBaseUrl(raw.to_owned()));
    }
    require_secure(&url)?;
    Ok(url)
}

/// Plain http is allowed only where nothing crosses a network: the local sandbox.
pub(crate) fn require_secure(url: &Url) -> Result<(), ConfigError> {
    match url.scheme() {
        "https" => Ok(()),
        "http" if is_loopback_host(url) => Ok(()),
        "http" => Err(ConfigError::InsecureAddress(url.to_string())),
        _ => Err(ConfigError::BadBaseUrl(url.to_string())),
    }
}

/// Whether the address is this computer: 127.0.0.0/8, ::1 (also as an IPv4-mapped
/// address) or the name `localhost`.
pub fn is_loopback_host(url: &Url) -> bool {
    // An http(s) address's IP host is already in canonical form ("127.1" reads as
    // 127.0.0.1), and an IPv6 one is written in brackets.
    url.host_str().is_some_and(is_loopback_name)
}

/// Whether a host, as written (an IPv6 address with or without brackets), is this
/// computer: the rule of [`is_loopback_host`], for hosts that are not in a URL (a
/// team database's).
pub fn is_loopback_name(host: &str) -> bool {
    let bare = host.strip_prefix('[').and_then(|h| h.strip_suffix(']'));
    if let Ok(ip) = bare.unwrap_or(host).parse::<Ipv6Addr>() {
        return ip.is_loopback() || ip.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback());
    }
    if bare.is_some() {
        return false;
    }
    match host.parse::<Ipv4Addr>() {
        Ok(ip) => ip.is_loopback(),
        Err(_) => host.eq_ignore_ascii_case("localhost"),
    }
}

/// `scheme://host:port` of an address, the port always written (the scheme's default
/// when the address leaves it out) and the host in lower case without a trailing dot,
/// so one server has exactly one origin: the desk binds API keys to this string. No
/// user, path, query or fragment: nothing that could carry a secret.
pub fn origin_of(url: &Url) -> String {
    let host = url
        .host_str()
        .unwrap_or_default()
        .trim_end_matches('.')
        .to_ascii_lowercase();
    match url.port_or_known_default() {
        Some(port) => format!("{}://{host}:{port}", url.scheme()),
        None => format!("{}://{host}", url.scheme()),
    }
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
    fn one_server_has_one_origin() {
        let origin = |raw: &str| origin_of(&Url::parse(raw).expect("url"));
        assert_eq!(
            origin("https://A.example.com/x"),
            "https://a.example.com:443"
        );
        assert_eq!(
            origin("https://a.example.com:443/y?key=1#f"),
            origin("https://A.example.com/x")
        );
        assert_eq!(
            origin("https://user:pw@a.example.com./z"),
            "https://a.example.com:443"
        );
        assert_eq!(origin("http://127.0.0.1:8080/a"), "http://127.0.0.1:8080");
        assert_ne!(
            origin("http://127.0.0.1:8080"),
            origin("http://127.0.0.1:8081")
        );
        assert_ne!(
            origin("http://a.example.com"),
            origin("https://a.example.com")
        );
        assert_eq!(origin("http://[::1]/"), "http://[::1]:80");
    }

    #[test]
    fn loopback_is_this_computer_only() {
        let loopback = |raw: &str| is_loopback_host(&Url::parse(raw).expect("url"));
        for local in [
            "http://127.0.0.1:9",
            "http://127.8.9.10",
            "http://localhost",
            "http://LOCALHOST:80",
            "http://[::1]:3000",
            "http://[::ffff:127.0.0.1]",
        ] {
            assert!(loopback(local), "{local}");
        }
        for remote in [
            "http://10.0.0.1",
            "http://128.0.0.1",
            "http://localhost.example.com",
            "http://[::2]",
            "http://example.com",
        ] {
            assert!(!loopback(remote), "{remote}");
        }
    }
}

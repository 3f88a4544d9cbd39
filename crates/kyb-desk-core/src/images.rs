//! Pictures the service links to (a branch's interior and exterior photos, a
//! verification's photos). The backend fetches them, so the webview never talks to the
//! network, and hands them over as `data:` URLs, the only images the window's CSP
//! allows besides its own.
//!
//! A photo's address comes from an answer, so an attacker who can shape an answer
//! chooses it. Hence:
//! - the address must be one `navigation` lets out (`https`, or the demo sandbox);
//! - it must lead to a public address: a name is resolved here, and loopback, private,
//!   link-local and other non-public addresses are refused (the demo sandbox's own
//!   origin aside), so an answer cannot make the desk probe the analyst's network;
//!   the connection goes to the very addresses that were checked;
//! - no redirect is followed: a redirect would lead past both checks;
//! - at most [`MAX_IMAGE_BYTES`] are read, counted as they arrive;
//! - at most [`AT_ONCE`] downloads run at a time, whatever the screen asks for.
//!
//! No credentials are sent: these are plain file links, not service calls.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use reqwest::Url;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use serde::Serialize;
use tokio::sync::Semaphore;
use ts_rs::TS;

use crate::error::{AppError, AppResult, DeskCode, Details, ServiceCode, Task};
use crate::hash::sha256_hex;

/// Larger answers are refused: a photo for the screen, not an archive.
pub const MAX_IMAGE_BYTES: usize = 15 * 1024 * 1024;

/// Downloads running at once; the others wait their turn.
pub const AT_ONCE: usize = 4;

/// A download whose server sends nothing for this long is given up on.
pub const IDLE: Duration = Duration::from_secs(15);

pub struct ImageFetcher {
    http: reqwest::Client,
    /// For the profile's own service origin only (evidence files served where the key
    /// already goes): the same client without the public-address resolver, since a
    /// company's service may live on its own network.
    service_http: reqwest::Client,
    /// The demo sandbox's origin, the one non-public address allowed.
    demo_origin: Option<String>,
    turns: Semaphore,
}

/// Whether the internet at large can reach `ip`: not loopback, private, link-local,
/// shared (CGNAT), documentation, multicast, broadcast or unspecified, in either
/// family (an IPv6 address that maps an IPv4 one is judged as that one).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b))
                || (a == 192 && b == 0)
                || (a == 198 && (18..20).contains(&b))
                || a >= 240)
        }
        IpAddr::V6(v6) => {
            let s = v6.segments();
            let v4 = |hi: u16, lo: u16| {
                let [a, b] = hi.to_be_bytes();
                let [c, d] = lo.to_be_bytes();
                IpAddr::V4(std::net::Ipv4Addr::new(a, b, c, d))
            };
            if let Some(mapped) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(mapped));
            }
            // Forms that carry an IPv4 address inside: NAT64 (64:ff9b::/96) and 6to4
            // (2002::/16) are judged by the address they carry.
            if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
                return is_public(v4(s[6], s[7]));
            }
            if s[0] == 0x2002 {
                return is_public(v4(s[1], s[2]));
            }
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || v6.is_unique_local()
                || v6.is_unicast_link_local()
                // ::/96, the deprecated IPv4-compatible form (::7f00:1 is loopback).
                || s[..6] == [0; 6]
                // fec0::/10, the deprecated site-local range.
                || (s[0] & 0xffc0) == 0xfec0
                // 2001::/32 (Teredo) hides an address; 2001:db8::/32 is documentation.
                || s[..2] == [0x2001, 0]
                || s[..2] == [0x2001, 0x0db8])
        }
    }
}

/// Name resolution that keeps only public addresses: a name that resolves to the
/// analyst's own network leads nowhere. reqwest connects to what this answers, so the
/// check cannot be dodged by a name that resolves differently the second time.
struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|address| is_public(address.ip()))
                .collect();
            if found.is_empty() {
                return Err(format!("{host} does not lead to a public address").into());
            }
            let addresses: Addrs = Box::new(found.into_iter());
            Ok(addresses)
        })
    }
}

impl ImageFetcher {
    /// `demo_base`: the embedded sandbox's address in demo mode, whose photos are on
    /// loopback.
    pub fn new(demo_base: Option<&Url>) -> AppResult<Self> {
        Self::with_time(demo_base, Duration::from_secs(30))
    }

    /// A fetcher whose downloads may take up to `total` each, as long as bytes keep
    /// coming: one that stops sending for [`IDLE`] is given up on (a trickle never
    /// holds a turn for the whole time).
    pub fn with_time(demo_base: Option<&Url>, total: Duration) -> AppResult<Self> {
        let builder = || {
            kyb_api::client::http_builder(Duration::from_secs(5), total)
                .read_timeout(IDLE)
                // A proxy would resolve the photo's name itself, past `PublicOnly`.
                .no_proxy()
        };
        let http = builder()
            .dns_resolver(Arc::new(PublicOnly))
            .build()
            .map_err(|e| AppError::storage(Task::PrepareImages, e))?;
        let service_http = builder()
            .build()
            .map_err(|e| AppError::storage(Task::PrepareImages, e))?;
        Ok(Self {
            http,
            service_http,
            demo_origin: demo_base.map(kyb_api::client::origin_of),
            turns: Semaphore::new(AT_ONCE),
        })
    }

    /// The picture at `url` as `data:<type>;base64,…`. Refuses answers that are not
    /// images or are larger than [`MAX_IMAGE_BYTES`].
    pub async fn fetch(&self, url: &Url) -> AppResult<String> {
        let (mime, bytes) = self.download(url, Task::FetchImage).await?;
        Ok(data_url(&mime, &bytes))
    }

    /// A verification photo with the SHA-256 of the bytes received, compared with the
    /// one the service reported (`HashSha256`; case and blanks aside).
    pub async fn check(&self, url: &Url, expected_sha256: &str) -> AppResult<PhotoCheck> {
        let (mime, bytes) = self.download(url, Task::FetchImage).await?;
        let sha256 = sha256_hex(&bytes);
        Ok(PhotoCheck {
            data_url: data_url(&mime, &bytes),
            matches: sha256.eq_ignore_ascii_case(expected_sha256.trim()),
            sha256,
        })
    }

    /// Refuses, before any connection, an address that is not https or that is
    /// written as a non-public IP (such an address is never resolved, so the resolver
    /// cannot judge it); the demo sandbox's origin is the one exception to both.
    fn refuse_unsafe(&self, url: &Url, task: Task) -> AppResult<()> {
        if self.demo_origin.as_deref() == Some(&kyb_api::client::origin_of(url)) {
            return Ok(());
        }
        let literal = url
            .host_str()
            .map(|host| host.trim_start_matches('[').trim_end_matches(']'))
            .and_then(|host| host.parse::<IpAddr>().ok());
        if url.scheme() != "https" || literal.is_some_and(|ip| !is_public(ip)) {
            // Without its query: a signed link's token is not for the screen.
            return Err(AppError::of(DeskCode::UnsafeAddress)
                .with_details(Details::UnsafeAddress {
                    address: format!("{}{}", kyb_api::client::origin_of(url), url.path()),
                })
                .during(task));
        }
        Ok(())
    }

    /// A picture: the answer must say it is an image, and be at most
    /// [`MAX_IMAGE_BYTES`].
    async fn download(&self, url: &Url, task: Task) -> AppResult<(String, Vec<u8>)> {
        let (mime, bytes) = self
            .download_capped(url, MAX_IMAGE_BYTES, task, false)
            .await?;
        if !mime.starts_with("image/") {
            let shown = format!("{}{}", kyb_api::client::origin_of(url), url.path());
            return Err(AppError::new(ServiceCode::Decode, shown)
                .with_details(Details::ContentType { mime })
                .during(task));
        }
        Ok((mime, bytes))
    }

    /// The body at `url` under the rules above, at most `cap` bytes, with the type its
    /// answer claims (lowercase, parameters dropped; the caller judges it). `service`:
    /// the address is on the profile's own service origin, which the profile's rules
    /// already allow (https, or plain http on this computer) and which holds the key
    /// anyway; the public-address rule is not applied to it. Redirects and the cap are.
    pub async fn download_capped(
        &self,
        url: &Url,
        cap: usize,
        task: Task,
        service: bool,
    ) -> AppResult<(String, Vec<u8>)> {
        if !service {
            self.refuse_unsafe(url, task)?;
        }
        let _turn = self
            .turns
            .acquire()
            .await
            .map_err(|e| AppError::storage(task, e))?;
        // Without its query: a signed link's token is not for the screen or the log.
        let shown = format!("{}{}", kyb_api::client::origin_of(url), url.path());
        let failed = |code| AppError::new(code, shown.clone()).during(task);
        let http = if service {
            &self.service_http
        } else {
            &self.http
        };
        let response = http.get(url.clone()).send().await.map_err(|e| {
            if e.is_timeout() {
                failed(ServiceCode::Timeout)
            } else {
                failed(ServiceCode::Network)
            }
        })?;
        let status = response.status();
        if status.is_redirection() {
            let to = response
                .headers()
                .get(reqwest::header::LOCATION)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| url.join(v).ok())
                .map(|to| kyb_api::client::origin_of(&to))
                .unwrap_or_default();
            return Err(
                failed(ServiceCode::Redirected).with_details(Details::Redirected {
                    origin: to,
                    status: Some(status.as_u16()),
                }),
            );
        }
        if !status.is_success() {
            let code = if status == reqwest::StatusCode::NOT_FOUND {
                ServiceCode::NotFound
            } else {
                ServiceCode::Server
            };
            return Err(failed(code).with_details(Details::Http {
                status: status.as_u16(),
            }));
        }
        let mime = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(|v| {
                v.split(';')
                    .next()
                    .unwrap_or_default()
                    .trim()
                    .to_lowercase()
            })
            .unwrap_or_default();
        let bytes = kyb_api::body::read_capped(response, cap)
            .await
            .map_err(|e| match e {
                kyb_api::body::CappedError::TooLarge { limit_bytes } => {
                    failed(ServiceCode::TooLarge)
                        .with_details(Details::TooLarge { bytes: limit_bytes })
                }
                kyb_api::body::CappedError::Transport(_) => failed(ServiceCode::Network),
            })?;
        Ok((mime, bytes))
    }
}

fn data_url(mime: &str, bytes: &[u8]) -> String {
    format!("data:{mime};base64,{}", STANDARD.encode(bytes))
}

/// A downloaded photo and whether its bytes are the ones the service hashed.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct PhotoCheck {
    pub data_url: String,
    /// SHA-256 of the bytes received, lowercase hex.
    pub sha256: String,
    pub matches: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_addresses_the_internet_reaches_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "::1",
            "::",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "2002:7f00:1::1",
            "::7f00:1",
            "fec0::1",
            "2001:0:4136:e378::1",
        ] {
            assert!(
                !is_public(private.parse().expect("an address")),
                "{private}"
            );
        }
        for public in [
            "8.8.8.8",
            "201.175.10.1",
            "2606:4700::1111",
            "::ffff:8.8.8.8",
        ] {
            assert!(is_public(public.parse().expect("an address")), "{public}");
        }
    }
}

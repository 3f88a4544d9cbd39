//! Pictures the service links to (a branch's interior and exterior photos). The backend
//! fetches them, so the webview never talks to the network, and hands them over as
//! `data:` URLs, the only images the window's CSP allows besides its own.
//!
//! Which addresses may be fetched is the same rule as for opening links (`links`):
//! `https`, or the demo sandbox's loopback address. No credentials are sent: these are
//! plain file links, not service calls.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use tauri::Url;

use serde::Serialize;
use ts_rs::TS;

use crate::audit::sha256_hex;
use crate::error::{AppError, AppResult, ErrorCode};

/// Larger answers are refused: a photo for the screen, not an archive.
pub const MAX_IMAGE_BYTES: usize = 15 * 1024 * 1024;

pub struct ImageFetcher {
    http: reqwest::Client,
}

impl ImageFetcher {
    pub fn new() -> AppResult<Self> {
        kyb_api::client::install_tls_provider();
        let http = reqwest::Client::builder()
            .user_agent(concat!("KYB-Desk/", env!("CARGO_PKG_VERSION")))
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(30))
            .build()
            .map_err(|e| AppError::storage("No se pudo preparar la descarga de imágenes", e))?;
        Ok(Self { http })
    }

    /// The picture at `url` as `data:<type>;base64,…`. Refuses answers that are not
    /// images or are larger than [`MAX_IMAGE_BYTES`].
    pub async fn fetch(&self, url: &Url) -> AppResult<String> {
        let (mime, bytes) = self.download(url).await?;
        Ok(data_url(&mime, &bytes))
    }

    /// A verification photo with the SHA-256 of the bytes received, compared with the
    /// one the service reported (`HashSha256`; case and blanks aside).
    pub async fn check(&self, url: &Url, expected_sha256: &str) -> AppResult<PhotoCheck> {
        let (mime, bytes) = self.download(url).await?;
        let sha256 = sha256_hex(&bytes);
        Ok(PhotoCheck {
            data_url: data_url(&mime, &bytes),
            matches: sha256.eq_ignore_ascii_case(expected_sha256.trim()),
            sha256,
        })
    }

    async fn download(&self, url: &Url) -> AppResult<(String, Vec<u8>)> {
        let failed = |code, what: &str| AppError::new(code, format!("{what}: {url}"));
        let response = self.http.get(url.clone()).send().await.map_err(|e| {
            if e.is_timeout() {
                failed(ErrorCode::Timeout, "La imagen tardó demasiado")
            } else {
                failed(ErrorCode::Network, "No se pudo descargar la imagen")
            }
        })?;
        let status = response.status();
        if !status.is_success() {
            let code = if status == reqwest::StatusCode::NOT_FOUND {
                ErrorCode::NotFound
            } else {
                ErrorCode::Server
            };
            return Err(failed(code, "La imagen no está disponible")
                .with_details(vec![format!("HTTP {}", status.as_u16())]));
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
        if !mime.starts_with("image/") {
            return Err(failed(ErrorCode::Decode, "El enlace no es una imagen")
                .with_details(vec![format!("Content-Type: {mime}")]));
        }
        if response
            .content_length()
            .is_some_and(|n| n > MAX_IMAGE_BYTES as u64)
        {
            return Err(failed(ErrorCode::Decode, "La imagen es demasiado grande"));
        }
        let bytes = response.bytes().await.map_err(|_| {
            failed(
                ErrorCode::Network,
                "La descarga de la imagen se interrumpió",
            )
        })?;
        if bytes.len() > MAX_IMAGE_BYTES {
            return Err(failed(ErrorCode::Decode, "La imagen es demasiado grande"));
        }
        Ok((mime, bytes.to_vec()))
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

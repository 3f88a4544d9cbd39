//! The bytes of a section's evidence: documents and photos the detail links to. They
//! come only through the backend, under the same rules as every picture
//! ([`crate::images`]: https, the demo sandbox aside; public addresses after name
//! resolution; no redirect), with a size cap of [`MAX_DOCUMENT_BYTES`], then judged by
//! their bytes ([`super::judge`]: the kind by the first bytes, never by the name or the
//! Content-Type; a damaged PDF, an image bomb refused). The bytes are kept in memory for the session, at most [`CACHE_BYTES`] of
//! them (the least recently used go first), never written to disk and never handed to
//! another program.
//!
//! The window never names an address: it asks by the handle the evidence gave it
//! ([`EvidenceFiles::handle`]), and only addresses this session's evidence registered
//! have one.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use reqwest::Url;

pub use super::judge::{
    EvidenceFile, FileKind, MAX_IMAGE_PIXELS, PdfTraits, image_size, judge, pdf_is_whole,
    pdf_traits, sniff,
};
use crate::error::{AppError, AppResult, DeskCode, ServiceCode, Task};
use crate::hash::sha256_hex;
use crate::images::ImageFetcher;

/// Larger files are refused: the largest real document (a deed of a hundred scanned
/// pages) is well under it.
pub const MAX_DOCUMENT_BYTES: usize = 25 * 1024 * 1024;

/// What the session keeps of the files it showed.
pub const CACHE_BYTES: usize = 96 * 1024 * 1024;

/// Addresses a session's evidence may register; the oldest are forgotten past it.
pub const MAX_HANDLES: usize = 50_000;

/// How long one document may take to arrive, as long as its bytes keep coming (a
/// scanned deed of 25 MiB on a slow office link).
pub const DOCUMENT_TIME: std::time::Duration = std::time::Duration::from_secs(180);

/// The handles this session's evidence registered, and the files it showed.
pub struct EvidenceFiles {
    fetcher: ImageFetcher,
    handles: Mutex<Handles>,
    cache: Mutex<Cache>,
}

#[derive(Default)]
struct Handles {
    /// Each address, and whether it is on the origin of the service that named it.
    urls: HashMap<String, (Url, bool)>,
    order: VecDeque<String>,
}

#[derive(Default)]
struct Cache {
    files: HashMap<String, (EvidenceFile, Arc<Vec<u8>>)>,
    /// Least recently used first.
    order: VecDeque<String>,
    bytes: usize,
}

impl Cache {
    fn touch(&mut self, handle: &str) {
        self.order.retain(|h| h != handle);
        self.order.push_back(handle.to_owned());
    }

    fn get(&mut self, handle: &str) -> Option<(EvidenceFile, Arc<Vec<u8>>)> {
        let found = self.files.get(handle).cloned()?;
        self.touch(handle);
        Some(found)
    }

    /// Keeps a file, unless one is kept under its handle already: two fetches of one
    /// handle at once (both windows) keep the first, so every caller gets the same
    /// bytes. Returns what is kept.
    fn put(
        &mut self,
        file: EvidenceFile,
        bytes: Arc<Vec<u8>>,
        limit: usize,
    ) -> (EvidenceFile, Arc<Vec<u8>>) {
        let handle = file.handle.clone();
        if let Some(kept) = self.get(&handle) {
            return kept;
        }
        self.bytes += bytes.len();
        self.files
            .insert(handle.clone(), (file.clone(), bytes.clone()));
        self.touch(&handle);
        while self.bytes > limit && self.order.len() > 1 {
            let Some(oldest) = self.order.pop_front() else {
                break;
            };
            if let Some((_, gone)) = self.files.remove(&oldest) {
                self.bytes -= gone.len();
            }
        }
        (file, bytes)
    }
}

impl EvidenceFiles {
    /// `demo_base`: the embedded sandbox's address in demo mode, whose files are on
    /// loopback.
    pub fn new(demo_base: Option<&Url>) -> AppResult<Self> {
        Ok(Self {
            fetcher: ImageFetcher::with_time(demo_base, DOCUMENT_TIME)?,
            handles: Mutex::new(Handles::default()),
            cache: Mutex::new(Cache::default()),
        })
    }

    /// The handle of an address an answer gave, registered for this session. A handle
    /// is the address's SHA-256: the same address has the same handle, and no handle
    /// leads anywhere unless the evidence registered it (an address that does not parse
    /// gets a handle that leads nowhere, and says so when opened).
    pub fn handle(&self, address: &str) -> String {
        self.register(address, None)
    }

    /// Like [`EvidenceFiles::handle`], for an answer of the service at `service_origin`:
    /// an address on that same origin is fetched as the service is reached (see
    /// [`ImageFetcher::download_capped`]).
    pub fn register(&self, address: &str, service_origin: Option<&str>) -> String {
        let handle = sha256_hex(address.trim().as_bytes())[..32].to_owned();
        if let Ok(url) = Url::parse(address.trim()) {
            let own = service_origin == Some(kyb_api::client::origin_of(&url).as_str());
            let mut handles = self.handles.lock().unwrap_or_else(|p| p.into_inner());
            if handles.urls.insert(handle.clone(), (url, own)).is_none() {
                handles.order.push_back(handle.clone());
                while handles.order.len() > MAX_HANDLES {
                    if let Some(oldest) = handles.order.pop_front() {
                        handles.urls.remove(&oldest);
                    }
                }
            }
        }
        handle
    }

    fn url_of(&self, handle: &str) -> AppResult<(Url, bool)> {
        self.handles
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .urls
            .get(handle)
            .cloned()
            .ok_or_else(|| {
                AppError::new(ServiceCode::NotFound, "no such evidence file")
                    .during(Task::FetchDocument)
            })
    }

    /// The file behind `handle`, fetched once a session and judged
    /// ([`judge`]); the bytes stay in memory for [`EvidenceFiles::bytes`].
    pub async fn open(&self, handle: &str) -> AppResult<EvidenceFile> {
        Ok(self.load(handle).await?.0)
    }

    /// The bytes of a file [`EvidenceFiles::open`] accepted as `sha256` (fetched again
    /// if the cache let them go); refused when they are other bytes now, so the window
    /// never shows one file's facts beside another's contents.
    pub async fn bytes(&self, handle: &str, sha256: &str) -> AppResult<Arc<Vec<u8>>> {
        let (file, bytes) = self.load(handle).await?;
        if !file.sha256.eq_ignore_ascii_case(sha256.trim()) {
            return Err(AppError::of(DeskCode::FileChanged).during(Task::FetchDocument));
        }
        Ok(bytes)
    }

    async fn load(&self, handle: &str) -> AppResult<(EvidenceFile, Arc<Vec<u8>>)> {
        if let Some(found) = self
            .cache
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(handle)
        {
            return Ok(found);
        }
        let (url, own) = self.url_of(handle)?;
        let (_, bytes) = self
            .fetcher
            .download_capped(&url, MAX_DOCUMENT_BYTES, Task::FetchDocument, own)
            .await
            // Over the size is what the file is, not what the network did.
            .map_err(|e| {
                if e.code == crate::error::ErrorCode::from(ServiceCode::TooLarge) {
                    e.during(Task::ShowDocument)
                } else {
                    e
                }
            })?;
        let shown = format!("{}{}", kyb_api::client::origin_of(&url), url.path());
        let file = judge(handle, &bytes, &shown)?;
        let bytes = Arc::new(bytes);
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).put(
            file.clone(),
            bytes.clone(),
            CACHE_BYTES,
        );
        Ok((file, bytes))
    }

    /// Bytes held now (for `make bench` and the tests of the bound).
    pub fn cached_bytes(&self) -> usize {
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(handle: &str, size: usize) -> (EvidenceFile, Arc<Vec<u8>>) {
        let bytes = vec![0u8; size];
        (
            EvidenceFile {
                handle: handle.into(),
                kind: FileKind::Png,
                sha256: String::new(),
                size: size as u32,
                pdf: None,
            },
            Arc::new(bytes),
        )
    }

    #[test]
    fn the_cache_keeps_at_most_its_bound_least_recently_used_first() {
        let mut cache = Cache::default();
        let (a, a_bytes) = file("a", 40);
        let (b, b_bytes) = file("b", 40);
        let (c, c_bytes) = file("c", 40);
        cache.put(a, a_bytes, 100);
        cache.put(b, b_bytes, 100);
        assert!(cache.get("a").is_some(), "a is used again");
        cache.put(c, c_bytes, 100);
        assert_eq!(cache.bytes, 80);
        assert!(cache.get("b").is_none(), "b, the least recently used, went");
        assert!(cache.get("a").is_some() && cache.get("c").is_some());
    }

    #[test]
    fn only_registered_addresses_have_a_handle_that_leads_anywhere() {
        let files = EvidenceFiles::new(None).expect("files");
        let handle = files.handle("https://files.example.mx/acta.pdf");
        assert_eq!(handle.len(), 32);
        assert_eq!(
            files.url_of(&handle).expect("registered").0.as_str(),
            "https://files.example.mx/acta.pdf"
        );
        let forged = sha256_hex(b"https://169.254.169.254/")[..32].to_owned();
        assert_eq!(
            files.url_of(&forged).expect_err("never registered").code,
            ServiceCode::NotFound
        );
    }
}

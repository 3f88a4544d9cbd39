//! Which links leave the app for the system browser, and where the webview itself
//! may go. External links (the end user's URL, correction and enrollment links,
//! document files) open only when they are `https`, or, in demo mode, on the
//! sandbox's loopback address. The webview stays on the app's own pages.

use reqwest::Url;

use crate::error::{AppError, AppResult, DeskCode, Details, Task};

/// The one rule for opening a link outside the app.
pub fn may_open_externally(url: &Url, demo_base: Option<&Url>) -> bool {
    match url.scheme() {
        "https" => url.host_str().is_some(),
        "http" => demo_base.is_some_and(|base| {
            url.host_str() == base.host_str()
                && url.port_or_known_default() == base.port_or_known_default()
                && url
                    .host_str()
                    .is_some_and(|h| h == "127.0.0.1" || h == "localhost")
        }),
        _ => false,
    }
}

pub fn checked_external(raw: &str, demo_base: Option<&Url>) -> AppResult<Url> {
    let url = Url::parse(raw.trim()).map_err(|_| refused(raw))?;
    if may_open_externally(&url, demo_base) {
        Ok(url)
    } else {
        Err(refused(raw))
    }
}

fn refused(raw: &str) -> AppError {
    AppError::of(DeskCode::UnsafeAddress)
        .with_details(Details::UnsafeAddress {
            address: raw.chars().take(200).collect(),
        })
        .during(Task::OpenLink)
}

/// The webview's own pages: the embedded assets, or the dev server under `make dev`.
pub fn is_app_page(url: &Url) -> bool {
    match url.scheme() {
        "tauri" => url.host_str() == Some("localhost"),
        "http" | "https" => {
            url.host_str() == Some("tauri.localhost")
                || (cfg!(debug_assertions)
                    && url.host_str() == Some("localhost")
                    && url.port() == Some(1420))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(raw: &str) -> Url {
        Url::parse(raw).expect("url")
    }

    #[test]
    fn only_https_or_the_demo_sandbox_open_outside() {
        let demo = url("http://127.0.0.1:40123");
        assert!(may_open_externally(
            &url("https://kyb.example.mx/continuar/1"),
            None
        ));
        assert!(!may_open_externally(&url("http://kyb.example.mx/x"), None));
        assert!(!may_open_externally(
            &url("file:///etc/passwd"),
            Some(&demo)
        ));
        assert!(!may_open_externally(
            &url("javascript:alert(1)"),
            Some(&demo)
        ));
        assert!(may_open_externally(
            &url("http://127.0.0.1:40123/_files/a.pdf"),
            Some(&demo)
        ));
        assert!(!may_open_externally(&url("http://127.0.0.1:40123/x"), None));
        assert!(!may_open_externally(
            &url("http://127.0.0.1:9/x"),
            Some(&demo)
        ));
        assert!(checked_external("nota: no es url", None).is_err());
    }

    #[test]
    fn the_webview_stays_on_the_app() {
        assert!(is_app_page(&url("tauri://localhost/index.html")));
        assert!(is_app_page(&url("http://tauri.localhost/")));
        assert!(!is_app_page(&url("https://evil.example/")));
        assert!(!is_app_page(&url("http://127.0.0.1:40123/_files/a.pdf")));
    }
}

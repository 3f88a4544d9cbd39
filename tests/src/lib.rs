//! Harness for the end-to-end journeys: one WebDriver session per test, talking to
//! `tauri-driver`, which launches the real `kyb-desk` binary through WebKitWebDriver.
//!
//! `make test` (see `scripts/e2e.sh`) provides the display, the D-Bus session, the
//! keyring and `tauri-driver`; these tests only need two variables:
//! `KYB_DESK_BIN`, the app binary, and optionally `KYB_WEBDRIVER_URL`.

use std::future::Future;
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;

/// How long a journey waits for something the user would see appear.
pub const UI_TIMEOUT: Duration = Duration::from_secs(20);

const DEFAULT_WEBDRIVER_URL: &str = "http://127.0.0.1:4444";

fn app_binary() -> String {
    std::env::var("KYB_DESK_BIN").unwrap_or_else(|_| {
        panic!("KYB_DESK_BIN must name the kyb-desk binary; run the journeys with `make test`")
    })
}

async fn open_session() -> Client {
    let url = std::env::var("KYB_WEBDRIVER_URL").unwrap_or_else(|_| DEFAULT_WEBDRIVER_URL.into());
    let mut caps = serde_json::Map::new();
    caps.insert(
        "tauri:options".into(),
        serde_json::json!({ "application": app_binary() }),
    );
    ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(&url)
        .await
        .unwrap_or_else(|e| panic!("no WebDriver session at {url} (is tauri-driver running?): {e}"))
}

/// Runs `journey` against a freshly launched app window and always ends the session
/// (which closes the app), also when the journey panics; the panic is then re-raised
/// so the test fails with its own message.
pub async fn with_app<F, Fut>(journey: F)
where
    F: FnOnce(App) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let client = open_session().await;
    let outcome = tokio::spawn(journey(App {
        client: client.clone(),
    }))
    .await;
    // Closing can fail when the app already died; the journey's outcome matters more.
    let _ = client.close().await;
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure.into_panic());
    }
}

/// The app window as a user sees it.
#[derive(Clone)]
pub struct App {
    client: Client,
}

impl App {
    /// The visible text of the first element matching `css`, once it is present and
    /// non-empty (the UI fills some elements after an IPC round trip).
    pub async fn text_of(&self, css: &str) -> String {
        let deadline = tokio::time::Instant::now() + UI_TIMEOUT;
        loop {
            if let Ok(element) = self.client.find(Locator::Css(css)).await
                && let Ok(text) = element.text().await
                && !text.trim().is_empty()
            {
                return text;
            }
            if tokio::time::Instant::now() >= deadline {
                panic!("nothing visible at `{css}` after {UI_TIMEOUT:?}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The window's document title.
    pub async fn title(&self) -> String {
        self.client
            .title()
            .await
            .expect("the window answers its title")
    }
}

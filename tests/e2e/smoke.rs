//! The app starts, serves its UI, and the UI reaches the Rust backend over IPC.

use kyb_e2e::with_app;

#[tokio::test]
async fn window_shows_its_heading_and_the_version_from_the_backend() {
    with_app(|app| async move {
        assert_eq!(app.title().await, "KYB Desk");
        assert_eq!(app.text_of("h1").await, "KYB Desk");
        // The version is not in the UI bundle: it arrives from `app_info` over IPC.
        let version = app.text_of("[data-testid=app-version]").await;
        assert_eq!(version, format!("v{}", env!("CARGO_PKG_VERSION")));
        let profile = app.text_of("[data-testid=app-profile]").await;
        assert_eq!(profile, "debug");
    })
    .await;
}

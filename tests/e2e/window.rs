//! The window opens as large as it was left, its state kept in the data folder
//! (tauri-plugin-window-state), never elsewhere; its language and theme are the data
//! folder's too (`preferences.json`, tauri-plugin-store), never the webview's storage.

use std::time::Duration;

use kyb_e2e::{DataDir, poll, with_app_at};

#[tokio::test]
async fn the_window_opens_as_large_as_it_was_left() {
    let data = DataDir::new();
    let state = data.path().join("window-state.json");
    with_app_at(&data, |app| async move {
        app.wait_for_text("h2", "Configure su perfil").await;
        app.set_window_size(1010, 700).await;
        let resized = poll(Duration::from_secs(5), || async {
            let size = app.window_size().await;
            (size == (1010, 700)).then_some(size)
        })
        .await;
        assert!(
            resized.is_some(),
            "resized to {:?}",
            app.window_size().await
        );
        // Kept a moment after the change, before any exit (an earlier start may have
        // written the first size already: the new one is waited for).
        let kept = poll(Duration::from_secs(5), || async {
            let text = std::fs::read_to_string(&state).ok()?;
            let saved: serde_json::Value = serde_json::from_str(&text).ok()?;
            (saved["main"]["width"] == 1010 && saved["main"]["height"] == 700).then_some(())
        })
        .await;
        assert!(
            kept.is_some(),
            "no window state of the new size under the data folder: {:?}",
            std::fs::read_to_string(&state)
        );
    })
    .await;

    with_app_at(&data, |app| async move {
        app.wait_for_text("h2", "Configure su perfil").await;
        assert_eq!(app.window_size().await, (1010, 700));
    })
    .await;
}

/// Chosen on one data folder, English and the dark theme are there from the next start's
/// first paint on that folder; another folder keeps its own (Spanish, the system's theme),
/// as it would not if they were kept in the webview's storage, which every folder shares.
#[tokio::test]
async fn the_language_and_theme_are_the_data_folders() {
    let (one, other) = (DataDir::new(), DataDir::new());
    let kept = one.path().join("preferences.json");
    with_app_at(&one, |app| async move {
        app.wait_for_text("h2", "Configure su perfil").await;
        app.click("[data-testid=language-toggle]").await;
        app.wait_for_text("h2", "Set up your profile").await;
        // System, then light, then dark.
        app.click("[data-testid=theme-toggle]").await;
        app.click("[data-testid=theme-toggle]").await;
        app.wait_for_text("[data-testid=theme-toggle]", "Theme: Dark")
            .await;
        app.wait_for_attribute("html", "data-theme", "dark").await;
        let written = poll(Duration::from_secs(5), || async {
            let text = std::fs::read_to_string(&kept).ok()?;
            let saved: serde_json::Value = serde_json::from_str(&text).ok()?;
            (saved["language"] == "en" && saved["theme"] == "dark").then_some(())
        })
        .await;
        assert!(
            written.is_some(),
            "not kept in the data folder: {:?}",
            std::fs::read_to_string(&kept)
        );
    })
    .await;

    with_app_at(&one, |app| async move {
        app.wait_for_text("h2", "Set up your profile").await;
        // Read before the first render (main.tsx), not switched to after it.
        assert_eq!(app.attribute_of("html", "lang").await, "en");
        assert_eq!(app.attribute_of("html", "data-theme").await, "dark");
        app.wait_for_text("[data-testid=theme-toggle]", "Theme: Dark")
            .await;
    })
    .await;

    with_app_at(&other, |app| async move {
        app.wait_for_text("h2", "Configure su perfil").await;
        app.wait_for_text("[data-testid=theme-toggle]", "Tema: Sistema")
            .await;
        assert_eq!(app.attribute_of("html", "lang").await, "es-MX");
    })
    .await;
    assert!(!other.path().join("preferences.json").exists());
}

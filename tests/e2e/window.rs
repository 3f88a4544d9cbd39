//! The window opens as large as it was left, its state kept in the data folder
//! (tauri-plugin-window-state), never elsewhere.

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

//! The window's defences at run time: it refuses to navigate to a remote page, runs no
//! inline script, and after a full journey with a real key (in the session's keyring)
//! the key is in no file the app wrote, no log line and nothing on screen.

use std::path::Path;
use std::time::Duration;

use kyb_e2e::{DataDir, ProfileEntry, with_app_at, with_demo_app_at};
use kyb_sandbox::{Sandbox, SandboxConfig};

#[tokio::test]
async fn the_window_stays_on_its_own_pages_and_runs_no_inline_script() {
    let data = DataDir::new();
    let logs = data.path().join("logs");
    with_demo_app_at(&data, move |app| async move {
        app.wait_for_text("[data-testid=demo-banner]", "demostración")
            .await;
        let before = app.run_script("return location.href").await;
        app.run_script("location.href = 'https://example.com/'; return null")
            .await;
        // The app's refusal is logged: once it is, the page has stayed where it was.
        kyb_e2e::poll(Duration::from_secs(10), || async {
            logged(&logs, "navigation away from the app's pages refused").then_some(())
        })
        .await
        .expect("the refusal is logged");
        assert_eq!(app.run_script("return location.href").await, before);
        app.wait_for_text("[data-testid=demo-banner]", "demostración")
            .await;

        // An injected inline script is not run: the CSP allows the app's own files only.
        let ran = app
            .run_script(
                "const s = document.createElement('script'); \
                 s.textContent = 'window.__injected = true'; \
                 document.body.appendChild(s); \
                 return window.__injected === true",
            )
            .await;
        assert_eq!(ran, serde_json::Value::Bool(false));
    })
    .await;
}

/// Whether a log file under `logs` holds `line`.
fn logged(logs: &Path, line: &str) -> bool {
    logs.exists() && !files_containing(logs, line.as_bytes()).is_empty()
}

/// Every file under `dir` (recursively) whose bytes contain `needle`.
fn files_containing(dir: &Path, needle: &[u8]) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).expect("readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(files_containing(&path, needle));
        } else if std::fs::read(&path)
            .expect("readable")
            .windows(needle.len())
            .any(|w| w == needle)
        {
            found.push(path.display().to_string());
        }
    }
    found
}

#[tokio::test]
async fn the_api_key_is_in_no_file_log_or_screen_after_a_full_journey() {
    let sandbox = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let manifest = sandbox.manifest.clone();
    let key = manifest.tenants[0].api_key.clone();
    let data = DataDir::new();
    let shown = key.clone();
    let workspace = manifest.tenants[0].workspace_id.to_string();
    with_app_at(&data, move |app| async move {
        ProfileEntry::for_tenant(&manifest).fill(&app).await;
        app.click_button("Guardar y probar conexión").await;
        app.wait_for_text(".empty", "No sigue ningún expediente")
            .await;
        app.follow(&manifest.examples.rfc).await;
        app.click_button("Actualizar todo").await;
        app.wait_for_text("[data-testid=watch-row]", "aceptadas")
            .await;
        app.click("[data-testid=open-file]").await;
        app.click("[data-testid=view-detail]").await;
        app.click("[data-testid=tab-json]").await;
        app.text_of("[data-testid=detail-panel] .json").await;
        app.click("[data-testid=start-review]").await;
        let row = "[data-testid=review-section][data-section=OpinionObligatorio]";
        app.click(&format!("{row} [data-testid=accept]")).await;
        app.click("[data-testid=open-preview]").await;
        app.click("[data-testid=send-correction]").await;
        app.text_of("[data-testid=correction-result]").await;
        app.click("[data-testid=nav-audit]").await;
        app.text_of("[data-testid=audit-row]").await;
        let page = app.page_text().await;
        assert!(!page.contains(&shown), "the key is on screen");
        let storage = app
            .run_script("return JSON.stringify(Object.assign({}, localStorage))")
            .await;
        assert!(
            !storage.to_string().contains(&shown),
            "the key is in local storage"
        );
    })
    .await;
    sandbox.stop().await;
    // The app wrote its profiles, watchlist, history, audit log and logs here: the
    // scan sees them (the workspace is in the profile and the log), and no key.
    let written = files_containing(data.path(), workspace.as_bytes());
    assert!(
        written.iter().any(|f| f.ends_with("profiles.json")),
        "the scan did not reach the app's files: {written:?}"
    );
    assert!(
        data.path().join("logs").is_dir(),
        "the app logs under its data directory"
    );
    let leaks = files_containing(data.path(), key.as_bytes());
    assert!(leaks.is_empty(), "the API key was written to {leaks:?}");
}

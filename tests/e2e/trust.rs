//! Trust as the analyst meets it, in the real window with the session's real keyring:
//! a profile moved to another address sends its key nowhere until the analyst
//! confirms the new origin (old and new shown), and the decision is the system
//! dialog's the app raises then, not the window's (answered here through the
//! journeys' build, `--test-dialog-answers`); a damaged profile book is set aside and
//! announced at start, and the app still opens.

use std::sync::Arc;

use kyb_e2e::{App, DataDir, connect, with_app_answering, with_app_at};
use kyb_sandbox::{RunningSandbox, Sandbox, SandboxConfig};

const TRACKING: &str = "POST /expedientes/v1/tracking";

fn card(name: &str) -> String {
    format!("[data-testid=profile-card][data-name='{name}']")
}

async fn sandbox() -> Arc<RunningSandbox> {
    Arc::new(
        Sandbox::start(SandboxConfig::default())
            .await
            .expect("a sandbox starts"),
    )
}

async fn open_profiles(app: &App) {
    app.click("[data-testid=nav-profiles]").await;
    app.wait_for_text("h2", "Perfiles").await;
}

/// The window's own first step: its question names both addresses.
async fn confirm_in_window(app: &App, given_for: &str, new_address: &str) {
    app.click(&format!(
        "{} [data-testid=confirm-key-origin]",
        card("Pruebas")
    ))
    .await;
    let question = app.text_of("[data-testid=confirm]").await;
    assert!(
        question.contains(new_address) && question.contains(given_for),
        "{question}"
    );
    app.click("[data-testid=confirm-action]").await;
}

#[tokio::test]
async fn a_changed_address_asks_before_the_key_goes() {
    let first = sandbox().await;
    // A second listener with the same keys: it counts every request that reaches it.
    let second = sandbox().await;
    let manifest = first.manifest.clone();
    let new_address = second.manifest.base_url.clone();
    let listener = second.clone();
    // The system's dialog: no the first time, yes the second.
    with_app_answering("no,yes", move |app| async move {
        connect(&app, &manifest).await;

        open_profiles(&app).await;
        app.click(&format!("{} [data-testid=profile-edit]", card("Pruebas")))
            .await;
        app.replace_text("[data-testid=profile-base-url]", &new_address)
            .await;
        app.click_button("Guardar y probar conexión").await;
        // The connection check itself is held back: the key is not sent.
        app.wait_for_text(
            "[data-testid=error-notice][data-code=key_origin_changed]",
            &new_address,
        )
        .await;
        assert_eq!(
            listener.requests(TRACKING),
            0,
            "the key reached the new address"
        );

        app.click_button("← Perfiles").await;
        let warning = app
            .wait_for_text(
                &format!("{} [data-testid=key-origin-warning]", card("Pruebas")),
                &new_address,
            )
            .await;
        assert!(warning.contains(&manifest.base_url), "{warning}");
        // Following a file on the new address is refused too, and says why.
        app.click("[data-testid=nav-watchlist]").await;
        app.follow(&manifest.examples.rfc).await;
        app.wait_for_text("[data-testid=watch-row]", &manifest.examples.rfc)
            .await;
        app.click_button("Actualizar todo").await;
        app.wait_until_gone("[role=progressbar]").await;
        assert_eq!(
            listener.requests(TRACKING),
            0,
            "the key reached the new address"
        );

        // The analyst confirms in the window, seeing both origins, then says no in
        // the system's dialog: the key stays where it was given.
        open_profiles(&app).await;
        confirm_in_window(&app, &manifest.base_url, &new_address).await;
        app.wait_for_text("[data-testid=profiles-done]", "No se confirmó")
            .await;
        app.wait_for_text(
            &format!("{} [data-testid=key-origin-warning]", card("Pruebas")),
            &new_address,
        )
        .await;
        // Then yes in the system's dialog.
        confirm_in_window(&app, &manifest.base_url, &new_address).await;
        app.wait_until_gone(&format!(
            "{} [data-testid=key-origin-warning]",
            card("Pruebas")
        ))
        .await;
        app.click("[data-testid=nav-watchlist]").await;
        app.click_button("Actualizar todo").await;
        app.wait_until_gone("[role=progressbar]").await;
        app.wait_for_text("[data-testid=watch-row]", "aceptadas")
            .await;
        assert!(
            listener.requests(TRACKING) >= 1,
            "the confirmed key was not sent"
        );
    })
    .await;
    drop(first);
}

#[tokio::test]
async fn a_damaged_profile_book_is_set_aside_and_announced() {
    let data = DataDir::new();
    let damaged = "{\"profileBook\": {\"profiles\": [{\"id\": \"a\", \"name\": \"Operación";
    std::fs::write(data.path().join("profiles.json"), damaged).expect("a damaged book");
    with_app_at(&data, |app| async move {
        let notice = app
            .wait_for_text("[data-testid=recovery-notice]", "se apartó")
            .await;
        assert!(notice.contains("profiles.json.unreadable-"), "{notice}");
        // Nothing else is blocked: the first run asks for a profile.
        app.wait_for_text("h2", "Configure su perfil").await;
    })
    .await;
    let aside: Vec<_> = std::fs::read_dir(data.path())
        .expect("the data folder")
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("profiles.json.unreadable-")
        })
        .collect();
    assert_eq!(aside.len(), 1, "the damaged book was not set aside");
    assert_eq!(
        std::fs::read_to_string(aside[0].path()).expect("kept"),
        damaged,
        "the set-aside file keeps what was there"
    );
}

//! `make screenshots`: opens the real app window and saves a PNG of each screen into
//! the folder named on the command line, so anyone can look at the app without a
//! desktop. Runs inside `scripts/session.sh --driver`, whose Xvfb screen is exactly
//! the window's size, so a picture of the screen is a picture of the window.

use std::path::{Path, PathBuf};
use std::process::Command;

use kyb_e2e::{with_app, with_demo_app};
use kyb_sandbox::{Sandbox, SandboxConfig};

/// Captures the X display with ImageMagick's `import`, as a person would see it.
fn capture(path: &Path) {
    let status = Command::new("import")
        .args(["-window", "root"])
        .arg(path)
        .status()
        .expect("ImageMagick's `import` runs (make screenshots installs it)");
    assert!(status.success(), "`import` could not capture the display");
    println!("wrote {}", path.display());
}

#[tokio::main]
async fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "docs/screenshots".into()),
    );
    std::fs::create_dir_all(&dir).expect("the screenshots folder can be created");
    let first = dir.clone();
    with_app(move |app| async move {
        // Wait until the backend answered, so the picture shows real data.
        app.text_of("[data-testid=app-version]").await;
        app.wait_for_text("h2", "Configure su perfil").await;
        capture(&first.join("01-start.png"));
    })
    .await;

    // The demo's example file, as its embedded sandbox (seeded alike) has it.
    let sandbox = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let rfc = sandbox.manifest.examples.rfc.clone();
    sandbox.stop().await;
    with_demo_app(move |app| async move {
        app.text_of("[data-testid=demo-banner]").await;
        app.type_into("[data-testid=add-rfc]", &rfc).await;
        app.click_button("Seguir").await;
        app.wait_for_text("[data-testid=watch-row]", &rfc).await;
        app.click_button("Actualizar todo").await;
        app.wait_for_text("[data-testid=watch-row]", "aceptadas")
            .await;
        capture(&dir.join("02-watchlist.png"));
        // The same screen in the dark theme: System → Light → Dark.
        app.click("[data-testid=theme-toggle]").await;
        app.click("[data-testid=theme-toggle]").await;
        app.wait_for_text("[data-testid=theme-toggle]", "Oscuro")
            .await;
        capture(&dir.join("02-watchlist-dark.png"));
        app.click("[data-testid=theme-toggle]").await;
        app.wait_for_text("[data-testid=theme-toggle]", "Sistema")
            .await;
        app.click("[data-testid=open-file]").await;
        app.text_of("[data-testid=tracking-section] .chip").await;
        capture(&dir.join("03-tracking.png"));
        app.click("[data-testid=view-detail]").await;
        app.text_of("[data-testid=tab-summary]").await;
        capture(&dir.join("04-detail-summary.png"));
        app.click("[data-testid=tab-entities]").await;
        app.text_of("[data-testid=entity-card]").await;
        capture(&dir.join("05-detail-entities.png"));
        app.click("[data-testid=tab-documents]").await;
        app.text_of("[data-testid=document-card]").await;
        capture(&dir.join("06-detail-documents.png"));
        // An error as the analyst meets it: a followed RFC the service has no file for.
        app.click(".sidenav-item").await;
        app.type_into("[data-testid=add-rfc]", "ZZZ990101ZZ9").await;
        app.click_button("Seguir").await;
        app.click("[data-rfc=ZZZ990101ZZ9] [data-testid=open-file]")
            .await;
        app.text_of("[data-testid=error-notice]").await;
        capture(&dir.join("07-error-not-found.png"));
    })
    .await;
}

//! Links to a file: "Copy link" on a file gives `kybdesk://expediente/<id>`,
//! and the desktop opening that link starts the app a second time with it; the second
//! launch hands it to the window already open on the same data and exits, and that
//! window shows the file's tracking. A link that names anything else changes nothing.

use std::path::Path;
use std::time::Duration;

use kyb_e2e::{DataDir, demo_examples, poll, with_demo_world_at, with_demo_world_opening};

/// Everything the app logged so far, in the data folder's `logs/`.
fn logs(data: &Path) -> String {
    std::fs::read_dir(data.join("logs"))
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|entry| std::fs::read_to_string(entry.path()).ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Waits until the log says `count` links were ignored.
async fn wait_for_ignored(data: &Path, count: usize) {
    let seen = poll(Duration::from_secs(10), || async {
        (logs(data).matches("a link was ignored").count() >= count).then_some(())
    })
    .await;
    assert!(
        seen.is_some(),
        "the running app never logged {count} ignored link(s):\n{}",
        logs(data)
    );
}

#[tokio::test]
async fn a_link_to_a_file_opens_its_tracking_in_the_running_window() {
    let data = DataDir::new();
    let dir = data.path().to_path_buf();
    with_demo_world_at(&data, move |app| async move {
        app.wait_for_text("[data-testid=watch-row]", "").await;

        // A file's tracking offers its link; the keyboard copies it.
        app.click("[data-testid=try-enrollment]").await;
        app.wait_for_text("[data-testid=view-detail]", "").await;
        let company = app.text_of("#tracking-title").await;
        let subtitle = app.text_of(".page-header .mono").await;
        let document_id = subtitle
            .rsplit(" · ")
            .next()
            .expect("the DocumentId under the title")
            .to_owned();
        app.type_into("[data-testid=copy-file-link]", "\u{E007}")
            .await;
        app.wait_for_text("[data-testid=copy-file-link]", "Enlace copiado")
            .await;
        let link = app
            .attribute_of("[data-testid=copy-file-link]", "title")
            .await;
        assert_eq!(link, format!("kybdesk://expediente/{document_id}"));

        // Elsewhere in the app, the link opens the file's tracking again.
        app.click("[data-testid=nav-audit]").await;
        app.wait_until_gone("[data-testid=view-detail]").await;
        kyb_e2e::launch_again(&dir, &link).await;
        app.wait_for_text("[data-testid=view-detail]", "").await;
        assert_eq!(app.text_of("#tracking-title").await, company);
        assert_eq!(app.text_of(".page-header .mono").await, subtitle);
        assert_eq!(
            app.attribute_of("[data-testid=nav-watchlist]", "aria-current")
                .await,
            "page"
        );
    })
    .await;
}

#[tokio::test]
async fn a_link_starts_the_app_on_its_file_when_it_is_not_running() {
    let examples = demo_examples().await;
    let document_id = examples.document_id.to_string();
    let rfc = examples.rfc.clone();
    let link = format!("kybdesk://expediente/{document_id}");
    with_demo_world_opening(&link, move |app| async move {
        app.wait_for_text("[data-testid=view-detail]", "").await;
        let subtitle = app.text_of(".page-header .mono").await;
        assert_eq!(subtitle, format!("{rfc} · {document_id}"));
    })
    .await;
}

#[tokio::test]
async fn a_link_that_names_anything_but_a_file_changes_nothing() {
    let examples = demo_examples().await;
    let document_id = examples.document_id.to_string();
    let data = DataDir::new();
    let dir = data.path().to_path_buf();
    with_demo_world_at(&data, move |app| async move {
        app.wait_for_text("[data-testid=watch-row]", "").await;
        app.click("[data-testid=nav-audit]").await;
        app.wait_for_text("h2", "").await;
        let bad = [
            "kybdesk://expediente/../x".to_owned(),
            format!("kybdesk://audit/{document_id}"),
            format!("kybdesk://expediente/{document_id}?borrar=1"),
            format!("kybdesk://expediente/{document_id}/../../x"),
        ];
        for (n, link) in bad.iter().enumerate() {
            kyb_e2e::launch_again(&dir, link).await;
            wait_for_ignored(&dir, n + 1).await;
        }
        // Still on the audit log, no file opened.
        assert_eq!(
            app.attribute_of("[data-testid=nav-audit]", "aria-current")
                .await,
            "page"
        );
        assert!(
            app.texts_of("[data-testid=view-detail], [data-testid=tab-summary]")
                .await
                .is_empty(),
            "a refused link opened a file"
        );
        let logged = logs(&dir);
        assert!(
            !logged.contains("../x") && !logged.contains("borrar"),
            "a refused link's text reached the log:\n{logged}"
        );
    })
    .await;
}

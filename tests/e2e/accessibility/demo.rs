//! The demo's states beyond its navigation: a selection on the watchlist with its bulk
//! actions' confirmation and a saved view, the review's evidence in its second window,
//! and the SLA's "por vencer" notice.

use kyb_e2e::{App, poll};

use super::{Findings, LANGUAGES, THEMES, escape, scan, set_language, set_theme, settle};

/// Every row selected, with the bar of their actions, and a saved view being named;
/// then the confirmation unfollowing them asks for (closed with Escape, nothing
/// unfollowed).
pub(crate) async fn selection_and_saved_view(app: &App, f: &mut Findings) {
    app.click("[data-testid=select-all]").await;
    app.text_of("[data-testid=bulk-bar] [data-testid=bulk-count]")
        .await;
    app.click("[data-testid=saved-view-new]").await;
    app.type_into("[data-testid=saved-view-name]", "Revisión de hoy")
        .await;
    scan(app, "watchlist, every row selected, a saved view named", f).await;
    app.click("[data-testid=bulk-unfollow]").await;
    app.text_of("[data-testid=confirm]").await;
    scan(app, "confirmation dialog (unfollow the selection)", f).await;
    escape(app, "[data-testid=confirm]").await;
    app.click("[data-testid=bulk-clear]").await;
    app.wait_until_gone("[data-testid=bulk-bar]").await;
    app.click("[data-testid=saved-view-save]").await;
    app.text_of("[data-testid=saved-view-delete]").await;
}

/// The review's evidence in its own window, in each theme and language. That window
/// has no top bar: it takes the data folder's theme and language as its page loads, so
/// the main window's switches set them and the evidence window's page is loaded again.
pub(crate) async fn evidence_window(app: &App, f: &mut Findings) {
    app.show_section_pdf("ProofAddressObligatorio", 1).await;
    let main = app.open_evidence_window().await;
    let second = app.current_window().await;
    for language in LANGUAGES {
        for theme in THEMES {
            app.switch_to_window(&main).await;
            set_language(app, language).await;
            set_theme(app, theme).await;
            app.switch_to_window(&second).await;
            app.run_script("location.reload()").await;
            let shown = poll(kyb_e2e::UI_TIMEOUT, || async {
                let now = app
                    .run_script(
                        "return [document.documentElement.dataset.theme, document.documentElement.lang,
                                 !!document.querySelector('[data-testid=evidence-pane] [data-testid=pdf-pages]')]",
                    )
                    .await;
                (now == serde_json::json!([theme, language, true])).then_some(())
            })
            .await;
            assert!(
                shown.is_some(),
                "the evidence window did not show its evidence in {theme}, {language}"
            );
            settle(app).await;
            super::record(
                app.axe().await,
                &format!("evidence window · {theme} · {language}"),
                f,
            );
        }
    }
    app.close_window().await;
    app.switch_to_window(&main).await;
    set_language(app, "es-MX").await;
    set_theme(app, "light").await;
}

/// On the Profiles screen, the SLA policy widened to "por vencer" within a week, so the demo's large file (under
/// review for at most three days) is about to breach: the notice, and the watchlist it
/// opens, filtered to those files.
pub(crate) async fn sla_notice(app: &App, f: &mut Findings) {
    let week = [
        ("queuedHours", "168"),
        ("inReviewHours", "168"),
        ("enrollingHours", "168"),
        ("enrollmentFailedHours", "168"),
        ("unknownHours", "168"),
        ("atRiskHours", "168"),
    ];
    app.fill_sla_policy(&week, true).await;
    app.wait_for_text("[data-testid=sla-notice]", "por vencer")
        .await;
    scan(app, "SLA notice (por vencer)", f).await;
    app.click("[data-testid=sla-notice-show]").await;
    app.wait_for_text("[data-testid=row-sla]", "Por vencer")
        .await;
    scan(app, "watchlist, files about to breach", f).await;
}

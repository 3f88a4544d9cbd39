//! In demo mode: a file about to breach is shown and notified. The
//! analyst sets, through the Profiles screen's "Plazos (SLA)", a round-the-clock
//! calendar without holidays and a target of 168 h with a "por vencer" window as long,
//! so a running file whose status began in the last week is "por vencer" whatever the
//! hour the test runs at. The demo's large file is under review since at most three
//! days. Followed while the window is an hour, it is "A tiempo" and nothing is told;
//! the window widened on the Profiles screen, the notice names it there, stays on the
//! audit screen, and opens the watchlist filtered to it: its row says "Por vencer" with
//! the time left, and the overview counts it.

use kyb_e2e::{demo_examples, with_demo_app};

const TARGETS: [&str; 5] = [
    "queuedHours",
    "inReviewHours",
    "enrollingHours",
    "enrollmentFailedHours",
    "unknownHours",
];

/// Sets the policy on the Profiles screen: every target 168 h, "por vencer" in the last
/// `at_risk` hours, every day from midnight to midnight, no holidays (the calendar's
/// fields only the first time: its checkboxes toggle).
async fn set_policy(app: &kyb_e2e::App, at_risk: &str, calendar: bool) {
    app.click("[data-testid=nav-profiles]").await;
    app.wait_for_text("[data-testid=sla-policy]", "Plazos (SLA)")
        .await;
    let mut hours: Vec<(&str, &str)> = TARGETS.iter().map(|target| (*target, "168")).collect();
    hours.push(("atRiskHours", at_risk));
    app.fill_sla_policy(&hours, calendar).await;
}

#[tokio::test]
async fn a_file_about_to_breach_is_shown_and_notified() {
    let rfc = demo_examples().await.large_rfc;
    with_demo_app(move |app| async move {
        app.wait_for_text("[data-testid=demo-banner]", "demostración")
            .await;
        set_policy(&app, "1", true).await;

        app.click("[data-testid=nav-watchlist]").await;
        app.follow(&rfc).await;
        // More than an hour left: on time, and nothing told.
        app.wait_for_text("[data-testid=row-sla]", "A tiempo").await;
        assert!(
            app.texts_of("[data-testid=sla-notice]").await.is_empty(),
            "a notice while on time"
        );

        // On the Profiles screen, the window widened: the notice names it there.
        set_policy(&app, "168", false).await;
        let notice = app
            .wait_for_text("[data-testid=sla-notice]", "está por vencer")
            .await;
        assert!(notice.contains(&rfc), "{notice}");
        // Another screen: still there, once.
        app.click("[data-testid=nav-audit]").await;
        app.wait_for_text("[data-testid=sla-notice]", &rfc).await;
        assert_eq!(app.texts_of("[data-testid=sla-notice]").await.len(), 1);

        // "Ver los que están por vencer" opens the watchlist filtered to it.
        app.click("[data-testid=sla-notice-show]").await;
        app.wait_for_text(
            "[data-testid=overview-sla-at_risk][aria-pressed=true]",
            "1 por vencer",
        )
        .await;
        let cell = app
            .wait_for_text("[data-testid=row-sla]", "Por vencer")
            .await;
        assert!(cell.contains("quedan"), "{cell}");
        app.wait_until_gone("[data-testid=sla-notice]").await;
    })
    .await;
}

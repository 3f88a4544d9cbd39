//! In demo mode: a file about to breach is shown and notified (issue 32, 1). The
//! analyst sets, through the Profiles screen's "Plazos (SLA)", a round-the-clock
//! calendar without holidays and a target of 168 h with a "por vencer" window as long,
//! so a running file whose status began in the last week is "por vencer" whatever the
//! hour the test runs at. The demo's large file is under review since at most three
//! days: its row says "Por vencer" with the time left, the overview counts it, and the
//! notice names it.

use kyb_e2e::{demo_examples, with_demo_app};

const TARGETS: [&str; 5] = [
    "queuedHours",
    "inReviewHours",
    "enrollingHours",
    "enrollmentFailedHours",
    "unknownHours",
];

#[tokio::test]
async fn a_file_about_to_breach_is_shown_and_notified() {
    let rfc = demo_examples().await.large_rfc;
    with_demo_app(move |app| async move {
        app.wait_for_text("[data-testid=demo-banner]", "demostración")
            .await;
        app.click("[data-testid=nav-profiles]").await;
        app.wait_for_text("[data-testid=sla-policy]", "Plazos (SLA)")
            .await;
        for target in TARGETS {
            app.replace_text(&format!("[data-testid=sla-{target}]"), "168")
                .await;
        }
        app.replace_text("[data-testid=sla-atRiskHours]", "168")
            .await;
        // Saturday and Sunday join the weekdays; open from midnight to midnight.
        app.click("[data-testid=sla-day-6]").await;
        app.click("[data-testid=sla-day-7]").await;
        app.replace_text("[data-testid=sla-opens]", "00:00").await;
        app.replace_text("[data-testid=sla-closes]", "24:00").await;
        app.click("[data-testid=sla-statutory]").await;
        app.click("[data-testid=sla-policy-save]").await;
        app.wait_for_text("[data-testid=sla-policy-saved]", "Plazos guardados")
            .await;

        app.click("[data-testid=nav-watchlist]").await;
        app.type_into("[data-testid=add-rfc]", &rfc).await;
        app.click_button("Seguir").await;
        // The row: its state in words, with the time left.
        let cell = app
            .wait_for_text("[data-testid=row-sla]", "Por vencer")
            .await;
        assert!(cell.contains("quedan"), "{cell}");
        // The overview counts it, and the notice names it.
        app.wait_for_text("[data-testid=overview-sla-at_risk]", "1 por vencer")
            .await;
        let notice = app
            .wait_for_text("[data-testid=sla-notice]", "está por vencer")
            .await;
        assert!(notice.contains(&rfc), "{notice}");
        // "Ver los que están por vencer" filters the list to it.
        app.click("[data-testid=sla-notice-show]").await;
        app.wait_for_text(
            "[data-testid=overview-sla-at_risk][aria-pressed=true]",
            "por vencer",
        )
        .await;
    })
    .await;
}

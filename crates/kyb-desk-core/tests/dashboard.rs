//! The dashboard of one desk over real loopback HTTP: a rejection sent on the demo file
//! is counted from the desk's own audit log (by its analyst, timed from when the file
//! came to the back office, its status span as the watchlist recorded it, and measured
//! against the SLA, with its reason), a period that leaves it out counts nothing, another profile
//! of the desk has none of it, and the CSV written holds the same figures.

mod common;

use common::DemoDesk;
use kyb_desk_core::dashboard::DashboardQuery;

#[tokio::test]
async fn one_desk_s_dashboard_counts_the_decision_it_sent() {
    let demo = DemoDesk::start().await;
    let (_, flagged) = demo.example_flagged_section().await;
    let examples = &demo.manifest().examples;
    let document_id = examples.document_id.to_string();
    // The demo follows the file (as `make run` opens it): its refresh records the
    // status it is in since the service's own time, before anything in the log.
    demo.desk
        .watch_file(&examples.flow_id, &examples.rfc)
        .expect("followed");
    let followed = demo
        .desk
        .refresh_watchlist(false, |_| {})
        .await
        .expect("refreshed");
    let span = followed
        .iter()
        .find(|f| f.document_id.as_deref() == Some(document_id.as_str()))
        .and_then(|f| f.status_spans.first().cloned())
        .expect("the file's status span");
    assert_eq!(
        kyb_desk_core::sla::Phase::of(span.category),
        kyb_desk_core::sla::Phase::Runs,
        "the example file waits on the back office"
    );
    // The file's first entry in the log: not its arrival, the span began before.
    demo.desk
        .acknowledge_findings(&document_id, &flagged.section)
        .await
        .expect("acknowledged");
    common::send_correction(
        &demo.desk,
        common::rejection(&document_id, &flagged.section),
    )
    .await
    .expect("sent");
    let sent = chrono::Utc::now();

    let all = DashboardQuery::default();
    let figures = demo.desk.dashboard(&all).await.expect("the dashboard");
    assert_eq!(figures.decisions_total, 1);
    assert_eq!(figures.decisions.len(), 1);
    assert_eq!(figures.decisions[0].analyst, demo.profile.agent_email);
    assert_eq!(figures.analysts, vec![demo.profile.agent_email.clone()]);
    assert_eq!(figures.time_to_decision.timed, 1);
    assert_eq!(figures.time_to_decision.untimed, 0);
    // From the span's start to the decision, written before `sent`.
    let waited = i64::from(figures.time_to_decision.median_seconds.expect("a median"));
    assert!(
        waited <= (sent - span.since).num_seconds()
            && waited >= (sent - span.since).num_seconds() - 60,
        "waited {waited} s since {}",
        span.since
    );
    assert_eq!(
        figures.time_to_decision.p90_seconds,
        figures.time_to_decision.median_seconds
    );
    assert_eq!(
        figures.sla.within + figures.sla.breached,
        1,
        "{:?}",
        figures.sla
    );
    assert_eq!(figures.sla.unmeasured, 0);
    assert_eq!(figures.reasons.rejected_sections, 1);
    assert_eq!(
        figures.reasons.top[0].reason,
        "La identificación está vencida"
    );

    let tomorrow = (chrono::Utc::now() + chrono::Duration::days(2))
        .format("%Y-%m-%d")
        .to_string();
    let later = DashboardQuery {
        from: Some(tomorrow),
        ..DashboardQuery::default()
    };
    let none = demo.desk.dashboard(&later).await.expect("the dashboard");
    assert_eq!(none.decisions_total, 0);
    assert_eq!(none.analysts, figures.analysts, "the choices stay");

    // Another profile of the same desk has its own figures.
    let other = demo
        .desk
        .save_profile(kyb_desk_core::profiles::ProfileInput {
            id: None,
            name: "Otro perfil".into(),
            ..common::in_team(&demo.profile, "otra@kyb.mx", None)
        })
        .expect("another profile");
    demo.desk.activate_profile(&other.id).expect("switched");
    let theirs = demo.desk.dashboard(&all).await.expect("the dashboard");
    assert_eq!(theirs.decisions_total, 0);
    assert!(theirs.analysts.is_empty(), "{:?}", theirs.analysts);
    demo.desk
        .activate_profile(&demo.profile.id)
        .expect("switched back");

    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("tablero.csv");
    let rows = demo
        .desk
        .export_dashboard_csv(&all, &path)
        .await
        .expect("exported");
    let text = std::fs::read_to_string(&path).expect("the CSV is where it was asked");
    assert_eq!(
        text.lines().count(),
        rows as usize + 1,
        "a header and the rows"
    );
    assert!(text.contains("decisiones_total,,,1"), "{text}");
    assert!(
        text.contains("motivo_de_rechazo,La identificación está vencida,,1"),
        "{text}"
    );
}

use chrono::{DateTime, NaiveDate, Utc};
use kyb_api::file::StatusCategory::{self, *};

use super::*;
use crate::recovery::{RecordKind, Recoveries};

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("an instant")
        .with_timezone(&Utc)
}

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("a date")
}

fn spans(list: &[(StatusCategory, &str)]) -> Vec<StatusSpan> {
    list.iter()
        .map(|&(category, since)| StatusSpan {
            category,
            since: at(since),
        })
        .collect()
}

#[test]
fn holidays_2025_to_2030_follow_article_74() {
    // Year, the three movable Mondays (month, day), and whether power is handed over.
    type Year = (i32, [(u32, u32); 3], bool);
    let expected: [Year; 6] = [
        (2025, [(2, 3), (3, 17), (11, 17)], false),
        (2026, [(2, 2), (3, 16), (11, 16)], false),
        (2027, [(2, 1), (3, 15), (11, 15)], false),
        (2028, [(2, 7), (3, 20), (11, 20)], false),
        (2029, [(2, 5), (3, 19), (11, 19)], false),
        (2030, [(2, 4), (3, 18), (11, 18)], true),
    ];
    for (year, mondays, transfer) in expected {
        let mut want = vec![
            day(year, 1, 1),
            day(year, mondays[0].0, mondays[0].1),
            day(year, mondays[1].0, mondays[1].1),
            day(year, 5, 1),
            day(year, 9, 16),
            day(year, mondays[2].0, mondays[2].1),
            day(year, 12, 25),
        ];
        if transfer {
            want.insert(5, day(year, 10, 1));
        }
        assert_eq!(mexico_holidays(year), want, "{year}");
    }
}

#[test]
fn the_transfer_of_power_moved_from_december_to_october() {
    assert!(mexico_holidays(2024).contains(&day(2024, 10, 1)));
    assert!(!mexico_holidays(2024).contains(&day(2024, 12, 1)));
    assert!(mexico_holidays(2018).contains(&day(2018, 12, 1)));
    assert!(!mexico_holidays(2018).contains(&day(2018, 10, 1)));
    assert!(mexico_holidays(2036).contains(&day(2036, 10, 1)));
    assert_eq!(mexico_holidays(2031).len(), 7);
}

#[test]
fn business_minutes_skip_the_weekend_and_a_holiday() {
    let calendar = BusinessCalendar::default();
    // Friday 16:00 to Monday 11:00 in Mexico City: 2 h on Friday, 2 h on Monday.
    let minutes = calendar.business_minutes(at("2025-06-06T22:00:00Z"), at("2025-06-09T17:00:00Z"));
    assert_eq!(minutes, 240);
    // Monday 17 March 2025 is the third Monday of March: nothing counts.
    let holiday = calendar.business_minutes(at("2025-03-17T15:00:00Z"), at("2025-03-17T23:00:00Z"));
    assert_eq!(holiday, 0);
    let off = BusinessCalendar {
        statutory_holidays: false,
        ..BusinessCalendar::default()
    };
    assert_eq!(
        off.business_minutes(at("2025-03-17T15:00:00Z"), at("2025-03-17T23:00:00Z")),
        480
    );
}

#[test]
fn the_due_instant_crosses_the_weekend() {
    let calendar = BusinessCalendar::default();
    // Friday 17:00 local plus 2 business hours: Monday 10:00 local.
    assert_eq!(
        calendar.after_business_minutes(at("2025-06-06T23:00:00Z"), 120),
        Some(at("2025-06-09T16:00:00Z"))
    );
    // Saturday, no time: the next opening.
    assert_eq!(
        calendar.after_business_minutes(at("2025-06-07T18:00:00Z"), 0),
        Some(at("2025-06-09T15:00:00Z"))
    );
}

#[test]
fn a_clock_across_a_weekend_runs_on_time() {
    let policy = SlaPolicy::default();
    let file = spans(&[
        (Entering, "2025-06-01T10:00:00Z"),
        (Queued, "2025-06-06T22:00:00Z"),
    ]);
    let clock = clock(&policy, &file, at("2025-06-09T17:00:00Z"));
    assert_eq!(clock.state, SlaState::OnTime);
    assert_eq!(clock.target_minutes, Some(480));
    assert_eq!(clock.elapsed_minutes, 240);
    assert_eq!(clock.remaining_minutes, Some(240));
    assert_eq!(clock.due_at, Some(at("2025-06-09T21:00:00Z")));
}

#[test]
fn a_holiday_a_company_day_off_and_a_pause_do_not_count() {
    let mut policy = SlaPolicy::default();
    // Monday 15 September 2025 off for the company; the 16th is a statutory holiday.
    policy.calendar.days_off = vec![day(2025, 9, 15)];
    // Pendiente from Friday 17:00: 1 h on Friday, then Wednesday 9:00–10:00 before the
    // correction request; back to Pendiente on Thursday at 9:00.
    let mut file = spans(&[
        (Queued, "2025-09-12T23:00:00Z"),
        (WithUser, "2025-09-17T16:00:00Z"),
    ]);
    let paused = clock(&policy, &file, at("2025-09-17T21:00:00Z"));
    assert_eq!(paused.state, SlaState::Paused);
    assert_eq!(paused.elapsed_minutes, 120);
    assert_eq!(paused.due_at, None);

    file.push(StatusSpan {
        category: Queued,
        since: at("2025-09-18T15:00:00Z"),
    });
    let running = clock(&policy, &file, at("2025-09-18T18:00:00Z"));
    assert_eq!(
        running.elapsed_minutes, 300,
        "the pause neither counts nor resets"
    );
    assert_eq!(running.state, SlaState::OnTime);
    assert_eq!(running.due_at, Some(at("2025-09-18T21:00:00Z")));

    // Without the company's day off, Monday would count and the file would be late.
    let without = SlaPolicy::default();
    assert_eq!(
        clock(&without, &file, at("2025-09-18T18:00:00Z")).state,
        SlaState::Breached
    );
}

#[test]
fn another_running_status_starts_a_new_clock() {
    let policy = SlaPolicy::default();
    let file = spans(&[
        (Queued, "2025-06-02T15:00:00Z"),
        (InReview, "2025-06-02T16:00:00Z"),
        (Queued, "2025-06-02T17:00:00Z"),
    ]);
    let clock_now = clock(&policy, &file, at("2025-06-02T18:00:00Z"));
    assert_eq!(clock_now.elapsed_minutes, 60);
    // En Revisión, corrección, En Revisión: both reviews count.
    let reviewed = spans(&[
        (InReview, "2025-06-02T15:00:00Z"),
        (WithUser, "2025-06-02T16:00:00Z"),
        (InReview, "2025-06-02T17:00:00Z"),
    ]);
    let review = clock(&policy, &reviewed, at("2025-06-02T18:00:00Z"));
    assert_eq!(review.elapsed_minutes, 120);
    assert_eq!(review.target_minutes, Some(16 * 60));
}

#[test]
fn at_risk_then_breached_with_the_instant_it_was_due() {
    let policy = SlaPolicy::default();
    let file = spans(&[(Queued, "2025-06-02T15:00:00Z")]);
    let risk = clock(&policy, &file, at("2025-06-02T21:30:00Z"));
    assert_eq!(
        (risk.state, risk.remaining_minutes),
        (SlaState::AtRisk, Some(90))
    );
    let late = clock(&policy, &file, at("2025-06-03T18:00:00Z"));
    assert_eq!(late.state, SlaState::Breached);
    assert_eq!(late.remaining_minutes, Some(-240));
    assert_eq!(late.due_at, Some(at("2025-06-02T23:00:00Z")));
}

#[test]
fn final_unknown_and_empty() {
    let policy = SlaPolicy::default();
    let now = at("2025-06-03T18:00:00Z");
    let done = spans(&[
        (Queued, "2025-06-02T15:00:00Z"),
        (Approved, "2025-06-02T16:00:00Z"),
    ]);
    assert_eq!(clock(&policy, &done, now).state, SlaState::Stopped);
    let odd = spans(&[(Unknown, "2025-06-02T15:00:00Z")]);
    assert_eq!(clock(&policy, &odd, now).state, SlaState::Breached);
    assert_eq!(clock(&policy, &[], now).state, SlaState::None);
    let entering = spans(&[(Entering, "2025-06-02T15:00:00Z")]);
    assert_eq!(clock(&policy, &entering, now).state, SlaState::Paused);
    let mut untargeted = SlaPolicy::default();
    untargeted.targets.queued_hours = None;
    let queued = spans(&[(Queued, "2025-06-02T15:00:00Z")]);
    assert_eq!(clock(&untargeted, &queued, now).state, SlaState::None);
}

#[test]
fn round_the_clock_counts_wall_time() {
    let policy = SlaPolicy {
        calendar: BusinessCalendar {
            working_days: (1..=7).collect(),
            opens_at_minute: 0,
            closes_at_minute: calendar::DAY_MINUTES,
            statutory_holidays: false,
            ..BusinessCalendar::default()
        },
        targets: SlaTargets {
            queued_hours: Some(1),
            at_risk_hours: 1,
            ..SlaTargets::default()
        },
    };
    assert!(policy.problems().is_empty());
    // Saturday 25 December 2027 to Sunday: 25 hours.
    let minutes = policy
        .calendar
        .business_minutes(at("2027-12-25T05:00:00Z"), at("2027-12-26T06:00:00Z"));
    assert_eq!(minutes, 25 * 60);
    let file = spans(&[(Queued, "2027-12-25T05:00:00Z")]);
    let soon = clock(&policy, &file, at("2027-12-25T05:10:00Z"));
    assert_eq!(soon.state, SlaState::AtRisk);
    assert_eq!(soon.due_at, Some(at("2027-12-25T06:00:00Z")));
}

#[test]
fn bounds_are_refused_field_by_field() {
    assert!(SlaPolicy::default().problems().is_empty());
    let fields = |policy: SlaPolicy| -> Vec<String> {
        policy.problems().into_iter().map(|f| f.field).collect()
    };
    let mut bad = SlaPolicy::default();
    bad.targets.queued_hours = Some(0);
    bad.targets.in_review_hours = Some(targets::MAX_TARGET_HOURS + 1);
    bad.targets.at_risk_hours = targets::MAX_AT_RISK_HOURS + 1;
    assert_eq!(fields(bad), ["queuedHours", "inReviewHours", "atRiskHours"]);
    for (calendar, field) in [
        (
            BusinessCalendar {
                working_days: vec![],
                ..Default::default()
            },
            "workingDays",
        ),
        (
            BusinessCalendar {
                working_days: vec![1, 8],
                ..Default::default()
            },
            "workingDays",
        ),
        (
            BusinessCalendar {
                working_days: vec![1, 1],
                ..Default::default()
            },
            "workingDays",
        ),
        (
            BusinessCalendar {
                opens_at_minute: 600,
                closes_at_minute: 600,
                ..Default::default()
            },
            "closesAtMinute",
        ),
        (
            BusinessCalendar {
                closes_at_minute: 1441,
                ..Default::default()
            },
            "closesAtMinute",
        ),
        (
            BusinessCalendar {
                utc_offset_minutes: 15 * 60,
                ..Default::default()
            },
            "utcOffsetMinutes",
        ),
        (
            BusinessCalendar {
                days_off: vec![day(2025, 1, 2); 367],
                ..Default::default()
            },
            "daysOff",
        ),
    ] {
        let policy = SlaPolicy {
            calendar,
            ..SlaPolicy::default()
        };
        assert_eq!(fields(policy.clone()), [field]);
        assert!(policy.validated().is_err());
    }
}

#[test]
fn the_local_policy_is_kept_and_an_unreadable_one_set_aside() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let recoveries = Recoveries::default();
    let store = policy_store::PolicyStore::new(dir.path().join("sla"), recoveries.clone());
    assert_eq!(store.get("p1").expect("read"), SlaPolicy::default());
    let mut policy = SlaPolicy::default();
    policy.targets.queued_hours = Some(4);
    policy.calendar.days_off = vec![day(2025, 12, 12), day(2025, 11, 2), day(2025, 12, 12)];
    let kept = store.set("p1", policy).expect("kept");
    assert_eq!(
        kept.calendar.days_off,
        [day(2025, 11, 2), day(2025, 12, 12)]
    );
    assert_eq!(store.get("p1").expect("read"), kept);
    assert_eq!(store.get("p2").expect("read"), SlaPolicy::default());

    let mut refused = kept.clone();
    refused.targets.queued_hours = Some(0);
    assert!(store.set("p1", refused).is_err());
    assert_eq!(store.get("p1").expect("read"), kept, "nothing written");

    std::fs::write(dir.path().join("sla/p1.json"), b"{not json").expect("written");
    assert_eq!(store.get("p1").expect("read"), SlaPolicy::default());
    let announced = recoveries.all();
    assert_eq!(announced.len(), 1);
    assert_eq!(announced[0].kind, RecordKind::SlaPolicy);
}

#[test]
fn a_local_policy_out_of_bounds_is_set_aside_once_and_announced() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let recoveries = Recoveries::default();
    let store = policy_store::PolicyStore::new(dir.path().join("sla"), recoveries.clone());
    let mut policy = SlaPolicy::default();
    policy.targets.queued_hours = Some(4);
    let kept = store.set("p1", policy).expect("kept");
    // Parses, but a target of 0 h is one the desk refuses (written by hand, say).
    let mut text = serde_json::to_value(&kept).expect("JSON");
    text["targets"]["queuedHours"] = serde_json::json!(0);
    let path = dir.path().join("sla/p1.json");
    std::fs::write(&path, text.to_string()).expect("written");
    assert_eq!(store.get("p1").expect("read"), SlaPolicy::default());
    assert!(
        !path.exists(),
        "set aside, not read again at the next minute"
    );
    let announced = recoveries.all();
    assert_eq!(announced.len(), 1);
    assert_eq!(announced[0].kind, RecordKind::SlaPolicy);
    assert!(
        announced[0].reason.contains("out of bounds"),
        "{announced:?}"
    );
    let aside = std::fs::read_to_string(&announced[0].set_aside_as).expect("kept whole");
    assert_eq!(aside, text.to_string());
    assert_eq!(store.get("p1").expect("read"), SlaPolicy::default());
    assert_eq!(recoveries.all().len(), 1, "announced once");
}

//! The clock against what a hostile or broken source can give it: instants of year 1
//! (the service's unset instant) or far in the future, spans out of order, and
//! calendars at their bounds. Every count ends, and the counted time is the one a walk
//! of every day would give.

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use kyb_api::file::StatusCategory;

use super::calendar::{DAY_MINUTES, MAX_DAYS_OFF};
use super::*;

/// Business seconds by walking every day: the rule, written plainly, to compare with.
fn walked(calendar: &BusinessCalendar, from: DateTime<Utc>, to: DateTime<Utc>) -> i64 {
    let offset = Duration::minutes(i64::from(calendar.utc_offset_minutes));
    let (from, to) = (from.naive_utc() + offset, to.naive_utc() + offset);
    let mut total = 0;
    let mut day = from.date();
    while day <= to.date() {
        let weekday = chrono::Datelike::weekday(&day).number_from_monday() as u8;
        let closed = !calendar.working_days.contains(&weekday)
            || calendar.days_off.contains(&day)
            || (calendar.statutory_holidays
                && mexico_holidays(chrono::Datelike::year(&day)).contains(&day));
        if !closed {
            let at = |m: u16| day.and_time(NaiveTime::MIN) + Duration::minutes(i64::from(m));
            let start = at(calendar.opens_at_minute).max(from);
            let end = at(calendar.closes_at_minute).min(to);
            total += (end - start).num_seconds().max(0);
        }
        day = day.succ_opt().expect("a next day");
    }
    total
}

/// A small deterministic generator: the same cases on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below
    }
}

#[test]
fn counted_time_is_the_walked_time_for_any_calendar_and_span() {
    let mut rng = Lcg(32);
    let base = DateTime::parse_from_rfc3339("2024-12-20T00:00:00Z")
        .expect("an instant")
        .with_timezone(&Utc);
    for _ in 0..400 {
        let opens = u16::try_from(rng.next(24 * 60)).expect("small");
        let closes =
            opens + 1 + u16::try_from(rng.next(u64::from(DAY_MINUTES - opens))).expect("small");
        let mut working_days: Vec<u8> = (1..=7).filter(|_| rng.next(3) > 0).collect();
        if working_days.is_empty() {
            working_days.push(3);
        }
        let days_off = (0..rng.next(20))
            .map(|_| {
                NaiveDate::from_ymd_opt(2025, 1, 1).expect("a date")
                    + Duration::days(i64::try_from(rng.next(800)).expect("small"))
            })
            .collect();
        let calendar = BusinessCalendar {
            working_days,
            opens_at_minute: opens,
            closes_at_minute: closes,
            utc_offset_minutes: i16::try_from(rng.next(28 * 60 + 1)).expect("small") - 14 * 60,
            statutory_holidays: rng.next(2) == 0,
            days_off,
        };
        let from = base + Duration::minutes(i64::try_from(rng.next(60 * 24 * 400)).expect("small"));
        let to = from + Duration::minutes(i64::try_from(rng.next(60 * 24 * 900)).expect("small"));
        assert_eq!(
            calendar.business_seconds(from, to),
            walked(&calendar, from, to),
            "{calendar:?} from {from} to {to}"
        );
    }
}

#[test]
fn a_span_from_year_one_or_to_the_last_year_is_counted_in_whole_years() {
    let calendar = BusinessCalendar {
        days_off: (0..MAX_DAYS_OFF)
            .map(|d| {
                NaiveDate::from_ymd_opt(2025, 1, 1).expect("a date")
                    + Duration::days(i64::try_from(d).expect("small"))
            })
            .collect(),
        ..BusinessCalendar::default()
    };
    let unset = at("0001-01-01T00:00:00Z");
    let last = at("9999-12-31T23:59:59Z");
    // Thousands of years of days, each looked up among 366 days off, took seconds a
    // clock; the board reads thousands of clocks each minute. Counted, it is immediate,
    // and a year's working time is what it is.
    let all = calendar.business_seconds(unset, last);
    let one_year = walked(
        &calendar,
        at("2030-01-01T06:00:00Z"),
        at("2031-01-01T06:00:00Z"),
    );
    assert!(all > one_year * 9_000, "{all} against {one_year} a year");
    let mut many = Vec::new();
    for _ in 0..2_000 {
        many.push(StatusSpan {
            category: StatusCategory::Queued,
            since: unset,
        });
    }
    let policy = SlaPolicy {
        calendar,
        ..SlaPolicy::default()
    };
    let clock = clock(&policy, &many, last);
    assert_eq!(clock.state, SlaState::Breached);
}

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .expect("an instant")
        .with_timezone(&Utc)
}

#[test]
fn spans_out_of_order_or_ahead_of_now_count_no_time_twice_nor_backwards() {
    let policy = SlaPolicy::default();
    let now = at("2025-06-04T18:00:00Z");
    let ordered = [
        StatusSpan {
            category: StatusCategory::Queued,
            since: at("2025-06-02T15:00:00Z"),
        },
        StatusSpan {
            category: StatusCategory::Queued,
            since: at("2025-06-03T15:00:00Z"),
        },
    ];
    let reversed = [ordered[1].clone(), ordered[0].clone()];
    let from_first = clock(&policy, &ordered[..1], now).elapsed_minutes;
    for spans in [&ordered[..], &reversed[..]] {
        let elapsed = clock(&policy, spans, now).elapsed_minutes;
        assert!((0..=from_first).contains(&elapsed), "{elapsed}");
    }
    let ahead = [StatusSpan {
        category: StatusCategory::Queued,
        since: at("2999-01-01T00:00:00Z"),
    }];
    let clock = clock(&policy, &ahead, now);
    assert_eq!(clock.elapsed_minutes, 0);
    assert_eq!(clock.remaining_minutes, Some(8 * 60));
}

#[test]
fn a_target_at_its_bound_and_a_calendar_of_one_minute_a_week_end() {
    let mut policy = SlaPolicy::default();
    policy.targets.queued_hours = Some(targets::MAX_TARGET_HOURS);
    policy.calendar.working_days = vec![7];
    policy.calendar.opens_at_minute = 0;
    policy.calendar.closes_at_minute = 1;
    policy.calendar.utc_offset_minutes = 14 * 60;
    let since = at("2025-06-02T15:00:00Z");
    let spans = [StatusSpan {
        category: StatusCategory::Queued,
        since,
    }];
    // 43,200 minutes at one a week: beyond the ten years a due instant is looked for.
    let clock = clock(&policy, &spans, at("2026-06-02T15:00:00Z"));
    assert_eq!(clock.state, SlaState::OnTime);
    assert_eq!(clock.due_at, None);
    assert!(policy.validated().is_ok(), "a calendar the desk keeps");
    let mut none = SlaPolicy::default();
    none.calendar.closes_at_minute = none.calendar.opens_at_minute;
    assert_eq!(
        none.calendar
            .business_seconds(since, at("2030-01-01T00:00:00Z")),
        0
    );
    assert_eq!(none.calendar.after_business_seconds(since, 60), None);
}

//! The business calendar the SLA clocks count in: working weekdays, opening hours, a
//! fixed UTC offset, Mexico's statutory days of rest and the company's own days off.

use std::collections::{BTreeSet, HashMap};

use chrono::{Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Weekday};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{Failure, Rule};

/// Minutes in a day: a closing time of 24:00 is written as this.
pub const DAY_MINUTES: u16 = 24 * 60;
/// At most this many company days off: a year's worth, so that one form stays readable.
pub const MAX_DAYS_OFF: usize = 366;
/// The furthest a clock looks ahead for working time (a due instant): ten years.
const HORIZON_DAYS: i64 = 3_660;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
pub struct BusinessCalendar {
    /// ISO weekdays the office works: 1 is Monday, 7 is Sunday.
    pub working_days: Vec<u8>,
    /// Opening time, in minutes after local midnight.
    pub opens_at_minute: u16,
    /// Closing time, in minutes after local midnight (1440: open until midnight).
    pub closes_at_minute: u16,
    /// The office's offset from UTC, in minutes. Mexico City has kept no summer time
    /// since October 2022 (Ley de los Husos Horarios, 2022), so a fixed −06:00 is its
    /// time all year and the desk needs no time-zone database.
    pub utc_offset_minutes: i16,
    /// Whether the days of rest of the Ley Federal del Trabajo ([`mexico_holidays`])
    /// are off. A round-the-clock desk turns them off.
    pub statutory_holidays: bool,
    /// The company's own days off (local dates). Election days (LFT art. 74,
    /// fraction IX) are set by each electoral law for each election, so they go here.
    #[ts(as = "Vec<String>")]
    pub days_off: Vec<NaiveDate>,
}

impl Default for BusinessCalendar {
    fn default() -> Self {
        Self {
            working_days: vec![1, 2, 3, 4, 5],
            opens_at_minute: 9 * 60,
            closes_at_minute: 18 * 60,
            utc_offset_minutes: -6 * 60,
            statutory_holidays: true,
            days_off: Vec::new(),
        }
    }
}

/// Mexico's days of rest of a year, Ley Federal del Trabajo art. 74 (as reformed in
/// 2006 for the movable Mondays and in 2024 for the day of the transfer of power):
/// January 1; the first Monday of February; the third Monday of March; May 1;
/// September 16; the third Monday of November; December 25; and, every six years, the
/// day the federal executive is handed over: October 1 from 2024 on (2024, 2030, …),
/// December 1 in the years before (2018, 2012, …). In date order.
pub fn mexico_holidays(year: i32) -> Vec<NaiveDate> {
    let fixed = |month, day| NaiveDate::from_ymd_opt(year, month, day);
    let monday = |month, n| NaiveDate::from_weekday_of_month_opt(year, month, Weekday::Mon, n);
    let transfer = if year >= 2024 && (year - 2024) % 6 == 0 {
        fixed(10, 1)
    } else if year < 2024 && (2024 - year) % 6 == 0 {
        fixed(12, 1)
    } else {
        None
    };
    let mut days: Vec<NaiveDate> = [
        fixed(1, 1),
        monday(2, 1),
        monday(3, 3),
        fixed(5, 1),
        fixed(9, 16),
        monday(11, 3),
        transfer,
        fixed(12, 25),
    ]
    .into_iter()
    .flatten()
    .collect();
    days.sort_unstable();
    days
}

impl BusinessCalendar {
    /// What is wrong with the calendar, field by field (none: it can be kept).
    pub fn problems(&self) -> Vec<Failure> {
        let mut found = Vec::new();
        if self.working_days.is_empty() {
            found.push(Failure::new("workingDays", Rule::Required));
        } else if self.working_days.iter().any(|d| !(1..=7).contains(d)) {
            found.push(Failure::new("workingDays", Rule::Invalid));
        } else if (1..self.working_days.len())
            .any(|i| self.working_days[..i].contains(&self.working_days[i]))
        {
            found.push(Failure::new("workingDays", Rule::Repeated));
        }
        if self.closes_at_minute > DAY_MINUTES || self.opens_at_minute >= self.closes_at_minute {
            found.push(Failure::new("closesAtMinute", Rule::Invalid));
        }
        if !(-14 * 60..=14 * 60).contains(&self.utc_offset_minutes) {
            found.push(Failure::new("utcOffsetMinutes", Rule::Invalid));
        }
        if self.days_off.len() > MAX_DAYS_OFF {
            let mut failure = Failure::new("daysOff", Rule::TooMany);
            failure.limit = Some(MAX_DAYS_OFF as u32);
            found.push(failure);
        }
        found
    }

    fn offset(&self) -> Duration {
        Duration::minutes(i64::from(self.utc_offset_minutes))
    }

    /// Local wall time of an instant.
    fn local(&self, at: chrono::DateTime<chrono::Utc>) -> NaiveDateTime {
        at.naive_utc() + self.offset()
    }

    fn instant(&self, local: NaiveDateTime) -> chrono::DateTime<chrono::Utc> {
        (local - self.offset()).and_utc()
    }

    /// The working window of a local date: `None` on a day the office does not open.
    fn window(
        &self,
        day: NaiveDate,
        closed: &mut Closed,
    ) -> Option<(NaiveDateTime, NaiveDateTime)> {
        if closed.is_closed(self, day) {
            return None;
        }
        let at = |minute: u16| day.and_time(NaiveTime::MIN) + Duration::minutes(i64::from(minute));
        Some((at(self.opens_at_minute), at(self.closes_at_minute)))
    }

    /// Business seconds between two instants (none when `to` is not after `from`).
    ///
    /// The first and last days are counted from their windows; the whole days between
    /// are counted, not walked (the working weekdays in the range, less the days off and
    /// holidays among them), so a span from year 1 (the service's unset instant) costs
    /// its years' holidays, not its days.
    pub fn business_seconds(
        &self,
        from: chrono::DateTime<chrono::Utc>,
        to: chrono::DateTime<chrono::Utc>,
    ) -> i64 {
        if to <= from {
            return 0;
        }
        let (from, to) = (self.local(from), self.local(to));
        let mut closed = Closed::new(self);
        let mut part = |day: NaiveDate| {
            self.window(day, &mut closed).map_or(0, |(open, close)| {
                (close.min(to) - open.max(from)).num_seconds().max(0)
            })
        };
        let (first, last) = (from.date(), to.date());
        let mut total = part(first);
        if last > first {
            total += part(last);
        }
        if let (Some(after), Some(before)) = (first.succ_opt(), last.pred_opt())
            && after <= before
        {
            let day = i64::from(self.closes_at_minute.saturating_sub(self.opens_at_minute)) * 60;
            total += self.open_days(after, before) * day;
        }
        total
    }

    /// The days from `first` to `last` (both included) the office opens.
    fn open_days(&self, first: NaiveDate, last: NaiveDate) -> i64 {
        let days = (last - first).num_days() + 1;
        let start = i64::from(first.weekday().num_days_from_monday());
        let weekdays: BTreeSet<u8> = self
            .working_days
            .iter()
            .copied()
            .filter(|d| (1..=7).contains(d))
            .collect();
        let mut open: i64 = weekdays
            .iter()
            .map(|&weekday| {
                let offset = (i64::from(weekday) - 1 - start).rem_euclid(7);
                if offset < days {
                    (days - 1 - offset) / 7 + 1
                } else {
                    0
                }
            })
            .sum();
        let works =
            |day: &NaiveDate| weekdays.contains(&(day.weekday().number_from_monday() as u8));
        let mut shut: BTreeSet<NaiveDate> = self
            .days_off
            .iter()
            .filter(|d| (first..=last).contains(*d) && works(d))
            .copied()
            .collect();
        if self.statutory_holidays {
            for year in first.year()..=last.year() {
                shut.extend(
                    mexico_holidays(year)
                        .into_iter()
                        .filter(|d| (first..=last).contains(d) && works(d)),
                );
            }
        }
        open -= i64::try_from(shut.len()).unwrap_or(i64::MAX);
        open
    }

    /// Business minutes between two instants, whole minutes only.
    pub fn business_minutes(
        &self,
        from: chrono::DateTime<chrono::Utc>,
        to: chrono::DateTime<chrono::Utc>,
    ) -> i64 {
        self.business_seconds(from, to) / 60
    }

    /// The instant `minutes` business minutes after `start` (`start` itself, or the next
    /// opening, for none); `None` when the calendar has no working time in ten years.
    pub fn after_business_minutes(
        &self,
        start: chrono::DateTime<chrono::Utc>,
        minutes: i64,
    ) -> Option<chrono::DateTime<chrono::Utc>> {
        self.after_business_seconds(start, minutes.saturating_mul(60))
    }

    /// [`Self::after_business_minutes`], to the second.
    pub fn after_business_seconds(
        &self,
        start: chrono::DateTime<chrono::Utc>,
        seconds: i64,
    ) -> Option<chrono::DateTime<chrono::Utc>> {
        let from = self.local(start);
        let mut left = Duration::seconds(seconds.max(0));
        let mut closed = Closed::new(self);
        let mut day = from.date();
        for _ in 0..HORIZON_DAYS {
            if let Some((open, close)) = self.window(day, &mut closed) {
                let begin = open.max(from);
                if close > begin {
                    if begin + left <= close {
                        return Some(self.instant(begin + left));
                    }
                    left -= close - begin;
                }
            }
            day = day.succ_opt()?;
        }
        None
    }
}

/// The days a count finds closed: the company's days off (sorted once, then searched)
/// and the statutory days of rest of the years it passes through, each year computed
/// once.
struct Closed {
    days_off: Vec<NaiveDate>,
    holidays: HashMap<i32, Vec<NaiveDate>>,
}

impl Closed {
    fn new(calendar: &BusinessCalendar) -> Self {
        let mut days_off = calendar.days_off.clone();
        days_off.sort_unstable();
        Self {
            days_off,
            holidays: HashMap::new(),
        }
    }

    fn is_closed(&mut self, calendar: &BusinessCalendar, day: NaiveDate) -> bool {
        let weekday = day.weekday().number_from_monday() as u8;
        !calendar.working_days.contains(&weekday)
            || self.days_off.binary_search(&day).is_ok()
            || (calendar.statutory_holidays
                && self
                    .holidays
                    .entry(day.year())
                    .or_insert_with(|| mexico_holidays(day.year()))
                    .contains(&day))
    }
}

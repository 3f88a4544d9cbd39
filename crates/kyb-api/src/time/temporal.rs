//! ISO 8601 as RFC 3339 and Temporal write it: `2026-11-20T10:00:00.123Z`, basic forms
//! (`20261120T100000Z`), a space or `t` before the time, a comma before the fraction,
//! offsets with or without colons (to the second), a leap second read as :59, and
//! RFC 9557 annotations (`[America/Mexico_City]`, `[u-ca=iso8601]`).
//!
//! The grammar and the range (years -9999 to 9999) are those of the `jiff` crate, which
//! read these values before: a value the desk accepted then it accepts now, and only
//! those, so no record already written reads differently.

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, NaiveTime, Utc};

/// The instants a value may name: those whose UTC offset by any valid offset is still
/// a date between years -9999 and 9999.
const MIN_SECOND: i64 = -377_705_023_201;
const MAX_SECOND: i64 = 253_402_207_200;
/// The largest offset, 25:59:59, in seconds.
const MAX_OFFSET: i32 = 93_599;

type Input<'i> = &'i [u8];

/// A date, its time if written, its offset if written.
struct Parts {
    date: NaiveDate,
    time: Option<NaiveTime>,
    offset: Option<Offset>,
}

#[derive(Clone, Copy)]
enum Offset {
    Zulu,
    /// Seconds east of UTC, not yet checked against [`MAX_OFFSET`].
    Seconds(i32),
}

/// An instant: date, time and offset all written, nothing after them.
pub(super) fn timestamp(text: &str) -> Option<DateTime<Utc>> {
    let parts = whole(datetime_parts(text.as_bytes()))?;
    let seconds = match parts.offset? {
        Offset::Zulu => 0,
        Offset::Seconds(s) if s.abs() <= MAX_OFFSET => s,
        Offset::Seconds(_) => return None,
    };
    let local = parts.date.and_time(parts.time?);
    in_range(local.checked_sub_signed(chrono::TimeDelta::seconds(i64::from(seconds)))?)
}

/// A civil date and time (midnight when only the date is written); an offset may be
/// written and is ignored, but not `Z`, which names an instant.
pub(super) fn datetime(text: &str) -> Option<NaiveDateTime> {
    let parts = whole(datetime_parts(text.as_bytes()))?;
    if matches!(parts.offset, Some(Offset::Zulu)) {
        return None;
    }
    Some(parts.date.and_time(parts.time.unwrap_or(NaiveTime::MIN)))
}

/// A civil date, as [`datetime`] reads it, without its time.
pub(super) fn date(text: &str) -> Option<NaiveDate> {
    datetime(text).map(|dt| dt.date())
}

/// A civil time: `10:00`, `T10:00:00`, `100000`, or the time of a date and time.
pub(super) fn time(text: &str) -> Option<NaiveTime> {
    let input = text.as_bytes();
    if let Some(rest) = input
        .strip_prefix(b"T")
        .or_else(|| input.strip_prefix(b"t"))
    {
        let (time, _, rest) = time_spec(rest)?;
        let (offset, rest) = optional_offset(rest)?;
        if matches!(offset, Some(Offset::Zulu)) {
            return None;
        }
        return whole(annotations(rest).map(|rest| (time, rest)));
    }
    if let Some((parts, rest)) = datetime_parts(input) {
        if matches!(parts.offset, Some(Offset::Zulu)) {
            return None;
        }
        return whole(Some((parts.time?, rest)));
    }
    let (time, extended, rest) = time_spec(input)?;
    let (offset, rest) = optional_offset(rest)?;
    if matches!(offset, Some(Offset::Zulu)) {
        return None;
    }
    if !extended {
        // `1130` could be a month and day, `202611` a year and month: not a time.
        let read = &input[..input.len() - rest.len()];
        if month_day(read) || year_month(read) {
            return None;
        }
    }
    whole(annotations(rest).map(|rest| (time, rest)))
}

/// The instant of a civil date and time in UTC, within the range.
pub(super) fn in_range(local: NaiveDateTime) -> Option<DateTime<Utc>> {
    let at = local.and_utc();
    (MIN_SECOND..=MAX_SECOND)
        .contains(&at.timestamp())
        .then_some(at)
}

fn whole<T>(parsed: Option<(T, Input<'_>)>) -> Option<T> {
    parsed.filter(|(_, rest)| rest.is_empty()).map(|(t, _)| t)
}

fn datetime_parts(input: Input<'_>) -> Option<(Parts, Input<'_>)> {
    let (date, input) = date_spec(input)?;
    let (time, offset, input) = match input.split_first() {
        Some((b' ' | b'T' | b't', rest)) => {
            let (time, _, rest) = time_spec(rest)?;
            let (offset, rest) = optional_offset(rest)?;
            (Some(time), offset, rest)
        }
        Some(_) => (None, None, input),
        None => {
            return Some((
                Parts {
                    date,
                    time: None,
                    offset: None,
                },
                input,
            ));
        }
    };
    let input = annotations(input)?;
    Some((Parts { date, time, offset }, input))
}

/// `n` ASCII digits within `range`.
fn number(
    input: Input<'_>,
    n: usize,
    range: std::ops::RangeInclusive<u32>,
) -> Option<(u32, Input<'_>)> {
    if input.len() < n {
        return None;
    }
    let (digits, rest) = input.split_at(n);
    let mut value: u32 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        value = value * 10 + u32::from(d - b'0');
    }
    range.contains(&value).then_some((value, rest))
}

fn year(input: Input<'_>) -> Option<(i32, Input<'_>)> {
    match input.split_first() {
        Some((&sign @ (b'+' | b'-'), rest)) => {
            let (year, rest) = number(rest, 6, 0..=9999)?;
            let year = i32::try_from(year).ok()?;
            match sign {
                b'-' if year == 0 => None,
                b'-' => Some((-year, rest)),
                _ => Some((year, rest)),
            }
        }
        _ => {
            let (year, rest) = number(input, 4, 0..=9999)?;
            Some((i32::try_from(year).ok()?, rest))
        }
    }
}

/// The separator between a date's parts: `-` in the extended form, none in the basic.
fn date_separator(input: Input<'_>, extended: bool) -> Option<Input<'_>> {
    match (extended, input.first()) {
        (true, Some(b'-')) => Some(&input[1..]),
        (true, _) | (false, Some(b'-')) => None,
        (false, _) => Some(input),
    }
}

fn date_spec(input: Input<'_>) -> Option<(NaiveDate, Input<'_>)> {
    let (year, input) = year(input)?;
    let extended = input.starts_with(b"-");
    let input = date_separator(input, extended)?;
    let (month, input) = number(input, 2, 1..=12)?;
    let input = date_separator(input, extended)?;
    let (day, input) = number(input, 2, 1..=31)?;
    Some((NaiveDate::from_ymd_opt(year, month, day)?, input))
}

/// Whether another part of a time follows: `:` in the extended form, two digits in
/// the basic.
fn time_separator(input: Input<'_>, extended: bool) -> (bool, Input<'_>) {
    if extended {
        match input.strip_prefix(b":") {
            Some(rest) => (true, rest),
            None => (false, input),
        }
    } else {
        (
            input.len() >= 2 && input[..2].iter().all(u8::is_ascii_digit),
            input,
        )
    }
}

/// A time of hours, then minutes, then seconds and a fraction, each optional after
/// the hours; whether it was written in the extended form.
fn time_spec(input: Input<'_>) -> Option<(NaiveTime, bool, Input<'_>)> {
    let (hour, input) = number(input, 2, 0..=23)?;
    let extended = input.starts_with(b":");
    let at = |h, m, s, n| NaiveTime::from_hms_nano_opt(h, m, s, n);
    let (has_minute, input) = time_separator(input, extended);
    if !has_minute {
        return Some((at(hour, 0, 0, 0)?, extended, input));
    }
    let (minute, input) = number(input, 2, 0..=59)?;
    let (has_second, input) = time_separator(input, extended);
    if !has_second {
        return Some((at(hour, minute, 0, 0)?, extended, input));
    }
    let (second, input) = number(input, 2, 0..=60)?;
    let (nanos, input) = fraction(input)?;
    Some((
        at(hour, minute, second.min(59), nanos.unwrap_or(0))?,
        extended,
        input,
    ))
}

/// `.` or `,` and one to nine digits, as nanoseconds; nothing if no separator.
fn fraction(input: Input<'_>) -> Option<(Option<u32>, Input<'_>)> {
    let Some(rest) = input
        .strip_prefix(b".")
        .or_else(|| input.strip_prefix(b","))
    else {
        return Some((None, input));
    };
    let digits = rest
        .iter()
        .take(9)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 {
        return None;
    }
    let mut nanos: u32 = 0;
    for &d in &rest[..digits] {
        nanos = nanos * 10 + u32::from(d - b'0');
    }
    Some((Some(nanos * 10u32.pow(9 - digits as u32)), &rest[digits..]))
}

/// An offset after a time: `Z`, or a sign and hours, minutes, seconds and a fraction
/// of a second (rounded to the second). Nothing if none starts here.
fn optional_offset(input: Input<'_>) -> Option<(Option<Offset>, Input<'_>)> {
    match input.first() {
        Some(b'Z' | b'z') => Some((Some(Offset::Zulu), &input[1..])),
        Some(b'+' | b'-') => {
            let (seconds, rest) = numeric_offset(input, true)?;
            Some((Some(Offset::Seconds(seconds)), rest))
        }
        _ => Some((None, input)),
    }
}

/// `±hh`, `±hh:mm`, `±hhmm`, and with `subminute` `±hh:mm:ss[.f]` or `±hhmmss[.f]`.
fn numeric_offset(input: Input<'_>, subminute: bool) -> Option<(i32, Input<'_>)> {
    let (&sign, input) = input.split_first()?;
    let sign = if sign == b'-' { -1 } else { 1 };
    let (hours, input) = number(input, 2, 0..=25)?;
    let mut seconds = i32::try_from(hours * 3600).ok()?;
    let extended = input.starts_with(b":");
    let (has_minutes, input) = time_separator(input, extended);
    if !has_minutes {
        return Some((sign * seconds, input));
    }
    let (minutes, input) = number(input, 2, 0..=59)?;
    seconds += i32::try_from(minutes * 60).ok()?;
    if !subminute {
        return (!input.starts_with(b":")).then_some((sign * seconds, input));
    }
    let (has_seconds, input) = time_separator(input, extended);
    if !has_seconds {
        return Some((sign * seconds, input));
    }
    let (whole, input) = number(input, 2, 0..=59)?;
    seconds += i32::try_from(whole).ok()?;
    let (nanos, input) = fraction(input)?;
    if nanos.is_some_and(|n| n >= 500_000_000) {
        seconds += 1;
    }
    Some((sign * seconds, input))
}

/// RFC 9557 annotations: a time zone first (`[America/Mexico_City]`, `[+05:30]`),
/// then `[key=value]`s. Read and ignored; an unknown one marked critical (`[!…]`) is
/// refused, as RFC 9557 asks.
fn annotations(input: Input<'_>) -> Option<Input<'_>> {
    if !input.starts_with(b"[") {
        return Some(input);
    }
    let mut input = time_zone_annotation(input)?;
    while input.starts_with(b"[") {
        input = annotation(input)?;
    }
    Some(input)
}

fn critical(input: Input<'_>) -> (bool, Input<'_>) {
    match input.strip_prefix(b"!") {
        Some(rest) => (true, rest),
        None => (false, input),
    }
}

fn time_zone_annotation(input: Input<'_>) -> Option<Input<'_>> {
    let whole = input;
    let (_, input) = critical(&input[1..]);
    if input.starts_with(b"+") || input.starts_with(b"-") {
        let (_, input) = numeric_offset(input, false)?;
        return input.strip_prefix(b"]");
    }
    let mut input = time_zone_name(input)?;
    if input.starts_with(b"=") {
        // A key, not a zone: read as an annotation.
        return Some(whole);
    }
    while let Some(rest) = input.strip_prefix(b"/") {
        input = time_zone_name(rest)?;
    }
    input.strip_prefix(b"]")
}

fn time_zone_name(input: Input<'_>) -> Option<Input<'_>> {
    let (first, rest) = input.split_first()?;
    if !matches!(first, b'_' | b'.' | b'A'..=b'Z' | b'a'..=b'z') {
        return None;
    }
    let more = rest
        .iter()
        .take_while(
            |b| matches!(b, b'_' | b'.' | b'+' | b'-' | b'0'..=b'9' | b'A'..=b'Z' | b'a'..=b'z'),
        )
        .count();
    Some(&rest[more..])
}

fn annotation(input: Input<'_>) -> Option<Input<'_>> {
    let (critical, input) = critical(&input[1..]);
    let (first, rest) = input.split_first()?;
    if !matches!(first, b'_' | b'a'..=b'z') {
        return None;
    }
    let key = rest
        .iter()
        .take_while(|b| matches!(b, b'_' | b'-' | b'0'..=b'9' | b'a'..=b'z'))
        .count();
    let mut input = rest[key..].strip_prefix(b"=")?;
    loop {
        let value = input
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        if value == 0 {
            return None;
        }
        input = &input[value..];
        match input.strip_prefix(b"-") {
            Some(rest) => input = rest,
            None => break,
        }
    }
    let input = input.strip_prefix(b"]")?;
    (!critical).then_some(input)
}

/// Whether `read` starts with a month and day (`1130`, `11-30`).
fn month_day(read: Input<'_>) -> bool {
    let Some((month, rest)) = number(read, 2, 1..=12) else {
        return false;
    };
    let rest = rest.strip_prefix(b"-").unwrap_or(rest);
    number(rest, 2, 1..=31)
        .is_some_and(|(day, _)| NaiveDate::from_ymd_opt(2024, month, day).is_some())
}

/// Whether `read` starts with a year and month (`202611`, `2026-11`).
fn year_month(read: Input<'_>) -> bool {
    let Some((_, rest)) = year(read) else {
        return false;
    };
    let rest = rest.strip_prefix(b"-").unwrap_or(rest);
    number(rest, 2, 1..=12).is_some()
}

/// A date as ISO 8601 writes it: `2026-11-20`, a year outside 0 to 9999 in six digits
/// with its sign (`-000005-01-01`).
pub(super) fn write_date(date: NaiveDate, out: &mut impl std::fmt::Write) -> std::fmt::Result {
    let year = date.year();
    if year < 0 {
        write!(out, "-{:06}", year.unsigned_abs())?;
    } else {
        write!(out, "{year:04}")?;
    }
    write!(out, "-{:02}-{:02}", date.month(), date.day())
}

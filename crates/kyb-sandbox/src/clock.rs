//! Timestamps as the service writes them: ISO 8601 in UTC, some with milliseconds and
//! some without (the spec says both occur).

use chrono::{DateTime, FixedOffset, TimeDelta, Utc};

/// What an instant field holds before its event happened (a verification not sent or
/// not completed yet, an enrollment never requested). The spec types these fields as
/// plain ISO 8601 UTC strings, never null, and gives no word for "not yet": the sandbox
/// writes the earliest instant, as a service whose instants are never null (a .NET
/// `DateTime`, judging by its `…AtUtc` names and casing) writes an unset one, so a
/// client meets here what it must read as "not happened".
pub const NOT_YET: &str = "0001-01-01T00:00:00Z";

pub fn now() -> DateTime<Utc> {
    Utc::now()
}

/// `2026-11-22T01:50:07Z`
pub fn iso_seconds(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// [`iso_seconds`] of an instant that may not have happened yet ([`NOT_YET`]).
pub fn iso_seconds_or_not_yet(at: Option<DateTime<Utc>>) -> String {
    at.map_or_else(|| NOT_YET.to_owned(), iso_seconds)
}

/// `2026-11-22T01:50:07.123Z` (the fraction truncated to milliseconds).
pub fn iso_millis(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// Version 2 of the file detail applies `X-timezone-offset`, read as minutes east of
/// UTC (-360 for Mexico City; `kyb_api::client::TIMEZONE_OFFSET_SIGN`): the instant is
/// written in that offset, with the offset suffix; 0, or an offset no zone has, writes
/// UTC with `Z`.
pub fn iso_at_offset(at: DateTime<Utc>, offset_minutes: i32) -> String {
    if offset_minutes == 0 {
        return iso_seconds(at);
    }
    match FixedOffset::east_opt(offset_minutes.saturating_mul(60)) {
        Some(offset) => at
            .with_timezone(&offset)
            .format("%Y-%m-%dT%H:%M:%S%:z")
            .to_string(),
        None => iso_seconds(at),
    }
}

/// Version 1 of the file detail writes dates as DD/MM/YYYY (in UTC).
pub fn dd_mm_yyyy(at: DateTime<Utc>) -> String {
    at.format("%d/%m/%Y").to_string()
}

/// A calendar date, `YYYY-MM-DD`, as document dates are written.
pub fn date(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d").to_string()
}

pub fn minutes_after(at: DateTime<Utc>, minutes: i64) -> DateTime<Utc> {
    TimeDelta::try_minutes(minutes)
        .and_then(|delta| at.checked_add_signed(delta))
        .unwrap_or(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_utc_with_and_without_milliseconds() {
        let at: DateTime<Utc> = "2026-11-22T01:50:07.123956Z"
            .parse()
            .expect("valid timestamp");
        assert_eq!(iso_seconds(at), "2026-11-22T01:50:07Z");
        assert_eq!(iso_millis(at), "2026-11-22T01:50:07.123Z");
        assert_eq!(iso_seconds(minutes_after(at, 90)), "2026-11-22T03:20:07Z");
        assert_eq!(
            iso_seconds(minutes_after(at, -60 * 24)),
            "2026-11-21T01:50:07Z"
        );
        assert_eq!(iso_at_offset(at, -360), "2026-11-21T19:50:07-06:00");
        assert_eq!(iso_at_offset(at, 330), "2026-11-22T07:20:07+05:30");
        assert_eq!(iso_at_offset(at, 0), "2026-11-22T01:50:07Z");
        assert_eq!(dd_mm_yyyy(at), "22/11/2026");
        assert_eq!(date(at), "2026-11-22");
        assert_eq!(iso_seconds_or_not_yet(None), NOT_YET);
        assert_eq!(iso_seconds_or_not_yet(Some(at)), iso_seconds(at));
    }

    #[test]
    fn a_whole_second_keeps_its_three_zero_digits_and_not_yet_is_a_utc_instant() {
        let at: DateTime<Utc> = "2026-11-22T01:50:07Z".parse().expect("valid timestamp");
        assert_eq!(iso_millis(at), "2026-11-22T01:50:07.000Z");
        let never: DateTime<Utc> = NOT_YET.parse().expect("an ISO 8601 UTC instant");
        assert_eq!(iso_seconds(never), NOT_YET);
    }
}

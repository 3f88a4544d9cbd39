//! Timestamps as the service writes them: ISO 8601 in UTC, some with milliseconds and
//! some without (the spec says both occur).

use jiff::tz::{Offset, TimeZone};
use jiff::{Timestamp, ToSpan};

pub fn now() -> Timestamp {
    Timestamp::now()
}

/// `2026-11-22T01:50:07Z`
pub fn iso_seconds(at: Timestamp) -> String {
    at.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// `2026-11-22T01:50:07.123Z`
pub fn iso_millis(at: Timestamp) -> String {
    at.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// Version 2 of the file detail applies `X-timezone-offset`, read as minutes east of
/// UTC (-360 for Mexico City; `kyb_api::client::TIMEZONE_OFFSET_SIGN`): the instant is
/// written in that offset, with the offset suffix; 0, or an offset no zone has, writes
/// UTC with `Z`.
pub fn iso_at_offset(at: Timestamp, offset_minutes: i32) -> String {
    if offset_minutes == 0 {
        return iso_seconds(at);
    }
    match Offset::from_seconds(offset_minutes.saturating_mul(60)) {
        Ok(offset) => at
            .to_zoned(TimeZone::fixed(offset))
            .strftime("%Y-%m-%dT%H:%M:%S%:z")
            .to_string(),
        Err(_) => iso_seconds(at),
    }
}

/// Version 1 of the file detail writes dates as DD/MM/YYYY (in UTC).
pub fn dd_mm_yyyy(at: Timestamp) -> String {
    at.strftime("%d/%m/%Y").to_string()
}

/// A calendar date, `YYYY-MM-DD`, as document dates are written.
pub fn date(at: Timestamp) -> String {
    at.strftime("%Y-%m-%d").to_string()
}

pub fn minutes_after(at: Timestamp, minutes: i64) -> Timestamp {
    at.checked_add(minutes.minutes()).unwrap_or(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_utc_with_and_without_milliseconds() {
        let at: Timestamp = "2026-11-22T01:50:07.123456Z"
            .parse()
            .expect("valid timestamp");
        assert_eq!(iso_seconds(at), "2026-11-22T01:50:07Z");
        assert_eq!(iso_millis(at), "2026-11-22T01:50:07.123Z");
        assert_eq!(iso_seconds(minutes_after(at, 90)), "2026-11-22T03:20:07Z");
        assert_eq!(iso_at_offset(at, -360), "2026-11-21T19:50:07-06:00");
        assert_eq!(iso_at_offset(at, 0), "2026-11-22T01:50:07Z");
        assert_eq!(dd_mm_yyyy(at), "22/11/2026");
        assert_eq!(date(at), "2026-11-22");
    }
}

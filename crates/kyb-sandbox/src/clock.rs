//! Timestamps as the service writes them: ISO 8601 in UTC, some with milliseconds and
//! some without (the spec says both occur).

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
    }
}

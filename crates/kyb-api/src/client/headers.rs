//! The spec's request headers, and which way `X-timezone-offset` counts.

use chrono::FixedOffset;

pub const API_KEY_HEADER: &str = "SERVICE-API-KEY";
pub const WORKSPACE_HEADER: &str = "X-Workspace";
pub const API_VERSION_HEADER: &str = "X-api-version";
pub const TIMEZONE_OFFSET_HEADER: &str = "X-timezone-offset";

/// Which way `X-timezone-offset` counts. The spec gives the header as "integer
/// (minutes)" and no sign convention; the two in use disagree for every zone but UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OffsetSign {
    /// Minutes east of UTC, as ISO 8601 writes offsets: Mexico City (UTC-6) is -360.
    EastOfUtc,
    /// Minutes west of UTC, as JavaScript's `Date.getTimezoneOffset()`: Mexico City is 360.
    WestOfUtc,
}

/// The convention the desk sends, and the sandbox reads. Our decision (see the README,
/// under the decisions where the spec says "not shown"): version 2 writes ISO 8601
/// timestamps, whose offsets count east of UTC. If the service counts west, change
/// this one constant.
pub const TIMEZONE_OFFSET_SIGN: OffsetSign = OffsetSign::EastOfUtc;

impl OffsetSign {
    /// The header's value for a UTC offset, in whole minutes, counted this way.
    pub fn header_value(self, offset: FixedOffset) -> String {
        (self.factor() * offset.local_minus_utc() / 60).to_string()
    }

    /// The minutes east of UTC that a header value counted this way means.
    pub fn minutes_east(self, header_minutes: i32) -> i32 {
        self.factor().saturating_mul(header_minutes)
    }

    fn factor(self) -> i32 {
        match self {
            Self::EastOfUtc => 1,
            Self::WestOfUtc => -1,
        }
    }
}

/// The value of `X-timezone-offset` for the desk's UTC offset, under
/// [`TIMEZONE_OFFSET_SIGN`]: the one place the desk's offset becomes the header.
pub fn timezone_offset_header(offset: FixedOffset) -> String {
    TIMEZONE_OFFSET_SIGN.header_value(offset)
}

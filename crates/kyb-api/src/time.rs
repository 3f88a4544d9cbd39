//! Instants and dates as the service writes them, read tolerantly.
//!
//! The spec: timestamps are ISO 8601 in UTC, "some fields carry milliseconds, some do
//! not"; version 1 of the detail writes dates DD/MM/YYYY, version 2 YYYY-MM-DD. A
//! value none of these readings accepts is kept verbatim rather than failing the
//! whole answer: one odd field must not hide a file from an analyst.

mod http_date;
mod temporal;

use std::fmt;

use chrono::{DateTime, NaiveDate, Timelike, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An instant of a field ending in `AtUtc` (or a version-2 `Fecha…`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum UtcTime {
    At(DateTime<Utc>),
    /// Not an ISO 8601 instant; kept as received.
    Unreadable(String),
}

impl UtcTime {
    /// Reads `2026-11-20T10:00:00Z`, `…00.123Z`, an explicit offset, or no designator
    /// at all (taken as UTC, since the spec says every timestamp is UTC).
    pub fn parse(raw: &str) -> Self {
        parse_instant(raw).map_or_else(|| Self::Unreadable(raw.to_owned()), Self::At)
    }

    pub fn timestamp(&self) -> Option<DateTime<Utc>> {
        match self {
            Self::At(at) => Some(*at),
            Self::Unreadable(_) => None,
        }
    }
}

/// An ISO 8601 instant with its designator (`Z` or an offset), nothing else: what the
/// desk's own records hold.
pub fn parse_timestamp(text: &str) -> Option<DateTime<Utc>> {
    temporal::timestamp(text)
}

/// The text the desk writes for an instant, in its records and its audit: RFC 3339 in
/// UTC with `Z`, and as many digits of the second's fraction as it needs, none when
/// it has none (`2026-11-26T11:08:14Z`, `…14.1234567Z`). Records already written and
/// the audit's chained hashes hold this text, so it never changes.
pub fn instant_text(at: DateTime<Utc>) -> String {
    let mut text = String::with_capacity(30);
    // Writing to a String cannot fail.
    let _ = write_instant(at, &mut text);
    text
}

fn write_instant(at: DateTime<Utc>, out: &mut impl fmt::Write) -> fmt::Result {
    temporal::write_date(at.date_naive(), out)?;
    write!(
        out,
        "T{:02}:{:02}:{:02}",
        at.hour(),
        at.minute(),
        at.second()
    )?;
    let nanos = at.nanosecond() % 1_000_000_000;
    if nanos != 0 {
        let digits = format!("{nanos:09}");
        write!(out, ".{}", digits.trim_end_matches('0'))?;
    }
    out.write_char('Z')
}

fn parse_instant(raw: &str) -> Option<DateTime<Utc>> {
    let text = raw.trim();
    temporal::timestamp(text).or_else(|| temporal::in_range(temporal::datetime(text)?))
}

/// A calendar date: `YYYY-MM-DD` (version 2) or `DD/MM/YYYY` (version 1). A value with
/// a time part keeps only its date.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum WireDate {
    On(NaiveDate),
    Unreadable(String),
}

impl WireDate {
    pub fn parse(raw: &str) -> Self {
        parse_date(raw).map_or_else(|| Self::Unreadable(raw.to_owned()), Self::On)
    }

    pub fn date(&self) -> Option<NaiveDate> {
        match self {
            Self::On(date) => Some(*date),
            Self::Unreadable(_) => None,
        }
    }
}

fn parse_date(raw: &str) -> Option<NaiveDate> {
    let text = raw.trim();
    let (day_part, rest) = match text.find([' ', 'T', 't']) {
        Some(at) => (&text[..at], &text[at + 1..]),
        None => (text, ""),
    };
    // Only a time may follow the date: anything else would be dropped unseen, so the
    // whole value is kept as received instead.
    let time_follows = temporal::time(rest.trim()).is_some() || parse_instant(text).is_some();
    if !rest.is_empty() && !time_follows {
        return None;
    }
    if let Some((day, rest)) = day_part.split_once('/') {
        let (month, year) = rest.split_once('/')?;
        let number = |s: &str| s.trim().parse::<i16>().ok();
        let (day, month, year) = (number(day)?, number(month)?, number(year)?);
        if !(-9999..=9999).contains(&year) {
            return None;
        }
        return NaiveDate::from_ymd_opt(
            i32::from(year),
            u32::try_from(month).ok()?,
            u32::try_from(day).ok()?,
        );
    }
    temporal::date(day_part)
}

/// Reads an HTTP `Retry-After` value: delta-seconds or an HTTP date, relative to `now`.
pub fn retry_after(raw: &str, now: DateTime<Utc>) -> Option<std::time::Duration> {
    let text = raw.trim();
    if let Ok(seconds) = text.parse::<u64>() {
        return Some(std::time::Duration::from_secs(seconds));
    }
    let at = http_date::timestamp(text)?;
    Some((at - now).to_std().unwrap_or_default())
}

impl fmt::Display for UtcTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::At(at) => write_instant(*at, f),
            Self::Unreadable(raw) => f.write_str(raw),
        }
    }
}

impl fmt::Display for WireDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::On(date) => temporal::write_date(*date, f),
            Self::Unreadable(raw) => f.write_str(raw),
        }
    }
}

/// The form of a value no reading accepts (kept verbatim).
pub const UNREADABLE: &str = "unreadable";

/// The form a timestamp or date was written in, without its value: the pattern of its
/// parts (`YYYY-MM-DDThh:mm:ss.fffZ`, `YYYY-MM-DDThh:mm:ss±hh:mm`, `DD/MM/YYYY`), or
/// `unreadable`. What [`crate::drift`] counts, so production's forms can be learnt
/// without keeping a single date.
pub fn form_of(raw: &str) -> String {
    let text = raw.trim();
    if parse_instant(text).is_none() && parse_date(text).is_none() {
        return UNREADABLE.to_owned();
    }
    let (date, time) = match text.find(['T', 't', ' ']) {
        Some(at) => text.split_at(at),
        None => (text, ""),
    };
    let letters: &[char] = if date.contains('/') {
        &['D', 'M', 'Y']
    } else {
        &['Y', 'M', 'D']
    };
    let mut form = pattern(date, ['-', '/'], letters);
    if let Some(separator) = time.chars().next() {
        form.push(separator.to_ascii_uppercase());
        let time = &time[separator.len_utf8()..];
        let (clock, designator) = match time.find(['+', '-', 'Z', 'z']) {
            Some(at) => time.split_at(at),
            None => (time, ""),
        };
        let (whole, fraction) = clock
            .split_once('.')
            .map_or((clock, None), |(w, f)| (w, Some(f)));
        form.push_str(&pattern(whole, [':', ':'], &['h', 'm', 's']));
        if let Some(fraction) = fraction {
            form.push('.');
            form.push_str(&"f".repeat(fraction.chars().count()));
        }
        match designator.chars().next() {
            Some('Z' | 'z') => form.push('Z'),
            Some(sign) => {
                form.push(sign);
                let offset = &designator[1..];
                if offset.contains(':') {
                    form.push_str(&pattern(offset, [':', ':'], &['h', 'm']));
                } else {
                    form.push_str("hh");
                    form.push_str(&"m".repeat(offset.len().saturating_sub(2)));
                }
            }
            None => {}
        }
    }
    // Anything else the value holds (a note, a name after the date) is not a form:
    // the pattern stops there, so no letter of it is kept.
    match form.find(FOREIGN) {
        Some(at) => format!("{}…", &form[..at]),
        None => form,
    }
}

/// Stands in [`pattern`] for a character that is neither a digit nor a separator.
const FOREIGN: char = '\u{1}';

/// Each digit replaced by the letter of its part; parts are split at `separators`.
/// Any other character (a letter, say) becomes [`FOREIGN`].
fn pattern(text: &str, separators: [char; 2], letters: &[char]) -> String {
    let mut part = 0;
    text.chars()
        .map(|c| {
            if separators.contains(&c) {
                part += 1;
                c
            } else if c.is_ascii_digit() {
                letters.get(part).copied().unwrap_or('?')
            } else if c == ',' {
                c
            } else {
                FOREIGN
            }
        })
        .collect()
}

/// The day a service whose instants are never null writes for an event that has not
/// happened: .NET's `DateTime.MinValue`, `0001-01-01T00:00:00`, is what it writes for
/// a date it never set (the sandbox's `NOT_YET`), and the spec types `SentAtUtc`,
/// `CompletedAtUtc`, a person's `EnrollmentRequestAtUtc` and others as plain strings.
const UNSET_DAY: NaiveDate = NaiveDate::from_ymd_opt(1, 1, 1).expect("1 January of year 1");

/// Whether a value names the unset instant rather than an event: its date, as written,
/// is 1 January of year 1, with any time, fraction or designator (`MinValue` written
/// with an offset, or turned to UTC west of Greenwich, `0001-01-01T06:00:00Z`), in
/// either version's writing. No event of a file happened that day, so nothing is lost.
pub fn is_unset(raw: &str) -> bool {
    parse_date(raw) == Some(UNSET_DAY)
}

/// The form noted for [`crate::drift`] of a value read as [`is_unset`]: the marker,
/// then its form (`not happened: YYYY-MM-DDThh:mm:ssZ`).
pub const NOT_HAPPENED: &str = "not happened";

/// Read from an answer: text parsed as above (its form noted for [`crate::drift`]); a
/// number is kept verbatim as unreadable; null or another shape is missing, and so is
/// the unset instant ([`is_unset`]): "not happened yet" has one representation,
/// whichever of null, absence or `0001-01-01` the service chose.
///
/// Drift: the unset instant is not counted as tolerance. The spec types these fields
/// as plain ISO 8601 strings, never null, so a service must write some instant before
/// the event, and `MinValue` is the one a .NET service writes; counting it would mark
/// every answer about an unsent verification as absorbing and hide real drift. It is
/// still learnt: its form is counted under [`NOT_HAPPENED`], beside the nulls and
/// absences of the same fields, so the report shows which writing production uses.
macro_rules! lenient_time {
    ($($ty:ident),+) => {$(
        impl crate::tolerant::Lenient for $ty {
            fn lenient<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Self>, D::Error> {
                let raw = <crate::tolerant::Raw as Deserialize>::deserialize(deserializer)?;
                Ok(raw.text().and_then(|text| {
                    if is_unset(&text) {
                        crate::tolerant::note_time_form(|| {
                            format!("{NOT_HAPPENED}: {}", form_of(&text))
                        });
                        return None;
                    }
                    crate::tolerant::note_time_form(|| form_of(&text));
                    Some(Self::parse(&text))
                }))
            }
        }
    )+};
}

lenient_time!(UtcTime, WireDate);

/// Both travel as strings: normalised (`2026-11-20T10:00:00.123Z`, `2026-11-20`)
/// when read, verbatim otherwise.
macro_rules! string_on_the_wire {
    ($($ty:ident),+) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let raw = <String as Deserialize>::deserialize(deserializer)?;
                Ok(Self::parse(&raw))
            }
        }

        impl ts_rs::TS for $ty {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;
            fn name(_: &ts_rs::Config) -> String {
                "string".into()
            }
            fn inline(cfg: &ts_rs::Config) -> String {
                Self::name(cfg)
            }
        }
    )+};
}

string_on_the_wire!(UtcTime, WireDate);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_with_and_without_milliseconds_or_designator() {
        let with_ms = UtcTime::parse("2026-11-20T10:00:00.123Z");
        let without = UtcTime::parse("2026-11-20T10:00:00Z");
        let bare = UtcTime::parse("2026-11-20T10:00:00");
        let offset = UtcTime::parse("2026-11-20T04:00:00-06:00");
        assert_eq!(with_ms.to_string(), "2026-11-20T10:00:00.123Z");
        assert_eq!(without, bare);
        assert_eq!(without, offset);
        assert_eq!(
            UtcTime::parse("ayer"),
            UtcTime::Unreadable("ayer".to_owned())
        );
    }

    #[test]
    fn every_fraction_length_and_designator() {
        let at = UtcTime::parse("2026-11-20T10:00:00Z");
        for fraction in 0..=9 {
            let digits = if fraction == 0 {
                String::new()
            } else {
                format!(".{}", "0".repeat(fraction))
            };
            for designator in ["Z", "z", "+00:00", "-00:00", "+0000", ""] {
                let text = format!("2026-11-20T10:00:00{digits}{designator}");
                assert_eq!(UtcTime::parse(&text), at, "{text}");
            }
        }
        assert_eq!(
            UtcTime::parse("2026-11-20T04:00:00.1234567-0600").to_string(),
            "2026-11-20T10:00:00.1234567Z"
        );
        assert_eq!(UtcTime::parse("2026-11-20 10:00:00"), at);
    }

    #[test]
    fn forms_keep_the_pattern_and_drop_the_value() {
        assert_eq!(
            form_of("2026-11-20T10:00:00.1234567Z"),
            "YYYY-MM-DDThh:mm:ss.fffffffZ"
        );
        assert_eq!(
            form_of("2026-11-20T04:00:00-06:00"),
            "YYYY-MM-DDThh:mm:ss-hh:mm"
        );
        assert_eq!(
            form_of("2026-11-20T04:00:00+0530"),
            "YYYY-MM-DDThh:mm:ss+hhmm"
        );
        assert_eq!(form_of("2026-11-20 10:00:00"), "YYYY-MM-DD hh:mm:ss");
        assert_eq!(form_of("20/11/2026"), "DD/MM/YYYY");
        assert_eq!(form_of("2026-11-20"), "YYYY-MM-DD");
        assert_eq!(form_of("mañana"), "unreadable");
        assert_eq!(form_of("2026-11-20t10:00:00z"), "YYYY-MM-DDThh:mm:ssZ");
    }

    #[test]
    fn a_form_keeps_no_letter_of_what_follows_a_date() {
        for (raw, expected) in [
            // A date followed by anything but a time is not read as a date at all.
            ("2026-11-20 Ana Ruiz", "unreadable"),
            ("20/11/2026 firmado por Juan Pérez", "unreadable"),
            ("2026-11-20T10:00:00Z (Ana)", "unreadable"),
            ("2026-11-20T04:00:00-06:00 CST Ana", "unreadable"),
            ("2026-11-20T10:00:00Z[UTC]", "YYYY-MM-DDThh:mm:ssZ"),
        ] {
            let form = form_of(raw);
            assert_eq!(form, expected, "{raw}");
            for word in ["Ana", "Ruiz", "Juan", "Pére", "firmado", "CST"] {
                assert!(!form.contains(word), "{word} in the form of {raw}: {form}");
            }
        }
    }

    #[test]
    fn dates_of_both_versions() {
        let expected = WireDate::parse("2026-03-01");
        assert_eq!(WireDate::parse("01/03/2026"), expected);
        assert_eq!(WireDate::parse("01/03/2026 10:15:00"), expected);
        assert_eq!(WireDate::parse("2026-03-01T00:00:00Z"), expected);
        assert_eq!(WireDate::parse("2026-03-01t00:00:00z"), expected);
        assert_eq!(expected.to_string(), "2026-03-01");
        assert!(WireDate::parse("31/02/2026").date().is_none());
        let signed = "20/11/2026 firmado por Juan Pérez";
        assert_eq!(
            WireDate::parse(signed),
            WireDate::Unreadable(signed.to_owned())
        );
    }

    #[test]
    fn the_desk_writes_instants_as_it_always_has() {
        // The text of records and audit entries already written (their hashes cover
        // it): UTC with `Z`, the fraction's digits as needed, not rounded up to 3, 6
        // or 9 as RFC 3339 writers often do.
        let at = |nanos| DateTime::from_timestamp(1_795_691_294, nanos).expect("in range");
        for (nanos, text) in [
            (0, "2026-11-26T11:08:14Z"),
            (123_456_789, "2026-11-26T11:08:14.123456789Z"),
            (123_456_700, "2026-11-26T11:08:14.1234567Z"),
            (120_000_000, "2026-11-26T11:08:14.12Z"),
            (1, "2026-11-26T11:08:14.000000001Z"),
        ] {
            assert_eq!(instant_text(at(nanos)), text);
            assert_eq!(UtcTime::At(at(nanos)).to_string(), text);
            assert_eq!(parse_timestamp(text), Some(at(nanos)));
        }
        for text in ["0001-01-01T00:00:00Z", "-000005-03-01T10:00:00.5Z"] {
            assert_eq!(UtcTime::parse(text).to_string(), text);
        }
        assert_eq!(
            WireDate::parse("-000005-03-01").to_string(),
            "-000005-03-01"
        );
        assert_eq!(parse_timestamp("2026-11-26T11:08:14"), None, "a designator");
    }

    #[test]
    fn the_unset_instant_reads_as_not_happened_in_any_writing() {
        use crate::tolerant::Lenient;
        let instant = |text: &str| UtcTime::lenient(serde_json::Value::from(text)).expect("reads");
        let date = |text: &str| WireDate::lenient(serde_json::Value::from(text)).expect("reads");
        for unset in [
            "0001-01-01T00:00:00Z",
            "0001-01-01T00:00:00",
            "0001-01-01T00:00:00.0000000",
            "0001-01-01T00:00:00.000Z",
            "0001-01-01T00:00:00+00:00",
            "0001-01-01T00:00:00-06:00",
            "0001-01-01T06:00:00Z",
            "0001-01-01 00:00:00",
            " 0001-01-01t00:00:00z ",
            "00010101T000000Z",
            "0001-01-01",
            "01/01/0001",
            "01/01/0001 00:00:00",
        ] {
            assert_eq!(instant(unset), None, "{unset}");
            assert_eq!(date(unset), None, "{unset}");
        }
        // Its neighbours are events, and an odd value is kept as received: neither is
        // dropped.
        for kept in [
            "0001-01-02T00:00:00Z",
            "0002-01-01T00:00:00Z",
            "0000-12-31T23:59:59Z",
            "2026-01-01T00:00:00Z",
            "0001-01-01T00:00:00Z firmado",
            "0001-01-01T25:00:00Z",
        ] {
            assert_eq!(instant(kept), Some(UtcTime::parse(kept)), "{kept}");
        }
        assert_eq!(date("02/01/0001"), Some(WireDate::parse("0001-01-02")));
    }

    #[test]
    fn instants_stay_within_years_minus_9999_to_9999_under_any_offset() {
        assert!(parse_timestamp("9999-12-30T22:00:00.999999999Z").is_some());
        assert!(parse_timestamp("9999-12-30T22:00:01Z").is_none());
        assert!(parse_timestamp("-009999-01-02T01:59:59Z").is_some());
        assert!(parse_timestamp("-009999-01-02T01:59:58Z").is_none());
        assert!(parse_timestamp("2026-11-20T10:00:00+25:59:59").is_some());
        assert!(parse_timestamp("2026-11-20T10:00:00+25:59:59.5").is_none());
        assert_eq!(
            UtcTime::parse("2026-11-20T10:00:60,5Z"),
            UtcTime::parse("2026-11-20T10:00:59.5Z"),
            "a leap second is read as the one before it"
        );
        assert_eq!(
            UtcTime::parse("20261120T040000-0600[America/Mexico_City][u-ca=iso8601]"),
            UtcTime::parse("2026-11-20T10:00:00Z")
        );
        assert!(
            UtcTime::parse("2026-11-20T10:00:00Z[!u-ca=iso8601]")
                .timestamp()
                .is_none()
        );
    }

    #[test]
    fn retry_after_in_seconds_or_as_a_date() {
        let now = parse_timestamp("2026-11-22T10:00:00Z").expect("instant");
        assert_eq!(
            retry_after("3", now),
            Some(std::time::Duration::from_secs(3))
        );
        assert_eq!(
            retry_after("Sun, 22 Nov 2026 10:00:05 GMT", now),
            Some(std::time::Duration::from_secs(5))
        );
        assert_eq!(
            retry_after("Sun, 22 Nov 2026 09:00:00 GMT", now),
            Some(std::time::Duration::ZERO)
        );
        assert_eq!(
            retry_after("22 nov 26 05:00 CST (Mexico)", now),
            Some(std::time::Duration::from_secs(3600)),
            "obsolete forms: no weekday or seconds, a two-digit year, a US zone"
        );
        assert_eq!(
            retry_after("Mon, 22 Nov 2026 10:00:05 GMT", now),
            None,
            "a Sunday"
        );
        assert_eq!(retry_after("soon", now), None);
    }
}

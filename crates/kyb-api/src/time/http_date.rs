//! An HTTP date as `Retry-After` may carry it: RFC 2822's `Sun, 22 Nov 2026 10:00:05
//! GMT`, its weekday optional and checked against the date, seconds optional, a
//! numeric offset or an obsolete zone name, and a trailing comment.
//!
//! The grammar is that of the `jiff` crate, which read these values before, so that
//! the same answers wait the same time.

use chrono::{DateTime, Datelike, NaiveDate, TimeDelta, Utc, Weekday};

type Input<'i> = &'i [u8];

pub(super) fn timestamp(text: &str) -> Option<DateTime<Utc>> {
    let (_, input) = skip_whitespace(text.as_bytes());
    if input.is_empty() {
        return None;
    }
    let (weekday, input) = weekday(input)?;
    let (day, input) = day(input)?;
    let (month, input) = month(input)?;
    let (year, input) = year(input)?;
    let (hour, input) = two_digits(input, 23)?;
    let (_, input) = skip_whitespace(input);
    let (_, input) = skip_whitespace(input.strip_prefix(b":")?);
    let (minute, input) = two_digits(input, 59)?;
    let (whitespace_after_minute, input) = skip_whitespace(input);
    let (second, input) = match input.strip_prefix(b":") {
        None if whitespace_after_minute => (0, input),
        None => return None,
        Some(rest) => {
            let (_, rest) = skip_whitespace(rest);
            let (second, rest) = two_digits(rest, 60)?;
            let (whitespace, rest) = skip_whitespace(rest);
            if !whitespace {
                return None;
            }
            // A leap second is read as the second before it.
            (second.min(59), rest)
        }
    };
    let date = NaiveDate::from_ymd_opt(year, month, day)?;
    if weekday.is_some_and(|wd| wd != date.weekday()) {
        return None;
    }
    let (offset, input) = offset(input)?;
    let (_, input) = skip_whitespace(input);
    if !skip_comment(input)?.is_empty() {
        return None;
    }
    let local = date.and_hms_opt(hour, minute, second)?;
    super::temporal::in_range(local.checked_sub_signed(TimeDelta::seconds(offset))?)
}

fn skip_whitespace(input: Input<'_>) -> (bool, Input<'_>) {
    let n = input.iter().take_while(|b| b.is_ascii_whitespace()).count();
    (n > 0, &input[n..])
}

/// At least one whitespace byte, skipped.
fn whitespace(input: Input<'_>) -> Option<Input<'_>> {
    let (found, rest) = skip_whitespace(input);
    found.then_some(rest)
}

fn value(digits: Input<'_>) -> Option<u32> {
    digits.iter().try_fold(0u32, |n, &d| {
        d.is_ascii_digit().then(|| n * 10 + u32::from(d - b'0'))
    })
}

fn two_digits(input: Input<'_>, max: u32) -> Option<(u32, Input<'_>)> {
    if input.len() < 2 {
        return None;
    }
    let (digits, rest) = input.split_at(2);
    value(digits).filter(|&v| v <= max).map(|v| (v, rest))
}

/// `Sun, ` (any case, spaces around the comma), or nothing before a digit.
fn weekday(input: Input<'_>) -> Option<(Option<Weekday>, Input<'_>)> {
    if input.first().is_some_and(u8::is_ascii_digit) {
        return Some((None, input));
    }
    if input.len() < 4 {
        return None;
    }
    let weekday = match input[..3].to_ascii_lowercase().as_slice() {
        b"sun" => Weekday::Sun,
        b"mon" => Weekday::Mon,
        b"tue" => Weekday::Tue,
        b"wed" => Weekday::Wed,
        b"thu" => Weekday::Thu,
        b"fri" => Weekday::Fri,
        b"sat" => Weekday::Sat,
        _ => return None,
    };
    let (_, input) = skip_whitespace(&input[3..]);
    let (_, input) = skip_whitespace(input.strip_prefix(b",")?);
    Some((Some(weekday), input))
}

fn day(input: Input<'_>) -> Option<(u32, Input<'_>)> {
    let digits = if input.get(1).is_some_and(u8::is_ascii_digit) {
        2
    } else {
        1
    };
    let day = value(input.get(..digits)?).filter(|d| (1..=31).contains(d))?;
    Some((day, whitespace(&input[digits..])?))
}

fn month(input: Input<'_>) -> Option<(u32, Input<'_>)> {
    const MONTHS: [&[u8]; 12] = [
        b"jan", b"feb", b"mar", b"apr", b"may", b"jun", b"jul", b"aug", b"sep", b"oct", b"nov",
        b"dec",
    ];
    let name = input.get(..3)?.to_ascii_lowercase();
    let month = MONTHS.iter().position(|m| *m == name.as_slice())?;
    Some((u32::try_from(month).ok()? + 1, whitespace(&input[3..])?))
}

/// Two to four digits; two-digit years are 2000 to 2049 and 1950 to 1999, three-digit
/// ones counted from 1900 (RFC 2822, obsolete forms).
fn year(input: Input<'_>) -> Option<(i32, Input<'_>)> {
    let digits = input
        .iter()
        .take(4)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits <= 1 {
        return None;
    }
    let year = i32::try_from(value(&input[..digits])?).ok()?;
    let year = match digits {
        2 if year <= 49 => year + 2000,
        2 | 3 => year + 1900,
        _ => year,
    };
    Some((year, whitespace(&input[digits..])?))
}

/// `+hhmm` or `-hhmm`, or an obsolete zone: UT, GMT, Z and the US zones by name;
/// any other military letter or name of three letters or more reads as UTC.
fn offset(input: Input<'_>) -> Option<(i64, Input<'_>)> {
    let (&sign, rest) = input.split_first()?;
    if matches!(sign, b'+' | b'-') {
        let (hours, rest) = two_digits(rest, 25)?;
        let (minutes, rest) = two_digits(rest, 59)?;
        let seconds = i64::from(hours * 3600 + minutes * 60);
        return Some((if sign == b'-' { -seconds } else { seconds }, rest));
    }
    let len = input
        .iter()
        .take(5)
        .take_while(|b| !b.is_ascii_whitespace())
        .count();
    let name = input[..len].to_ascii_lowercase();
    let hours = match name.as_slice() {
        b"ut" | b"gmt" | b"z" => 0,
        b"est" | b"cdt" => -5,
        b"edt" => -4,
        b"cst" | b"mdt" => -6,
        b"mst" | b"pdt" => -7,
        b"pst" => -8,
        [b'a'..=b'i' | b'k'..=b'z'] => 0,
        letters if letters.len() >= 3 && letters.iter().all(u8::is_ascii_lowercase) => 0,
        _ => return None,
    };
    Some((hours * 3600, &input[len..]))
}

/// A comment in parentheses (nested, with `\` escapes), and the whitespace after it.
fn skip_comment(input: Input<'_>) -> Option<Input<'_>> {
    let Some(mut rest) = input.strip_prefix(b"(") else {
        return Some(input);
    };
    let mut depth: u8 = 1;
    let mut escape = false;
    while let Some((&byte, tail)) = rest.split_first() {
        rest = tail;
        if escape {
            escape = false;
        } else if byte == b'\\' {
            escape = true;
        } else if byte == b')' {
            depth -= 1;
            if depth == 0 {
                break;
            }
        } else if byte == b'(' {
            depth = depth.checked_add(1)?;
        }
    }
    if depth > 0 {
        return None;
    }
    Some(skip_whitespace(rest).1)
}

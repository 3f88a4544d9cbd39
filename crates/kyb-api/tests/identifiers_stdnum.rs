//! The RFC and CURP rules against an implementation this project did not write:
//! python-stdnum's `stdnum.mx.rfc` and `stdnum.mx.curp` (Debian's `python3-stdnum`,
//! which `make test` installs). Thousands of random identifiers, most well formed and
//! some broken in one place, are judged by both; the verdicts and the check digits must
//! agree.
//!
//! Where the two knowingly differ, the case is left out, and said here:
//! - stdnum accepts an O in the RFC's homoclave, which the SAT's table (Anexo 2) lacks;
//! - stdnum refuses the CURP's sex X, which RENAPO issues since 2023;
//! - stdnum accepts a 10-character RFC (a person's without homoclave), which is no RFC
//!   a file carries.

use std::io::Write;
use std::process::{Command, Stdio};

use kyb_api::identifiers::{curp, rfc};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

const PYTHON: &str = "/usr/bin/python3";
const JUDGE: &str = r#"
import sys
from stdnum.mx import rfc, curp
for line in sys.stdin:
    kind, value = line.rstrip('\n').split(' ', 1)
    if kind == 'R':
        valid = rfc.is_valid(value, validate_check_digits=True)
        digit = rfc.calc_check_digit(value[:-1]) if len(value) in (12, 13) else '-'
    else:
        valid = curp.is_valid(value)
        digit = curp.calc_check_digit(value) if len(value) == 18 else '-'
    print('1' if valid else '0', digit)
"#;

fn stdnum(lines: &[String]) -> Vec<(bool, char)> {
    let mut child = Command::new(PYTHON)
        .args(["-c", JUDGE])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let input = lines.join("\n") + "\n";
    let mut stdin = child.stdin.take().expect("the judge answers");
    let writer = std::thread::spawn(move || {
        stdin
            .write_all(input.as_bytes())
            .expect("the judge answers")
    });
    let out = child.wait_with_output().expect("the judge answers");
    writer.join().expect("the judge answers");
    assert!(
        out.status.success(),
        "python-stdnum is needed (Debian: python3-stdnum; make test installs it): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("the judge answers")
        .lines()
        .map(|l| {
            let (valid, digit) = l.split_once(' ').expect("the judge answers");
            (
                valid == "1",
                digit.chars().next().expect("the judge answers"),
            )
        })
        .collect()
}

const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ALNUM: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn pick(rng: &mut ChaCha8Rng, from: &[u8]) -> char {
    from[rng.random_range(0..from.len())] as char
}

fn date(rng: &mut ChaCha8Rng) -> String {
    // Days up to 31 in every month: some dates do not exist.
    format!(
        "{:02}{:02}{:02}",
        rng.random_range(0..100),
        rng.random_range(1..13),
        rng.random_range(1..32)
    )
}

/// One character of `value` replaced by any other: a typing slip.
fn slip(rng: &mut ChaCha8Rng, value: &str) -> String {
    let mut chars: Vec<char> = value.chars().collect();
    let at = rng.random_range(0..chars.len());
    chars[at] = pick(rng, ALNUM);
    chars.into_iter().collect()
}

fn random_rfc(rng: &mut ChaCha8Rng) -> String {
    let letters = if rng.random_bool(0.5) { 3 } else { 4 };
    let mut name: String = (0..letters).map(|_| pick(rng, LETTERS)).collect();
    if rng.random_bool(0.05) {
        name.replace_range(0..1, if letters == 3 { "&" } else { "Ñ" });
    }
    let body = format!(
        "{name}{}{}{}",
        date(rng),
        pick(rng, b"123456789ABCDEFGHIJKLMNPQRSTUV"),
        pick(rng, b"123456789ABCDEFGHIJKLMNPQRSTUVWXYZ")
    );
    let digit = if rng.random_bool(0.6) {
        rfc::check_digit(&body).expect("a well-formed body")
    } else {
        pick(rng, b"0123456789A")
    };
    let whole = format!("{body}{digit}");
    if rng.random_bool(0.2) {
        slip(rng, &whole)
    } else {
        whole
    }
}

fn random_curp(rng: &mut ChaCha8Rng) -> String {
    let name: String = (0..4).map(|_| pick(rng, LETTERS)).collect();
    let state = if rng.random_bool(0.9) {
        curp::STATES[rng.random_range(0..curp::STATES.len())].to_owned()
    } else {
        format!("{}{}", pick(rng, LETTERS), pick(rng, LETTERS))
    };
    let inner: String = (0..3).map(|_| pick(rng, LETTERS)).collect();
    let body = format!(
        "{name}{}{}{state}{inner}{}",
        date(rng),
        pick(rng, b"HM"),
        pick(rng, ALNUM)
    );
    let digit = if rng.random_bool(0.6) {
        curp::check_digit(&body).expect("a well-formed body")
    } else {
        pick(rng, b"0123456789")
    };
    let whole = format!("{body}{digit}");
    if rng.random_bool(0.2) {
        slip(rng, &whole)
    } else {
        whole
    }
}

fn homoclave_has_o(value: &str) -> bool {
    let chars: Vec<char> = value.chars().collect();
    chars.len() >= 3 && chars[chars.len() - 3..chars.len() - 1].contains(&'O')
}

#[test]
fn rfc_verdicts_and_check_digits_agree_with_python_stdnum() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5a7);
    let values: Vec<String> = (0..20_000)
        .map(|_| random_rfc(&mut rng))
        .filter(|v| !homoclave_has_o(v))
        .collect();
    let lines: Vec<String> = values.iter().map(|v| format!("R {v}")).collect();
    let theirs = stdnum(&lines);
    let mut valid = 0;
    for (value, (their_valid, their_digit)) in values.iter().zip(theirs) {
        let ours = rfc::check(value);
        assert_eq!(ours.is_valid(), their_valid, "{value}: {:?}", ours.problems);
        let body: String = value.chars().take(value.chars().count() - 1).collect();
        assert_eq!(rfc::check_digit(&body), Some(their_digit), "{value}");
        valid += usize::from(their_valid);
    }
    // Both verdicts are exercised, not only one.
    assert!(valid > 2_000 && valid < 18_000, "{valid} valid");
}

#[test]
fn curp_verdicts_and_check_digits_agree_with_python_stdnum() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xc0e9);
    let values: Vec<String> = (0..20_000).map(|_| random_curp(&mut rng)).collect();
    let lines: Vec<String> = values.iter().map(|v| format!("C {v}")).collect();
    let theirs = stdnum(&lines);
    let mut valid = 0;
    for (value, (their_valid, their_digit)) in values.iter().zip(theirs) {
        let ours = curp::check(value);
        if ours.sex == Some(curp::Sex::NonBinary) {
            continue;
        }
        assert_eq!(ours.is_valid(), their_valid, "{value}: {:?}", ours.problems);
        if their_digit.is_ascii_digit() && value.bytes().all(|b| b.is_ascii_alphanumeric()) {
            assert_eq!(
                curp::check_digit(&value[..17]),
                Some(their_digit),
                "{value}"
            );
        }
        valid += usize::from(their_valid);
    }
    assert!(valid > 2_000 && valid < 18_000, "{valid} valid");
}

//! The RFC (Registro Federal de Contribuyentes), as the SAT issues it. The layout and the
//! check digit follow the SAT's "Algoritmo para generar el RFC con homoclave para
//! personas físicas y morales" (published through IFAI/INFOMEX, request 0610100162005):
//!
//! - a company (persona moral): 3 characters of its name, the constitution date
//!   YYMMDD, a 2-character homoclave and the check digit: 12 characters;
//! - a person (persona física): 4 letters of the names, the birth date YYMMDD, the
//!   homoclave and the check digit: 13 characters.
//!
//! The check digit (Anexo 3): each of the 12 characters before it (a company's padded
//! with one leading blank) has a value (0–9 are 0–9, A–N 10–23, & 24, O–Z 25–36, the
//! blank 37, Ñ 38), weighted 13 down to 2; the sum's remainder by 11 is taken from 11;
//! 11 is written 0 and 10 is written A.

use chrono::NaiveDate;

use super::{IdProblem, compact, date_in};

/// The SAT's Anexo 4, "palabras inconvenientes": a person's four letters that form one
/// of these have their last letter replaced by X, so no RFC starts with one.
pub const FORBIDDEN_WORDS: [&str; 41] = [
    "BUEI", "BUEY", "CACA", "CACO", "CAGA", "CAGO", "CAKA", "CAKO", "COGE", "COJA", "COJE", "COJI",
    "COJO", "CULO", "FETO", "GUEY", "JOTO", "KACA", "KACO", "KAGA", "KAGO", "KOGE", "KOJO", "KAKA",
    "KULO", "MAME", "MAMO", "MEAR", "MEAS", "MEON", "MION", "MOCO", "MULA", "PEDA", "PEDO", "PENE",
    "PUTA", "PUTO", "QULO", "RATA", "RUIN",
];

/// Anexo 3's values, by position.
const VALUES: &str = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";
/// The homoclave's characters (Anexo 2): 1 to 9 and A to Z without O.
const HOMOCLAVE: &str = "123456789ABCDEFGHIJKLMNPQRSTUVWXYZ";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    /// 12 characters: a persona moral.
    Company,
    /// 13 characters: a persona física.
    Person,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RfcCheck {
    /// As compacted ([`compact`]).
    pub rfc: String,
    /// By its length; none when it has neither.
    pub holder: Option<Holder>,
    /// Empty when the RFC is well formed and its check digit is right.
    pub problems: Vec<IdProblem>,
}

impl RfcCheck {
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty()
    }

    /// The date part (constitution or birth), with the century that does not put it
    /// after `today`.
    pub fn date(&self, today: NaiveDate) -> Option<NaiveDate> {
        let letters = match self.holder? {
            Holder::Company => 3,
            Holder::Person => 4,
        };
        let digits: String = self.rfc.chars().skip(letters).take(6).collect();
        date_in(&digits, 2000)
            .filter(|d| *d <= today)
            .or_else(|| date_in(&digits, 1900))
    }

    /// A person's first ten characters (letters and birth date), which are a CURP's too.
    pub fn person_key(&self) -> Option<String> {
        (self.holder == Some(Holder::Person)).then(|| self.rfc.chars().take(10).collect())
    }
}

/// The check digit of an RFC's first characters (11 for a company, 12 for a person);
/// none when a character has no value in Anexo 3 or the length is neither.
pub fn check_digit(first: &str) -> Option<char> {
    let chars: Vec<char> = first.chars().collect();
    let padded: Vec<char> = match chars.len() {
        11 => std::iter::once(' ').chain(chars).collect(),
        12 => chars,
        _ => return None,
    };
    let mut sum = 0usize;
    for (i, c) in padded.iter().enumerate() {
        let value = VALUES.chars().position(|v| v == *c)?;
        sum += value * (13 - i);
    }
    Some(match 11 - sum % 11 {
        11 => '0',
        10 => 'A',
        n => char::from_digit(n as u32, 10)?,
    })
}

pub fn check(raw: &str) -> RfcCheck {
    let rfc = compact(raw);
    let chars: Vec<char> = rfc.chars().collect();
    let (holder, letters) = match chars.len() {
        12 => (Some(Holder::Company), 3),
        13 => (Some(Holder::Person), 4),
        _ => {
            return RfcCheck {
                rfc,
                holder: None,
                problems: vec![IdProblem::Length],
            };
        }
    };
    let mut problems = Vec::new();
    let name: String = chars[..letters].iter().collect();
    let date: String = chars[letters..letters + 6].iter().collect();
    let key = &chars[letters + 6..];
    let name_shaped = name
        .chars()
        .all(|c| c.is_ascii_uppercase() || c == '&' || c == 'Ñ');
    let key_shaped = key
        .iter()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
    if !name_shaped || !date.bytes().all(|b| b.is_ascii_digit()) || !key_shaped {
        problems.push(IdProblem::Shape);
    } else if date_in(&date, 2000).is_none() && date_in(&date, 1900).is_none() {
        problems.push(IdProblem::Date);
    }
    if holder == Some(Holder::Person) && FORBIDDEN_WORDS.contains(&name.as_str()) {
        problems.push(IdProblem::ForbiddenWord);
    }
    if key_shaped {
        let first = HOMOCLAVE
            .find(key[0])
            .is_some_and(|i| i <= HOMOCLAVE.find('V').unwrap_or(0));
        if !first || !HOMOCLAVE.contains(key[1]) || !(key[2].is_ascii_digit() || key[2] == 'A') {
            problems.push(IdProblem::Homoclave);
        }
    }
    let body: String = chars[..chars.len() - 1].iter().collect();
    if problems.is_empty() && check_digit(&body) != chars.last().copied() {
        problems.push(IdProblem::CheckDigit);
    }
    RfcCheck {
        rfc,
        holder,
        problems,
    }
}

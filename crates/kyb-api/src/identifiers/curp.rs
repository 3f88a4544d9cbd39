//! The CURP (Clave Única de Registro de Población), as RENAPO assigns it, after its
//! "Instructivo Normativo para la Asignación de la Clave Única de Registro de
//! Población": 18 characters.
//!
//! | Positions | What |
//! |---|---|
//! | 1–4 | the first surname's initial and first inner vowel, the second surname's initial, the given name's initial |
//! | 5–10 | the birth date YYMMDD |
//! | 11 | sex: H, M, or X (RENAPO's non-binary marker, issued since 2023) |
//! | 12–13 | the state of birth (NE: born abroad) |
//! | 14–16 | the inner consonants of both surnames and the given name |
//! | 17 | a digit for births before 2000, a letter from 2000 on (it tells the century) |
//! | 18 | the check digit |
//!
//! The check digit: each of the first 17 characters has its place in
//! `0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ` as value, weighted 18 down to 2; the sum's
//! remainder by 10 is taken from 10, and 10 is written 0.

use chrono::NaiveDate;

use super::{IdProblem, compact, date_in};

/// RENAPO's catalogue of states (Instructivo, Anexo 1), NE for born abroad.
pub const STATES: [&str; 33] = [
    "AS", "BC", "BS", "CC", "CL", "CM", "CS", "CH", "DF", "DG", "GT", "GR", "HG", "JC", "MC", "MN",
    "MS", "NT", "NL", "OC", "PL", "QT", "QR", "SP", "SL", "SR", "TC", "TS", "TL", "VZ", "YN", "ZS",
    "NE",
];

/// RENAPO's inconvenient words (Instructivo, Anexo 2): four letters that form one have
/// their second letter replaced by X.
pub const FORBIDDEN_WORDS: [&str; 81] = [
    "BACA", "BAKA", "BUEI", "BUEY", "CACA", "CACO", "CAGA", "CAGO", "CAKA", "CAKO", "COGE", "COGI",
    "COJA", "COJE", "COJI", "COJO", "COLA", "CULO", "FALO", "FETO", "GETA", "GUEI", "GUEY", "JETA",
    "JOTO", "KACA", "KACO", "KAGA", "KAGO", "KAKA", "KAKO", "KOGE", "KOGI", "KOJA", "KOJE", "KOJI",
    "KOJO", "KOLA", "KULO", "LILO", "LOCA", "LOCO", "LOKA", "LOKO", "MAME", "MAMO", "MEAR", "MEAS",
    "MEON", "MIAR", "MION", "MOCO", "MOKO", "MULA", "MULO", "NACA", "NACO", "PEDA", "PEDO", "PENE",
    "PIPI", "PITO", "POPO", "PUTA", "PUTO", "QULO", "RATA", "ROBA", "ROBE", "ROBO", "RUIN", "SENO",
    "TETA", "VACA", "VAGA", "VAGO", "VAKA", "VUEI", "VUEY", "WUEI", "WUEY",
];

/// Words of a compound name or surname that are skipped (Instructivo: "preposiciones,
/// conjunciones, contracciones").
const PARTICLES: [&str; 19] = [
    "DA", "DAS", "DE", "DEL", "DER", "DI", "DIE", "DD", "EL", "LA", "LOS", "LAS", "LE", "LES",
    "MAC", "MC", "VAN", "VON", "Y",
];

/// Given names skipped when another follows (Instructivo: María and José, written in
/// full or abbreviated).
const COMMON_GIVEN: [&str; 6] = ["MARIA", "MA", "MA.", "JOSE", "J", "J."];

const VALUES: &str = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sex {
    /// H (hombre).
    Male,
    /// M (mujer).
    Female,
    /// X.
    NonBinary,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurpCheck {
    pub curp: String,
    pub problems: Vec<IdProblem>,
    /// The birth date it encodes, the century from its 17th character.
    pub birth_date: Option<NaiveDate>,
    pub sex: Option<Sex>,
}

impl CurpCheck {
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty()
    }

    /// The first ten characters (letters and birth date), which a person's RFC shares.
    pub fn person_key(&self) -> Option<String> {
        (self.curp.chars().count() == 18).then(|| self.curp.chars().take(10).collect())
    }
}

/// The check digit of a CURP's first 17 characters; none for another length or a
/// character without a value.
pub fn check_digit(first: &str) -> Option<char> {
    let chars: Vec<char> = first.chars().collect();
    if chars.len() != 17 {
        return None;
    }
    let mut sum = 0usize;
    for (i, c) in chars.iter().enumerate() {
        sum += VALUES.chars().position(|v| v == *c)? * (18 - i);
    }
    char::from_digit(((10 - sum % 10) % 10) as u32, 10)
}

pub fn check(raw: &str) -> CurpCheck {
    let curp = compact(raw);
    let b = curp.as_bytes();
    let mut out = CurpCheck {
        curp: curp.clone(),
        problems: Vec::new(),
        birth_date: None,
        sex: None,
    };
    if curp.chars().count() != 18 || b.len() != 18 {
        out.problems.push(IdProblem::Length);
        return out;
    }
    let upper = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_uppercase);
    let shaped = upper(0..4)
        && b[4..10].iter().all(u8::is_ascii_digit)
        && upper(10..16)
        && b[16].is_ascii_alphanumeric()
        && b[17].is_ascii_digit();
    if !shaped {
        out.problems.push(IdProblem::Shape);
        return out;
    }
    if FORBIDDEN_WORDS.contains(&&curp[0..4]) {
        out.problems.push(IdProblem::ForbiddenWord);
    }
    let century = if b[16].is_ascii_digit() { 1900 } else { 2000 };
    out.birth_date = date_in(&curp[4..10], century);
    if out.birth_date.is_none() {
        out.problems.push(IdProblem::Date);
    }
    out.sex = match b[10] {
        b'H' => Some(Sex::Male),
        b'M' => Some(Sex::Female),
        b'X' => Some(Sex::NonBinary),
        _ => None,
    };
    if out.sex.is_none() {
        out.problems.push(IdProblem::Sex);
    }
    if !STATES.contains(&&curp[11..13]) {
        out.problems.push(IdProblem::State);
    }
    if out.problems.is_empty() && check_digit(&curp[..17]) != Some(b[17] as char) {
        out.problems.push(IdProblem::CheckDigit);
    }
    out
}

/// The four letters RENAPO derives from a person's names (positions 1–4), for telling
/// whether a CURP is that person's: particles and a leading María or José skipped, Ñ
/// written X, a missing second surname X, and an inconvenient word's second letter X.
pub fn name_letters(given: &str, first_surname: &str, second_surname: &str) -> String {
    let first = significant(first_surname, &[]);
    let second = significant(second_surname, &[]);
    let given = significant(given, &COMMON_GIVEN);
    let initial = |w: &str| w.chars().next().unwrap_or('X');
    let vowel = first
        .chars()
        .skip(1)
        .find(|c| "AEIOU".contains(*c))
        .unwrap_or('X');
    let letters = format!(
        "{}{vowel}{}{}",
        initial(&first),
        initial(&second),
        initial(&given)
    );
    if FORBIDDEN_WORDS.contains(&letters.as_str()) {
        let mut chars: Vec<char> = letters.chars().collect();
        chars[1] = 'X';
        return chars.into_iter().collect();
    }
    letters
}

/// The word of a name that counts: upper case, accents folded, Ñ as X, particles
/// skipped, and `skip` skipped when another word follows.
fn significant(name: &str, skip: &[&str]) -> String {
    let words: Vec<String> = name
        .split(|c: char| c.is_whitespace() || c == '-' || c == '/')
        .map(letters_only)
        .filter(|w| !w.is_empty() && !PARTICLES.contains(&w.as_str()))
        .collect();
    let chosen = match words.as_slice() {
        [first, next, ..] if skip.contains(&first.as_str()) => next,
        [first, ..] => first,
        [] => return String::new(),
    };
    chosen.trim_end_matches('.').to_owned()
}

fn letters_only(word: &str) -> String {
    word.chars()
        .filter_map(|c| match c.to_uppercase().next().unwrap_or(c) {
            'Á' | 'À' | 'Ä' | 'Â' => Some('A'),
            'É' | 'È' | 'Ë' | 'Ê' => Some('E'),
            'Í' | 'Ì' | 'Ï' | 'Î' => Some('I'),
            'Ó' | 'Ò' | 'Ö' | 'Ô' => Some('O'),
            'Ú' | 'Ù' | 'Ü' | 'Û' => Some('U'),
            'Ñ' => Some('X'),
            '.' => Some('.'),
            c if c.is_ascii_alphabetic() => Some(c),
            _ => None,
        })
        .collect()
}

//! Realistic Mexican names, companies, RFCs and CURPs from a seeded generator.

use kyb_api::identifiers::{curp, rfc};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

const GIVEN_FEMALE: [&str; 8] = [
    "María",
    "Guadalupe",
    "Fernanda",
    "Ximena",
    "Sofía",
    "Valeria",
    "Daniela",
    "Andrea",
];
const GIVEN_MALE: [&str; 8] = [
    "José",
    "Juan",
    "Luis",
    "Carlos",
    "Miguel",
    "Jorge",
    "Ricardo",
    "Alejandro",
];
const SURNAMES: [&str; 16] = [
    "Hernández",
    "García",
    "Martínez",
    "López",
    "González",
    "Pérez",
    "Rodríguez",
    "Sánchez",
    "Ramírez",
    "Cruz",
    "Flores",
    "Gómez",
    "Morales",
    "Vázquez",
    "Reyes",
    "Jiménez",
];
const TRADE: [&str; 12] = [
    "Abarrotes",
    "Construcciones",
    "Logística",
    "Textiles",
    "Alimentos",
    "Servicios Médicos",
    "Transportes",
    "Tecnología",
    "Ferretería",
    "Consultoría",
    "Importaciones",
    "Panificadora",
];
const NAME: [&str; 12] = [
    "del Bajío",
    "La Esperanza",
    "Monterrey",
    "Azteca",
    "del Pacífico",
    "San Miguel",
    "Del Valle",
    "Tres Ríos",
    "La Güera",
    "Peninsular",
    "Norteña",
    "Jalisco",
];
/// The legal forms a generated company's name ends with; a person's name never does.
pub(crate) const LEGAL_FORMS: [&str; 3] =
    ["S.A. de C.V.", "S. de R.L. de C.V.", "S.A.P.I. de C.V."];
/// Two-letter state codes as CURPs use them.
const STATES: [&str; 8] = ["DF", "JC", "NL", "PL", "GT", "QT", "YN", "BC"];
#[derive(Debug, Clone)]
pub struct PersonName {
    pub given: String,
    pub first_surname: String,
    pub second_surname: String,
    pub birth: (u32, u32, u32),
    pub male: bool,
}

impl PersonName {
    pub fn full(&self) -> String {
        format!(
            "{} {} {}",
            self.given, self.first_surname, self.second_surname
        )
    }
}

fn pick<'a>(rng: &mut ChaCha8Rng, from: &[&'a str]) -> &'a str {
    from[rng.random_range(0..from.len())]
}

/// Upper-case ASCII letters of a word, accents folded, for RFC and CURP keys.
fn key_letters(word: &str) -> String {
    word.chars()
        .filter_map(|c| match c {
            'á' | 'Á' => Some('A'),
            'é' | 'É' => Some('E'),
            'í' | 'Í' => Some('I'),
            'ó' | 'Ó' => Some('O'),
            'ú' | 'Ú' | 'ü' | 'Ü' => Some('U'),
            'ñ' | 'Ñ' => Some('X'),
            c if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
            _ => None,
        })
        .collect()
}

/// The homoclave's two characters from the SAT's table (the first at most V), then the
/// check digit of all before it: the RFC a real service returns passes the desk's
/// checks. Three draws, as before the check digit was computed, so that every
/// generated world stays the one its seed always gave.
fn homoclave_and_check(rng: &mut ChaCha8Rng, before: &str) -> String {
    const CHARS: &[u8] = b"123456789ABCDEFGHIJKLMNPQRSTUVWXY";
    let mut draw = || rng.random_range(0..CHARS.len());
    // The first character's table ends at V (the 30th).
    let first = CHARS[draw() % 30] as char;
    let second = CHARS[draw()] as char;
    draw();
    let body = format!("{before}{first}{second}");
    let check = rfc::check_digit(&body).unwrap_or('0');
    format!("{first}{second}{check}")
}

pub fn person(rng: &mut ChaCha8Rng) -> PersonName {
    let male = rng.random_bool(0.5);
    PersonName {
        given: pick(rng, if male { &GIVEN_MALE } else { &GIVEN_FEMALE }).into(),
        first_surname: pick(rng, &SURNAMES).into(),
        second_surname: pick(rng, &SURNAMES).into(),
        birth: (
            rng.random_range(1955..2003),
            rng.random_range(1..13),
            rng.random_range(1..29),
        ),
        male,
    }
}

/// RFC of a natural person: 4 letters, YYMMDD, homoclave.
pub fn person_rfc(rng: &mut ChaCha8Rng, p: &PersonName) -> String {
    let (y, m, d) = p.birth;
    let before = format!("{}{:02}{m:02}{d:02}", person_key(p), y % 100);
    let tail = homoclave_and_check(rng, &before);
    before + &tail
}

/// RENAPO's four letters of the names, which a person's RFC shares.
fn person_key(p: &PersonName) -> String {
    curp::name_letters(&p.given, &p.first_surname, &p.second_surname)
}

/// CURP: the RFC key, birth date, sex, state, inner consonants, and two check characters.
pub fn curp(rng: &mut ChaCha8Rng, p: &PersonName) -> String {
    let (y, m, d) = p.birth;
    let inner = |s: &str| {
        key_letters(s)
            .chars()
            .skip(1)
            .find(|c| !"AEIOU".contains(*c))
            .unwrap_or('X')
    };
    let before = format!(
        "{}{:02}{m:02}{d:02}{}{}{}{}{}{}",
        person_key(p),
        y % 100,
        if p.male { 'H' } else { 'M' },
        pick(rng, &STATES),
        inner(&p.first_surname),
        inner(&p.second_surname),
        inner(&p.given),
        if y >= 2000 { 'A' } else { '0' },
    );
    // The draw that once gave a random last digit, kept so that seeds give their world.
    let _ = rng.random_range(0..10);
    let check = curp::check_digit(&before).unwrap_or('0');
    format!("{before}{check}")
}

pub fn email(p: &PersonName, domain: &str) -> String {
    format!(
        "{}.{}@{domain}",
        key_letters(&p.given).to_lowercase(),
        key_letters(&p.first_surname).to_lowercase()
    )
}

#[derive(Debug, Clone)]
pub struct CompanyName {
    pub name: String,
    pub rfc: String,
    pub domain: String,
}

/// A legal entity: trade and name words, a regime, and its 12-character RFC.
pub fn company(rng: &mut ChaCha8Rng) -> CompanyName {
    let trade = pick(rng, &TRADE);
    let name = pick(rng, &NAME);
    let regime = pick(rng, &LEGAL_FORMS);
    let initials: String = format!("{trade} {name}")
        .split_whitespace()
        .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
        .filter_map(|w| key_letters(w).chars().next())
        .chain("XXX".chars())
        .take(3)
        .collect();
    let before = format!(
        "{initials}{:02}{:02}{:02}",
        rng.random_range(0..25),
        rng.random_range(1..13),
        rng.random_range(1..29),
    );
    let rfc = before.clone() + &homoclave_and_check(rng, &before);
    let domain = format!("{}.mx", key_letters(name).to_lowercase());
    CompanyName {
        name: format!("{trade} {name} {regime}"),
        rfc,
        domain,
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn generated_keys_pass_the_services_format_checks() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..500 {
            let p = person(&mut rng);
            let rfc = person_rfc(&mut rng, &p);
            assert!(kyb_api::validate::is_rfc(&rfc), "{rfc}");
            assert!(rfc::check(&rfc).is_valid(), "{rfc}");
            let curp = super::curp(&mut rng, &p);
            let checked = curp::check(&curp);
            assert!(checked.is_valid(), "{curp}: {:?}", checked.problems);
            assert_eq!(checked.person_key(), rfc::check(&rfc).person_key());
            assert!(kyb_api::validate::is_email(&email(&p, "example.mx")));
            let c = company(&mut rng);
            assert!(kyb_api::validate::is_rfc(&c.rfc), "{} {}", c.name, c.rfc);
            assert!(rfc::check(&c.rfc).is_valid(), "{} {}", c.name, c.rfc);
        }
    }
}

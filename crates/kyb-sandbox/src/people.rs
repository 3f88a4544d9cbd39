//! Realistic Mexican names, companies, RFCs and CURPs from a seeded generator.

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
const REGIME: [&str; 3] = ["S.A. de C.V.", "S. de R.L. de C.V.", "S.A.P.I. de C.V."];
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

fn homoclave(rng: &mut ChaCha8Rng) -> String {
    const CHARS: &[u8] = b"ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
    (0..3)
        .map(|_| CHARS[rng.random_range(0..CHARS.len())] as char)
        .collect()
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
    format!(
        "{}{:02}{m:02}{d:02}{}",
        person_key(p),
        y % 100,
        homoclave(rng)
    )
}

fn person_key(p: &PersonName) -> String {
    let first = key_letters(&p.first_surname);
    let vowel = first
        .chars()
        .skip(1)
        .find(|c| "AEIOU".contains(*c))
        .unwrap_or('X');
    let initial = |s: &str| key_letters(s).chars().next().unwrap_or('X');
    format!(
        "{}{vowel}{}{}",
        first.chars().next().unwrap_or('X'),
        initial(&p.second_surname),
        initial(&p.given)
    )
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
    format!(
        "{}{:02}{m:02}{d:02}{}{}{}{}{}{}{}",
        person_key(p),
        y % 100,
        if p.male { 'H' } else { 'M' },
        pick(rng, &STATES),
        inner(&p.first_surname),
        inner(&p.second_surname),
        inner(&p.given),
        if y >= 2000 { 'A' } else { '0' },
        rng.random_range(0..10)
    )
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
    let regime = pick(rng, &REGIME);
    let initials: String = format!("{trade} {name}")
        .split_whitespace()
        .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
        .filter_map(|w| key_letters(w).chars().next())
        .chain("XXX".chars())
        .take(3)
        .collect();
    let rfc = format!(
        "{initials}{:02}{:02}{:02}{}",
        rng.random_range(0..25),
        rng.random_range(1..13),
        rng.random_range(1..29),
        homoclave(rng)
    );
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
            let curp = curp(&mut rng, &p);
            assert_eq!(curp.chars().count(), 18, "{curp}");
            assert!(kyb_api::validate::is_email(&email(&p, "example.mx")));
            let c = company(&mut rng);
            assert!(kyb_api::validate::is_rfc(&c.rfc), "{} {}", c.name, c.rfc);
        }
    }
}

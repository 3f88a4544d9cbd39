//! Names compared as a screener compares them, for every list and for the file's own
//! checks (one place, so a name scores the same everywhere): accents, case and
//! punctuation folded; legal forms ("S.A. de C.V.", "S. de R.L.", "LLC") and Spanish
//! particles ("de", "del", "la", "y") dropped; the words' order ignored. The score is
//! strsim's Jaro–Winkler over words, paired greedily, from 0 to 100.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Words that name a company's legal form, after dots are removed ("S.A." is "sa").
const LEGAL_FORMS: [&str; 30] = [
    "sa",
    "sab",
    "sapi",
    "cv",
    "rl",
    "srl",
    "s",
    "sc",
    "ac",
    "spr",
    "sas",
    "scp",
    "sofom",
    "enr",
    "er",
    "iap",
    "abp",
    "ab",
    "llc",
    "ltd",
    "limited",
    "inc",
    "corp",
    "corporation",
    "co",
    "gmbh",
    "plc",
    "company",
    "sociedad",
    "anonima",
];

/// Spanish particles of names and of legal forms ("de", "del", "y"), and English "and".
const PARTICLES: [&str; 14] = [
    "de", "del", "la", "las", "los", "el", "y", "e", "da", "van", "von", "mc", "mac", "and",
];

/// A word counts toward a pair at this Jaro–Winkler or more.
const WORD_MATCH: f64 = 0.85;
/// A name found whole inside a longer one (a missing middle name) scores this much of
/// its words' mean.
const CONTAINED: f64 = 0.95;

/// A name's significant words, folded and sorted.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Folded {
    pub words: Vec<String>,
}

impl Folded {
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

pub fn fold(name: &str) -> Folded {
    let bare: String = name
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect();
    // Dots join abbreviations ("s.a." is "sa"); other punctuation parts words.
    let spaced: String = bare
        .chars()
        .filter(|c| *c != '.')
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    let mut words: Vec<String> = spaced
        .split_whitespace()
        .filter(|w| !PARTICLES.contains(w))
        .map(str::to_owned)
        .collect();
    // Legal forms only where a name remains without them.
    let named: Vec<String> = words
        .iter()
        .filter(|w| !LEGAL_FORMS.contains(&w.as_str()))
        .cloned()
        .collect();
    if !named.is_empty() {
        words = named;
    }
    words.sort();
    words.dedup();
    Folded { words }
}

/// How alike two folded names are, 0 to 100.
pub fn score(a: &Folded, b: &Folded) -> u32 {
    let a: Vec<&str> = a.words.iter().map(String::as_str).collect();
    let b: Vec<&str> = b.words.iter().map(String::as_str).collect();
    score_words(&a, &b)
}

/// [`score`] over words already folded.
pub fn score_words(a: &[&str], b: &[&str]) -> u32 {
    if a.is_empty() || b.is_empty() {
        return 0;
    }
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    // Each word of the shorter name takes its best unused word of the longer.
    let mut used = [false; 64];
    let long = &long[..long.len().min(used.len())];
    let mut sum = 0.0;
    let mut matched = 0usize;
    for word in short {
        let best = long
            .iter()
            .enumerate()
            .filter(|(i, _)| !used[*i])
            .map(|(i, other)| (i, strsim::jaro_winkler(word, other)))
            .max_by(|x, y| x.1.total_cmp(&y.1));
        if let Some((i, s)) = best
            && s >= WORD_MATCH
        {
            used[i] = true;
            sum += s;
            matched += 1;
        }
    }
    let both = (short.len() + long.len()) as f64;
    let symmetric = 2.0 * sum / both;
    // A name of two words or more found whole in a longer one.
    let contained = if short.len() >= 2 && matched == short.len() {
        CONTAINED * sum / short.len() as f64
    } else {
        0.0
    };
    (symmetric.max(contained) * 100.0).round() as u32
}

/// Whether two names are one party's, as the file's own checks judge (a company's name
/// in the deed, a proof of address's holder): alike at 95 or more.
pub fn same_party(a: &str, b: &str) -> bool {
    score(&fold(a), &fold(b)) >= 95
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_forms_particles_accents_and_order_are_folded_away() {
        let expected = fold("Construcciones del Bajío");
        assert_eq!(expected.words, vec!["bajio", "construcciones"]);
        for variant in [
            "CONSTRUCCIONES DEL BAJIO, S.A. DE C.V.",
            "Construcciones del Bajío S. de R.L. de C.V.",
            "Bajío Construcciones SAPI de CV",
        ] {
            assert_eq!(fold(variant), expected, "{variant}");
        }
        // A name made only of a legal form's words keeps them.
        assert_eq!(fold("S.A.").words, vec!["sa"]);
    }

    #[test]
    fn a_near_miss_scores_high_and_another_name_low() {
        let listed = fold("HERNANDEZ LOPEZ, Maria Guadalupe");
        assert_eq!(
            score(&fold("María Guadalupe Hernández López"), &listed),
            100
        );
        let typo = score(&fold("Maria Guadalupe Hernandes Lopez"), &listed);
        assert!((90..100).contains(&typo), "{typo}");
        // A missing middle name: still a hit to look at.
        assert!(score(&fold("María Hernández López"), &listed) >= 90);
        assert!(score(&fold("Roberto Sánchez Ruiz"), &listed) < 50);
        assert_eq!(score(&fold(""), &listed), 0);
    }
}

//! Examples the issuers published, never this code's own output. The random
//! comparison with an independent implementation is `tests/identifiers_stdnum.rs`.

use chrono::NaiveDate;

use super::IdProblem;
use super::curp::{self, Sex};
use super::rfc::{self, Holder};

/// RFCs the SAT publishes in its kit of test certificates (CSD de pruebas) for
/// CFDI 4.0: companies and persons, each carrying the check digit the SAT computed.
const SAT_TEST_RFCS: [&str; 18] = [
    "EKU9003173C9",
    "XIA190128J61",
    "IIA040805DZ4",
    "URE180429TM6",
    "H&E951128469",
    "EWE1709045U0",
    "TCM970625MB1",
    "ESI920427886",
    "MAS0810247C0",
    "IXS7607092R5",
    "CTE950627K46",
    "CACX7605101P8",
    "FUNK671228PH6",
    "MOFY900516NL1",
    "KICR630120NX3",
    "JUFA7608212V6",
    "WERX631016S30",
    "VAAM130719H60",
];

#[test]
fn the_sats_published_rfcs_are_valid_and_typed_by_length() {
    for rfc in SAT_TEST_RFCS {
        let check = rfc::check(rfc);
        assert!(check.is_valid(), "{rfc}: {:?}", check.problems);
        let expected = if rfc.chars().count() == 12 {
            Holder::Company
        } else {
            Holder::Person
        };
        assert_eq!(check.holder, Some(expected), "{rfc}");
    }
}

#[test]
fn each_sat_rfc_with_another_last_character_has_a_wrong_check_digit() {
    for rfc in SAT_TEST_RFCS {
        let last = rfc.chars().last().expect("an RFC");
        let other = if last == '1' { '2' } else { '1' };
        let wrong: String = rfc
            .chars()
            .take(rfc.chars().count() - 1)
            .chain([other])
            .collect();
        assert_eq!(
            rfc::check(&wrong).problems,
            vec![IdProblem::CheckDigit],
            "{wrong}"
        );
    }
}

#[test]
fn an_rfc_is_compacted_as_printed_with_blanks_and_dashes() {
    let check = rfc::check(" mab-930714-8t4 ");
    assert_eq!(check.rfc, "MAB9307148T4");
    assert!(check.is_valid());
}

#[test]
fn an_rfc_outside_the_layout_says_which_rule() {
    assert_eq!(rfc::check("MAB930714").problems, vec![IdProblem::Length]);
    assert_eq!(rfc::check("MA19307148T4").problems, vec![IdProblem::Shape]);
    assert_eq!(rfc::check("MAB9313148T4").problems, vec![IdProblem::Date]);
    // 29 February exists in 2000 (the century's leap year), not in 2001.
    assert!(
        !rfc::check("MAB0002298T4")
            .problems
            .contains(&IdProblem::Date)
    );
    assert_eq!(rfc::check("MAB0102298T4").problems, vec![IdProblem::Date]);
    // A homoclave of zeros (the SAT's generic RFCs use one): outside the table.
    assert!(
        rfc::check("XAXX010101000")
            .problems
            .contains(&IdProblem::Homoclave)
    );
}

#[test]
fn a_person_rfc_starting_with_an_inconvenient_word_is_one_the_sat_never_issues() {
    let problems = rfc::check("PUTO800101AB1").problems;
    assert!(problems.contains(&IdProblem::ForbiddenWord), "{problems:?}");
}

#[test]
fn an_rfc_date_takes_the_century_that_is_not_in_the_future() {
    let today = NaiveDate::from_ymd_opt(2026, 12, 4).expect("a date");
    assert_eq!(
        rfc::check("EKU9003173C9").date(today),
        NaiveDate::from_ymd_opt(1990, 3, 17)
    );
    assert_eq!(
        rfc::check("XIA190128J61").date(today),
        NaiveDate::from_ymd_opt(2019, 1, 28)
    );
}

/// RENAPO's instructivo works the CURP of Gloria Hernández García, born in Veracruz on
/// 27 April 1956; the other is the example of its English-language description.
#[test]
fn renapos_examples_are_valid_with_their_date_sex_and_letters() {
    let gloria = curp::check("HEGG560427MVZRRL04");
    assert!(gloria.is_valid(), "{:?}", gloria.problems);
    assert_eq!(gloria.birth_date, NaiveDate::from_ymd_opt(1956, 4, 27));
    assert_eq!(gloria.sex, Some(Sex::Female));
    assert_eq!(curp::name_letters("Gloria", "Hernández", "García"), "HEGG");
    let other = curp::check("BOXW310820HNERXN09");
    assert!(other.is_valid());
    assert_eq!(other.sex, Some(Sex::Male));
    assert_eq!(
        curp::check("BOXW310820HNERXN08").problems,
        vec![IdProblem::CheckDigit]
    );
}

#[test]
fn a_curp_outside_the_layout_says_which_rule() {
    assert_eq!(
        curp::check("HEGG560427MVZRRL0").problems,
        vec![IdProblem::Length]
    );
    assert_eq!(
        curp::check("HEGG5604270VZRRL04").problems,
        vec![IdProblem::Shape]
    );
    assert!(
        curp::check("HEGG561327MVZRRL04")
            .problems
            .contains(&IdProblem::Date)
    );
    assert!(
        curp::check("HEGG560427QVZRRL04")
            .problems
            .contains(&IdProblem::Sex)
    );
    assert!(
        curp::check("HEGG560427MZZRRL04")
            .problems
            .contains(&IdProblem::State)
    );
    assert!(
        curp::check("PUTO560427MVZRRL04")
            .problems
            .contains(&IdProblem::ForbiddenWord)
    );
    // Born in 2000 or later: the 17th character is a letter, and the century follows.
    let young = curp::check("HEGG050427MVZRRLA0");
    assert_eq!(young.birth_date, NaiveDate::from_ymd_opt(2005, 4, 27));
}

/// The instructivo's rules for names: particles, a leading María or José, Ñ, a
/// missing second surname, and an inconvenient word.
#[test]
fn renapos_name_rules_give_the_four_letters() {
    assert_eq!(
        curp::name_letters("María Luisa", "Pérez", "Hernández"),
        "PEHL"
    );
    assert_eq!(
        curp::name_letters("José Antonio", "de la Fuente", "Ruiz"),
        "FURA"
    );
    assert_eq!(curp::name_letters("Juan", "Núñez", ""), "NUXJ");
    assert_eq!(curp::name_letters("Ana", "Ñandú", "López"), "XALA");
    // P-E-N-E would be PENE: its second letter becomes X.
    assert_eq!(curp::name_letters("Ernesto", "Peña", "Nava"), "PXNE");
}

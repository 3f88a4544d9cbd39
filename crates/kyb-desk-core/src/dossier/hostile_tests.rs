//! A dossier against crafted input: a comment made to break the PDF or to read back
//! as something else, and ZIPs made to fool or exhaust the check.

use super::archive::{self, JSON, PDF, SUMS};
use super::tests::{built, member, pdftotext};
use super::*;

#[test]
fn a_comment_made_to_break_the_pdf_reads_back_as_written_or_by_its_code() {
    let (dir, mut dossier, _) = built();
    // Parentheses and backslashes end or escape a PDF string; the font has no emoji, no
    // right-to-left override and no line break: each must still read back as itself or
    // as its code point, never as another character.
    let hostile = "(cierre) \\ barra \\) ) 👍 y 🚫 \u{202e}al revés\u{202c} fin\nlínea";
    dossier.sections[1].comment = Some(hostile.into());
    let built = archive::build(&dossier).expect("built");
    let text = pdftotext(dir.path(), &member(&built.bytes, PDF));
    assert!(text.contains("(cierre) \\ barra \\) )"), "{text}");
    assert!(
        text.contains("U+1F44D"),
        "the first emoji by its code: {text}"
    );
    assert!(
        text.contains("U+1F6AB"),
        "the second emoji by its own code: {text}"
    );
    assert!(text.contains("U+202E"), "the hidden override shown: {text}");
    assert!(text.contains("línea"), "{text}");
    assert!(verify(&built.bytes).holds(), "still its own check");
}

/// The genuine members, and a forged JSON (another company's name) that a reader
/// of the ZIP by hand could take for the dossier's.
fn genuine_and_forged() -> (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>) {
    let (_dir, _, built) = built();
    let json = member(&built.bytes, JSON);
    let forged = String::from_utf8(json.clone())
        .expect("text")
        .replace("Cafetería", "Otra empresa")
        .into_bytes();
    (
        json,
        member(&built.bytes, PDF),
        member(&built.bytes, SUMS),
        forged,
    )
}

fn assert_refused(zip: &[u8]) {
    let check = verify(zip);
    assert!(
        matches!(
            check.problems.as_slice(),
            [DossierProblem::Unreadable { .. }]
        ),
        "{:?}",
        check.problems
    );
}

#[test]
fn a_member_given_twice_is_refused() {
    let (json, pdf, sums, forged) = genuine_and_forged();
    // `unzip -p` prints both; `unzip` and Python keep the last, the genuine one, and
    // so did the check: the forged one first went unseen.
    let members = [(JSON, &forged), (PDF, &pdf), (SUMS, &sums), (JSON, &json)];
    assert_refused(&by_hand(&members, 0));
}

#[test]
fn a_member_the_directory_does_not_list_is_refused() {
    let (json, pdf, sums, forged) = genuine_and_forged();
    // A reader walking the local headers (a streaming one) meets the forged JSON;
    // the central directory lists only the genuine members.
    let members = [(JSON, &forged), (JSON, &json), (PDF, &pdf), (SUMS, &sums)];
    assert_refused(&by_hand(&members, 1));
}

/// Stored members written as a ZIP by hand (the ZIP writer refuses a name twice), the
/// central directory listing those from `listed_from` on.
fn by_hand(members: &[(&str, &Vec<u8>)], listed_from: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (index, (name, bytes)) in members.iter().enumerate() {
        let offset = u32::try_from(out.len()).expect("small");
        let crc = crc32(bytes);
        let size = u32::try_from(bytes.len()).expect("small");
        let name_len = u16::try_from(name.len()).expect("short");
        let common = |v: &mut Vec<u8>| {
            // Version needed, flags, method (stored), time, date (1980-01-01).
            v.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0x21, 0]);
            v.extend_from_slice(&crc.to_le_bytes());
            v.extend_from_slice(&size.to_le_bytes());
            v.extend_from_slice(&size.to_le_bytes());
            v.extend_from_slice(&name_len.to_le_bytes());
            v.extend_from_slice(&0u16.to_le_bytes());
        };
        out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        common(&mut out);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(bytes);
        if index < listed_from {
            continue;
        }
        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        central.extend_from_slice(&20u16.to_le_bytes());
        common(&mut central);
        // Comment length, disk, internal and external attributes.
        central.extend_from_slice(&[0; 10]);
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name.as_bytes());
    }
    let listed = u16::try_from(members.len() - listed_from).expect("few");
    let at = u32::try_from(out.len()).expect("small");
    let len = u32::try_from(central.len()).expect("small");
    out.extend_from_slice(&central);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&listed.to_le_bytes());
    out.extend_from_slice(&listed.to_le_bytes());
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&at.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

#[test]
fn the_hand_built_zip_holds_when_it_is_the_dossier() {
    let (json, pdf, sums, _) = genuine_and_forged();
    let members = [(JSON, &json), (PDF, &pdf), (SUMS, &sums)];
    let check = verify(&by_hand(&members, 0));
    assert!(check.holds(), "{:?}", check.problems);
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for byte in bytes {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn a_zip_of_many_members_is_refused_before_they_are_read() {
    let (_dir, _, built) = built();
    let json = member(&built.bytes, JSON);
    let pdf = member(&built.bytes, PDF);
    let sums = member(&built.bytes, SUMS);
    // More members than a dossier with the most documents it includes has: refused
    // before any is read or hashed (each could be a gigabyte of zeros zipped small).
    let zeros = vec![0u8; 1024];
    let names: Vec<String> = (0..=archive::MAX_DOCUMENTS + 16)
        .map(|i| format!("documentos/relleno-{i}"))
        .collect();
    let mut members: Vec<(&str, &[u8])> = vec![(JSON, &json), (PDF, &pdf), (SUMS, &sums)];
    members.extend(names.iter().map(|n| (n.as_str(), zeros.as_slice())));
    let zip = archive::zip_members(&members).expect("zipped");
    let check = verify(&zip);
    assert!(
        matches!(
            check.problems.as_slice(),
            [DossierProblem::Unreadable { .. }]
        ),
        "{:?}",
        check.problems.first()
    );
}

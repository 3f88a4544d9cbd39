//! Each format read from a fixture in its publisher's encoding and layout
//! (`tests/fixtures/lists/`), and hostile files: each refused with what is wrong.

use super::*;
use crate::screening::{ListEntry, Party};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/../../tests/fixtures/lists/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn one(format: ListFormat, name: &str) -> Result<ReadList, ListError> {
    let bytes = fixture(name);
    read(
        format,
        &[ListFile {
            name,
            bytes: &bytes,
        }],
    )
}

fn by_row<'a>(list: &'a ReadList, row: &str) -> &'a ListEntry {
    list.entries
        .iter()
        .find(|e| e.row == row)
        .unwrap_or_else(|| panic!("row {row} in {:?}", list.entries))
}

#[test]
fn the_sats_69b_list_in_windows_1252_with_its_title_lines() {
    let bytes = fixture("Listado_Completo_69-B.csv");
    // The fixture really is Windows-1252: its accents are not UTF-8.
    assert!(std::str::from_utf8(&bytes).is_err());
    let list = one(ListFormat::Sat69b, "Listado_Completo_69-B.csv").expect("read");
    assert_eq!(list.entries.len(), 4);
    assert_eq!(
        list.published.as_deref(),
        Some("INFORMACIÓN ACTUALIZADA AL 15 DE NOVIEMBRE DE 2026")
    );
    let first = by_row(&list, "AAA080808HL8");
    assert_eq!(
        first.names,
        vec!["ASESORES EN AVALÚOS Y ACTIVOS, S.A. DE C.V."]
    );
    assert_eq!(
        (first.party, first.status.as_deref(), first.cleared),
        (Party::Company, Some("Definitivo"), false)
    );
    // Ñ in an RFC, a doubled quote in a name, and the statuses that clear a taxpayer.
    assert!(by_row(&list, "BAÑ150301KS6").cleared);
    assert_eq!(
        by_row(&list, "SFE1203143W3").names,
        vec!["SERVICIOS FISCALES \"EL ÁGUILA\", S.C."]
    );
    assert!(by_row(&list, "SFE1203143W3").cleared);
    assert_eq!(by_row(&list, "PEGJ750101AB8").party, Party::Person);
}

#[test]
fn the_sats_article_69_list_keeps_each_supuesto_of_an_rfc() {
    let list = one(ListFormat::Sat69, "Cancelados.csv").expect("read");
    assert_eq!(list.entries.len(), 3);
    let cancelled = by_row(&list, "AAL0101011A6 · CANCELADOS");
    assert_eq!(cancelled.party, Party::Company);
    assert!(
        list.entries
            .iter()
            .any(|e| e.row == "AAL0101011A6 · NO LOCALIZADOS")
    );
    assert_eq!(
        by_row(&list, "MUÑM800101AB0 · CANCELADOS").names,
        vec!["MARÍA MUÑOZ MÉNDEZ"]
    );
}

#[test]
fn ofacs_sdn_with_its_aliases_its_nulls_its_ctrl_z_and_rfcs_in_remarks() {
    let (sdn, alt) = (fixture("sdn.csv"), fixture("alt.csv"));
    assert_eq!(sdn.last(), Some(&0x1a));
    let list = read(
        ListFormat::OfacSdn,
        &[
            ListFile {
                name: "sdn.csv",
                bytes: &sdn,
            },
            ListFile {
                name: "alt.csv",
                bytes: &alt,
            },
        ],
    )
    .expect("read");
    assert_eq!(list.entries.len(), 4);
    let company = by_row(&list, "12345");
    assert_eq!(company.rfc.as_deref(), Some("GFA150301AB6"));
    assert_eq!(company.party, Party::Company);
    assert_eq!(company.names[1], "COMERCIALIZADORA FANTASMA, S.A. DE C.V.");
    let person = by_row(&list, "23456");
    assert_eq!(
        (person.party, person.status.as_deref()),
        (Party::Person, Some("SDNTK"))
    );
    assert_eq!(person.names, vec!["OROZCO VALDÉS, Ramón", "EL CHAPARRO"]);
    assert_eq!(by_row(&list, "34567").party, Party::Unknown);
    // alt.csv alone is no SDN list.
    let refused = read(
        ListFormat::OfacSdn,
        &[ListFile {
            name: "alt.csv",
            bytes: &alt,
        }],
    )
    .expect_err("no sdn.csv");
    assert_eq!(refused.problem, ListProblem::MissingFile);
}

#[test]
fn the_un_consolidated_list_with_its_date_aliases_and_entities() {
    let list = one(ListFormat::UnConsolidated, "consolidated.xml").expect("read");
    assert_eq!(list.published.as_deref(), Some("2026-11-28T10:00:03.67Z"));
    let person = by_row(&list, "HTi.901");
    assert_eq!(
        person.names,
        vec!["RICARDO ALBERTO MENDOZA ÑÚÑEZ", "Ricky Mendoza"]
    );
    assert_eq!(
        (person.party, person.status.as_deref()),
        (Party::Person, Some("Haiti"))
    );
    let entity = by_row(&list, "QDe.999");
    assert_eq!(entity.names[0], "TRANSPORTES DEL GOLFO & ASOCIADOS");
    assert_eq!(entity.party, Party::Company);
}

#[test]
fn opensanctions_targets_with_aliases_and_an_rfc_among_identifiers() {
    let list = one(ListFormat::OpenSanctions, "targets.simple.csv").expect("read");
    assert_eq!(list.entries.len(), 3);
    let company = by_row(&list, "NK-def456");
    assert_eq!(company.rfc.as_deref(), Some("GFA150301AB6"));
    assert_eq!(
        company.names,
        vec!["Grupo Fantasma, S.A. de C.V.", "Comercializadora Fantasma"]
    );
    assert_eq!(by_row(&list, "NK-abc123").party, Party::Person);
}

fn problem(format: ListFormat, bytes: &[u8]) -> ListProblem {
    read(format, &[ListFile { name: "x", bytes }])
        .expect_err("refused")
        .problem
}

#[test]
fn a_file_in_the_wrong_encoding_is_refused() {
    // The SAT's list saved as UTF-16 by a spreadsheet.
    let text = String::from_utf8_lossy(&fixture("Listado_Completo_69-B.csv")).into_owned();
    let utf16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    assert_eq!(
        problem(ListFormat::Sat69b, &utf16),
        ListProblem::WrongEncoding
    );
    // OpenSanctions and the UN are UTF-8: a Windows-1252 file of theirs is refused.
    let latin: Vec<u8> = fixture("targets.simple.csv")
        .iter()
        .flat_map(|b| if *b == 0xC3 { vec![] } else { vec![*b] })
        .collect();
    assert_eq!(
        problem(ListFormat::OpenSanctions, &latin),
        ListProblem::WrongEncoding
    );
    let err = read(
        ListFormat::UnConsolidated,
        &[ListFile {
            name: "x",
            bytes: &latin_xml(),
        }],
    )
    .expect_err("refused");
    assert_eq!(
        (err.problem, err.line),
        (ListProblem::WrongEncoding, Some(10))
    );
}

#[test]
fn windows_1252_reads_every_byte_as_encoding_rs_does() {
    for byte in 0..=u8::MAX {
        let theirs = encoding_rs::WINDOWS_1252
            .decode_without_bom_handling(&[byte])
            .0
            .into_owned();
        assert_eq!(
            super::text::windows_1252(byte).to_string(),
            theirs,
            "byte {byte:#04x}"
        );
    }
}

fn latin_xml() -> Vec<u8> {
    let text = String::from_utf8(fixture("consolidated.xml")).expect("UTF-8");
    encoding_rs::WINDOWS_1252.encode(&text).0.into_owned()
}

#[test]
fn a_file_cut_short_is_refused_in_every_format() {
    let cut = |name: &str, at: &str| {
        let bytes = fixture(name);
        let at = at.as_bytes();
        let end = bytes
            .windows(at.len())
            .position(|w| w == at)
            .unwrap_or_else(|| panic!("{} in {name}", String::from_utf8_lossy(at)));
        bytes[..end + at.len()].to_vec()
    };
    // Inside a quoted name.
    assert_eq!(
        problem(
            ListFormat::Sat69b,
            &cut("Listado_Completo_69-B.csv", "\"SERVICIOS FISC")
        ),
        ListProblem::Truncated
    );
    // A row short of its cells.
    assert_eq!(
        problem(
            ListFormat::OfacSdn,
            &cut("sdn.csv", "\"MARE NOSTRUM\",\"vessel\"")
        ),
        ListProblem::Truncated
    );
    assert_eq!(
        problem(
            ListFormat::OpenSanctions,
            &cut("targets.simple.csv", "NK-ghi789,Vessel")
        ),
        ListProblem::Truncated
    );
    // An element never closed.
    assert_eq!(
        problem(
            ListFormat::UnConsolidated,
            &cut("consolidated.xml", "<ENTITY>")
        ),
        ListProblem::Truncated
    );
}

#[test]
fn a_line_of_50_mb_is_refused_without_reading_it_as_a_row() {
    let mut bytes = fixture("targets.simple.csv");
    bytes.extend(std::iter::repeat_n(b'A', 50 * 1024 * 1024));
    bytes.extend(b"\r\n");
    let err = read(
        ListFormat::OpenSanctions,
        &[ListFile {
            name: "x",
            bytes: &bytes,
        }],
    )
    .expect_err("refused");
    assert_eq!((err.problem, err.line), (ListProblem::LineTooLong, Some(5)));
}

#[test]
fn another_lists_file_or_an_empty_table_is_said_so() {
    assert_eq!(
        problem(ListFormat::Sat69b, &fixture("targets.simple.csv")),
        ListProblem::NoTable
    );
    assert_eq!(
        problem(
            ListFormat::UnConsolidated,
            b"<html><body>Not found</body></html>"
        ),
        ListProblem::NoTable
    );
    let header_only = b"No,RFC,Nombre del Contribuyente,Situaci\xf3n del contribuyente\r\n";
    assert_eq!(problem(ListFormat::Sat69b, header_only), ListProblem::Empty);
    let mut odd = b"1,2,3\r\n".to_vec();
    odd.extend(fixture("sdn.csv"));
    assert_eq!(problem(ListFormat::OfacSdn, &odd), ListProblem::BadRow);
}

#[test]
fn a_formula_in_a_cell_is_kept_as_the_text_it_is() {
    let mut bytes = fixture("targets.simple.csv");
    bytes.extend(
        b"NK-evil,Person,\"=HYPERLINK(\"\"https://evil.example\"\",\"\"x\"\")\",,,,,,,,,,,,\r\n",
    );
    let list = read(
        ListFormat::OpenSanctions,
        &[ListFile {
            name: "x",
            bytes: &bytes,
        }],
    )
    .expect("read");
    let evil = by_row(&list, "NK-evil");
    assert_eq!(
        evil.names,
        vec!["=HYPERLINK(\"https://evil.example\",\"x\")"]
    );
    // Written to a spreadsheet, it is text, not a formula (the desk's one CSV writer).
    let csv = crate::csv_export::text(&["Nombre"], [[evil.names[0].as_str()]]).expect("CSV");
    assert!(csv.contains("\"'=HYPERLINK("), "{csv}");
}

/// The attack helper's files: a stray quote that makes the count even while a quote
/// opened later takes the rest of the file; a line of commas; XML nested deep, and a
/// list element nested inside the list whose close would end it early.
#[test]
fn a_file_that_hides_its_rows_in_one_cell_or_nests_its_close_is_refused() {
    let swallowed = b"id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,dataset,first_seen,last_seen,last_change\r\nNK-1,Person,Juan 5\" Perez,,,,,,,,,,,,\r\nNK-2,Person,\"Maria Lopez,,,,,,,,,,,,\r\nNK-3,Person,Osama Bin Laden,,,,,,,,,,,,\r\nNK-4,Person,Joaquin Guzman,,,,,,,,,,,,\r\n";
    assert_eq!(
        problem(ListFormat::OpenSanctions, swallowed),
        ListProblem::Truncated
    );
    let commas = format!("id,name\r\n{}\r\n", ",".repeat(100_000));
    assert_eq!(
        problem(ListFormat::OpenSanctions, commas.as_bytes()),
        ListProblem::BadRow
    );
    let deep = format!(
        "<CONSOLIDATED_LIST>{}{}</CONSOLIDATED_LIST>",
        "<a>".repeat(50),
        "</a>".repeat(50)
    );
    assert_ne!(
        read(
            ListFormat::UnConsolidated,
            &[ListFile {
                name: "x",
                bytes: deep.as_bytes()
            }]
        )
        .map(|l| l.entries.len()),
        Ok(0),
    );
    assert!(
        read(
            ListFormat::UnConsolidated,
            &[ListFile {
                name: "x",
                bytes: deep.as_bytes()
            }]
        )
        .is_err()
    );
    let nested = "<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>A</FIRST_NAME><CONSOLIDATED_LIST></CONSOLIDATED_LIST>";
    assert_eq!(
        problem(ListFormat::UnConsolidated, nested.as_bytes()),
        ListProblem::Truncated
    );
}

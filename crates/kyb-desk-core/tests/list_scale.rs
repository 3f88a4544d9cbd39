//! A list of a million rows, read whole as an import reads it (OpenSanctions' layout,
//! the largest publisher's): every row kept, in order, the last one whole. The time it
//! takes is `make bench`'s to measure (benches/screening.rs), not this test's.

use kyb_desk_core::screening::ListFormat;
use kyb_desk_core::screening::formats::{self, ListFile};

#[test]
fn a_million_rows_read_whole() {
    const ROWS: usize = 1_000_000;
    let mut text = String::with_capacity(ROWS * 64);
    text.push_str("id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,dataset,first_seen,last_seen,last_change\r\n");
    for i in 0..ROWS {
        text.push_str(&format!(
            "NK-{i:07},Person,Nombre {i} Apellido,,,mx,,,,,,bench,,,\r\n"
        ));
    }
    let list = formats::read(
        ListFormat::OpenSanctions,
        &[ListFile {
            name: "targets.simple.csv",
            bytes: text.as_bytes(),
        }],
    )
    .expect("a million rows read");
    assert_eq!(list.entries.len(), ROWS);
    let last = list.entries.last().expect("the last row");
    assert_eq!(
        (last.row.as_str(), last.names[0].as_str()),
        ("NK-0999999", "Nombre 999999 Apellido")
    );
}

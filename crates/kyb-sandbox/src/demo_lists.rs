//! The demo's risk lists, written in their publishers' formats and encodings (the SAT's
//! 69-B CSV in Windows-1252 with its title lines; OFAC's `sdn.csv` and `alt.csv`, no
//! header, `-0-` for empty, a closing Ctrl-Z), from the world the sandbox serves: the
//! example file's first shareholder is on the 69-B list under another RFC (a namesake
//! or the person: the analyst decides), and its second person is a near miss on the
//! SDN list (one letter of the surname off), a false positive to dispose of. Around
//! them, rows of invented taxpayers and parties, so each reads as a list.

use crate::files::BusinessFile;

/// One list file: the desk's name for its format (`sat69b`, `ofac_sdn`), the
/// publisher's file name, and its bytes.
pub struct DemoListFile {
    pub format: &'static str,
    pub name: &'static str,
    pub bytes: Vec<u8>,
}

const COMPANIES: [(&str, &str); 8] = [
    ("SERVICIOS CONTABLES FANTASMA, S.A. DE C.V.", "SCF1503012K3"),
    (
        "COMERCIALIZADORA DEL PACÍFICO NORTE, S.A. DE C.V.",
        "CPN160415AB5",
    ),
    ("ASESORÍA INTEGRAL EMPRESARIAL ÁGUILA, S.C.", "AIE170220QW1"),
    (
        "CONSTRUCTORA Y EDIFICADORA PÉREZ, S.A. DE C.V.",
        "CEP180909LM2",
    ),
    (
        "DISTRIBUIDORA DE INSUMOS BAÑUELOS, S. DE R.L. DE C.V.",
        "DIB190101RT4",
    ),
    (
        "OPERADORA LOGÍSTICA DEL CENTRO, S.A.P.I. DE C.V.",
        "OLC200630GH8",
    ),
    ("GRUPO CORPORATIVO SIMULADO, S.A. DE C.V.", "GCS210512NB7"),
    (
        "TRANSPORTES RÁPIDOS DEL BAJÍO, S.A. DE C.V.",
        "TRB220317XC9",
    ),
];

const PARTIES: [(&str, &str); 5] = [
    ("CASTILLO REYES, Ernesto", "individual"),
    ("LOGÍSTICA FRONTERIZA DEL NORTE, S.A. DE C.V.", "-0-"),
    ("MEDINA ORTEGA, Josefina", "individual"),
    ("AGROINDUSTRIAS DEL VALLE SECO, S.A. DE C.V.", "-0-"),
    ("SALAZAR VEGA, Rodrigo Alonso", "individual"),
];

fn cp1252(text: &str) -> Vec<u8> {
    encoding_rs::WINDOWS_1252.encode(text).0.into_owned()
}

fn quoted(cell: &str) -> String {
    format!("\"{}\"", cell.replace('"', "\"\""))
}

/// One letter of a word changed: the next vowel, or the next letter.
fn near_miss(word: &str) -> String {
    let mut chars: Vec<char> = word.chars().collect();
    if let Some(last) = chars.last_mut() {
        *last = match *last {
            'z' => 's',
            's' => 'z',
            'a' => 'e',
            'o' => 'a',
            c => c,
        };
    }
    chars.into_iter().collect()
}

fn sat_69b(listed: &BusinessFile) -> Vec<u8> {
    let mut lines = vec![
        format!(
            "{},,,",
            quoted("INFORMACIÓN ACTUALIZADA AL 28 DE NOVIEMBRE DE 2026")
        ),
        format!(
            "{},,,",
            quoted(
                "Listado completo de contribuyentes (Artículo 69-B del Código Fiscal de la Federación)"
            )
        ),
        "No,RFC,Nombre del Contribuyente,Situación del contribuyente".to_owned(),
    ];
    let mut n = 0;
    for (name, rfc) in COMPANIES {
        n += 1;
        let status = if n % 3 == 0 {
            "Desvirtuado"
        } else {
            "Definitivo"
        };
        lines.push(format!("{n},{rfc},{},{status}", quoted(name)));
    }
    if let Some(person) = listed.persons.first() {
        n += 1;
        let name = person.full_name().to_uppercase();
        lines.push(format!("{n},XEXX800101AB9,{},Presunto", quoted(&name)));
    }
    cp1252(&(lines.join("\r\n") + "\r\n"))
}

fn sdn_row(id: u32, name: &str, kind: &str, program: &str, remarks: &str) -> String {
    let kind = if kind == "-0-" {
        "-0- ".to_owned()
    } else {
        quoted(kind)
    };
    let empty = "-0- ";
    format!(
        "{id},{},{kind},{},{empty},{empty},{empty},{empty},{empty},{empty},{empty},{}",
        quoted(name),
        quoted(program),
        quoted(remarks)
    )
}

fn ofac(listed: &BusinessFile) -> (Vec<u8>, Vec<u8>) {
    let mut rows: Vec<String> = PARTIES
        .iter()
        .enumerate()
        .map(|(i, (name, kind))| sdn_row(41000 + i as u32, name, kind, "SDNTK", "Mexico."))
        .collect();
    if let Some(person) = listed.persons.get(1) {
        let name = &person.name;
        let listed_as = format!(
            "{} {}, {}",
            near_miss(&name.first_surname).to_uppercase(),
            name.second_surname.to_uppercase(),
            name.given
        );
        rows.push(sdn_row(
            41999,
            &listed_as,
            "individual",
            "SDNTK",
            "DOB 12 Feb 1961; POB Culiacán, Sinaloa, Mexico; nationality Mexico.",
        ));
    }
    let alt = "41000,9001,\"aka\",\"EL NETO\",-0- \r\n".to_owned();
    let mut sdn = rows.join("\r\n");
    sdn.push_str("\r\n\u{1a}");
    (cp1252(&sdn), cp1252(&(alt + "\u{1a}")))
}

/// The demo's lists, from the example file `listed`.
pub fn files(listed: &BusinessFile) -> Vec<DemoListFile> {
    let (sdn, alt) = ofac(listed);
    vec![
        DemoListFile {
            format: "sat69b",
            name: "Listado_Completo_69-B.csv",
            bytes: sat_69b(listed),
        },
        DemoListFile {
            format: "ofac_sdn",
            name: "sdn.csv",
            bytes: sdn,
        },
        DemoListFile {
            format: "ofac_sdn",
            name: "alt.csv",
            bytes: alt,
        },
    ]
}

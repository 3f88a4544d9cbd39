//! The incorporation deed's file: a notarial instrument of several pages written from
//! the deed's entry in the detail (its analysis, shareholders, administration and
//! powers), so what the analyst reads in the file matches what the service extracted.

use serde_json::Value;

use crate::pdf::Font;
use crate::text_flow::TextFlow;

fn text<'v>(value: &'v Value, pointer: &str) -> &'v str {
    value.pointer(pointer).and_then(Value::as_str).unwrap_or("")
}

fn number(value: &Value, pointer: &str) -> f64 {
    value
        .pointer(pointer)
        .and_then(Value::as_f64)
        .unwrap_or(0.0)
}

/// Spanish names of the powers the analysis looks for.
const POWERS: [(&str, &str); 8] = [
    ("ObligadoSolidario", "Constituirse en obligado solidario"),
    ("Aval", "Otorgar avales"),
    ("Fianza", "Otorgar fianzas"),
    ("Hipoteca", "Constituir hipotecas"),
    ("AperturarCuentas", "Abrir y cancelar cuentas bancarias"),
    ("Financiamiento", "Contratar financiamientos"),
    ("OperacionesCredito", "Celebrar operaciones de crédito"),
    ("TitulosCredito", "Suscribir títulos de crédito"),
];

/// Seven pages (and an annex of signature sheets for a company of many shareholders,
/// see [`SIGNATURE_ANNEX_FROM`]): the notary's opening, the appearing shareholders, the by-laws, the
/// capital, the administration with its powers, the supervisory body and closing
/// clauses, and the registry's entry.
pub fn deed(document: &Value) -> Vec<u8> {
    let g = |key: &str| text(document, &format!("/AnalisisGeneral/{key}"));
    let company = g("RazonDenominacionSociedad");
    let notary = g("NombreNotario");
    let shareholders: &[Value] = document
        .pointer("/OrganosInternos/Accionistas")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice);
    let mut flow = TextFlow::default();

    flow.line(10.0, Font::Regular, &format!("LIBRO {}", g("Libro")));
    flow.line(
        16.0,
        Font::Bold,
        &format!("ESCRITURA PÚBLICA NÚMERO {}", g("NumeroEscrituraPublica")),
    );
    flow.line(13.0, Font::Bold, "ACTA CONSTITUTIVA");
    flow.line(12.0, Font::Bold, company);
    flow.gap();
    flow.paragraph(&format!(
        "En {}, a {}, ante mí, {}, titular de la Notaría Pública número {} de {}, \
         comparecen las personas que se nombran en este instrumento con el objeto de \
         constituir una sociedad mercantil, al tenor de los antecedentes, declaraciones y \
         cláusulas siguientes.",
        g("DomicilioSocial"),
        g("FechaInstrumento"),
        notary,
        g("NumeroNotario"),
        g("EntidadFederativaNotario"),
    ));
    flow.gap();
    flow.paragraph(
        "El suscrito notario hace constar que tuvo a la vista el permiso de uso de \
         denominación otorgado por la Secretaría de Economía, que se agrega al apéndice de \
         esta escritura con la letra \"A\".",
    );

    flow.new_page();
    flow.heading("COMPARECIENTES");
    for (n, holder) in shareholders.iter().enumerate() {
        flow.paragraph(&format!(
            "{}. {}, de nacionalidad {}, con Registro Federal de Contribuyentes {}, \
             quien suscribe {} ({} % del capital social).",
            n + 1,
            text(holder, "/Nombre"),
            text(holder, "/Nacionalidad").to_lowercase(),
            text(holder, "/RFC"),
            text(holder, "/ParticipacionAccionaria"),
            number(holder, "/Porcentaje"),
        ));
    }

    flow.new_page();
    flow.heading("ESTATUTOS");
    flow.paragraph(&format!(
        "PRIMERA. Denominación. La sociedad se denomina \"{company}\", denominación que irá \
         seguida de las palabras Sociedad Anónima de Capital Variable o de su abreviatura."
    ));
    flow.paragraph(&format!(
        "SEGUNDA. Domicilio. El domicilio de la sociedad es {}, sin perjuicio de establecer \
         sucursales en cualquier lugar de la República.",
        g("DomicilioSocial")
    ));
    flow.paragraph(&format!(
        "TERCERA. Duración. La duración de la sociedad es de {} a partir de la fecha de esta \
         escritura.",
        g("Duracion")
    ));
    flow.paragraph(&format!(
        "CUARTA. Objeto. {}",
        text(document, "/ObjetoSocial/ObjetoSocial")
    ));
    flow.paragraph(
        "QUINTA. Nacionalidad. La sociedad es mexicana. Todo extranjero que adquiera un \
         interés o participación social se considerará como nacional respecto de uno y otra.",
    );

    flow.new_page();
    flow.heading("CAPITAL SOCIAL Y ACCIONES");
    flow.paragraph(&format!(
        "SEXTA. El capital mínimo fijo sin derecho a retiro es de ${} M.N.; el variable es \
         ilimitado. El capital quedó suscrito y pagado como sigue:",
        g("CapitalMinimo")
    ));
    flow.gap();
    flow.line(
        9.5,
        Font::Bold,
        "Accionista | Serie | Fijo | Variable | Total | %",
    );
    for holder in shareholders {
        flow.line(
            9.5,
            Font::Regular,
            &format!(
                "{} | {} | {:.2} | {:.2} | {:.2} | {} %",
                text(holder, "/Nombre"),
                text(holder, "/SerieClase"),
                number(holder, "/CapitalFijo"),
                number(holder, "/CapitalVariable"),
                number(holder, "/Total"),
                number(holder, "/Porcentaje"),
            ),
        );
    }

    flow.new_page();
    flow.heading("ADMINISTRACIÓN Y PODERES");
    flow.paragraph(&format!(
        "SÉPTIMA. La administración de la sociedad estará a cargo de: {}.",
        text(
            document,
            "/OrganosInternos/Administracion/RegimenAdministracion"
        )
    ));
    let members = document
        .pointer("/OrganosInternos/Administracion/Integrantes")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    for member in members {
        flow.line(
            10.5,
            Font::Regular,
            &format!("• {}", text(member, "/Nombre")),
        );
    }
    flow.paragraph(
        "OCTAVA. Se otorgan al órgano de administración poder general para pleitos y \
         cobranzas y para actos de administración, y las facultades especiales siguientes:",
    );
    for (key, name) in POWERS {
        let granted = document
            .pointer(&format!("/ObjetoSocialAnalisis/{key}/Valor"))
            .and_then(Value::as_bool)
            .unwrap_or(false);
        flow.line(
            10.5,
            Font::Regular,
            &format!("• {name}: {}", if granted { "SÍ" } else { "NO" }),
        );
    }

    flow.new_page();
    flow.heading("VIGILANCIA Y CLÁUSULAS TRANSITORIAS");
    flow.paragraph(&format!(
        "NOVENA. La vigilancia de la sociedad estará a cargo de un {} que será {}.",
        text(
            document,
            "/OrganosInternos/OrganoVigilancia/TipoOrganoVigilancia"
        )
        .to_lowercase(),
        text(document, "/OrganosInternos/OrganoVigilancia/Nombre"),
    ));
    flow.paragraph(&format!(
        "PRIMERA TRANSITORIA. El primer ejercicio social correrá de la fecha de constitución, \
         {}, al treinta y uno de diciembre del mismo año.",
        g("FechaConstitucion")
    ));
    flow.gap();
    flow.paragraph("Leído que les fue este instrumento, los comparecientes lo firman. Doy fe.");
    flow.gap();
    flow.line(11.0, Font::Bold, notary);
    flow.line(
        10.0,
        Font::Regular,
        &format!("Notario Público número {}", g("NumeroNotario")),
    );

    flow.new_page();
    flow.heading("REGISTRO PÚBLICO DE COMERCIO");
    flow.paragraph(&format!(
        "Inscrito en el Registro Público de Comercio bajo el folio mercantil electrónico {} \
         con fecha {}.",
        g("FolioMercantil"),
        g("FechaInscripcion")
    ));
    // A company of many shareholders carries their signature sheets in an annex, one a
    // page: the large example's deed runs to about thirty pages, which `make bench`
    // measures the evidence pane on.
    if shareholders.len() > SIGNATURE_ANNEX_FROM {
        for holder in shareholders {
            flow.new_page();
            flow.heading("ANEXO DE FIRMAS");
            flow.gap();
            flow.paragraph(&format!(
                "{}, con Registro Federal de Contribuyentes {}, firma al margen y al calce de \
                 cada hoja de este instrumento en señal de conformidad.",
                text(holder, "/Nombre"),
                text(holder, "/RFC"),
            ));
            flow.gap();
            flow.line(10.0, Font::Regular, "______________________________");
        }
    }
    flow.finish(&format!("Escritura {}", g("NumeroEscrituraPublica")))
}

/// More shareholders than this put their signature sheets in an annex.
pub const SIGNATURE_ANNEX_FROM: usize = 10;

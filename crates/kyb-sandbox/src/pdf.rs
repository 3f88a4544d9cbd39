//! A small hand-written PDF writer for the files the sandbox serves (`Archivo.URL`):
//! numbered objects with a correct cross-reference table, and pages of text in the
//! standard Helvetica and Courier fonts (WinAnsiEncoding, so Spanish accents show) with
//! filled rectangles and lines. Uncompressed, so a test can read what a page draws.

use std::fmt::Write as _;

/// The header, with the binary comment line that tells tools the file is not text.
const HEADER: &[u8] = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";

/// Numbered indirect objects; [`Objects::finish`] writes them with their
/// cross-reference table and trailer.
#[derive(Default)]
pub struct Objects {
    bodies: Vec<Vec<u8>>,
}

impl Objects {
    /// Adds an object and answers its number.
    pub fn add(&mut self, body: impl Into<Vec<u8>>) -> usize {
        self.bodies.push(body.into());
        self.bodies.len()
    }

    /// A number for an object written later with [`Objects::set`] (a parent that
    /// must name its children, and they it).
    pub fn reserve(&mut self) -> usize {
        self.add(Vec::new())
    }

    pub fn set(&mut self, number: usize, body: impl Into<Vec<u8>>) {
        self.bodies[number - 1] = body.into();
    }

    /// The whole file, `root` being the catalog's number.
    pub fn finish(self, root: usize) -> Vec<u8> {
        let mut out = HEADER.to_vec();
        let mut offsets = Vec::with_capacity(self.bodies.len());
        for (index, body) in self.bodies.iter().enumerate() {
            offsets.push(out.len());
            out.extend_from_slice(format!("{} 0 obj\n", index + 1).as_bytes());
            out.extend_from_slice(body);
            out.extend_from_slice(b"\nendobj\n");
        }
        let xref = out.len();
        let size = self.bodies.len() + 1;
        let mut table = format!("xref\n0 {size}\n0000000000 65535 f \n");
        for offset in offsets {
            let _ = writeln!(table, "{offset:010} 00000 n ");
        }
        let _ = write!(
            table,
            "trailer\n<< /Size {size} /Root {root} 0 R >>\nstartxref\n{xref}\n%%EOF\n"
        );
        out.extend_from_slice(table.as_bytes());
        out
    }
}

/// A stream object's body.
pub fn stream(content: &[u8]) -> Vec<u8> {
    let mut body = format!("<< /Length {} >>\nstream\n", content.len()).into_bytes();
    body.extend_from_slice(content);
    body.extend_from_slice(b"\nendstream");
    body
}

/// The standard fonts a page may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    Regular,
    Bold,
    /// A typewriter face: what an amount typed over a bill looks like.
    Mono,
}

impl Font {
    const ALL: [(Font, &'static str, &'static str); 3] = [
        (Font::Regular, "F1", "Helvetica"),
        (Font::Bold, "F2", "Helvetica-Bold"),
        (Font::Mono, "F3", "Courier"),
    ];

    fn resource(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(font, _, _)| *font == self)
            .map_or("F1", |(_, name, _)| name)
    }
}

/// An RGB colour, each channel 0–1.
pub type Rgb = [f32; 3];

/// One page's drawing operations (612 × 792 points, US Letter, origin bottom left).
#[derive(Default)]
pub struct Page {
    ops: String,
}

impl Page {
    pub fn text(&mut self, x: f32, y: f32, size: f32, font: Font, text: &str) {
        let _ = writeln!(
            self.ops,
            "BT /{} {size} Tf {x} {y} Td ({}) Tj ET",
            font.resource(),
            encode(text)
        );
    }

    pub fn fill_rect(&mut self, x: f32, y: f32, width: f32, height: f32, colour: Rgb) {
        let [r, g, b] = colour;
        let _ = writeln!(self.ops, "q {r} {g} {b} rg {x} {y} {width} {height} re f Q");
    }

    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, colour: Rgb) {
        let [r, g, b] = colour;
        let _ = writeln!(
            self.ops,
            "q {r} {g} {b} RG {width} w {} {} m {} {} l S Q",
            from.0, from.1, to.0, to.1
        );
    }
}

/// Pages of text and shapes, written as one PDF.
#[derive(Default)]
pub struct Document {
    pages: Vec<Page>,
}

impl Document {
    pub fn new_page(&mut self) -> &mut Page {
        self.pages.push(Page::default());
        self.pages.last_mut().expect("just pushed")
    }

    pub fn pages_mut(&mut self) -> impl Iterator<Item = &mut Page> {
        self.pages.iter_mut()
    }

    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut objects = Objects::default();
        let catalog = objects.reserve();
        let pages = objects.reserve();
        objects.set(catalog, format!("<< /Type /Catalog /Pages {pages} 0 R >>"));
        let fonts: String = Font::ALL
            .iter()
            .map(|(_, name, base)| {
                let number = objects.add(format!(
                    "<< /Type /Font /Subtype /Type1 /BaseFont /{base} /Encoding /WinAnsiEncoding >>"
                ));
                format!("/{name} {number} 0 R ")
            })
            .collect();
        let kids: Vec<String> = self
            .pages
            .iter()
            .map(|page| {
                let contents = objects.add(stream(page.ops.as_bytes()));
                let number = objects.add(format!(
                    "<< /Type /Page /Parent {pages} 0 R /MediaBox [0 0 612 792] /Contents {contents} 0 R /Resources << /Font << {fonts}>> >> >>"
                ));
                format!("{number} 0 R")
            })
            .collect();
        objects.set(
            pages,
            format!(
                "<< /Type /Pages /Kids [{}] /Count {} >>",
                kids.join(" "),
                kids.len()
            ),
        );
        objects.finish(catalog)
    }
}

/// A PDF string's contents in WinAnsiEncoding: printable ASCII as itself (delimiters
/// escaped), Latin-1 letters and the few typographic marks WinAnsi has as octal
/// escapes, anything else as `?`.
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let byte = match c {
            '(' | ')' | '\\' => {
                out.push('\\');
                out.push(c);
                continue;
            }
            ' '..='~' => {
                out.push(c);
                continue;
            }
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '€' => 0x80,
            '…' => 0x85,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            _ => b'?',
        };
        if byte.is_ascii() {
            out.push(byte as char);
        } else {
            let _ = write!(out, "\\{byte:03o}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
        haystack.windows(needle.len()).rposition(|w| w == needle)
    }

    /// Every cross-reference entry points at its object's header.
    fn assert_xref(pdf: &[u8]) {
        assert!(pdf.starts_with(b"%PDF-1.4\n") && pdf.ends_with(b"%%EOF\n"));
        let start = find(pdf, b"startxref\n").expect("startxref") + 10;
        let tail = std::str::from_utf8(&pdf[start..]).expect("ASCII tail");
        let xref_at: usize = tail
            .lines()
            .next()
            .expect("value")
            .parse()
            .expect("a number");
        let table = std::str::from_utf8(&pdf[xref_at..]).expect("ASCII table");
        assert!(table.starts_with("xref\n"));
        let entries = table.lines().skip(3);
        for (index, entry) in entries.take_while(|l| l.ends_with(" n ")).enumerate() {
            let offset: usize = entry[..10].parse().expect("offset");
            let header = format!("{} 0 obj\n", index + 1);
            assert!(
                pdf[offset..].starts_with(header.as_bytes()),
                "object {} at {offset}",
                index + 1
            );
        }
    }

    #[test]
    fn writes_a_pdf_whose_cross_reference_points_at_its_objects() {
        let mut document = Document::default();
        let page = document.new_page();
        page.text(72.0, 720.0, 18.0, Font::Bold, "Comprobante de domicilio");
        page.text(72.0, 692.0, 11.0, Font::Regular, "Titular: Ana (Pérez)");
        let pdf = document.to_bytes();
        assert_xref(&pdf);
        let text = String::from_utf8_lossy(&pdf);
        assert!(
            text.contains(r"(Titular: Ana \(P\351rez\))"),
            "delimiters escaped, accents in WinAnsi"
        );
    }

    #[test]
    fn pages_share_the_fonts_and_count_in_the_tree() {
        let mut document = Document::default();
        for n in 0..3 {
            let page = document.new_page();
            page.text(72.0, 700.0, 12.0, Font::Regular, &format!("Hoja {n}"));
            page.fill_rect(70.0, 690.0, 100.0, 20.0, [1.0, 1.0, 0.6]);
            page.line((70.0, 700.0), (170.0, 700.0), 1.0, [0.8, 0.0, 0.0]);
        }
        let pdf = document.to_bytes();
        assert_xref(&pdf);
        let text = String::from_utf8_lossy(&pdf);
        assert_eq!(text.matches("/Type /Page ").count(), 3);
        assert!(text.contains("/Count 3"));
        assert_eq!(text.matches("/BaseFont /Helvetica ").count(), 1);
    }

    #[test]
    fn text_outside_win_ansi_becomes_a_question_mark() {
        assert_eq!(encode("Año ñ €"), r"A\361o \361 \200");
        assert_eq!(encode("日本"), "??");
    }
}

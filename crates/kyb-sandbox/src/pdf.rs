//! Small one-page PDFs the sandbox serves as the documents' files (`Archivo.URL`).

/// A valid one-page PDF showing `title` and `line`. Only printable ASCII is kept, so
/// the built-in Helvetica font needs no encoding.
pub fn one_page(title: &str, line: &str) -> Vec<u8> {
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_graphic() || c == ' ' {
                    c
                } else {
                    '?'
                }
            })
            .filter(|c| !matches!(c, '(' | ')' | '\\'))
            .collect()
    };
    let stream = format!(
        "BT /F1 18 Tf 72 720 Td ({}) Tj /F1 11 Tf 0 -28 Td ({}) Tj ET",
        clean(title),
        clean(line)
    );
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>".to_owned(),
        format!("<< /Length {} >>\nstream\n{stream}\nendstream", stream.len()),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_owned(),
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (index, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{body}\nendobj\n", index + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn writes_a_pdf_whose_cross_reference_points_at_its_objects() {
        let pdf = super::one_page("Comprobante de domicilio", "Titular: Ana (Perez)");
        let text = String::from_utf8(pdf).expect("ASCII");
        assert!(text.starts_with("%PDF-1.4\n") && text.ends_with("%%EOF\n"));
        let xref_at: usize = text
            .lines()
            .rev()
            .nth(1)
            .expect("startxref value")
            .parse()
            .expect("a number");
        assert!(text[xref_at..].starts_with("xref"));
        let first_object: usize = text[xref_at..].lines().nth(3).expect("entry")[..10]
            .parse()
            .expect("offset");
        assert!(text[first_object..].starts_with("1 0 obj"));
        assert!(
            text.contains("(Titular: Ana Perez)"),
            "parentheses are dropped from text"
        );
    }
}

//! The files behind the detail's `Documentos` (`Archivo.URL`), downloaded over real
//! HTTP: valid PDFs that say what the detail says, receipts as PNG images, and the
//! hostile files the demo's "Archivos Dudosos" lists.

mod common;

use std::collections::BTreeSet;

use common::Harness;
use kyb_api::file::{SectionBase, SectionId};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// What a served PDF must be: `%PDF-` first, `%%EOF` last, and a cross-reference
/// table whose every entry points at `N 0 obj`. Answers the page objects' count.
fn assert_valid_pdf(pdf: &[u8], what: &str) -> usize {
    assert!(pdf.starts_with(b"%PDF-"), "{what}: no %PDF- header");
    assert!(pdf.trim_ascii_end().ends_with(b"%%EOF"), "{what}: no %%EOF");
    let last = |needle: &[u8]| pdf.windows(needle.len()).rposition(|w| w == needle);
    let start = last(b"startxref").unwrap_or_else(|| panic!("{what}: no startxref")) + 9;
    let tail = std::str::from_utf8(&pdf[start..]).expect("an ASCII trailer");
    let xref_at: usize = tail
        .trim()
        .lines()
        .next()
        .expect("a value")
        .parse()
        .expect("an offset");
    let table = std::str::from_utf8(&pdf[xref_at..]).expect("an ASCII table");
    assert!(
        table.starts_with("xref"),
        "{what}: startxref misses the table"
    );
    let mut lines = table.lines().skip(1);
    let header = lines.next().expect("subsection header");
    let count: usize = header
        .split(' ')
        .nth(1)
        .expect("count")
        .parse()
        .expect("count");
    let entries: Vec<&str> = lines.take(count).collect();
    assert_eq!(entries.len(), count, "{what}: short table");
    assert!(entries[0].ends_with(" f "), "{what}: entry 0 is free");
    for (number, entry) in entries.iter().enumerate().skip(1) {
        assert!(entry.ends_with(" n "), "{what}: entry {number}");
        let offset: usize = entry[..10].parse().expect("an offset");
        let object = format!("{number} 0 obj");
        assert!(
            pdf[offset..].starts_with(object.as_bytes()),
            "{what}: entry {number} points at {offset}, not at {object}"
        );
    }
    count_pages(pdf)
}

fn count_pages(pdf: &[u8]) -> usize {
    String::from_utf8_lossy(pdf).matches("/Type /Page ").count()
}

/// `text` as the writer puts it in a PDF string: WinAnsi, accents as octal escapes.
fn in_pdf(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '(' | ')' | '\\' => format!("\\{c}"),
            ' '..='~' => c.to_string(),
            _ => format!("\\{:03o}", u32::from(c)),
        })
        .collect()
}

fn contains(bytes: &[u8], needle: &str) -> bool {
    bytes.windows(needle.len()).any(|w| w == needle.as_bytes())
}

/// Content-Type and bytes of a served file.
async fn fetch(h: &Harness, url: &str) -> (String, Vec<u8>) {
    let response = h.http.get(url).send().await.expect("the sandbox answers");
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    let content_type = response.headers()["content-type"]
        .to_str()
        .expect("ASCII")
        .to_owned();
    (
        content_type,
        response.bytes().await.expect("the body").to_vec(),
    )
}

fn url(document: &Value) -> &str {
    document["Archivo"]["URL"].as_str().expect("Archivo.URL")
}

/// Version-2 details of every file of the first tenant.
async fn details(h: &Harness) -> Vec<Value> {
    let workspace = h.manifest().tenants[0].workspace_id;
    let mut details = Vec::new();
    for file in h.sandbox.files_of(workspace) {
        let (code, body) = h.detail_v2(file.document_id).await;
        assert_eq!(code, StatusCode::OK, "{body}");
        details.push(body["Data"].clone());
    }
    details
}

#[tokio::test]
async fn every_document_of_the_example_serves_a_real_file() {
    let h = Harness::start().await;
    let (_, body) = h.detail_v2(h.manifest().examples.document_id).await;
    let documents = body["Data"]["Documentos"].as_array().expect("Documentos");
    let kinds: BTreeSet<&str> = documents
        .iter()
        .map(|d| d["TipoDocumento"].as_str().expect("TipoDocumento"))
        .collect();
    assert_eq!(
        kinds,
        BTreeSet::from([
            "ActaConstitutiva",
            "Comprobante",
            "ConstanciaSituacionFiscal",
            "OpinionCumplimiento"
        ])
    );
    for document in documents {
        let (content_type, bytes) = fetch(&h, url(document)).await;
        let what = document["Referencia"].as_str().expect("Referencia");
        if document["Contexto"] == "Sucursal" {
            assert!(url(document).ends_with(".png"), "{what}");
            assert_eq!(content_type, "image/png", "{what}");
            assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{what}");
            continue;
        }
        assert_eq!(content_type, "application/pdf", "{what}");
        let pages = assert_valid_pdf(&bytes, what);
        if document["TipoDocumento"] == "ActaConstitutiva" {
            assert!(pages >= 5, "the deed has {pages} pages");
            let company = body["Data"]["Cliente"].as_str().expect("Cliente");
            let notary = document["AnalisisGeneral"]["NombreNotario"]
                .as_str()
                .expect("NombreNotario");
            assert!(
                contains(&bytes, &in_pdf(company)),
                "the company is in the deed"
            );
            assert!(
                contains(&bytes, &in_pdf(notary)),
                "the notary's name is in the deed"
            );
            assert!(contains(&bytes, "ADMINISTRACI"), "the powers' chapter");
            assert_pdfinfo_pages(&bytes, pages);
        }
    }
    assert!(
        documents.iter().any(|d| d["Contexto"] == "Sucursal"),
        "a branch's receipt"
    );
}

#[tokio::test]
async fn the_large_example_s_deed_runs_to_about_thirty_pages_with_its_signature_annex() {
    let h = Harness::start().await;
    let (_, body) = h.detail_v2(h.manifest().examples.large_document_id).await;
    let deed = body["Data"]["Documentos"]
        .as_array()
        .expect("Documentos")
        .iter()
        .find(|d| d["TipoDocumento"] == "ActaConstitutiva")
        .expect("the deed");
    let (_, bytes) = fetch(&h, url(deed)).await;
    let pages = assert_valid_pdf(&bytes, "the large deed");
    assert!(
        (25..=40).contains(&pages),
        "the large deed has {pages} pages"
    );
    assert!(contains(&bytes, "ANEXO DE FIRMAS"));
    assert_pdfinfo_pages(&bytes, pages);
}

/// Poppler's `pdfinfo`, when installed, reads the same page count (not required).
fn assert_pdfinfo_pages(pdf: &[u8], pages: usize) {
    let dir = std::env::temp_dir().join(format!("kyb-sandbox-deed-{}", std::process::id()));
    std::fs::write(&dir, pdf).expect("the deed written to a temporary file");
    let output = std::process::Command::new("pdfinfo").arg(&dir).output();
    let _ = std::fs::remove_file(&dir);
    let output = output.expect("pdfinfo (poppler-utils, which `make test` installs)");
    assert!(output.status.success(), "pdfinfo rejects the deed");
    let text = String::from_utf8_lossy(&output.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("Pages:"))
        .expect("pdfinfo says Pages");
    assert_eq!(line.trim_start_matches("Pages:").trim(), pages.to_string());
}

#[tokio::test]
async fn a_proof_of_address_shows_an_edit_exactly_when_its_analysis_found_one() {
    let h = Harness::start().await;
    let mut seen = BTreeSet::new();
    for detail in details(&h).await {
        let documents = detail["Documentos"].as_array().expect("Documentos");
        for proof in documents.iter().filter(|d| {
            d["TipoDocumento"] == "Comprobante"
                && d["Contexto"] == "Expediente"
                && !url(d).contains("/hostile/")
        }) {
            let edited = proof["Validaciones"][0]["DocumentoEditado"]
                .as_bool()
                .expect("DocumentoEditado");
            let (_, pdf) = fetch(&h, url(proof)).await;
            assert_valid_pdf(&pdf, url(proof));
            // The yellow box the new amount sits on, the typewriter face it is typed
            // in, and the struck original.
            let shown = [contains(&pdf, "1 1 0.6 rg"), contains(&pdf, "/F3 16.5 Tf")];
            assert_eq!(shown, [edited, edited], "{}", url(proof));
            let holder = proof["NombreTitular"].as_str().expect("NombreTitular");
            assert!(contains(&pdf, "TOTAL A PAGAR"));
            assert!(
                contains(&pdf, &in_pdf(holder)),
                "the holder's name is on the bill"
            );
            seen.insert(edited);
        }
    }
    assert_eq!(seen, BTreeSet::from([false, true]), "both kinds are seeded");
}

/// Which tax documents a detail's `Secciones` call for: (certificate, opinion).
fn expected_tax(detail: &Value) -> (bool, bool) {
    let bases: Vec<SectionBase> = detail["Secciones"]
        .as_array()
        .expect("Secciones")
        .iter()
        .filter_map(|s| SectionId::parse(s.as_str()?).base)
        .collect();
    let any = |of: &[SectionBase]| bases.iter().any(|b| of.contains(b));
    (
        any(&[
            SectionBase::FiscalCSF,
            SectionBase::CertificadoSAT,
            SectionBase::TaxInformations,
        ]),
        any(&[SectionBase::Opinion, SectionBase::TaxInformations]),
    )
}

async fn assert_tax_documents(h: &Harness, detail: &Value) -> (bool, bool) {
    let documents = detail["Documentos"].as_array().expect("Documentos");
    let of_type = |kind: &str| -> Vec<&Value> {
        documents
            .iter()
            .filter(|d| d["TipoDocumento"] == kind)
            .collect()
    };
    let (certificates, opinions) = (
        of_type("ConstanciaSituacionFiscal"),
        of_type("OpinionCumplimiento"),
    );
    let found = (certificates.len() == 1, opinions.len() == 1);
    assert_eq!(found, expected_tax(detail), "{}", detail["Secciones"]);
    assert!(certificates.len() <= 1 && opinions.len() <= 1);
    for document in certificates.iter().chain(&opinions) {
        assert_eq!(document["Categoria"], "Fiscal");
        assert_eq!(document["Contexto"], "Expediente");
        assert_eq!(document["ReferenciaId"], detail["ExpedienteId"]);
        assert_eq!(document["NombreTitular"], detail["Cliente"]);
        let (_, pdf) = fetch(h, url(document)).await;
        assert_valid_pdf(&pdf, url(document));
        assert!(contains(&pdf, detail["RFC"].as_str().expect("RFC")));
    }
    for opinion in &opinions {
        let validation = &opinion["Validaciones"][0];
        assert_eq!(validation["Tipo"], "Opinion");
        let positive = validation["Resultado"].as_bool().expect("Resultado");
        assert_eq!(
            validation["Estatus"],
            if positive { "Positiva" } else { "Negativa" }
        );
        let (_, pdf) = fetch(h, url(opinion)).await;
        let sense = if positive { "POSITIVO" } else { "NEGATIVO" };
        assert!(contains(&pdf, sense), "the opinion's file says {sense}");
    }
    found
}

#[tokio::test]
async fn tax_documents_appear_exactly_when_the_file_asks_for_them() {
    let h = Harness::start().await;
    let mut seen = BTreeSet::new();
    for detail in details(&h).await {
        seen.insert(assert_tax_documents(&h, &detail).await);
    }
    // Files created with other sections: none, the certificate alone, both.
    let examples = &h.manifest().examples;
    let variants = [
        (
            &examples.flow_id,
            json!(["FiscalCSFObligatorio", "OpinionObligatorio"]),
            json!([]),
        ),
        (&examples.flow_id, json!(["OpinionObligatorio"]), json!([])),
        (
            &examples.flow_id_complementary,
            json!([]),
            json!(["CertificadoSAT"]),
        ),
        (
            &examples.flow_id_complementary,
            json!([]),
            json!(["TaxInformations"]),
        ),
        (&examples.flow_id_complementary, json!([]), json!([])),
    ];
    for (n, (flow, exclude, include)) in variants.into_iter().enumerate() {
        let request = json!({
            "FlowID": flow,
            "Company": {"CompanyName": "Fiscal de Prueba S.A. de C.V.", "CompanyRFC": format!("FPR15031{n}AB2")},
            "ExcludeFlow": exclude, "IncludeFlow": include,
        });
        let (code, body) = h.post("/expedientes/nuevo", &request).await;
        assert_eq!(code, StatusCode::OK, "{body}");
        let (_, detail) = h
            .detail_v2(body["Data"]["DocumentId"].as_str().expect("id"))
            .await;
        seen.insert(assert_tax_documents(&h, &detail["Data"]).await);
    }
    assert_eq!(
        seen,
        BTreeSet::from([(false, false), (true, false), (true, true)])
    );
}

#[tokio::test]
async fn opinions_are_mostly_positive_and_some_negative() {
    let h = Harness::start_with(kyb_sandbox::SandboxConfig {
        files: 80,
        ..kyb_sandbox::SandboxConfig::default()
    })
    .await;
    let mut verdicts = Vec::new();
    for detail in details(&h).await {
        for opinion in detail["Documentos"]
            .as_array()
            .expect("Documentos")
            .iter()
            .filter(|d| d["TipoDocumento"] == "OpinionCumplimiento")
        {
            verdicts.push(opinion["Validaciones"][0]["Resultado"] == true);
        }
    }
    let positive = verdicts.iter().filter(|p| **p).count();
    assert!(
        positive * 2 > verdicts.len(),
        "{positive} of {}",
        verdicts.len()
    );
    assert!(
        positive < verdicts.len(),
        "no negative opinion in {}",
        verdicts.len()
    );
}

#[tokio::test]
async fn the_hostile_file_lists_five_proofs_each_a_hostile_file() {
    let h = Harness::start().await;
    let examples = &h.manifest().examples;
    let tracking = json!({"FlowID": examples.flow_id_hostile, "RFC": examples.hostile_rfc, "AgentMail": "a@b.mx"});
    let (code, body) = h.post("/expedientes/v1/tracking", &tracking).await;
    assert_eq!(code, StatusCode::OK, "{body}");
    assert_eq!(body["Data"]["DocumentStatus"], "En Revisión");
    assert_eq!(body["Data"]["CompanyName"], "Archivos Dudosos S.A. de C.V.");

    let (code, body) = h.detail_v2(examples.hostile_document_id).await;
    assert_eq!(code, StatusCode::OK, "{body}");
    let detail = &body["Data"];
    assert_eq!(detail["TipoPersona"], "Moral");
    assert!(
        detail["Secciones"]
            .as_array()
            .expect("Secciones")
            .contains(&json!("ProofAddressMultiple"))
    );
    let proofs: Vec<&Value> = detail["Documentos"]
        .as_array()
        .expect("Documentos")
        .iter()
        .filter(|d| d["TipoDocumento"] == "Comprobante" && d["Contexto"] == "Expediente")
        .collect();
    let references: Vec<&str> = proofs
        .iter()
        .map(|p| p["Referencia"].as_str().expect("Referencia"))
        .collect();
    assert_eq!(
        references,
        [
            "Comprobante 1",
            "Comprobante 2",
            "Comprobante 3",
            "Comprobante 4",
            "Comprobante 5"
        ]
    );
    let names: Vec<&str> = proofs
        .iter()
        .map(|p| {
            url(p)
                .rsplit("/_files/hostile/")
                .next()
                .expect("a hostile file")
        })
        .collect();
    assert_eq!(names, kyb_sandbox::hostile::NAMES);
    for proof in &proofs {
        assert_eq!(proof["Categoria"], "Domicilio");
        assert!(url(proof).starts_with(&format!("{}/_files/hostile/", h.manifest().base_url)));
    }
}

#[tokio::test]
async fn each_hostile_file_has_its_property() {
    let h = Harness::start().await;
    let base = format!("{}/_files/hostile", h.manifest().base_url);

    let (content_type, script) = fetch(&h, &format!("{base}/script.pdf")).await;
    assert_eq!(content_type, "application/pdf");
    assert_valid_pdf(&script, "script.pdf");
    for needle in [
        "/OpenAction",
        "/S /JavaScript",
        "/JS (app.alert\\(1\\))",
        "/S /Launch",
        "/F (calc.exe)",
        "/AA",
    ] {
        assert!(contains(&script, needle), "script.pdf lacks {needle}");
    }

    let (content_type, truncated) = fetch(&h, &format!("{base}/truncated.pdf")).await;
    assert_eq!(content_type, "application/pdf");
    assert!(truncated.starts_with(b"%PDF-"));
    assert!(!contains(&truncated, "%%EOF") && !contains(&truncated, "xref"));
    assert!(count_pages(&truncated) >= 2, "a multi-page file, cut");

    let (content_type, many) = fetch(&h, &format!("{base}/pages-2000.pdf")).await;
    assert_eq!(content_type, "application/pdf");
    assert_eq!(assert_valid_pdf(&many, "pages-2000.pdf"), 2000);
    assert!(contains(&many, "/Count 2000"));
    assert!(many.len() < 1024 * 1024, "{} bytes", many.len());

    let (content_type, html) = fetch(&h, &format!("{base}/html.pdf")).await;
    assert_eq!(content_type, "application/pdf");
    assert!(html.starts_with(b"<!doctype html"));
    assert!(contains(&html, "<script>"));

    let response = h
        .http
        .get(format!("{base}/oversize.pdf"))
        .send()
        .await
        .expect("answers");
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let oversize = response.bytes().await.expect("the whole body");
    assert!(oversize.starts_with(b"%PDF-1.4"));
    assert_eq!(oversize.len(), 32 * 1024 * 1024);
    assert!(oversize.len() > 25 * 1024 * 1024, "beyond the desk's cap");

    let missing = h
        .http
        .get(format!("{base}/other.pdf"))
        .send()
        .await
        .expect("answers");
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_document_name_no_detail_lists_is_not_found() {
    let h = Harness::start().await;
    let id = h.manifest().examples.document_id;
    for name in [
        format!("documents/{id}-otro.pdf"),
        "documents/9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d-acta.pdf".to_owned(),
        "documents/x.pdf".to_owned(),
    ] {
        let response = h
            .http
            .get(format!("{}/_files/{name}", h.manifest().base_url))
            .send()
            .await
            .expect("answers");
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{name}");
    }
}

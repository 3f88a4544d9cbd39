//! A review's evidence over real loopback HTTP: the material of a file read from the
//! demo sandbox, each section's evidence with its findings, and the documents' files
//! fetched by handle under the rules (first bytes, a cap, no redirect, no private
//! address), the demo's hostile files each refused or flagged as it should be.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::DemoDesk;
use kyb_desk_core::desk::{FileDetail, ReviewMaterial};
use kyb_desk_core::error::{DeskCode, Details, ServiceCode};
use kyb_desk_core::evidence::files::{EvidenceFiles, FileKind, MAX_DOCUMENT_BYTES};
use kyb_desk_core::evidence::{EvidenceRule, FindingKind};
use reqwest::Url;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// The review of the demo's file of hostile documents, its files registered with
/// `files`.
async fn hostile_review(demo: &DemoDesk, files: &EvidenceFiles) -> ReviewMaterial {
    let examples = &demo.manifest().examples;
    demo.desk
        .review_material(
            files,
            &examples.flow_id_hostile,
            &examples.hostile_rfc,
            &examples.hostile_document_id.to_string(),
        )
        .await
        .expect("the file's review")
}

#[tokio::test]
async fn the_hostile_files_are_each_refused_or_flagged_and_nothing_hangs() {
    let demo = DemoDesk::start().await;
    let files = demo.evidence_files();
    let material = hostile_review(&demo, &files).await;
    let proofs = material
        .evidence
        .sections
        .iter()
        .find(|s| s.rule == EvidenceRule::ProofOfAddress)
        .expect("its proof-of-address section");
    assert_eq!(proofs.documents.len(), 5, "one document per hostile file");
    let handle = |n: usize| {
        material.evidence.documents[proofs.documents[n] as usize]
            .file
            .clone()
            .expect("a file")
    };
    let opened = tokio::time::timeout(std::time::Duration::from_secs(60), async {
        let mut all = Vec::new();
        for n in 0..5 {
            all.push(files.open(&handle(n)).await);
        }
        all
    })
    .await
    .expect("no file hangs the desk");
    // script.pdf: shown, and said to carry JavaScript and a launch action.
    let script = opened[0].as_ref().expect("a PDF is shown");
    let traits = script.pdf.expect("its traits");
    assert!(traits.scripts && traits.launch, "{traits:?}");
    // truncated.pdf: damaged.
    assert_eq!(
        opened[1].as_ref().expect_err("cut short").code,
        DeskCode::DamagedFile
    );
    // pages-2000.pdf: shown, its pages counted.
    let long = opened[2].as_ref().expect("a long PDF is shown");
    assert_eq!(long.pdf.and_then(|p| p.pages), Some(2000));
    // html.pdf: named for what it is, whatever its name and Content-Type say.
    let html = opened[3].as_ref().expect_err("not a PDF");
    assert_eq!(
        (html.code, html.details.as_deref().cloned()),
        (
            DeskCode::UnsupportedFile.into(),
            Some(Details::UnsupportedFile {
                kind: "html".to_owned()
            })
        )
    );
    // oversize.pdf: refused at the cap, its bytes not kept.
    assert_eq!(
        opened[4].as_ref().expect_err("too large").code,
        ServiceCode::TooLarge
    );
    assert!(files.cached_bytes() < MAX_DOCUMENT_BYTES);
}

#[tokio::test]
async fn the_demo_review_s_evidence_finds_the_altered_proof_and_shows_its_real_files() {
    let demo = DemoDesk::start().await;
    let files = demo.evidence_files();
    let material = demo.example_review(&files).await;
    assert!(matches!(material.detail, FileDetail::V2 { .. }));
    // Every tracked section has its evidence, known or not.
    for tracked in &material.tracking.sections {
        assert!(
            material
                .evidence
                .section(&tracked.comment.section)
                .is_some(),
            "{}",
            tracked.comment.section
        );
    }
    // Each document with a file opens as the kind its first bytes say, its SHA-256 that
    // of the bytes the window then receives.
    let mut kinds = Vec::new();
    for document in &material.evidence.documents {
        let Some(handle) = &document.file else {
            continue;
        };
        let file = files.open(handle).await.expect("a real file");
        let bytes = files.bytes(handle, &file.sha256).await.expect("its bytes");
        assert_eq!(file.sha256, kyb_desk_core::hash::sha256_hex(&bytes));
        kinds.push(file.kind);
    }
    assert!(
        kinds.contains(&FileKind::Pdf) && kinds.contains(&FileKind::Png),
        "{kinds:?}"
    );
    // A finding is there whenever the detail's own analysis says the proof was edited.
    let FileDetail::V2 { detail, .. } = &material.detail else {
        unreachable!()
    };
    let edited = detail.documentos.iter().any(|d| {
        d.contexto.as_deref() != Some("Sucursal")
            && d.validaciones
                .iter()
                .any(|v| v.documento_editado == Some(true))
    });
    let flagged = material.evidence.sections.iter().any(|s| {
        s.rule == EvidenceRule::ProofOfAddress
            && s.findings
                .iter()
                .any(|f| f.kind == FindingKind::DocumentEdited)
    });
    assert_eq!(edited, flagged);
}

/// A loopback listener answering every request with `head` then `body`.
async fn listen(head: String, body: Vec<u8>) -> (Url, Arc<AtomicUsize>) {
    let socket = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let url =
        Url::parse(&format!("http://{}", socket.local_addr().expect("address"))).expect("a URL");
    let requests = Arc::new(AtomicUsize::new(0));
    let counter = requests.clone();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = socket.accept().await {
            counter.fetch_add(1, Ordering::SeqCst);
            let (head, body) = (head.clone(), body.clone());
            tokio::spawn(async move {
                let mut request = vec![0; 4096];
                let _ = stream.read(&mut request).await;
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(&body).await;
            });
        }
    });
    (url, requests)
}

#[tokio::test]
async fn a_file_is_judged_by_its_bytes_never_follows_a_redirect_and_never_reaches_a_private_address()
 {
    // Claimed a PDF, sent a page: refused as HTML.
    let (page, _) = listen(
        "HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\nConnection: close\r\n\r\n".into(),
        b"<html><script>alert(1)</script></html>".to_vec(),
    )
    .await;
    let files = EvidenceFiles::new(Some(&page)).expect("files");
    let handle = files.handle(page.join("acta.pdf").expect("url").as_str());
    let refused = files.open(&handle).await.expect_err("not a PDF");
    assert_eq!(refused.code, DeskCode::UnsupportedFile);

    // Claimed nothing useful, sent a PNG: shown as a PNG.
    let (png, _) = listen(
        "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n"
            .into(),
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10".to_vec(),
    )
    .await;
    let files = EvidenceFiles::new(Some(&png)).expect("files");
    let handle = files.handle(png.join("foto").expect("url").as_str());
    assert_eq!(
        files.open(&handle).await.expect("a PNG").kind,
        FileKind::Png
    );

    // A redirect is not followed.
    let (elsewhere, reached) = listen(
        "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".into(),
        b"%PDF-1.4\n%%EOF\n".to_vec(),
    )
    .await;
    let (redirect, _) = listen(
        format!(
            "HTTP/1.1 302 Found\r\nLocation: {elsewhere}acta.pdf\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        ),
        Vec::new(),
    )
    .await;
    let files = EvidenceFiles::new(Some(&redirect)).expect("files");
    let handle = files.handle(redirect.join("acta.pdf").expect("url").as_str());
    assert_eq!(
        files.open(&handle).await.expect_err("not followed").code,
        ServiceCode::Redirected
    );
    assert_eq!(reached.load(Ordering::SeqCst), 0);

    // An address of the analyst's own network, by number or by name, is never asked.
    let (local, asked) = listen(
        "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".into(),
        b"%PDF-1.4\n%%EOF\n".to_vec(),
    )
    .await;
    let port = local.port().expect("a port");
    let files = EvidenceFiles::new(None).expect("files");
    for address in [
        format!("https://127.0.0.1:{port}/acta.pdf"),
        format!("http://127.0.0.1:{port}/acta.pdf"),
        "https://169.254.169.254/latest/meta-data".to_owned(),
        "https://192.168.1.10/acta.pdf".to_owned(),
    ] {
        let handle = files.handle(&address);
        assert_eq!(
            files.open(&handle).await.expect_err("refused").code,
            DeskCode::UnsafeAddress,
            "{address}"
        );
    }
    let by_name = files.handle(&format!("https://localhost:{port}/acta.pdf"));
    assert_eq!(
        files.open(&by_name).await.expect_err("refused").code,
        ServiceCode::Network
    );
    assert_eq!(asked.load(Ordering::SeqCst), 0);

    // A handle no evidence gave leads nowhere.
    assert_eq!(
        files
            .open("0123456789abcdef0123456789abcdef")
            .await
            .expect_err("unknown")
            .code,
        ServiceCode::NotFound
    );
}

#[tokio::test]
async fn a_file_on_the_service_s_own_origin_is_reached_as_the_service_is_and_no_other() {
    // A company's service on its own network (here: this computer, over plain http, as a
    // profile may name it): its files come from where the key already goes.
    let (service, _) = listen(
        "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".into(),
        b"%PDF-1.4\n%%EOF\n".to_vec(),
    )
    .await;
    let origin = kyb_api::client::origin_of(&service);
    let files = EvidenceFiles::new(None).expect("files");
    let own = files.register(
        service.join("acta.pdf").expect("url").as_str(),
        Some(&origin),
    );
    assert_eq!(
        files.open(&own).await.expect("its own file").kind,
        FileKind::Pdf
    );
    // Another address on this computer, named by the same answer: refused.
    let (other, asked) = listen(
        "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".into(),
        b"%PDF-1.4\n%%EOF\n".to_vec(),
    )
    .await;
    let foreign = files.register(other.join("acta.pdf").expect("url").as_str(), Some(&origin));
    assert_eq!(
        files
            .open(&foreign)
            .await
            .expect_err("not the service")
            .code,
        DeskCode::UnsafeAddress
    );
    assert_eq!(asked.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn a_section_with_high_findings_is_sent_accepted_only_once_acknowledged_and_the_log_names_them()
 {
    let demo = DemoDesk::start().await;
    let files = demo.evidence_files();
    let document_id = demo.manifest().examples.document_id.to_string();
    let material = demo.example_review(&files).await;
    let flagged = material
        .evidence
        .sections
        .iter()
        .find(|s| s.needs_acknowledgement)
        .expect("the example has a section with a high finding")
        .clone();
    let accept = common::acceptance(&document_id, &flagged.section);
    // Not acknowledged: refused before anything leaves, naming the section.
    let refused = common::send_correction(&demo.desk, accept.clone())
        .await
        .expect_err("not acknowledged");
    assert_eq!(refused.code, DeskCode::NeedsAcknowledgement);
    assert_eq!(
        refused.details.as_deref(),
        Some(&Details::NeedsAcknowledgement {
            sections: vec![flagged.section.clone()]
        })
    );
    // What the window may claim counts for nothing: a section the evidence has not is
    // refused, and so is one with nothing high.
    assert_eq!(
        demo.desk
            .acknowledge_findings(&document_id, "SeccionInventada")
            .await
            .expect_err("no such section")
            .code,
        ServiceCode::NotFound
    );
    if let Some(clean) = material
        .evidence
        .sections
        .iter()
        .find(|s| !s.needs_acknowledgement)
    {
        assert_eq!(
            demo.desk
                .acknowledge_findings(&document_id, &clean.section)
                .await
                .expect_err("nothing to acknowledge")
                .code,
            DeskCode::InvalidInput
        );
    }
    demo.desk
        .acknowledge_findings(&document_id, &flagged.section)
        .await
        .expect("acknowledged");
    common::send_correction(&demo.desk, accept)
        .await
        .expect("sent once acknowledged");
    let log = demo.desk.audit_entries().expect("the log");
    let acknowledged = log
        .entries
        .iter()
        .find(|e| e.record.operation == "desk: findings-acknowledged")
        .expect("the acknowledgement is logged");
    assert_eq!(acknowledged.record.target, document_id);
    for finding in flagged
        .findings
        .iter()
        .filter(|f| f.severity == kyb_desk_core::evidence::Severity::High)
    {
        if let Some(subject) = &finding.subject {
            assert!(
                acknowledged.record.summary.contains(subject.as_str()),
                "{}",
                acknowledged.record.summary
            );
        }
    }
    // It comes before the correction that sends the section accepted.
    let ack_at = acknowledged.record.seq;
    assert!(
        log.entries
            .iter()
            .any(|e| e.record.operation.contains("solicitar-correccion") && e.record.seq > ack_at)
    );
}

/// A document the desk will not show as it is becomes a finding of its section once it
/// is judged: shown in the viewer, or all of a section's before it is accepted. The
/// section then asks for the acknowledgement, and a correction that accepts it without
/// one is refused; the finding stays when the review is read again.
#[tokio::test]
async fn the_hostile_proofs_are_findings_to_acknowledge_once_judged() {
    use kyb_api::requests::{CorrectionRequest, SectionDecision};

    let demo = DemoDesk::start().await;
    let files = demo.evidence_files();
    let document_id = demo.manifest().examples.hostile_document_id.to_string();
    let read = || hostile_review(&demo, &files);
    let material = read().await;
    let section = material
        .evidence
        .sections
        .iter()
        .find(|s| s.rule == EvidenceRule::ProofOfAddress)
        .expect("its proof-of-address section")
        .section
        .clone();
    let unreadable = |s: &kyb_desk_core::evidence::SectionEvidence| -> Vec<(u32, Vec<String>)> {
        s.findings
            .iter()
            .filter(|f| f.kind == FindingKind::DocumentUnreadable)
            .map(|f| (f.document.expect("its document"), f.codes.clone()))
            .collect()
    };
    assert!(
        unreadable(material.evidence.section(&section).expect("section")).is_empty(),
        "nothing is known of a file before it is judged"
    );
    // One shown in the viewer: the truncated PDF, the second.
    let proofs = material
        .evidence
        .section(&section)
        .expect("section")
        .documents
        .clone();
    let truncated = material.evidence.documents[proofs[1] as usize]
        .file
        .clone()
        .expect("a file");
    let shown = demo
        .desk
        .evidence_file(&files, &truncated)
        .await
        .expect_err("damaged");
    assert_eq!(shown.code, DeskCode::DamagedFile);
    assert_eq!(
        shown.task,
        Some(kyb_desk_core::error::Task::ShowDocument),
        "said as what the file is, not as a download that failed"
    );
    let again = read().await;
    assert_eq!(
        unreadable(again.evidence.section(&section).expect("section")),
        [(proofs[1], vec!["damaged".to_owned()])]
    );
    // Acknowledged as it stands now: the damaged PDF (and any other high finding).
    demo.desk
        .acknowledge_findings(&document_id, &section)
        .await
        .expect("acknowledged");
    // All of the section's, as the window asks before accepting it.
    let judged = demo
        .desk
        .judge_section(&files, &document_id, &section)
        .await
        .expect("judged");
    let mut found = unreadable(&judged);
    found.sort();
    let mut expected = vec![
        (proofs[0], vec!["scripts".to_owned(), "launch".to_owned()]),
        (proofs[1], vec!["damaged".to_owned()]),
        (proofs[3], vec!["type:html".to_owned()]),
        (proofs[4], vec!["too_large".to_owned()]),
    ];
    expected.sort();
    assert_eq!(found, expected, "the 2,000-page PDF is no finding");
    assert!(judged.needs_acknowledgement);
    let accept = CorrectionRequest {
        document_id: document_id.clone(),
        secciones: vec![SectionDecision {
            seccion: section.clone(),
            estatus: "Aceptada".into(),
            ..Default::default()
        }],
        notificar_usuario: Some(false),
        mensaje_general: None,
    };
    // What was judged after the acknowledgement asks for its own.
    let refused = common::send_correction(&demo.desk, accept.clone())
        .await
        .expect_err("not acknowledged");
    assert_eq!(refused.code, DeskCode::NeedsAcknowledgement);
    // The verdicts stand when the review is read again.
    let still = read().await;
    assert_eq!(
        unreadable(still.evidence.section(&section).expect("section")).len(),
        4
    );
    demo.desk
        .acknowledge_findings(&document_id, &section)
        .await
        .expect("acknowledged again");
    common::send_correction(&demo.desk, accept)
        .await
        .expect("sent once every finding is acknowledged");
    // The file's risk counts them.
    let risk = demo
        .desk
        .watchlist()
        .expect("the watchlist")
        .into_iter()
        .find(|f| f.document_id.as_deref() == Some(document_id.as_str()))
        .and_then(|f| f.risk);
    if let Some(risk) = risk {
        assert_eq!(risk.level, Some(kyb_desk_core::evidence::Severity::High));
    }
}

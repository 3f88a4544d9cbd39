//! The supervisor's desk in pictures, on the demo as `make run` opens it: the
//! queue with its SLA column and the overview's "vencidos / por vencer", the dashboard
//! once a decision was sent, and the example file's dossier, exported from its page,
//! with its PDF's first page drawn to a PNG.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use kyb_desk_core::dossier::archive;
use kyb_e2e::{demo_examples, with_demo_world};

use crate::capture::capture;

/// The SLA targets the Profiles screen's "Plazos (SLA)" asks for, in business hours.
/// The demo's files changed status between an hour and three days before it started,
/// the same ages at every start; on a round-the-clock calendar without holidays (set
/// below) their clocks are the same whatever the hour the walk runs at: the older
/// running files past their target ("Vencido"), a file under review for a few hours
/// within the last 16 ("Por vencer"), those with the end user paused.
const TARGETS: [(&str, &str); 6] = [
    ("queuedHours", "8"),
    ("inReviewHours", "16"),
    ("enrollingHours", "24"),
    ("enrollmentFailedHours", "8"),
    ("unknownHours", "8"),
    ("atRiskHours", "16"),
];

/// The first of the demo profile's default reasons for a proof of address.
const REASON: &str = "El comprobante de domicilio tiene más de tres meses: suba uno reciente.";

fn section(name: &str, part: &str) -> String {
    format!("[data-testid=review-section][data-section={name}] [data-testid={part}]")
}

pub async fn supervisor_desk(dir: &Path) {
    let saves = PathBuf::from(std::env::var("KYB_DESK_TEST_SAVE_DIR").expect(
        "KYB_DESK_TEST_SAVE_DIR names where the app saves exports (scripts/session.sh --driver sets it)",
    ));
    let examples = demo_examples().await;
    let document_id = examples.document_id.to_string();
    let exported = saves.join(format!("expediente-auditoria-{document_id}.zip"));
    // An export of an earlier run in this session is not this one's.
    let _ = std::fs::remove_file(&exported);
    let rfc = examples.rfc.clone();
    let dir = dir.to_path_buf();
    let zip = exported.clone();
    let pictures = dir.clone();
    with_demo_world(move |app| async move {
        app.text_of("[data-testid=try-this]").await;

        // The policy, as a lead sets it on the Profiles screen.
        app.click("[data-testid=nav-profiles]").await;
        app.wait_for_text("[data-testid=sla-policy]", "Plazos (SLA)")
            .await;
        app.fill_sla_policy(&TARGETS, true).await;

        // The queue in its usual order (the latest changes first), so that files in
        // each state show, under the overview's counts.
        app.click("[data-testid=nav-watchlist]").await;
        app.text_of("[data-testid=overview-sla-breached]").await;
        app.text_of(
            "[data-testid=row-sla][data-state=breached], [data-testid=row-sla][data-state=at_risk]",
        )
        .await;
        // The notice of the file about to breach, above the screen; the guide folded, so
        // that it, the counts and the rows fit in one picture.
        app.text_of("[data-testid=sla-notice]").await;
        app.click("[data-testid=try-this-fold]").await;
        app.run_script(
            "document.querySelector('[data-testid=sla-notice]').scrollIntoView({block: 'start'})",
        )
        .await;
        capture(&dir.join("34-watchlist-sla.png"));
        app.click("[data-testid=try-this-fold]").await;

        // A review sent without typing, as the first hour's journey sends it.
        app.click("[data-testid=try-review]").await;
        app.accept_section("OpinionObligatorio").await;
        app.click(&section("ProofAddressObligatorio", "reject"))
            .await;
        app.choose_reason("ProofAddressObligatorio", REASON)
            .await;
        app.click("[data-testid=open-preview]").await;
        app.click("[data-testid=send-correction]").await;
        app.wait_for_text("[data-testid=correction-result]", "Rechazadas: 1")
            .await;

        // The dashboard counts it, beside the demo's past month.
        app.click("[data-testid=nav-dashboard]").await;
        app.wait_for_text("[data-testid=dashboard-decisions]", "decisiones en el periodo")
            .await;
        app.wait_for_text("[data-testid=dashboard-reasons]", REASON)
            .await;
        // Drawn: both charts' canvases have a size.
        let app = &app;
        kyb_e2e::poll(Duration::from_secs(20), || async move {
            app.run_script(
                "return ['chart-decisions', 'chart-queue'].every((id) => {
                   const canvas = document.querySelector(`[data-testid=${id}] canvas`);
                   return !!canvas && canvas.getBoundingClientRect().height > 100;
                 });",
            )
            .await
            .as_bool()
            .filter(|drawn| *drawn)
        })
        .await
        .expect("the dashboard's charts are drawn");
        capture(&dir.join("35-dashboard.png"));
        // Below the fold: the queue's ages and the rejection reasons.
        app.run_script(
            "document.querySelector('[data-testid=chart-queue]').closest('figure, section').scrollIntoView({block: 'start'})",
        )
        .await;
        capture(&dir.join("35b-dashboard-queue.png"));

        // The file's dossier, exported from its page.
        app.click("[data-testid=nav-watchlist]").await;
        app.click(&format!("[data-rfc={rfc}] [data-testid=open-file]"))
            .await;
        app.text_of("[data-testid=tracking-person]").await;
        app.click("[data-testid=export-dossier]").await;
        app.wait_for_text(
            "[data-testid=dossier-saved]",
            "Expediente para auditoría guardado en",
        )
        .await;
        capture(&dir.join("36-dossier-exported.png"));
    })
    .await;
    first_page(&exported_pdf(&zip), &pictures.join("37-dossier-page-1.png"));
    let _ = std::fs::remove_file(&zip);
}

/// The dossier's PDF report, out of its ZIP into a file of its own.
fn exported_pdf(zip: &Path) -> tempfile::NamedTempFile {
    let bytes = std::fs::read(zip).expect("the dossier is where the save went");
    let pdf = archive::members(&bytes)
        .expect("a ZIP")
        .into_iter()
        .find(|m| m.name == archive::PDF)
        .expect("its report")
        .bytes;
    let file = tempfile::NamedTempFile::new().expect("a temporary file");
    std::fs::write(file.path(), pdf).expect("written");
    file
}

/// The PDF's first page as a PNG, at 80 dpi (poppler-utils' `pdftoppm`).
fn first_page(pdf: &tempfile::NamedTempFile, png: &Path) {
    let prefix = png.with_extension("");
    let status = Command::new("pdftoppm")
        .args(["-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile"])
        .arg(pdf.path())
        .arg(&prefix)
        .status()
        .expect("pdftoppm runs (poppler-utils; make screenshots installs it)");
    assert!(
        status.success(),
        "pdftoppm could not draw the dossier's page"
    );
    println!("wrote {}", png.display());
}

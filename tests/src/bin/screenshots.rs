//! `make screenshots`: opens the real app window and saves a PNG of each screen into
//! the folder named on the command line, so anyone can look at the app without a
//! desktop. Runs inside `scripts/session.sh --driver`, whose Xvfb screen is exactly
//! the window's size, so a picture of the screen is a picture of the window.

use std::path::{Path, PathBuf};

use kyb_e2e::{
    DataDir, TeamDatabase, alter_tracking, connect, demo_examples, reject_and_preview,
    send_and_lose_the_answer, with_app, with_app_at, with_demo_world,
};
use kyb_sandbox::{Sandbox, SandboxConfig};

use capture::capture;

// Cargo takes every `src/bin/*.rs` for a program of its own: the walk's parts live in
// a folder beside it.
#[path = "screenshots/capture.rs"]
mod capture;
#[path = "screenshots/desk.rs"]
mod desk;
#[path = "screenshots/languages.rs"]
mod languages;
#[path = "screenshots/managed.rs"]
mod managed;

#[tokio::main]
async fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "docs/screenshots".into()),
    );
    std::fs::create_dir_all(&dir).expect("the screenshots folder can be created");
    let shots = dir.clone();
    let first = dir.clone();
    with_app(move |app| async move {
        // Wait until the backend answered, so the picture shows real data.
        app.text_of("[data-testid=app-version]").await;
        app.wait_for_text("h2", "Configure su perfil").await;
        capture(&first.join("01-start.png"));
    })
    .await;

    // The demo's example file, as its embedded sandbox (seeded alike) has it.
    let examples = demo_examples().await;
    let rfc = examples.rfc.clone();
    // The demo as `make run` opens it: its files followed, the walks above them.
    with_demo_world(move |app| async move {
        app.text_of("[data-testid=demo-banner]").await;
        app.text_of("[data-testid=try-this]").await;
        app.wait_for_text("[data-testid=watch-row]", "").await;
        capture(&dir.join("02-watchlist.png"));
        // The same screen in the dark theme: System → Light → Dark.
        app.click("[data-testid=theme-toggle]").await;
        app.click("[data-testid=theme-toggle]").await;
        app.wait_for_text("[data-testid=theme-toggle]", "Oscuro")
            .await;
        capture(&dir.join("02-watchlist-dark.png"));
        app.click("[data-testid=theme-toggle]").await;
        app.wait_for_text("[data-testid=theme-toggle]", "Sistema")
            .await;
        // Ctrl+K: a followed file found by part of its company's name.
        app.press_with_control("input[type=search]", 'k').await;
        app.type_into("[data-testid=quick-query]", "impo").await;
        app.wait_for_inner_text("[data-testid=quick-item]", &rfc)
            .await;
        capture(&dir.join("23-quick-open.png"));
        app.type_into("[data-testid=quick-query]", "\u{E00C}").await;
        app.wait_until_gone("[data-testid=quick-open]").await;
        app.click(&format!("[data-rfc={rfc}] [data-testid=open-file]"))
            .await;
        app.text_of("[data-testid=tracking-section] .chip").await;
        // Each section's findings beside it, once the review's evidence has come.
        app.text_of("[data-testid=tracking-section] [data-testid=finding-badge]")
            .await;
        capture(&dir.join("03-tracking.png"));
        app.click("[data-testid=view-detail]").await;
        app.text_of("[data-testid=tab-summary]").await;
        capture(&dir.join("04-detail-summary.png"));
        app.click("[data-testid=tab-entities]").await;
        app.text_of("[data-testid=entity-card]").await;
        capture(&dir.join("05-detail-entities.png"));
        app.click("[data-testid=photo-thumb]").await;
        app.attribute_of("[data-testid=viewer-stage] img", "src")
            .await;
        app.click("[data-testid=rotate]").await;
        app.wait_for_text("[data-testid=photo-viewer]", "90°").await;
        capture(&dir.join("05-detail-branch-photo.png"));
        app.click("[aria-label=Cerrar]").await;
        app.click("[data-testid=tab-documents]").await;
        app.text_of("[data-testid=document-card]").await;
        capture(&dir.join("06-detail-documents.png"));
        app.click("[data-testid=tab-forms]").await;
        app.text_of("[data-testid=detail-panel]").await;
        capture(&dir.join("07-detail-forms.png"));
        app.click("[data-testid=tab-json]").await;
        app.text_of("[data-testid=detail-panel] .json").await;
        capture(&dir.join("08-detail-json.png"));

        // The review, half done: two sections accepted, one rejected with its comment.
        app.click("[data-testid=start-review]").await;
        let row = |name: &str, part: &str| {
            format!("[data-testid=review-section][data-section={name}] [data-testid={part}]")
        };
        // The evidence beside the decision: the proof of address's finding on its row,
        // its PDF drawn in the pane with the alteration's indicators.
        app.show_section_pdf("ProofAddressObligatorio", 1).await;
        capture(&dir.join("09a-review-evidence.png"));
        // Accepting it asks for the acknowledgement first.
        app.click(&row("ProofAddressObligatorio", "accept")).await;
        app.wait_for_text("[data-testid=ack-findings]", "Documento editado")
            .await;
        app.click("[data-testid=ack-seen]").await;
        capture(&dir.join("09b-acknowledge.png"));
        app.click_button("Volver").await;
        // The deed's pages, on j/k.
        app.show_section_pdf("ActaConstitutivaObligatorio", 7).await;
        capture(&dir.join("09d-review-deed.png"));
        // The desk's own checks on the deed: the shareholder on the demo's 69-B list,
        // then the ownership's table and picture.
        let hit = "[data-testid=evidence-pane] [data-testid=hit]";
        app.wait_for_text(hit, "SAT 69-B").await;
        app.run_script(&format!(
            "document.querySelector('{hit}').scrollIntoView({{block: 'center'}})"
        ))
        .await;
        capture(&dir.join("09e-review-hit.png"));
        app.run_script(
            "document.querySelector('[data-testid=ownership]').scrollIntoView({block: 'start'})",
        )
        .await;
        app.attribute_of("[data-testid=ownership-chart] canvas", "width")
            .await;
        capture(&dir.join("09f-review-ownership.png"));
        // The hit disposed of as a false positive, its reason being written.
        app.run_script(&format!(
            "document.querySelector('{hit}').scrollIntoView({{block: 'center'}})"
        ))
        .await;
        app.click(&format!("{hit} [data-testid=hit-false-positive]"))
            .await;
        app.type_into(
            "[data-testid=hit-reason]",
            "Homónimo: otro RFC y otra fecha de nacimiento",
        )
        .await;
        capture(&dir.join("09g-hit-disposition.png"));
        app.click("[data-testid=hit-confirm]").await;
        app.wait_until_gone("[data-testid=hit-reason]").await;
        app.accept_section("OpinionObligatorio").await;
        app.accept_section("Sucursal").await;
        app.click(&row("ProofAddressObligatorio", "reject")).await;
        app.type_into(
            &row("ProofAddressObligatorio", "review-comment"),
            "El comprobante tiene más de 3 meses: suba uno de los últimos 90 días.",
        )
        .await;
        app.type_into(
            "[data-testid=review-message]",
            "Gracias: solo falta un comprobante de domicilio reciente.",
        )
        .await;
        app.wait_for_text("[data-testid=draft-status]", "Borrador guardado")
            .await;
        capture(&dir.join("09-review.png"));
        app.click("[data-testid=theme-toggle]").await;
        app.click("[data-testid=theme-toggle]").await;
        app.wait_for_text("[data-testid=theme-toggle]", "Oscuro")
            .await;
        capture(&dir.join("09-review-dark.png"));
        app.click("[data-testid=theme-toggle]").await;
        app.wait_for_text("[data-testid=theme-toggle]", "Sistema")
            .await;
        app.click("[data-testid=open-preview]").await;
        app.text_of("[data-testid=preview-payload]").await;
        capture(&dir.join("10-preview.png"));
        app.click("[data-testid=send-correction]").await;
        app.text_of("[data-testid=correction-link]").await;
        capture(&dir.join("11-result.png"));

        // An error as the analyst meets it: a followed RFC the service has no file for.
        app.click(".sidenav-item").await;
        app.follow("ZZZ990101ZZ9").await;
        app.click("[data-rfc=ZZZ990101ZZ9] [data-testid=open-file]")
            .await;
        app.text_of("[data-testid=error-notice]").await;
        capture(&dir.join("12-error-not-found.png"));

        // A supervisor's verification: a completed one with an altered photo, then the
        // confirmation before a billable resend.
        app.click("[data-testid=nav-verifications]").await;
        app.type_into("[data-testid=folio-input]", &examples.altered_photo_folio)
            .await;
        app.click("[data-testid=folio-search]").await;
        app.text_of("[data-testid=hash-mismatch]").await;
        capture(&dir.join("13-verification.png"));
        app.replace_text("[data-testid=folio-input]", &examples.folios["Expirado"])
            .await;
        app.click("[data-testid=folio-search]").await;
        app.wait_for_text("[data-testid=verification-status]", "Vencida")
            .await;
        app.click("[data-testid=resend]").await;
        app.text_of("[data-testid=resend-count]").await;
        capture(&dir.join("14-verification-resend.png"));
        app.click_button("Volver").await;

        // An agent's screens: a new file as it is filled, then created.
        app.click("[data-testid=nav-newfile]").await;
        app.type_into(
            "[data-testid=new-company]",
            "Panadería La Central S.A. de C.V.",
        )
        .await;
        app.type_into("[data-testid=new-rfc]", "PLC150301AB2").await;
        app.click("[data-testid=new-send-sms]").await;
        app.type_into("[data-testid=new-phone]", "331234").await;
        // Left (Tab), so that its problem shows.
        app.type_into("[data-testid=new-data]", "{\"sucursal\": \u{E004}")
            .await;
        // Once the rules are checked for what was typed last.
        app.wait_for_text("[data-testid=field-problem]", "No es JSON válido")
            .await;
        app.wait_for_text("[data-testid=field-problem]", "teléfono de contacto")
            .await;
        capture(&dir.join("15-new-file.png"));
        app.type_into("[data-testid=new-phone]", "5678").await;
        app.type_into("[data-testid=new-data]", "12}").await;
        app.wait_for_text(".new-file", "Listo para crear.").await;
        app.wait_for_text("[data-testid=draft-status]", "Borrador guardado")
            .await;
        app.run_script(
            "document.querySelector('[data-testid=create-file]').scrollIntoView({block: 'end'})",
        )
        .await;
        capture(&dir.join("15-new-file-ready.png"));
        app.click("[data-testid=create-file]").await;
        app.attribute_of("[data-testid=created-file] [data-testid=qr]", "src")
            .await;
        capture(&dir.join("16-new-file-created.png"));

        // From a file's tracking: an enrollment link, then complementary information.
        app.click("[data-testid=nav-watchlist]").await;
        app.click(&format!("[data-rfc={rfc}] [data-testid=open-file]"))
            .await;
        // The file's page read through (its links issued listed, or said to be none), as
        // the enrollment journey waits: a click while it still loads may be lost.
        app.text_of("[data-testid=issued-links-empty], [data-testid=issued-links]")
            .await;
        // …and its findings in place, which move what is below them as they come.
        app.text_of("[data-testid=tracking-section] [data-testid=finding-badge]")
            .await;
        app.click(&format!(
            "[data-person='{}'] [data-testid=generate-link]",
            examples.person_id_enrollment_allowed
        ))
        .await;
        app.attribute_of("[data-testid=enrollment-link] [data-testid=qr]", "src")
            .await;
        capture(&dir.join("17-enrollment-link.png"));
        app.click_button("Cerrar").await;
        app.wait_until_gone("[data-testid=enrollment-link]").await;
        app.run_script(
            "document.querySelector('[data-testid=open-complementary]').scrollIntoView({block: 'center'})",
        )
        .await;
        app.click("[data-testid=open-complementary]").await;
        app.choose("[data-testid=comp-flow]", &examples.flow_id_complementary)
            .await;
        app.type_into(
            "[data-testid=comp-message]",
            "Nos faltan sus estados de cuenta.",
        )
        .await;
        capture(&dir.join("18-complementary.png"));
        app.click("[data-testid=comp-send]").await;
        app.text_of("[data-testid=complementary-result]").await;
        capture(&dir.join("19-complementary-result.png"));
        app.click_button("Cerrar").await;

        // The audit log of everything above.
        app.click("[data-testid=nav-audit]").await;
        app.text_of("[data-testid=audit-row]").await;
        capture(&dir.join("20-audit-log.png"));

        // The risk lists with their provenance, and the watchlist by risk (the files
        // reviewed above have theirs), highest first.
        app.click("[data-testid=nav-lists]").await;
        app.wait_for_attribute("[data-testid=risk-list][data-format=sat69b]", "data-version", "1")
            .await;
        capture(&dir.join("25-risk-lists.png"));
        app.click("[data-testid=nav-watchlist]").await;
        app.wait_for_text("[data-testid=watch-row]", "").await;
        for _ in 0..2 {
            app.run_script(
                "[...document.querySelectorAll('button.sort')].find((b) => b.textContent.startsWith('Riesgo')).click();",
            )
            .await;
        }
        app.wait_for_text("[data-testid=watch-row] [data-testid=row-risk]", "Alto")
            .await;
        capture(&dir.join("26-watchlist-risk.png"));

        // The profiles: the demo's, its connection tried.
        app.click("[data-testid=nav-profiles]").await;
        app.text_of("[data-testid=profile-key-status]").await;
        app.click("[data-testid=profile-check-button]").await;
        app.text_of("[data-testid=profile-check]").await;
        capture(&dir.join("21-profiles.png"));
        app.click("[data-testid=profile-edit]").await;
        app.wait_for_text("h2", "Editar").await;
        capture(&dir.join("22-profile-edit.png"));

        // Every keyboard shortcut ("?", or the side navigation's link).
        app.click("[data-testid=open-shortcuts]").await;
        app.text_of("[data-testid=shortcuts]").await;
        capture(&dir.join("24-shortcuts.png"));
    })
    .await;
    evidence_window(&shots).await;
    trust_screens(&shots).await;
    about_the_service(&shots).await;
    team_screens(&shots).await;
    desk::supervisor_desk(&shots).await;
    managed::managed_desk(&shots).await;
    languages::review_in_each_language(&shots).await;
    languages::first_start_in_each_language(&shots).await;
}

/// A team of two on the session's PostgreSQL: Ana in the window (the first member, so
/// its supervisor), Beto through the team library. The shared queue with the file Beto
/// took and reviews, seen from Ana's desk; his claim on her review; a four-eyes request
/// of his waiting for her; and the team's trail, verified.
/// The evidence in a second window (for a second monitor), following the review's
/// section. In a session of its own: Xvfb has no window manager, so the main window is
/// not drawn again where the second one was once it closes.
async fn evidence_window(dir: &Path) {
    let dir = dir.to_path_buf();
    with_demo_world(move |app| async move {
        app.click("[data-testid=try-review]").await;
        // The review opens on its first section; then the proof of address.
        app.wait_for_pdf_ink(500).await;
        app.show_section_pdf("ProofAddressObligatorio", 1).await;
        app.open_evidence_window().await;
        app.wait_for_text(
            "[data-testid=evidence-pane] [data-testid=pdf-pages]",
            "de 1",
        )
        .await;
        app.wait_for_pdf_ink(500).await;
        capture(&dir.join("09c-evidence-window.png"));
    })
    .await;
}

async fn team_screens(dir: &Path) {
    use std::time::Duration;

    let service = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let manifest = service.manifest.clone();
    let examples = manifest.examples.clone();
    let workspace = manifest.tenants[0].workspace_id.to_string();
    let db = TeamDatabase::create("kyb_screens_team", &workspace, "jefa").await;
    // Ana supervises, in the window, her login issued by IT's set-up (so that she may
    // approve what the members Jefa made ask for); Beto, an analyst, acts as his desk
    // would.
    let (ana, ana_password) = db.issue("ana", kyb_team::Role::Supervisor).await;
    let (beto_login, beto_password) = db.add("beto", kyb_team::Role::Analyst).await;
    let dir = dir.to_path_buf();
    with_app(move |app| async move {
        db.sign_in_first_run(&app, &manifest, &ana, &ana_password)
            .await;
        app.wait_for_text("[data-testid=team-me]", "Supervisor")
            .await;
        let (beto, _) = db.team.sign_in(&beto_login, &beto_password).await;
        for rfc in [&examples.rfc, &examples.large_rfc] {
            app.follow(rfc).await;
            app.wait_for_text(
                &format!("[data-rfc={rfc}] [data-testid=row-assignee]"),
                "Sin asignar",
            )
            .await;
        }
        app.click_button("Actualizar todo").await;
        let document_id = examples.document_id.to_string();
        kyb_e2e::poll(Duration::from_secs(10), || async {
            beto.files(kyb_team::QueueFilter::All)
                .await
                .ok()
                .filter(|files| {
                    files
                        .iter()
                        .any(|f| f.document_id.as_deref() == Some(&document_id))
                })
        })
        .await
        .expect("the files reach the team");
        // Ana, the supervisor, gives the file to Beto (as her Team screen would).
        db.boss
            .assign(&examples.flow_id, &examples.rfc, Some(&beto_login))
            .await
            .expect("assigned");
        beto.claim(&document_id, Duration::from_secs(600), false)
            .await
            .expect("Beto claims it");
        beto.add_note(
            &document_id,
            "Llamé al cliente: manda otro comprobante de domicilio",
        )
        .await
        .expect("noted");
        app.wait_for_text("[data-testid=row-claim]", "En revisión: beto")
            .await;
        capture(&dir.join("30-team-queue.png"));
        app.click(&format!(
            "[data-rfc={}] [data-testid=open-file]",
            examples.rfc
        ))
        .await;
        app.text_of("[data-testid=team-note]").await;
        app.click("[data-testid=start-review]").await;
        app.text_of("[data-testid=claim-refused]").await;
        capture(&dir.join("31-team-claim.png"));
        beto.ask_approval(
            kyb_team::ApprovalAction::Cancel,
            &examples.folios["Abierto"],
            "El cliente desistió del trámite",
        )
        .await
        .expect("asked");
        app.click("[data-testid=nav-team]").await;
        app.text_of("[data-testid=approve]").await;
        capture(&dir.join("32-team-four-eyes.png"));
        // Ana approves: her desk sends the cancellation, each step in the trail.
        app.click("[data-testid=approve]").await;
        app.wait_until_gone("[data-testid=approval]").await;
        app.click("[data-testid=nav-audit]").await;
        app.text_of("[data-testid=team-chain-ok]").await;
        capture(&dir.join("33-team-trail.png"));

        // The team's screens in each language: the queue (names on two lines, the flow
        // under the RFC), the team screen (workload first, with its overdue files) and
        // the review with the file's notes.
        for (language, tag) in [("es-MX", "es"), ("en", "en")] {
            let now = app.run_script("return document.documentElement.lang").await;
            if now.as_str() != Some(language) {
                app.click("[data-testid=language-toggle]").await;
            }
            app.wait_for_attribute("html", "lang", language).await;
            app.click("[data-testid=nav-watchlist]").await;
            app.text_of("[data-testid=row-claim]").await;
            capture(&dir.join(format!("42-team-queue-{tag}.png")));
            app.click("[data-testid=nav-team]").await;
            app.text_of("[data-testid=workload-member]").await;
            capture(&dir.join(format!("42-team-workload-{tag}.png")));
            app.click("[data-testid=nav-watchlist]").await;
            app.click(&format!(
                "[data-rfc={}] [data-testid=open-file]",
                examples.rfc
            ))
            .await;
            app.click("[data-testid=start-review]").await;
            app.text_of("[data-testid=review-notes-link]").await;
            app.text_of("[data-testid=team-note]").await;
            capture(&dir.join(format!("42-team-review-{tag}.png")));
            app.run_script(
                "document.querySelector('[data-testid=team-notes]').scrollIntoView({block: 'center'})",
            )
            .await;
            capture(&dir.join(format!("42-team-review-notes-{tag}.png")));
        }
    })
    .await;
    service.stop().await;
}

/// What the desk learned from an answer that strayed from the spec (a null string,
/// unknown fields), as "Acerca del servicio" shows it.
async fn about_the_service(dir: &Path) {
    let service = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let manifest = service.manifest.clone();
    let dir = dir.to_path_buf();
    with_app(move |app| async move {
        connect(&app, &manifest).await;
        alter_tracking(&service);
        app.follow_and_open(&manifest.examples.rfc).await;
        app.text_of("[data-testid=tracking-person]").await;
        app.click("[data-testid=nav-about]").await;
        app.wait_for_text("[data-testid=drift-null]", "Person[].FaceKeyId")
            .await;
        capture(&dir.join("29-about-the-service.png"));
    })
    .await;
}

/// What the analyst sees when the desk protects them: a damaged local file set aside,
/// a key held back from a changed address, a correction whose answer was lost.
async fn trust_screens(dir: &Path) {
    let data = DataDir::new();
    std::fs::write(
        data.path().join("profiles.json"),
        "{\"profileBook\": {\"prof",
    )
    .expect("a damaged book");
    let shot = dir.join("25-recovery-notice.png");
    with_app_at(&data, move |app| async move {
        app.text_of("[data-testid=recovery-notice]").await;
        capture(&shot);
    })
    .await;

    let first = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let second = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a second sandbox starts");
    let manifest = first.manifest.clone();
    let moved_to = second.manifest.base_url.clone();
    let dir = dir.to_path_buf();
    let moved = std::sync::Arc::new(second);
    let faults = moved.clone();
    // The native dialog's yes, as the user would press it (see with_app_answering).
    kyb_e2e::with_app_answering("yes", move |app| async move {
        connect(&app, &manifest).await;
        app.click("[data-testid=nav-profiles]").await;
        app.click("[data-testid=profile-edit]").await;
        app.replace_text("[data-testid=profile-base-url]", &moved_to)
            .await;
        app.click_button("Guardar y probar conexión").await;
        app.text_of("[data-testid=error-notice]").await;
        app.click_button("← Perfiles").await;
        app.text_of("[data-testid=key-origin-warning]").await;
        capture(&dir.join("26-key-origin-warning.png"));
        app.click("[data-testid=confirm-key-origin]").await;
        app.text_of("[data-testid=confirm]").await;
        capture(&dir.join("27-key-origin-confirm.png"));
        // Confirmed: the key goes to the new address (seeded alike), where a review
        // of the example file loses its answer.
        app.click("[data-testid=confirm-action]").await;
        app.wait_until_gone("[data-testid=key-origin-warning]")
            .await;
        app.click("[data-testid=nav-watchlist]").await;
        reject_and_preview(&app, &manifest.examples.rfc).await;
        // The service acts, and its answer comes after the desk stopped waiting.
        send_and_lose_the_answer(&app, &faults).await;
        app.text_of("[data-testid=reread-sections]").await;
        capture(&dir.join("28-outcome-unknown.png"));
    })
    .await;
    first.stop().await;
}

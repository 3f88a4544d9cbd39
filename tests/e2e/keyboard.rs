//! One journey per role with the keyboard alone, from start to sent, in
//! the demo as `make run` opens it: Tab and Shift+Tab move, Enter and Space press,
//! Escape closes, and text is typed where the focus is. No click, no script that
//! focuses or presses anything; scripts only read. At every stop the focus is on an
//! element (never lost to the page) and shows (see `kyb_e2e::keyboard`).

use fantoccini::key::Key;
use kyb_e2e::{App, demo_examples, with_demo_world};

/// A comment typed for the rejected section.
const COMMENT: &str = "El comprobante tiene más de 3 meses: suba uno reciente";

/// One section's row in the review, or a part of it.
fn section(name: &str, part: &str) -> String {
    format!("[data-testid=review-section][data-section={name}] [data-testid={part}]")
}

/// The demo's watchlist, its rows in, the focus where the window puts it at start.
async fn at_start(app: &App) {
    app.wait_for_text("[data-testid=watch-row]", "").await;
}

/// Goes to a screen through its entry in the navigation (Tab on to it), and
/// waits for its title (`h2#title`); the focus is then on the page and shows.
async fn navigate(app: &App, nav: &str, title: &str) {
    app.tab_to(&format!("[data-testid=nav-{nav}]")).await;
    app.activate(&format!("[data-testid=nav-{nav}]")).await;
    app.wait_for_text(&format!("h2#{title}"), "").await;
    settled(app).await;
}

/// After an action that changes the screen: the page moves the focus to the new
/// screen's title (ui/src/hooks/useFocusTitle.ts) or its first field, where it shows.
async fn settled(app: &App) {
    app.wait_for_focus("main h2, main input").await;
}

/// Opens the watchlist's file of `rfc`: "/" puts the cursor in the search, the RFC
/// typed leaves its row, Tab reaches its name, Enter opens its tracking.
async fn open_file(app: &App, rfc: &str) {
    app.type_keys("/").await;
    app.wait_for_focus("input[type=search]").await;
    app.type_keys(rfc).await;
    app.wait_for_text("[data-testid=rows-shown]", "1 de ").await;
    let open = format!("[data-testid=watch-row][data-rfc='{rfc}'] [data-testid=open-file]");
    app.tab_and_activate(&open).await;
    app.wait_for_text("[data-testid=start-review]", "").await;
    settled(app).await;
}

/// Confirms the open confirmation dialog: its focus starts on the safe choice, Tab
/// reaches the confirmation without leaving the dialog, Enter confirms.
async fn confirm(app: &App) {
    app.wait_for_focus("[data-testid=confirm] button").await;
    app.tab_to("[data-testid=confirm] [data-testid=confirm-action]")
        .await;
    app.activate("[data-testid=confirm-action]").await;
}

/// Checks that the dialog at `dialog` keeps the focus: Tab and Shift+Tab from every
/// control stay inside it.
async fn focus_stays_in(app: &App, dialog: &str) {
    let inside = format!("{dialog} *");
    for _ in 0..6 {
        app.press(Key::Tab).await;
        app.wait_for_focus(&inside).await;
    }
    for _ in 0..6 {
        app.press_shift_tab().await;
        app.wait_for_focus(&inside).await;
    }
}

#[tokio::test]
async fn an_analyst_reviews_and_sends_a_correction_with_the_keyboard_alone() {
    let rfc = demo_examples().await.rfc;
    with_demo_world(move |app| async move {
        at_start(&app).await;
        // The file, from its row in the watchlist; then its detail (v2), tab by tab.
        open_file(&app, &rfc).await;
        app.tab_and_activate("[data-testid=view-detail]").await;
        settled(&app).await;
        app.tab_and_activate("[data-testid=tab-entities]").await;
        app.wait_for_text("[data-testid=tab-entities]", "").await;
        app.wait_for_attribute("[data-testid=tab-entities]", "aria-selected", "true")
            .await;
        app.assert_focus_shown().await;
        app.tab_and_activate("[data-testid=tab-documents]").await;
        app.wait_for_attribute("[data-testid=tab-documents]", "aria-selected", "true")
            .await;

        // The review: one section accepted, one rejected with a comment.
        app.shift_tab_to("[data-testid=start-review]").await;
        app.activate("[data-testid=start-review]").await;
        let accept = section("OpinionObligatorio", "accept");
        app.tab_and_activate(&accept).await;
        app.wait_for_attribute(
            "[data-testid=review-section][data-section=OpinionObligatorio]",
            "data-verdict",
            "Aceptada",
        )
        .await;
        app.assert_focus_shown().await;
        let reject = section("ProofAddressObligatorio", "reject");
        app.tab_to(&reject).await;
        app.activate(&reject).await;
        // Rejecting puts the cursor in the section's comment.
        app.wait_for_focus(&section("ProofAddressObligatorio", "review-comment"))
            .await;
        app.type_keys(COMMENT).await;
        app.wait_for_text("[data-testid=review-tally]", "Aceptadas: 1 · Rechazadas: 1")
            .await;

        // The preview, then the correction sent.
        app.shift_tab_to("[data-testid=open-preview]").await;
        app.activate("[data-testid=open-preview]").await;
        app.wait_for_text("[data-testid=preview-payload]", COMMENT)
            .await;
        app.tab_and_activate("[data-testid=send-correction]").await;
        let outcome = app
            .wait_for_text("[data-testid=correction-result]", "Rechazadas: 1")
            .await;
        assert!(outcome.contains("Aceptadas: 1"), "{outcome}");
        // The result has the focus (not the page), and shows it.
        app.wait_for_focus("[data-testid=correction-result], [data-testid=correction-result] *")
            .await;
    })
    .await;
}

/// The review's rows by their sections, in order, and the one with the focus.
async fn rows(app: &App) -> (Vec<String>, Option<usize>) {
    let read = app
        .run_script(
            "const rows = [...document.querySelectorAll('[data-testid=review-section]')];
             return [rows.map((r) => r.dataset.section), rows.indexOf(document.activeElement)];",
        )
        .await;
    let sections = read[0]
        .as_array()
        .map(|all| {
            all.iter()
                .filter_map(|s| s.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    let at = read[1].as_i64().and_then(|i| usize::try_from(i).ok());
    (sections, at)
}

/// Moves through the review with j and k, one row at a time, until the row of
/// `section` has the focus.
async fn to_section(app: &App, section: &str) {
    let row = format!("[data-testid=review-section][data-section={section}]");
    for _ in 0..40 {
        let (sections, at) = rows(app).await;
        let from = at.expect("the focus is on a section of the review");
        let to = sections
            .iter()
            .position(|s| s == section)
            .unwrap_or_else(|| panic!("no section {section} in {sections:?}"));
        if from == to {
            app.wait_for_focus(&row).await;
            return;
        }
        app.type_keys(if to > from { "j" } else { "k" }).await;
        // The focus follows the key a render later.
        let moved = kyb_e2e::poll(kyb_e2e::UI_TIMEOUT, || async {
            (rows(app).await.1 != Some(from)).then_some(())
        })
        .await;
        assert!(moved.is_some(), "j/k did not move from {}", sections[from]);
    }
    panic!("the review's row of {section} was never reached");
}

/// The window's language, as its page says it.
async fn language(app: &App) -> String {
    app.run_script("return document.documentElement.lang")
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn an_analyst_in_english_rejects_the_altered_proof_in_spanish_and_sends_with_the_keyboard_alone()
 {
    let rfc = demo_examples().await.rfc;
    with_demo_world(move |app| async move {
        at_start(&app).await;
        open_file(&app, &rfc).await;
        // The window in English, from its switch in the top bar.
        app.tab_and_activate("[data-testid=language-toggle]").await;
        let english = kyb_e2e::poll(kyb_e2e::UI_TIMEOUT, || async {
            (language(&app).await == "en").then_some(())
        })
        .await;
        assert!(english.is_some(), "the window never switched to English");
        app.tab_and_activate("[data-testid=start-review]").await;
        app.wait_for_focus("[data-testid=review-section]").await;

        // The altered proof of address: v reaches its document, whose keys act there;
        // the evidence stays on the proof, and v goes back to its row.
        let proof = "ProofAddressObligatorio";
        to_section(&app, proof).await;
        let pane = format!("[data-testid=evidence-pane][data-section={proof}]");
        app.wait_for_text(&format!("{pane} [data-testid=pdf-pages]"), "1")
            .await;
        app.type_keys("v").await;
        app.wait_for_focus(&format!("{pane} .pdf-stage")).await;
        let zoom = app.text_of(&format!("{pane} [data-testid=pdf-zoom]")).await;
        app.type_keys("+").await;
        let zoomed = kyb_e2e::poll(kyb_e2e::UI_TIMEOUT, || async {
            let now = app.text_of(&format!("{pane} [data-testid=pdf-zoom]")).await;
            (now != zoom).then_some(now)
        })
        .await;
        assert!(zoomed.is_some(), "+ in the proof's viewer did not zoom ({zoom})");
        app.press(Key::PageDown).await;
        app.wait_for_focus(&format!("{pane} .pdf-stage")).await;
        app.type_keys("v").await;
        app.wait_for_focus(&format!("[data-testid=review-section][data-section={proof}]"))
            .await;

        // The deed, paged from the keyboard the same way.
        let deed = "ActaConstitutivaObligatorio";
        to_section(&app, deed).await;
        let deed_pane = format!("[data-testid=evidence-pane][data-section={deed}]");
        app.wait_for_text(&format!("{deed_pane} [data-testid=pdf-pages]"), "of 7")
            .await;
        app.type_keys("v").await;
        app.wait_for_focus(&format!("{deed_pane} .pdf-stage")).await;
        app.press(Key::PageDown).await;
        app.wait_for_text(&format!("{deed_pane} [data-testid=pdf-pages]"), "2 of 7")
            .await;
        app.type_keys("v").await;
        app.wait_for_focus(&format!("[data-testid=review-section][data-section={deed}]"))
            .await;

        // m on the undecided proof rejects it with its reasons open: "alter" finds the
        // altered document's, first of the proof's findings; Enter writes it, in Spanish.
        to_section(&app, proof).await;
        app.type_keys("m").await;
        let picker = section(proof, "reason-picker");
        app.wait_for_focus(&picker).await;
        app.type_keys("alter").await;
        let first = app
            .text_of(&format!(
                "[data-testid=review-section][data-section={proof}] [data-testid=reason-option]"
            ))
            .await;
        assert!(
            first.starts_with("El documento muestra señales de alteración"),
            "the first reason for «alter»: {first}"
        );
        app.press(Key::Enter).await;
        let comment = section(proof, "review-comment");
        app.wait_for_focus(&comment).await;
        assert!(
            app.value_of(&comment)
                .await
                .starts_with("El documento muestra señales de alteración"),
            "the customer's comment is in Spanish"
        );
        app.press(Key::Escape).await;

        // Another section with a high finding: accepting it asks first, the focus on the
        // safe choice and showing from the dialog's first frame.
        let flagged = app.flagged_section_besides("ProofAddressObligatorio").await;
        to_section(&app, &flagged).await;
        app.type_keys("a").await;
        let first_frame = app
            .run_async_script(
                "const done = arguments[arguments.length - 1];
                 const look = () => {
                   const dialog = document.querySelector('dialog[open][data-testid=confirm]');
                   if (!dialog) return requestAnimationFrame(look);
                   const e = document.activeElement;
                   const style = getComputedStyle(e);
                   done([dialog.contains(e), e.innerText.trim(), style.outlineStyle, parseFloat(style.outlineWidth)]);
                 };
                 look();",
            )
            .await;
        assert_eq!(first_frame[0], serde_json::json!(true), "{first_frame}");
        assert_eq!(first_frame[1], serde_json::json!("Back"), "{first_frame}");
        assert_ne!(first_frame[2], serde_json::json!("none"), "{first_frame}");
        assert!(first_frame[3].as_f64().unwrap_or(0.0) >= 2.0, "{first_frame}");
        app.tab_to("[data-testid=ack-seen]").await;
        app.press_on("[data-testid=ack-seen]", Key::Space).await;
        app.tab_and_activate("[data-testid=confirm-action]").await;
        app.wait_for_attribute(
            &format!("[data-testid=review-section][data-section={flagged}]"),
            "data-verdict",
            "Aceptada",
        )
        .await;

        // Accepted, the review moved on to the next undecided section; Ctrl+Enter there
        // opens the preview, on its safe choice, saying the customer reads Spanish.
        let row = "[data-testid=review-section]:focus";
        app.wait_for_focus(row).await;
        app.press_with_control(row, '\u{E007}').await;
        app.wait_for_focus("[data-testid=preview] button").await;
        assert_eq!(app.focus_now().await.name, "button «Keep editing»");
        app.wait_for_text(
            "[data-testid=preview-reader]",
            "The customer reads the comments and the message in Spanish.",
        )
        .await;
        app.wait_for_text(
            "[data-testid=preview-payload]",
            "El documento muestra señales de alteración",
        )
        .await;
        app.tab_and_activate("[data-testid=send-correction]").await;
        app.wait_for_text("[data-testid=correction-result]", "")
            .await;
        app.wait_for_focus("[data-testid=correction-result], [data-testid=correction-result] *")
            .await;
    })
    .await;
}

#[tokio::test]
async fn an_agent_creates_a_file_and_an_enrollment_link_with_the_keyboard_alone() {
    let examples = demo_examples().await;
    let rfc = examples.rfc.clone();
    let allowed = format!(
        "[data-person='{}'] [data-testid=generate-link]",
        examples.person_id_enrollment_allowed
    );
    with_demo_world(move |app| async move {
        at_start(&app).await;
        navigate(&app, "newfile", "new-file-title").await;
        app.tab_to("[data-testid=new-company]").await;
        app.type_keys("Panadería La Central S.A. de C.V.").await;
        app.tab_to("[data-testid=new-rfc]").await;
        app.type_keys("PLC150301AB2").await;
        app.tab_and_activate("[data-testid=create-file]").await;
        let created = app
            .wait_for_text("[data-testid=created-file]", "Expediente creado")
            .await;
        assert!(created.contains("se agregó a su seguimiento"), "{created}");
        app.assert_focus_shown().await;

        // The demo's file with its people: a link for the one the service allows.
        navigate(&app, "watchlist", "watchlist-title").await;
        open_file(&app, &rfc).await;
        app.tab_and_activate(&allowed).await;
        let url = app.text_of("[data-testid=enrollment-url]").await;
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        // The dialog has the focus and keeps it; Escape closes it and the focus goes
        // back to the button that opened it.
        app.wait_for_focus("[data-testid=enrollment-link] *").await;
        focus_stays_in(&app, "[data-testid=enrollment-link]").await;
        app.press(Key::Escape).await;
        app.wait_until_gone("[data-testid=enrollment-link]").await;
        app.wait_for_focus(&allowed).await;
        app.wait_for_text("[data-testid=issued-links]", "Emitido")
            .await;
    })
    .await;
}

#[tokio::test]
async fn a_supervisor_resends_and_cancels_verifications_with_the_keyboard_alone() {
    let examples = demo_examples().await;
    let expired = examples.folios["Expirado"].clone();
    let open = examples.folios["Abierto"].clone();
    with_demo_world(move |app| async move {
        at_start(&app).await;
        navigate(&app, "verifications", "verifications-title").await;

        // An expired verification, by its folio typed and Enter.
        app.tab_to("[data-testid=folio-input]").await;
        app.type_keys(&expired).await;
        app.press(Key::Enter).await;
        app.wait_for_text("[data-testid=verification] h3", &expired)
            .await;
        app.wait_for_text("[data-testid=verification-status]", "Vencida")
            .await;
        // Its resend is billable: asked first, in a dialog that keeps the focus.
        app.tab_and_activate("[data-testid=resend]").await;
        app.wait_for_text("[data-testid=confirm]", "facturable")
            .await;
        app.wait_for_focus("[data-testid=confirm] button").await;
        focus_stays_in(&app, "[data-testid=confirm]").await;
        confirm(&app).await;
        app.wait_for_text("[data-testid=action-done]", "Enlace reenviado")
            .await;
        app.wait_for_text("[data-testid=verification-status]", "Enviada")
            .await;
        // The focus is not lost with the dialog.
        app.assert_focus_shown().await;

        // One in progress is cancelled.
        app.shift_tab_to("[data-testid=folio-input]").await;
        app.type_keys(&"\u{E003}".repeat(expired.chars().count()))
            .await;
        app.type_keys(&open).await;
        app.press(Key::Enter).await;
        app.wait_for_text("[data-testid=verification] h3", &open)
            .await;
        app.tab_and_activate("[data-testid=cancel-verification]")
            .await;
        app.wait_for_text("[data-testid=confirm]", "No se puede deshacer")
            .await;
        confirm(&app).await;
        app.wait_for_text("[data-testid=action-done]", "Verificación cancelada")
            .await;
        app.wait_for_text("[data-testid=verification-status]", "Cancelada")
            .await;
        app.assert_focus_shown().await;
    })
    .await;
}

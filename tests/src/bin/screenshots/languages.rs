//! The review walked in each language, as an analyst with the keyboard walks it: the
//! service's words in the detail, the ready-made reasons (in the customer's Spanish
//! whatever the window's language), the document at a reading width, the evidence
//! window, the acknowledgement as it opens, the preview, the answer with the next file offered,
//! the file's history in words, the customer's language among the reasons, and the
//! first start's form. One picture per screen and language: `42-<screen>-<es|en>.png`.

use std::path::Path;

use kyb_e2e::{App, demo_examples, poll, with_app, with_demo_world};

use crate::capture::capture;

/// The languages, by the window's tag and the pictures' suffix.
const LANGUAGES: [(&str, &str); 2] = [("es-MX", "es"), ("en", "en")];

/// Switches the window to `language` with its switch in the top bar.
async fn set_language(app: &App, language: &str) {
    let now = || async {
        app.run_script("return document.documentElement.lang")
            .await
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    if now().await != language {
        app.click("[data-testid=language-toggle]").await;
    }
    poll(kyb_e2e::UI_TIMEOUT, || async {
        (now().await == language).then_some(())
    })
    .await
    .unwrap_or_else(|| panic!("the window never switched to {language}"));
}

fn row(section: &str) -> String {
    format!("[data-testid=review-section][data-section={section}]")
}

pub async fn review_in_each_language(dir: &Path) {
    for (language, tag) in LANGUAGES {
        let rfc = demo_examples().await.rfc;
        let dir = dir.to_path_buf();
        let shot = move |name: &str| capture(&dir.join(format!("42-{name}-{tag}.png")));
        with_demo_world(move |app| async move {
            app.wait_for_text("[data-testid=watch-row]", "").await;
            set_language(&app, language).await;

            // The service's words in the detail's documents.
            app.click(&format!("[data-rfc={rfc}] [data-testid=open-file]"))
                .await;
            app.text_of("[data-testid=tracking-section] .chip").await;
            app.click("[data-testid=view-detail]").await;
            app.click("[data-testid=tab-documents]").await;
            app.text_of("[data-testid=document-card]").await;
            shot("detail-documents");

            // The review: m on the altered proof rejects it with its reasons open.
            app.click("[data-testid=start-review]").await;
            let proof = "ProofAddressObligatorio";
            app.focus(&row(proof)).await;
            app.wait_for_pdf_ink(500).await;
            app.type_keys("m").await;
            app.wait_for_attribute(
                &format!("{} [data-testid=reason-picker]", row(proof)),
                "aria-expanded",
                "true",
            )
            .await;
            shot("review-reasons");
            app.type_keys("\u{E007}").await;
            app.type_keys("\u{E00C}").await;

            // v to its document, shown at a reading width.
            app.type_keys("v").await;
            app.wait_for_focus(".pdf-stage").await;
            app.click("[data-testid=evidence-reading]").await;
            app.text_of(".review-split.reading").await;
            app.wait_for_pdf_ink(500).await;
            shot("review-reading");
            app.click("[data-testid=evidence-reading]").await;
            app.focus(&row(proof)).await;

            // The evidence window, fitted to the screen, its keys said on it.
            let main = app.open_evidence_window().await;
            app.text_of("[data-testid=evidence-window-keys]").await;
            app.wait_for_pdf_ink(500).await;
            shot("evidence-window");
            app.close_window().await;
            app.switch_to_window(&main).await;
            app.focus(&row(proof)).await;

            // Another flagged section accepted: the acknowledgement, as it opens.
            let flagged = app.flagged_section_besides("ProofAddressObligatorio").await;
            app.focus(&row(&flagged)).await;
            app.type_keys("a").await;
            app.text_of("dialog[open][data-testid=confirm]").await;
            shot("acknowledge");
            app.click("[data-testid=ack-seen]").await;
            app.click("[data-testid=confirm-action]").await;
            app.wait_for_attribute(&row(&flagged), "data-verdict", "Aceptada")
                .await;

            // The shortcuts, with the review's new keys.
            app.click("[data-testid=open-shortcuts]").await;
            app.text_of("[data-testid=shortcuts]").await;
            shot("shortcuts");
            app.type_keys("\u{E00C}").await;
            app.wait_until_gone("[data-testid=shortcuts]").await;

            // The preview on its safe choice, then the answer with the next file.
            app.click("[data-testid=open-preview]").await;
            app.text_of("[data-testid=preview-reader]").await;
            shot("preview");
            app.click("[data-testid=send-correction]").await;
            app.text_of("[data-testid=correction-result] [data-testid=next-file], [data-testid=next-none]")
                .await;
            shot("result-next");

            // The file's history, in words.
            app.click("[data-testid=result-done]").await;
            app.text_of("[data-testid=history-item][data-what]").await;
            app.run_script(
                "document.querySelector('[data-testid=file-history]').scrollIntoView({block: 'start'})",
            )
            .await;
            shot("history");

            // The customer's language, among the reasons of the profile.
            app.click("[data-testid=nav-profiles]").await;
            app.text_of("[data-testid=customer-language]").await;
            app.run_script(
                "document.querySelector('[data-testid=reason-editor]').scrollIntoView({block: 'start'})",
            )
            .await;
            shot("profile-reasons");
        })
        .await;
    }
}

/// The first start without the demo: the profile's form, its pointer to the demo and
/// where a workspace and a FlowID come from.
pub async fn first_start_in_each_language(dir: &Path) {
    for (language, tag) in LANGUAGES {
        let dir = dir.to_path_buf();
        with_app(move |app| async move {
            app.text_of("[data-testid=app-version]").await;
            app.text_of("h2").await;
            set_language(&app, language).await;
            app.text_of("h2").await;
            capture(&dir.join(format!("42-first-start-{tag}.png")));
        })
        .await;
    }
}

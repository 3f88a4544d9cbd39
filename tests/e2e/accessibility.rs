//! Accessibility in the real window: axe-core, with the WCAG 2.0 and 2.1
//! A and AA rules, on every screen and dialog the navigation reaches and on the states
//! a user meets beyond it (a selection and its bulk confirmation, the evidence's second
//! window, the SLA's notice, errors and an unknown outcome, a key bound to another
//! address, a managed policy, the team's screens by role), each in the light and the
//! dark theme and in Spanish (es-MX) and English. No serious or critical
//! violation is allowed; the journey lists every one it found, where, in one message,
//! and prints the moderate and minor ones (docs/ACCESSIBILITY.md says what was decided).
//!
//! The theme and the language are switched with their own buttons in the top bar, by a
//! script's click: a dialog's backdrop covers them, and it is the screen under each
//! theme and language that is checked here, not the switch.

use std::time::Duration;

use kyb_e2e::axe::Violation;
use kyb_e2e::{App, DataDir, REVIEW_COMMENT, demo_examples, poll, with_demo_world_at};

// The demo's further states, the states that need a service or a policy of the test's
// own, and the team's screens: one journey, in files of their own.
#[path = "accessibility/demo.rs"]
mod demo;
#[path = "accessibility/states.rs"]
mod states;
#[path = "accessibility/team.rs"]
mod team;

/// What axe found so far, each violation with the screen, theme and language it was on.
#[derive(Default)]
struct Findings {
    serious: Vec<String>,
    lesser: Vec<String>,
    scans: usize,
}

impl Findings {
    /// The journey's verdict: none serious or critical, all of them named.
    fn assert_none_serious(&self) {
        for lesser in &self.lesser {
            println!("moderate or minor: {lesser}");
        }
        println!(
            "{} scans, {} moderate or minor",
            self.scans,
            self.lesser.len()
        );
        assert!(
            self.serious.is_empty(),
            "{} serious or critical accessibility violations:\n{}",
            self.serious.len(),
            self.serious.join("\n")
        );
    }
}

const THEMES: [&str; 2] = ["light", "dark"];
const LANGUAGES: [&str; 2] = ["es-MX", "en"];

/// Clicks the top bar's control that `find` (a script expression) names, from a script.
async fn press(app: &App, find: &str) {
    app.run_script(&format!("({find}).click()")).await;
}

const THEME_TOGGLE: &str = "document.querySelector('[data-testid=theme-toggle]')";
const LANGUAGE_TOGGLE: &str = "document.querySelector('[data-testid=language-toggle]')";

/// Makes `theme` the effective theme (the toggle goes system → light → dark).
async fn set_theme(app: &App, theme: &str) {
    for _ in 0..3 {
        if app
            .run_script("return document.documentElement.dataset.theme")
            .await
            == theme
        {
            return;
        }
        let before = app
            .run_script(&format!("return {THEME_TOGGLE}.textContent"))
            .await;
        press(app, THEME_TOGGLE).await;
        let script = format!("return {THEME_TOGGLE}.textContent");
        poll(Duration::from_secs(5), || async {
            (app.run_script(&script).await != before).then_some(())
        })
        .await
        .expect("the theme toggle answers");
    }
    panic!("the theme never became {theme}");
}

async fn set_language(app: &App, language: &str) {
    if app.run_script("return document.documentElement.lang").await == language {
        return;
    }
    press(app, LANGUAGE_TOGGLE).await;
    poll(Duration::from_secs(5), || async {
        (app.run_script("return document.documentElement.lang").await == language).then_some(())
    })
    .await
    .unwrap_or_else(|| panic!("the language never became {language}"));
}

/// Waits until no transition or animation runs (a theme's colours fade in), so that axe
/// measures the contrast of the colours at rest.
async fn settle(app: &App) {
    let _ = poll(Duration::from_secs(5), || async {
        let idle = app
            .run_async_script(
                "const done = arguments[0];
                 requestAnimationFrame(() => requestAnimationFrame(() =>
                   done(document.getAnimations().filter((a) => a.playState === 'running').length === 0)));",
            )
            .await;
        (idle == true).then_some(())
    })
    .await;
}

/// Runs axe on what the window shows now, in both themes and both languages, and ends
/// in the light theme in Spanish (the journey's own steps read Spanish words).
async fn scan(app: &App, screen: &str, findings: &mut Findings) {
    for language in LANGUAGES {
        set_language(app, language).await;
        for theme in THEMES {
            set_theme(app, theme).await;
            settle(app).await;
            record(
                app.axe().await,
                &format!("{screen} · {theme} · {language}"),
                findings,
            );
        }
    }
    set_language(app, "es-MX").await;
    set_theme(app, "light").await;
}

fn record(violations: Vec<Violation>, place: &str, findings: &mut Findings) {
    findings.scans += 1;
    for violation in violations {
        let line = format!("{place}: {violation}");
        if violation.is_serious() {
            findings.serious.push(line);
        } else {
            findings.lesser.push(line);
        }
    }
}

/// Closes the dialog at `css` with Escape, as a user does, and waits until it is gone.
async fn escape(app: &App, css: &str) {
    app.run_script(
        "(document.activeElement || document.body).dispatchEvent(
           new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))",
    )
    .await;
    app.wait_until_gone(css).await;
}

#[tokio::test]
async fn every_screen_and_dialog_of_the_demo_has_no_serious_violation() {
    let examples = demo_examples().await;
    let data = DataDir::new();
    let dir = data.path().to_path_buf();
    with_demo_world_at(&data, move |app| async move {
        let mut found = Findings::default();
        let f = &mut found;
        app.wait_for_text("[data-testid=watch-row]", "").await;
        app.wait_for_text("[data-testid=try-this]", "").await;
        scan(&app, "watchlist", f).await;
        demo::selection_and_saved_view(&app, f).await;

        app.click("[data-testid=open-shortcuts]").await;
        app.text_of("[data-testid=shortcuts]").await;
        scan(&app, "keyboard shortcuts dialog", f).await;
        escape(&app, "[data-testid=shortcuts]").await;

        app.click("[data-testid=quick-open-button]").await;
        app.type_into("[data-testid=quick-query]", "a").await;
        app.wait_for_inner_text("[data-testid=quick-item]", "").await;
        scan(&app, "quick open dialog", f).await;
        escape(&app, "[data-testid=quick-open]").await;

        // A file's tracking, its enrollment link and its complementary information.
        app.click("[data-testid=try-enrollment]").await;
        app.text_of("[data-testid=tracking-person]").await;
        scan(&app, "tracking", f).await;
        app.click("[data-testid=generate-link]:not([disabled])")
            .await;
        app.text_of("[data-testid=enrollment-url]").await;
        scan(&app, "enrollment link dialog", f).await;
        escape(&app, "[data-testid=enrollment-link]").await;
        app.click("[data-testid=open-complementary]").await;
        app.text_of("[data-testid=complementary]").await;
        scan(&app, "complementary information dialog", f).await;
        escape(&app, "[data-testid=complementary]").await;

        // Its version-2 detail, its entities and a branch's photo.
        app.click("[data-testid=view-detail]").await;
        app.text_of("[data-testid=detail-panel]").await;
        scan(&app, "file detail", f).await;
        app.click("[data-testid=tab-entities]").await;
        app.text_of("[data-testid=entity-card]").await;
        scan(&app, "file detail, entities", f).await;
        app.click("[data-testid=photo-thumb]").await;
        app.wait_for_text("[data-testid=photo-viewer]", "100 %")
            .await;
        scan(&app, "photo viewer dialog", f).await;
        escape(&app, "[data-testid=photo-viewer]").await;

        // The review: a section rejected with its comment, a finding to acknowledge, a
        // link arriving meanwhile, and the correction's preview.
        app.click("[data-testid=nav-watchlist]").await;
        app.click("[data-testid=try-review]").await;
        let row = "[data-testid=review-section][data-section=ProofAddressObligatorio]";
        app.click(&format!("{row} [data-testid=reject]")).await;
        app.type_into(&format!("{row} [data-testid=review-comment]"), REVIEW_COMMENT)
            .await;
        app.wait_for_text("[data-testid=draft-status]", "Borrador guardado")
            .await;
        scan(&app, "review, a section rejected", f).await;
        // Its ready-made reasons open (the list closes as the language's switch takes
        // the focus: scanned open in each language, switched from the picker's own page).
        for language in LANGUAGES {
            set_language(&app, language).await;
            app.click(&format!("{row} [data-testid=reason-picker]")).await;
            app.wait_for_attribute(
                &format!("{row} [data-testid=reason-picker]"),
                "aria-expanded",
                "true",
            )
            .await;
            settle(&app).await;
            record(
                app.axe().await,
                &format!("review, its reasons open · light · {language}"),
                f,
            );
        }
        set_language(&app, "es-MX").await;
        // A section whose evidence has a high finding asks before it is accepted (the
        // findings are read after the section's evidence: waited for).
        let flagged = poll(kyb_e2e::UI_TIMEOUT, || async {
            let section = app
                .run_script(
                    "const row = [...document.querySelectorAll('[data-testid=review-section]')].find((r) =>
                       r.querySelector('[data-testid=finding-badge][data-severity=high]')
                       && r.querySelector('[data-testid=accept]:not([disabled])'));
                     if (!row) return null;
                     row.querySelector('[data-testid=accept]').scrollIntoView({ block: 'center' });
                     return row.dataset.section;",
                )
                .await;
            section.as_str().map(str::to_owned)
        })
        .await
        .expect("a section with a high finding in the demo's review");
        app.click(&format!(
            "[data-testid=review-section][data-section={flagged}] [data-testid=accept]"
        ))
        .await;
        app.text_of("[data-testid=ack-findings]").await;
        scan(&app, "acknowledge findings dialog", f).await;
        escape(&app, "[data-testid=ack-findings]").await;
        kyb_e2e::launch_again(&dir, &format!("kybdesk://expediente/{}", examples.document_id)).await;
        app.text_of("[data-testid=link-prompt]").await;
        scan(&app, "link prompt during a review", f).await;
        app.click("[data-testid=link-stay]").await;
        app.wait_until_gone("[data-testid=link-prompt]").await;
        app.click("[data-testid=open-preview]").await;
        app.text_of("[data-testid=preview-payload]").await;
        scan(&app, "correction preview dialog", f).await;
        escape(&app, "[data-testid=preview]").await;
        demo::evidence_window(&app, f).await;

        // Verifications by folio, and the resend's confirmation.
        app.click("[data-testid=nav-verifications]").await;
        scan(&app, "verifications, empty", f).await;
        app.replace_text("[data-testid=folio-input]", &examples.folios["Expirado"])
            .await;
        app.click("[data-testid=folio-search]").await;
        app.text_of("[data-testid=verification-status]").await;
        scan(&app, "verification", f).await;
        app.click("[data-testid=resend]").await;
        app.text_of("[data-testid=confirm]").await;
        scan(&app, "confirmation dialog (resend)", f).await;
        escape(&app, "[data-testid=confirm]").await;

        app.click("[data-testid=nav-newfile]").await;
        app.text_of("main form").await;
        scan(&app, "new file", f).await;

        app.click("[data-testid=nav-audit]").await;
        app.text_of("main table, main [role=table]").await;
        scan(&app, "audit", f).await;

        app.click("[data-testid=nav-dashboard]").await;
        app.text_of("main h2").await;
        settle(&app).await;
        scan(&app, "dashboard", f).await;

        // Profiles, with the SLA policy's form, and one profile's form.
        app.click("[data-testid=nav-profiles]").await;
        app.text_of("[data-testid=sla-policy]").await;
        scan(&app, "profiles and SLA policy", f).await;
        app.click("[data-testid=profile-edit]").await;
        app.value_of("[data-testid=profile-name]").await;
        scan(&app, "profile form", f).await;
        app.click_button("← Perfiles").await;
        app.text_of("[data-testid=sla-policy]").await;
        demo::sla_notice(&app, f).await;

        app.click("[data-testid=nav-about]").await;
        app.text_of("[data-testid=open-diagnostics]").await;
        scan(&app, "about", f).await;
        app.click("[data-testid=open-diagnostics]").await;
        app.text_of("[data-testid=diagnostics-version]").await;
        scan(&app, "diagnostics dialog", f).await;
        escape(&app, "[data-testid=diagnostics]").await;

        found.assert_none_serious();
    })
    .await;
}

//! The dashboard in the real window: a fresh demo's shows its past month; one review is
//! sent without typing (as the first hour's journey sends it); the dashboard, opened
//! from the navigation, is drawn (its charts' canvases have a size) and counts that
//! decision with its reason on top of the month's; its CSV is saved and holds the same
//! figures.
//!
//! The export skips the save dialog: `scripts/session.sh --driver` names a folder in
//! `KYB_DESK_TEST_SAVE_DIR`, where the debug build saves instead of asking.

use std::path::PathBuf;

use kyb_e2e::with_demo_world;

/// The first of the demo profile's default reasons for a proof of address.
const REASON: &str = "El comprobante de domicilio tiene más de tres meses: suba uno reciente.";

fn section(name: &str, part: &str) -> String {
    format!("[data-testid=review-section][data-section={name}] [data-testid={part}]")
}

#[tokio::test]
async fn a_decision_sent_is_drawn_and_counted_on_the_dashboard_and_in_its_csv() {
    let saves = PathBuf::from(std::env::var("KYB_DESK_TEST_SAVE_DIR").expect(
        "KYB_DESK_TEST_SAVE_DIR names where the app saves exports (scripts/session.sh --driver sets it)",
    ));
    let exported = saves.join("tablero-kyb-desk.csv");
    // An export of an earlier journey in this session is not this one's.
    let _ = std::fs::remove_file(&exported);
    let file = exported.clone();
    with_demo_world(move |app| async move {
        app.wait_for_text("[data-testid=try-this]", "Pruebe esto")
            .await;
        // The demo's past month first: the figures the decision adds to.
        app.click("[data-testid=nav-dashboard]").await;
        let decisions = app
            .wait_for_text("[data-testid=dashboard-decisions]", "en el periodo")
            .await;
        let before = number_before(&decisions, "decisiones en el periodo");
        assert!(before > 0, "a fresh demo shows its past month: {decisions}");
        let measured = number_before(
            &app.text_of("[data-testid=dashboard-time]").await,
            "decisiones medidas",
        );
        let reasons = app.text_of("[data-testid=dashboard-reasons]").await;
        let reason_before = number_after(&reasons, REASON);
        app.click("[data-testid=nav-watchlist]").await;
        app.click("[data-testid=try-review]").await;
        app.accept_section("OpinionObligatorio").await;
        app.click(&section("ProofAddressObligatorio", "reject"))
            .await;
        app.choose_reason("ProofAddressObligatorio", REASON)
            .await;
        app.wait_for_text("[data-testid=review-tally]", "Aceptadas: 1 · Rechazadas: 1")
            .await;
        app.click("[data-testid=open-preview]").await;
        app.click("[data-testid=send-correction]").await;
        app.wait_for_text("[data-testid=correction-result]", "Rechazadas: 1")
            .await;

        app.click("[data-testid=nav-dashboard]").await;
        app.wait_for_text(
            "[data-testid=dashboard-decisions]",
            &format!("{} decisiones en el periodo", before + 1),
        )
        .await;
        app.wait_for_text(
            "[data-testid=dashboard-reasons]",
            &format!("{REASON} {}", reason_before + 1),
        )
        .await;
        // The demo followed the file, so its status history says when it came to the
        // back office (dashboard/timing.rs): the decision is timed from there, and
        // measured against the SLA (on time or not depends on the hours the business
        // calendar counted since, so only "measured" is asked).
        app.wait_for_text(
            "[data-testid=dashboard-time]",
            &format!("{} decisiones medidas; 0 sin llegada conocida", measured + 1),
        )
        .await;
        // Drawn: each chart holds a canvas with a size, and the decisions' one has the
        // decision's bar (a coloured pixel in its plotting area).
        let drawn = app
            .run_script(
                "return ['chart-decisions', 'chart-queue'].map((id) => {
                   const canvas = document.querySelector(`[data-testid=${id}] canvas`);
                   if (!canvas) return [id, 0, 0, false];
                   const box = canvas.getBoundingClientRect();
                   const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
                   let coloured = false;
                   for (let i = 0; i < pixels.length; i += 4) {
                     const [r, g, b, a] = [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]];
                     if (a > 200 && r === 0x00 && g === 0x72 && b === 0xb2) { coloured = true; break; }
                   }
                   return [id, box.width, box.height, coloured];
                 });",
            )
            .await;
        for chart in drawn.as_array().expect("a list") {
            assert!(
                chart[1].as_f64().unwrap_or_default() > 100.0
                    && chart[2].as_f64().unwrap_or_default() > 100.0,
                "a chart drawn with a size: {drawn}"
            );
        }
        assert_eq!(drawn[0][3], serde_json::json!(true), "the decision's bar: {drawn}");
        // The same figures in words: the table under the chart.
        app.click("[data-testid=dashboard-decisions] summary").await;
        let table = app.text_of("[data-testid=table-decisions]").await;
        assert!(table.contains("Total"), "{table}");

        app.click("[data-testid=dashboard-export]").await;
        let saved = app
            .wait_for_text("[data-testid=dashboard-saved]", "Guardado en")
            .await;
        assert!(saved.contains("tablero-kyb-desk.csv"), "{saved}");
        let csv = std::fs::read_to_string(&file).expect("the CSV is where the save went");
        assert!(csv.starts_with("figura,detalle,analista,valor"), "{csv}");
        assert!(
            csv.contains(&format!("decisiones_total,,,{}", before + 1)),
            "{csv}"
        );
        assert!(
            csv.contains(&format!("motivo_de_rechazo,{REASON},,{}", reason_before + 1)),
            "{csv}"
        );
    })
    .await;
    let _ = std::fs::remove_file(&exported);
}

/// The whole number written just before `words` in `text` ("27 decisiones…").
fn number_before(text: &str, words: &str) -> u32 {
    let at = text
        .find(words)
        .unwrap_or_else(|| panic!("«{words}» in «{text}»"));
    let digits: String = text[..at]
        .trim_end()
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .chars()
        .rev()
        .collect::<String>()
        .parse()
        .unwrap_or_else(|_| panic!("a number before «{words}» in «{text}»"))
}

/// The whole number written just after `words` in `text` (a reason and its count);
/// none written: 0.
fn number_after(text: &str, words: &str) -> u32 {
    text.find(words).map_or(0, |at| {
        text[at + words.len()..]
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .unwrap_or(0)
    })
}

//! The first minute, as a newcomer lives it after `make run`: the demo opens on its
//! followed files with a "try this" panel, and one click leads to a review that is
//! sent without typing a single identifier (no RFC, no DocumentId, no folio).

use std::time::{Duration, Instant};

use kyb_e2e::with_demo_world;

/// The first of the demo profile's default reasons for a proof of address.
const REASON: &str = "El comprobante de domicilio tiene más de tres meses: suba uno reciente.";

/// One section's row in the review, or a part of it.
fn section(name: &str, part: &str) -> String {
    format!("[data-testid=review-section][data-section={name}] [data-testid={part}]")
}

#[tokio::test]
async fn a_newcomer_sends_a_review_within_a_minute_without_typing_an_identifier() {
    let began = Instant::now();
    with_demo_world(move |app| async move {
        // The watchlist opens filled in, the walks above it.
        app.wait_for_text("[data-testid=demo-banner]", "empieza de nuevo")
            .await;
        app.wait_for_text("[data-testid=try-this]", "Pruebe esto")
            .await;
        app.wait_for_text("[data-testid=watch-row]", "").await;
        // Files in every status, and no status chip cut by its column.
        let clipped = app
            .run_script(
                "const chips = [...document.querySelectorAll('[data-testid=row-status] .status')];
                 const cut = chips.filter((chip) => {
                   const cell = chip.closest('[role=cell]').getBoundingClientRect();
                   const box = chip.getBoundingClientRect();
                   return chip.scrollWidth > chip.clientWidth + 1 || box.right > cell.right + 0.5;
                 });
                 return [chips.length, cut.map((chip) => chip.textContent)];",
            )
            .await;
        let shown = clipped[0].as_u64().unwrap_or_default();
        assert!(shown >= 8, "the demo's rows in view: {clipped}");
        assert_eq!(
            clipped[1],
            serde_json::json!([]),
            "status chips cut: {clipped}"
        );

        // The overview counts them; a click on a status shows only its files.
        let all = app.text_of("[data-testid=rows-shown]").await;
        app.click("[data-testid=overview-status]").await;
        let first = app.text_of("[data-testid=overview-status]").await;
        let count: String = first.chars().take_while(char::is_ascii_digit).collect();
        app.wait_for_text("[data-testid=rows-shown]", &format!("{count} de "))
            .await;
        app.click("[data-testid=overview-status]").await;
        app.wait_for_text("[data-testid=rows-shown]", &all).await;

        app.click("[data-testid=try-review]").await;
        app.accept_section("OpinionObligatorio").await;
        app.click(&section("ProofAddressObligatorio", "reject"))
            .await;
        // A ready-made reason fills the comment: nothing typed at all.
        app.choose(&section("ProofAddressObligatorio", "reason-picker"), REASON)
            .await;
        app.wait_for_text(&section("ProofAddressObligatorio", "counter"), "71 / 500")
            .await;
        app.wait_for_text("[data-testid=review-tally]", "Aceptadas: 1 · Rechazadas: 1")
            .await;
        app.click("[data-testid=open-preview]").await;
        app.click("[data-testid=send-correction]").await;
        let outcome = app
            .wait_for_text("[data-testid=correction-result]", "Rechazadas: 1")
            .await;
        assert!(outcome.contains("Aceptadas: 1"), "{outcome}");
        let took = began.elapsed();
        assert!(
            took < Duration::from_secs(60),
            "the first review took {took:?} from the app's start"
        );

        // The other walks are one click away too: a verification opens by its folio,
        // with the demo's folios in every status beside it.
        app.click("[data-testid=nav-watchlist]").await;
        app.click("[data-testid=try-resend]").await;
        app.wait_for_text("[data-testid=verification-status]", "")
            .await;
        app.wait_for_text("[data-testid=demo-folios]", "VD-").await;
    })
    .await;
}

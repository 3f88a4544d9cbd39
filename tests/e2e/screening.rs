//! The desk's own checks in the real window, on the demo: the example file's
//! shareholder is on the demo's 69-B list, shown as a hit on the deed's row and in its
//! evidence beside the ownership picture; the analyst disposes of it as a false
//! positive, which the audit log keeps; importing the list again raises nothing new
//! for it; and the watchlist sorted by risk puts that file first.

use std::path::PathBuf;

use kyb_e2e::{demo_examples, poll, with_demo_world};

/// The demo's 69-B list as the user would pick it again: written where a debug build
/// takes "picked" files from (`KYB_DESK_TEST_OPEN_DIR`, set by scripts/session.sh),
/// from a sandbox seeded as the app's.
async fn pick_demo_69b() {
    let picked = PathBuf::from(std::env::var("KYB_DESK_TEST_OPEN_DIR").expect(
        "KYB_DESK_TEST_OPEN_DIR names where the app takes picked files from (scripts/session.sh --driver sets it)",
    ));
    let sandbox = kyb_sandbox::Sandbox::start(kyb_sandbox::SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let dir = picked.join("sat69b");
    std::fs::create_dir_all(&dir).expect("its folder");
    for file in sandbox
        .demo_lists()
        .into_iter()
        .filter(|f| f.format == "sat69b")
    {
        std::fs::write(dir.join(file.name), &file.bytes).expect("written");
    }
    sandbox.stop().await;
}

#[tokio::test]
async fn a_listed_shareholder_is_a_hit_disposed_of_once_and_the_risk_column_puts_its_file_first() {
    pick_demo_69b().await;
    let example_rfc = demo_examples().await.rfc;
    with_demo_world(move |app| async move {
        app.click("[data-testid=try-review]").await;
        let deed = "ActaConstitutivaObligatorio";
        let deed_row = format!("[data-testid=review-section][data-section={deed}]");
        app.wait_for_text(&format!("{deed_row} [data-testid=finding-badge]"), "En lista de riesgo")
            .await;
        app.click(&deed_row).await;
        let listed = "[data-testid=evidence-pane] [data-testid=hit][data-row=XEXX800101AB9]";
        let said = app.wait_for_text(listed, "SAT 69-B").await;
        assert!(said.contains("accionista") || said.contains("El accionista"), "{said}");
        // The ownership beside it: the table, and its picture drawn on a canvas.
        app.wait_for_text("[data-testid=owners-table]", "Beneficiario controlador")
            .await;
        let drawn = poll(std::time::Duration::from_secs(10), || async {
            let size = app
                .run_script(
                    "const c = document.querySelector('[data-testid=ownership-chart] canvas');
                     return c ? c.width * c.height : 0;",
                )
                .await;
            (size.as_u64().unwrap_or(0) > 0).then_some(())
        })
        .await;
        // What stands in its place when it is not (a picture that failed says why).
        let failed = app
            .run_script("return Array.from(document.querySelectorAll('[data-testid=ownership] [role=alert]')).map((a) => a.innerText).join(' / ');")
            .await;
        assert!(drawn.is_some(), "the ownership picture is drawn: {failed}");

        // Disposed of as a false positive, with a reason: gone from the findings.
        app.click(&format!("{listed} [data-testid=hit-false-positive]")).await;
        app.replace_text("[data-testid=hit-reason]", "Homónimo: otro RFC y otra fecha de nacimiento")
            .await;
        app.click("[data-testid=hit-confirm]").await;
        app.wait_until_gone(listed).await;

        // The audit log has it.
        app.click("[data-testid=nav-audit]").await;
        app.wait_for_text("[data-testid=audit-table]", "Coincidencia en lista de riesgo resuelta")
            .await;
        let log = app.text_of("[data-testid=audit-table]").await;
        assert!(log.contains("falso positivo") && log.contains("Homónimo"), "{log}");

        // The list imported again: version 2, and nothing new raised for the file.
        app.click("[data-testid=nav-lists]").await;
        app.wait_for_attribute("[data-testid=risk-list][data-format=sat69b]", "data-version", "1")
            .await;
        app.click("[data-testid=import-sat69b]").await;
        let imported = app.wait_for_text("[data-testid=list-imported]", "versión 2").await;
        assert!(imported.contains("0 coincidencias nuevas"), "{imported}");

        // The watchlist by risk, highest first: the reviewed file with its sanctions hit.
        app.click("[data-testid=nav-watchlist]").await;
        app.wait_for_text("[data-testid=watch-row]", "").await;
        for _ in 0..2 {
            app.run_script(
                "[...document.querySelectorAll('button.sort')].find((b) => b.textContent.startsWith('Riesgo')).click();",
            )
            .await;
        }
        let first = poll(std::time::Duration::from_secs(10), || async {
            let rfc = app.attribute_of("[data-testid=watch-row]", "data-rfc").await;
            (rfc == example_rfc).then_some(rfc)
        })
        .await;
        assert!(first.is_some(), "the file with the hit is first by risk");
        let risk = app.text_of("[data-testid=watch-row] [data-testid=row-risk]").await;
        assert!(risk.contains("Alto"), "{risk}");
    })
    .await;
}

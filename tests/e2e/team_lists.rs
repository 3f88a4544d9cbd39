//! A team's risk list in the real window: Beto, the team's supervisor, imports the
//! SAT's 69-B list on his desk (through the team library, as his desk does: the file
//! read by the desk's own reader, published whole); Ana's window, which imported
//! nothing, lists it with Beto as its importer and finds the example file's
//! shareholder on it when she reviews the file.

use kyb_desk_core::screening::ListFormat;
use kyb_desk_core::screening::formats::{self, ListFile};
use kyb_desk_core::screening::store::{ListInfo, ListOrigin};
use kyb_e2e::{TeamWorld, with_app};
use kyb_team::Role;

#[tokio::test]
async fn a_list_imported_on_one_desk_screens_on_the_other() {
    let TeamWorld {
        service,
        manifest,
        db,
    } = TeamWorld::start("kyb_e2e_lists", "beto").await;
    let examples = manifest.examples.clone();
    let (ana, ana_password) = db.issue("ana", Role::Analyst).await;
    // The demo's 69-B list names the example file's first shareholder.
    let file = service
        .demo_lists()
        .into_iter()
        .find(|f| f.format == "sat69b")
        .expect("the 69-B list");

    with_app(move |app| async move {
        db.sign_in_first_run(&app, &manifest, &ana, &ana_password)
            .await;

        // Beto's desk imports it: read by the desk's reader, published to the team.
        let read = formats::read(
            ListFormat::Sat69b,
            &[ListFile {
                name: file.name,
                bytes: &file.bytes,
            }],
        )
        .expect("the list reads");
        let info = ListInfo {
            format: ListFormat::Sat69b,
            publisher: ListFormat::Sat69b.publisher().into(),
            published: read.published.clone(),
            sha256: kyb_desk_core::hash::sha256_hex(&file.bytes),
            rows: read.entries.len() as u32,
            imported_at: "2026-12-04T10:00:00Z".into(),
            imported_by: "beto@kybdesk.mx".into(),
            origin: ListOrigin::Files {
                names: vec![file.name.into()],
            },
            version: 1,
        };
        let rows: Vec<serde_json::Value> = read
            .entries
            .iter()
            .map(|e| serde_json::to_value(e).expect("a row"))
            .collect();
        db.boss
            .publish_list(
                "sat69b",
                &serde_json::to_value(&info).expect("its provenance"),
                &rows,
                "SAT v1",
                &|_| {},
            )
            .await
            .expect("published");

        // Ana's window lists the team's list, imported by Beto's login.
        app.click("[data-testid=nav-lists]").await;
        app.wait_for_attribute(
            "[data-testid=risk-list][data-format=sat69b]",
            "data-version",
            "1",
        )
        .await;
        let row = app
            .text_of("[data-testid=risk-list][data-format=sat69b]")
            .await;
        assert!(
            row.contains(db.boss.member()),
            "imported by Beto's login: {row}"
        );

        // Her review of the example file finds the shareholder on it.
        app.click("[data-testid=nav-watchlist]").await;
        app.follow(&examples.rfc).await;
        app.click(&format!(
            "[data-rfc={}] [data-testid=open-file]",
            examples.rfc
        ))
        .await;
        app.click("[data-testid=start-review]").await;
        let deed = "[data-testid=review-section][data-section=ActaConstitutivaObligatorio]";
        app.wait_for_text(
            &format!("{deed} [data-testid=finding-badge]"),
            "En lista de riesgo",
        )
        .await;
        app.click(deed).await;
        app.wait_for_text(
            "[data-testid=evidence-pane] [data-testid=hit][data-row=XEXX800101AB9]",
            "SAT 69-B",
        )
        .await;
    })
    .await;
    service.stop().await;
}

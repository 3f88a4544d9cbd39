//! Workload in the real window, on the session's private PostgreSQL: Ana,
//! a supervisor, works in the window; the set-up's supervisor and two analysts, Beto
//! and Carla, act through the team library as their desks would.
//!
//! - Beto holds three files. Ana opens Reasignar, chooses Beto's open files and Carla,
//!   previews (the table says Carla gets each of the three, from Beto) and confirms:
//!   Carla's desk has them as hers, Beto's has none.
//! - Carla, at her cap, is refused "take next" by the database with the reason.
//! - Ana lowers her own cap to the one file she holds: her "take next" in the window
//!   says, in words, that she is at her cap.

use std::time::Duration;

use kyb_e2e::{TeamWorld, with_app};
use kyb_team::{NewTeamFile, QueueFilter, Role, TeamError};

/// A live change is seen within this (a loaded machine's margin).
const LIVE: Duration = Duration::from_secs(5);

/// Files of the team's queue (they need not exist in the sandbox: nothing here reads them).
const BETO_S: [&str; 3] = ["WKA010101AA1", "WKB010101AA2", "WKC010101AA3"];
const ANA_S: &str = "WKD010101AA4";
const UNASSIGNED: &str = "WKE010101AA5";

#[tokio::test]
async fn a_supervisor_reassigns_in_bulk_after_the_preview_and_take_next_stops_at_the_cap() {
    let TeamWorld {
        service,
        manifest,
        db,
    } = TeamWorld::start("kyb_e2e_workload", "jefa").await;
    let flow = manifest.examples.flow_id.to_string();
    let (ana, ana_password) = db.add("ana", Role::Supervisor).await;
    let beto = db.team.member(&db.boss, "beto", Role::Analyst).await;
    let carla = db.team.member(&db.boss, "carla", Role::Analyst).await;
    let (beto_login, carla_login) = (beto.member().to_owned(), carla.member().to_owned());
    let boss = &db.boss;
    let files: Vec<NewTeamFile> = BETO_S
        .iter()
        .chain([&ANA_S, &UNASSIGNED])
        .map(|rfc| NewTeamFile {
            flow_id: flow.clone(),
            rfc: (*rfc).to_owned(),
            status: "Pendiente".into(),
            document_id: None,
            updated_at: None,
        })
        .collect();
    boss.follow_all(&files)
        .await
        .expect("the files are the team's");
    for rfc in BETO_S {
        boss.assign(&flow, rfc, Some(&beto_login))
            .await
            .expect("assigned to Beto");
    }
    boss.assign(&flow, ANA_S, Some(&ana))
        .await
        .expect("assigned to Ana");
    // Carla has room for exactly Beto's three.
    boss.set_cap(&carla_login, 3).await.expect("Carla's cap");

    with_app(move |app| async move {
        db.sign_in_first_run(&app, &manifest, &ana, &ana_password)
            .await;
        app.click("[data-testid=nav-team]").await;
        let load = |login: &str| {
            format!(
                "[data-testid=workload-member][data-login=\"{login}\"] [data-testid=workload-load]"
            )
        };
        app.wait_for_text(&load(&beto_login), "3 de 15").await;
        app.wait_for_text(&load(&carla_login), "0 de 3").await;

        // Reasignar: Beto's open files, to Carla; the preview says who gets what.
        app.click("[data-testid=reassign-from-member]").await;
        app.choose("[data-testid=reassign-member]", &beto_login)
            .await;
        app.click(&format!(
            "[data-testid=reassign-target][data-login=\"{carla_login}\"]"
        ))
        .await;
        app.click("[data-testid=reassign-preview]").await;
        app.wait_for_text("[data-testid=reassign-plan]", "Quién recibe qué")
            .await;
        let rows = app.texts_of("[data-testid=reassign-placement]").await;
        assert_eq!(rows.len(), 3, "{rows:?}");
        for rfc in BETO_S {
            let row = rows
                .iter()
                .find(|row| row.contains(rfc))
                .unwrap_or_else(|| panic!("{rfc} in the preview: {rows:?}"));
            assert!(
                row.contains(&beto_login) && row.contains(&carla_login),
                "{row}"
            );
        }
        // Nothing moved before the confirmation.
        let mine = beto.files(QueueFilter::Mine).await.expect("Beto's files");
        assert_eq!(mine.len(), 3);
        app.click("[data-testid=reassign-confirm]").await;
        app.wait_for_text("[data-testid=reassign-done]", "3 expedientes reasignados")
            .await;

        // Carla's desk has them as hers; Beto's has none; the table follows.
        let theirs = kyb_e2e::poll(LIVE, || async {
            let files = carla.files(QueueFilter::Mine).await.ok()?;
            (files.len() == 3).then_some(files)
        })
        .await
        .expect("Carla's desk sees the three files as hers");
        let mut rfcs: Vec<_> = theirs.iter().map(|f| f.rfc.as_str()).collect();
        rfcs.sort_unstable();
        assert_eq!(rfcs, BETO_S);
        assert!(
            beto.files(QueueFilter::Mine)
                .await
                .expect("Beto's files")
                .is_empty()
        );
        app.wait_for_text_within(&load(&carla_login), "3 de 3", LIVE)
            .await;
        app.wait_for_text_within(&load(&beto_login), "0 de 15", LIVE)
            .await;

        // Carla, at her cap, is refused the next file, with the reason.
        match carla.take_next().await {
            Err(TeamError::AtCap { member, open, cap }) => {
                assert_eq!((member.as_str(), open, cap), (carla_login.as_str(), 3, 3));
            }
            other => panic!("Carla at her cap takes nothing: {other:?}"),
        }

        // Ana lowers her own cap to the one file she holds; her take next is refused
        // in words, and no file became hers.
        let own_cap = format!(
            "[data-testid=workload-member][data-login=\"{ana}\"] [data-testid=workload-cap]"
        );
        app.replace_text(&own_cap, "1").await;
        app.click(&format!(
            "[data-testid=workload-member][data-login=\"{ana}\"] [data-testid=workload-cap-save]"
        ))
        .await;
        app.wait_for_text(&load(&ana), "1 de 1").await;
        app.click("[data-testid=nav-watchlist]").await;
        // As a user would, once the list is drawn (its overview moves the button down).
        app.wait_for_text("[data-testid=rows-shown]", "5 de 5")
            .await;
        app.click("[data-testid=take-next]").await;
        app.wait_for_text(
            "[data-testid=take-next-refused]",
            "tiene 1 expediente abierto y su tope es 1",
        )
        .await;
        let unassigned = db
            .boss
            .files(QueueFilter::Unassigned)
            .await
            .expect("the queue");
        assert_eq!(
            unassigned
                .iter()
                .map(|f| f.rfc.as_str())
                .collect::<Vec<_>>(),
            [UNASSIGNED]
        );
    })
    .await;
    service.stop().await;
}

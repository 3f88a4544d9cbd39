//! Saved views and bulk work on the watchlist, in the real window, on the session's
//! private PostgreSQL: Ana in the window, the others acting through the team library
//! as their desks would.
//!
//! - Ana shares a view with the team and Beto's desk lists it; Beto shares one and
//!   Ana's chooser, read again as she turns to it (views send no live notice), offers
//!   it, its rows as its filter lets through, with nothing to delete it from her desk.
//! - Ana, a supervisor, selects rows with the keyboard alone, refreshes them (the
//!   service asked about those only), exports them (the CSV holds exactly those rows)
//!   and assigns them to Carla, whose desk then has them as hers.
//!
//! The export skips the save dialog: `scripts/session.sh --driver` names a folder in
//! `KYB_DESK_TEST_SAVE_DIR`, where the debug build saves instead of asking.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use kyb_api::file::StatusCategory;
use kyb_e2e::{App, TeamDatabase, TeamWorld, with_app};
use kyb_sandbox::{Fault, FileFacts, RunningSandbox, Sandbox, SandboxConfig};
use kyb_team::{QueueFilter, Role, Team, ViewFilter};

/// What a second desk's change takes to be seen (a loaded machine's margin).
const LIVE: Duration = Duration::from_secs(5);

const TRACKING: &str = "POST /expedientes/v1/tracking";

/// WebDriver's keys: Shift stays down until NULL releases it.
const SHIFT: char = '\u{E008}';
const RELEASE: char = '\u{E000}';
const ENTER: &str = "\u{E007}";

/// Presses the bulk bar's button `testid` from the keyboard (its focus, Enter): a
/// click aims at where the button was drawn, and a refresh's new list can move the bar
/// between the aim and the click (the overview above is drawn again).
async fn press(app: &App, testid: &str) {
    let button = format!("[data-testid=bulk-bar] [data-testid={testid}]");
    app.focus(&button).await;
    app.type_into(&button, ENTER).await;
}

/// Three files of the profile's flow, each in a status category of its own (so a view
/// on one category shows exactly one of them).
fn three_files(service: &RunningSandbox) -> Vec<FileFacts> {
    let manifest = &service.manifest;
    let mut chosen: Vec<FileFacts> = Vec::new();
    for file in service.files_of(manifest.tenants[0].workspace_id) {
        let category = file.status.category();
        if file.flow_id == manifest.examples.flow_id
            && !file.natural_person
            && category != StatusCategory::Unknown
            && chosen.iter().all(|c| c.status.category() != category)
        {
            chosen.push(file);
        }
        if chosen.len() == 3 {
            return chosen;
        }
    }
    panic!("the sandbox has three files of the flow in three categories: {chosen:?}");
}

/// Ana follows `files` in her window, each row then showing its status.
async fn follow(app: &App, files: &[FileFacts]) {
    for file in files {
        app.follow(&file.rfc).await;
        app.text_of(&format!(
            "[data-testid=watch-row][data-rfc=\"{}\"] [data-testid=row-status] .status",
            file.rfc
        ))
        .await;
    }
    app.wait_for_text("[data-testid=rows-shown]", "3 de 3 expedientes")
        .await;
}

/// The RFCs of the rows shown, in their order.
async fn rows_shown(app: &App) -> Vec<String> {
    let rfcs = app
        .run_script(
            "return [...document.querySelectorAll('[data-testid=watch-row]')].map(r => r.dataset.rfc)",
        )
        .await;
    serde_json::from_value(rfcs).expect("a list of RFCs")
}

#[tokio::test]
async fn a_shared_view_reaches_another_member() {
    let TeamWorld {
        service,
        manifest,
        db,
    } = TeamWorld::start("kyb_e2e_views", "jefa").await;
    let files = three_files(&service);
    let (ana, ana_password) = db.add("ana", Role::Analyst).await;
    let beto = db.team.member(&db.boss, "beto", Role::Analyst).await;

    with_app(move |app| async move {
        let beto: &Team = &beto;
        db.sign_in_first_run(&app, &manifest, &ana, &ana_password)
            .await;
        follow(&app, &files).await;
        let (hers, his) = (&files[0], &files[1]);

        // Ana searches one RFC and saves that as a view shared with the team.
        app.type_into("input[type=search]", &hers.rfc).await;
        app.wait_for_text("[data-testid=rows-shown]", "1 de 3")
            .await;
        app.click("[data-testid=saved-view-new]").await;
        app.type_into("[data-testid=saved-view-name]", "Mi cliente")
            .await;
        app.click("[data-testid=saved-view-shared]").await;
        app.click("[data-testid=saved-view-save]").await;
        app.wait_for_text(
            "[data-testid=saved-view-said]",
            "Vista «Mi cliente» guardada",
        )
        .await;
        // Her own: she may stop sharing it or delete it.
        app.wait_for_text("[data-testid=saved-view-share]", "Dejar de compartir")
            .await;
        app.text_of("[data-testid=saved-view-delete]").await;

        // Beto's desk lists it, by her, with its filter.
        let shared = kyb_e2e::poll(LIVE, || async {
            beto.saved_views()
                .await
                .ok()?
                .into_iter()
                .find(|v| v.name == "Mi cliente")
        })
        .await
        .expect("Beto's desk lists Ana's shared view");
        assert_eq!(shared.owner.as_deref(), Some(ana.as_str()));
        assert!(shared.shared && !shared.mine, "{shared:?}");
        assert_eq!(
            shared.filter,
            ViewFilter {
                query: hers.rfc.clone(),
                ..ViewFilter::default()
            }
        );

        // Beto shares a view of one status category; Ana's chooser, turned to, offers it.
        let category = his.status.category();
        let id = beto
            .save_view(
                "Por estatus",
                &ViewFilter {
                    categories: vec![category],
                    ..ViewFilter::default()
                },
                true,
            )
            .await
            .expect("Beto saves his view");
        let option = format!("[data-testid=saved-view-select] option[value=\"{id}\"]");
        app.focus("[data-testid=saved-view-select]").await;
        app.wait_for_inner_text(&option, &format!("Por estatus (de {})", beto.member()))
            .await;
        app.choose("[data-testid=saved-view-select]", &id.to_string())
            .await;
        app.wait_for_text(
            "[data-testid=saved-view-said]",
            "Vista «Por estatus» abierta",
        )
        .await;

        // Its filter is the list's: her search gone, only his category's row shown.
        app.wait_for_text("[data-testid=rows-shown]", "1 de 3")
            .await;
        assert_eq!(app.value_of("input[type=search]").await, "");
        assert_eq!(rows_shown(&app).await, vec![his.rfc.clone()]);
        // Not hers: nothing offers to share it off or delete it.
        app.wait_until_gone("[data-testid=saved-view-delete]").await;
        app.wait_until_gone("[data-testid=saved-view-share]").await;
        let still = beto.saved_views().await.expect("Beto's views");
        assert!(still.iter().any(|v| v.id == id && v.mine), "{still:?}");
    })
    .await;
    service.stop().await;
}

#[tokio::test]
async fn rows_selected_with_the_keyboard_are_refreshed_and_exported_in_bulk() {
    let saves = PathBuf::from(std::env::var("KYB_DESK_TEST_SAVE_DIR").expect(
        "KYB_DESK_TEST_SAVE_DIR names where the app saves exports (scripts/session.sh --driver sets it)",
    ));
    let exported = saves.join("seleccion-kyb-desk.csv");
    // An export of an earlier journey in this session is not this one's.
    let _ = std::fs::remove_file(&exported);
    let service = Arc::new(
        Sandbox::start(SandboxConfig::default())
            .await
            .expect("sandbox"),
    );
    let manifest = service.manifest.clone();
    let workspace = manifest.tenants[0].workspace_id.to_string();
    let files = three_files(&service);
    let db = TeamDatabase::create("kyb_e2e_bulk", &workspace, "jefa").await;
    let (ana, ana_password) = db.add("ana", Role::Supervisor).await;
    let carla = db.team.member(&db.boss, "carla", Role::Analyst).await;
    let csv = exported.clone();

    with_app(move |app| async move {
        let carla: &Team = &carla;
        db.sign_in_first_run(&app, &manifest, &ana, &ana_password)
            .await;
        follow(&app, &files).await;

        // The first row's checkbox, Space; the third's, Shift+Space: the range, all
        // three (a plain toggle would make two); the third's, Space: the first two.
        let order = rows_shown(&app).await;
        assert_eq!(order.len(), 3, "{order:?}");
        let check = |rfc: &str| {
            format!("[data-testid=watch-row][data-rfc=\"{rfc}\"] [data-testid=row-check]")
        };
        let name = app.attribute_of(&check(&order[0]), "aria-label").await;
        assert!(
            name.starts_with("Seleccionar ") && name.ends_with(&format!("({})", order[0])),
            "{name}"
        );
        app.focus(&check(&order[0])).await;
        app.type_into(&check(&order[0]), " ").await;
        app.wait_for_text("[data-testid=bulk-count]", "1 seleccionado")
            .await;
        app.focus(&check(&order[2])).await;
        app.type_into(&check(&order[2]), &format!("{SHIFT} {RELEASE}"))
            .await;
        app.wait_for_text("[data-testid=bulk-count]", "3 seleccionados")
            .await;
        app.type_into(&check(&order[2]), " ").await;
        app.wait_for_text("[data-testid=bulk-count]", "2 seleccionados")
            .await;
        let checked = app
            .run_script(
                "return [...document.querySelectorAll('[data-testid=watch-row]')]
                    .map(r => r.querySelector('[data-testid=row-check]').checked)",
            )
            .await;
        assert_eq!(checked, serde_json::json!([true, true, false]));
        let picked: BTreeSet<String> = order[..2].iter().cloned().collect();

        // Refreshed in bulk: its progress, then done; the service asked about those two.
        let asked = service.requests(TRACKING);
        service
            .add_fault(Fault {
                route: TRACKING.into(),
                latency_ms: 1500,
                ..Fault::default()
            })
            .expect("a valid fault");
        press(&app, "bulk-refresh").await;
        app.wait_for_text("[data-testid=bulk-bar] [role=progressbar]", "de 2")
            .await;
        app.wait_for_text("[data-testid=bulk-done]", "Actualizados: 2. Con falla: 0.")
            .await;
        app.wait_until_gone("[data-testid=bulk-bar] [role=progressbar]")
            .await;
        service.clear_faults();
        assert_eq!(service.requests(TRACKING) - asked, 2);

        // Exported: the CSV holds exactly the selected rows.
        press(&app, "bulk-export").await;
        let said = app
            .wait_for_text("[data-testid=bulk-done]", "2 expedientes exportados a")
            .await;
        assert!(said.contains("seleccion-kyb-desk.csv"), "{said}");
        let text = std::fs::read_to_string(&csv).expect("the CSV is where the save went");
        let mut lines = text.lines();
        assert!(lines.next().is_some_and(|h| h.starts_with("RFC")), "{text}");
        let rfcs: BTreeSet<String> = lines
            .map(|line| line.split(',').next().unwrap_or_default().to_owned())
            .collect();
        assert_eq!(rfcs, picked, "{text}");

        // Assigned in bulk to Carla: her desk has the two as hers, the window says so.
        app.choose("[data-testid=bulk-bar] select", carla.member())
            .await;
        press(&app, "bulk-assign").await;
        app.wait_for_text("[data-testid=bulk-done]", "Asignados: 2. No asignados: 0.")
            .await;
        let hers = kyb_e2e::poll(LIVE, || async {
            let files = carla.files(QueueFilter::Mine).await.ok()?;
            (files.len() == 2).then_some(files)
        })
        .await
        .expect("Carla's desk has the two files as hers");
        let hers: BTreeSet<String> = hers.into_iter().map(|f| f.rfc).collect();
        assert_eq!(hers, picked);
        for rfc in &picked {
            app.wait_for_text_within(
                &format!("[data-testid=watch-row][data-rfc=\"{rfc}\"] [data-testid=row-assignee]"),
                carla.member(),
                LIVE,
            )
            .await;
        }
    })
    .await;
    let _ = std::fs::remove_file(&exported);
}

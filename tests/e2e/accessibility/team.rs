//! The first run, with its team's fields, then the Team screen of a
//! supervisor signed in to a team on the session's private PostgreSQL, with the
//! reassignment's preview, and the Team screen of an analyst.

use kyb_e2e::{App, ProfileEntry, TeamDatabase, TeamWorld, with_app};
use kyb_team::{NewTeamFile, Role};

use super::{Findings, scan};

/// The files of an analyst of the team's queue (nothing reads them from the service).
const ANA_S: [&str; 2] = ["AXA010101AA1", "AXB010101AA2"];

/// The first run of a member's desk, as [`TeamDatabase::sign_in_first_run`] does it,
/// with the team's fields scanned once they show.
async fn first_run_in_team(
    app: &App,
    db: &TeamDatabase,
    manifest: &kyb_sandbox::Manifest,
    login: &str,
    password: &str,
    f: Option<&mut Findings>,
) {
    ProfileEntry::for_tenant(manifest).fill(app).await;
    app.click("[data-testid=profile-team]").await;
    app.replace_text("[data-testid=profile-team-host]", &db.socket)
        .await;
    app.replace_text("[data-testid=profile-team-database]", &db.team.database)
        .await;
    app.replace_text("[data-testid=profile-team-user]", login)
        .await;
    app.replace_text("[data-testid=profile-team-password]", password)
        .await;
    if let Some(f) = f {
        scan(app, "first run, team fields", f).await;
    }
    app.click_button("Guardar y probar conexión").await;
    app.text_of("[data-testid=watch-row], .empty").await;
}

#[tokio::test]
async fn the_first_run_and_the_team_screens_have_no_serious_violation() {
    let TeamWorld {
        service,
        manifest,
        db,
    } = TeamWorld::start("kyb_e2e_axe", "beto").await;
    let (sara, sara_password) = db.add("sara", Role::Supervisor).await;
    let (ana, ana_password) = db.add("ana", Role::Analyst).await;
    let flow = manifest.examples.flow_id.to_string();
    let files: Vec<NewTeamFile> = ANA_S
        .iter()
        .map(|rfc| NewTeamFile {
            flow_id: flow.clone(),
            rfc: (*rfc).to_owned(),
            status: "Pendiente".into(),
            document_id: None,
            updated_at: None,
        })
        .collect();
    db.boss
        .follow_all(&files)
        .await
        .expect("the files are the team's");
    for rfc in ANA_S {
        db.boss
            .assign(&flow, rfc, Some(&ana))
            .await
            .expect("assigned to Ana");
    }
    let db = std::sync::Arc::new(db);
    let (first, the_manifest) = (db.clone(), manifest.clone());
    let (sara_s, ana_s) = (sara.clone(), ana.clone());
    with_app(move |app| async move {
        let mut found = Findings::default();
        let f = &mut found;
        first_run_in_team(
            &app,
            &first,
            &the_manifest,
            &sara_s,
            &sara_password,
            Some(f),
        )
        .await;
        app.click("[data-testid=nav-team]").await;
        app.text_of("[data-testid=team-connected]").await;
        scan(&app, "team (supervisor)", f).await;
        // Ana's open files to Sara: the preview says who gets what, before anything moves.
        app.click("[data-testid=reassign-from-member]").await;
        app.choose("[data-testid=reassign-member]", &ana_s).await;
        app.click(&format!(
            "[data-testid=reassign-target][data-login=\"{sara_s}\"]"
        ))
        .await;
        app.click("[data-testid=reassign-preview]").await;
        app.text_of("[data-testid=reassign-placement]").await;
        scan(&app, "team, reassignment preview", f).await;
        found.assert_none_serious();
    })
    .await;
    let second = db.clone();
    with_app(move |app| async move {
        let mut found = Findings::default();
        first_run_in_team(&app, &second, &manifest, &ana, &ana_password, None).await;
        app.click("[data-testid=nav-team]").await;
        app.text_of("[data-testid=team-connected]").await;
        scan(&app, "team (analyst)", &mut found).await;
        found.assert_none_serious();
    })
    .await;
    drop(db);
    service.stop().await;
}

//! Installed and kept current by IT, in pictures: a desk under its company's
//! policy (a preset profile, its team database fixed), the Team screen of a desk below
//! the version the team needs, and the diagnostics for support as shown before saving.

use std::path::Path;

use kyb_e2e::policy::managed_production;
use kyb_e2e::{DataDir, TeamDatabase, demo_examples, with_app, with_app_given, with_demo_app};
use kyb_sandbox::{Sandbox, SandboxConfig};

use crate::capture::capture;

pub async fn managed_desk(dir: &Path) {
    policy(dir).await;
    versions(dir).await;
    diagnostics(dir).await;
}

async fn policy(dir: &Path) {
    let service = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let manifest = service.manifest.clone();
    let (_folder, path) = managed_production(&manifest);
    let data = DataDir::new();
    let dir = dir.to_path_buf();
    with_app_given(&["--test-policy", &path], &data, |app| async move {
        app.wait_for_text("[data-testid=active-profile]", "Producción")
            .await;
        app.click("[data-testid=active-profile]").await;
        let card = "[data-testid=profile-card][data-name='Producción']";
        app.text_of(&format!("{card} [data-testid=profile-fixed]"))
            .await;
        capture(&dir.join("38-policy-profiles.png"));
        app.click(&format!("{card} [data-testid=profile-edit]"))
            .await;
        app.text_of("[data-testid=profile-team-fixed]").await;
        app.run_script(
            "document.querySelector('[data-testid=profile-team-fixed]').scrollIntoView({block: 'center'})",
        )
        .await;
        capture(&dir.join("38b-policy-profile-team.png"));
    })
    .await;
    service.stop().await;
}

async fn versions(dir: &Path) {
    let service = Sandbox::start(SandboxConfig::default())
        .await
        .expect("a sandbox starts");
    let manifest = service.manifest.clone();
    let workspace = manifest.tenants[0].workspace_id.to_string();
    let db = TeamDatabase::create("kyb_screens_versions", &workspace, "beto").await;
    let (ana, ana_password) = db.add("ana", kyb_team::Role::Analyst).await;
    db.boss
        .set_desk_version_needed(Some("99.0.0"))
        .await
        .expect("a supervisor sets the need");
    let dir = dir.to_path_buf();
    with_app(move |app| async move {
        db.sign_in_first_run(&app, &manifest, &ana, &ana_password)
            .await;
        app.click("[data-testid=nav-team]").await;
        app.text_of("[data-testid=desk-outdated]").await;
        app.text_of("[data-testid=member-below-need]").await;
        capture(&dir.join("39-team-versions.png"));
    })
    .await;
    service.stop().await;
}

async fn diagnostics(dir: &Path) {
    let examples = demo_examples().await;
    let dir = dir.to_path_buf();
    with_demo_app(move |app| async move {
        app.follow_and_open(&examples.rfc).await;
        app.text_of("[data-testid=tracking-person]").await;
        app.click("[data-testid=nav-about]").await;
        app.click("[data-testid=open-diagnostics]").await;
        app.wait_for_text("[data-testid=diagnostics-logs]", "service call")
            .await;
        capture(&dir.join("40-diagnostics.png"));
    })
    .await;
}

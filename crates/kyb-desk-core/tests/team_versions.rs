//! Versions in the team, a desk on a real PostgreSQL: it records its
//! version when it joins; a desk older than the team needs says so and changes nothing
//! (`desk_outdated`) while its reads go on; a supervisor's desk may still lower a need
//! it set too high, and an analyst's may not set one.

mod common;

use common::{DemoDesk, added, join_team, session_host};
use kyb_desk_core::desk::{DESK_VERSION, DeskVersion};
use kyb_desk_core::error::{DeskCode, TeamCode};
use kyb_team::testing::TestTeam;
use kyb_team::{Role, Team};

/// A desk on the demo sandbox, joined to a fresh team's database as `who` with `role`
/// (the database's first supervisor, returned, adds them).
async fn joined(who: &str, role: Role) -> (TestTeam, Team, DemoDesk) {
    let demo = DemoDesk::start().await;
    let mut team = TestTeam::new("kyb_desk_versions").await;
    team.workspace = demo.profile.workspace_id.clone();
    let boss = team.supervisor("jefa").await;
    let one_time = added(&team, &boss, who, role).await;
    join_team(&demo, &demo.profile, &team, &session_host(), who, &one_time).await;
    (team, boss, demo)
}

async fn version_of(desk: &DemoDesk) -> DeskVersion {
    desk.desk
        .team_status()
        .await
        .expect("status")
        .desk_version
        .expect("connected: the versions")
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_desk_older_than_the_team_needs_reads_but_changes_nothing() {
    let (team, boss, ana) = joined("ana", Role::Analyst).await;
    let id = ana.manifest().examples.document_id.to_string();
    assert_eq!(version_of(&ana).await, DeskVersion::of(DESK_VERSION, None));
    // Joining recorded the desk's version, which every member reads.
    let members = boss.members().await.expect("members");
    let hers = members
        .iter()
        .find(|m| m.login == team.login("ana"))
        .expect("Ana");
    assert_eq!(hers.desk_version.as_deref(), Some(DESK_VERSION));

    // An analyst sets no need, and a need that is no version is refused first.
    let refused = ana.desk.set_desk_version_needed("99.0.0").await;
    assert_eq!(refused.expect_err("analyst").code, TeamCode::NotSupervisor);
    let refused = ana.desk.set_desk_version_needed("99").await;
    assert_eq!(
        refused.expect_err("no version").code,
        DeskCode::InvalidInput
    );

    // The team needs a newer desk: Ana's says so, reads, and changes nothing.
    boss.set_desk_version_needed(Some("99.0.0"))
        .await
        .expect("set");
    let version = version_of(&ana).await;
    assert!(version.outdated, "{version:?}");
    assert_eq!(version.needed.as_deref(), Some("99.0.0"));
    assert_eq!(
        ana.desk
            .claim_file(&id, false)
            .await
            .expect_err("a claim")
            .code,
        TeamCode::DeskOutdated
    );
    assert_eq!(
        ana.desk
            .add_note(&id, "nota", &uuid::Uuid::new_v4().to_string())
            .await
            .expect_err("a note")
            .code,
        TeamCode::DeskOutdated
    );
    // Reads go on, and the Team screen marks her desk as below the need (the
    // database's own read knows no order of versions: the desk marks it).
    let members = ana.desk.team_members().await.expect("reads go on");
    let hers = members
        .iter()
        .find(|m| m.login == team.login("ana"))
        .expect("Ana");
    assert!(hers.below_need, "{hers:?}");
    assert!(
        !boss
            .members()
            .await
            .expect("members")
            .iter()
            .any(|m| m.below_need)
    );
    assert!(ana.desk.file_notes(&id).await.expect("notes").is_empty());

    // At the need, it works again.
    boss.set_desk_version_needed(Some(DESK_VERSION))
        .await
        .expect("set");
    assert!(!version_of(&ana).await.outdated);
    assert!(
        !ana.desk
            .team_members()
            .await
            .expect("members")
            .iter()
            .any(|m| m.below_need)
    );
    ana.desk.claim_file(&id, false).await.expect("claimed");
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_supervisor_s_desk_lowers_a_need_it_set_too_high() {
    let (_team, _boss, beto) = joined("beto", Role::Supervisor).await;
    let set = beto
        .desk
        .set_desk_version_needed(" 99.0.0 ")
        .await
        .expect("set");
    assert!(set.outdated && set.needed.as_deref() == Some("99.0.0"));
    let id = beto.manifest().examples.document_id.to_string();
    assert_eq!(
        beto.desk
            .claim_file(&id, false)
            .await
            .expect_err("outdated")
            .code,
        TeamCode::DeskOutdated
    );
    let cleared = beto
        .desk
        .set_desk_version_needed("")
        .await
        .expect("cleared");
    assert_eq!(cleared, DeskVersion::of(DESK_VERSION, None));
    beto.desk.claim_file(&id, false).await.expect("claimed");
}

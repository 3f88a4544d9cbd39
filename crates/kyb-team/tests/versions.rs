//! Versions in the team (migration 0012) on a real PostgreSQL, each member on their own
//! login: a desk records its own version and when it was seen, and no member can write
//! another's (the function takes no login; by hand there is no table to write); only a
//! supervisor sets the lowest version the team needs, a semantic version, in the trail.

mod common;

use common::{Pair, denied, other_workspace, pair};
use kyb_team::TeamError;

fn version_of<'a>(members: &'a [kyb_team::Member], login: &str) -> Option<&'a str> {
    members
        .iter()
        .find(|m| m.login == login)
        .and_then(|m| m.desk_version.as_deref())
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn each_desk_records_its_own_version_and_no_one_elses() {
    let Pair {
        t,
        boss,
        ana,
        ana_pw,
    } = pair("kyb_versions").await;
    let (jefa, ana_login) = (t.login("jefa"), t.login("ana"));

    // Before a desk records, its member has no version.
    let members = boss.members().await.unwrap();
    assert_eq!(version_of(&members, &ana_login), None);
    assert!(members.iter().all(|m| m.seen_at.is_none()));

    boss.record_desk_version("0.3.0").await.unwrap();
    ana.record_desk_version("0.2.1").await.unwrap();
    let members = ana.members().await.unwrap();
    assert_eq!(version_of(&members, &jefa), Some("0.3.0"));
    assert_eq!(version_of(&members, &ana_login), Some("0.2.1"));
    let seen = members
        .iter()
        .find(|m| m.login == ana_login)
        .and_then(|m| m.seen_at.clone())
        .expect("when it was seen");
    assert!(
        seen.ends_with('Z') && seen.len() == "2025-06-02T15:00:00Z".len(),
        "{seen}"
    );

    // A desk upgraded records again; pre-releases and builds are versions too.
    ana.record_desk_version("0.4.0-rc.1+deb12").await.unwrap();
    let members = boss.members().await.unwrap();
    assert_eq!(version_of(&members, &ana_login), Some("0.4.0-rc.1+deb12"));
    assert_eq!(version_of(&members, &jefa), Some("0.3.0"), "hers unchanged");

    // Not a semantic version: refused, the kept one stays.
    // 65 characters, one past the most the database keeps.
    let long = format!("1.2.{}", "3".repeat(61));
    for wrong in [
        "",
        "1.2",
        "v1.2.3",
        "01.2.3",
        "1.2.3 ",
        "1.2.3\n",
        long.as_str(),
    ] {
        assert!(
            matches!(
                ana.record_desk_version(wrong).await,
                Err(TeamError::BadText)
            ),
            "{wrong:?}"
        );
    }
    assert_eq!(
        version_of(&boss.members().await.unwrap(), &ana_login),
        Some("0.4.0-rc.1+deb12")
    );

    // By hand, with the analyst's own rights: no table to write another's version,
    // and the function has no login to name.
    let mut by_hand = t.by_hand(&ana_login, &ana_pw).await;
    denied(
        &mut by_hand,
        &format!(
            "INSERT INTO team_desk_version (workspace_id, login, version) VALUES ('{}', '{jefa}', '9.9.9')",
            t.workspace
        ),
    )
    .await;
    denied(
        &mut by_hand,
        "UPDATE team_desk_version SET version = '0.0.1'",
    )
    .await;
    denied(&mut by_hand, "DELETE FROM team_desk_version").await;
    denied(&mut by_hand, "SELECT * FROM team_desk_version").await;
    let error = sqlx::raw_sql(&format!(
        "SELECT team_desk_seen('{}', '9.9.9', '{jefa}')",
        t.workspace
    ))
    .execute(&mut by_hand)
    .await
    .expect_err("no function writes another's version");
    assert_eq!(common::refusal(&error).0, "42883", "{error}");
    assert_eq!(
        version_of(&boss.members().await.unwrap(), &jefa),
        Some("0.3.0")
    );

    // Another workspace's members read none of these versions, and record in their
    // own workspace only.
    let elsewhere = other_workspace(&t, "otro");
    let carla = elsewhere.supervisor("carla").await;
    carla.record_desk_version("1.0.0").await.unwrap();
    let theirs = carla.members().await.unwrap();
    assert_eq!(theirs.len(), 1);
    assert_eq!(version_of(&theirs, &t.login("carla")), Some("1.0.0"));
    assert!(
        boss.members()
            .await
            .unwrap()
            .iter()
            .all(|m| m.login != t.login("carla"))
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn only_a_supervisor_sets_the_version_the_team_needs() {
    let Pair {
        t,
        boss,
        ana,
        ana_pw,
    } = pair("kyb_versions_need").await;
    assert_eq!(ana.desk_version_needed().await.unwrap(), None, "none yet");

    // An analyst cannot set it, nor clear it.
    assert!(matches!(
        ana.set_desk_version_needed(Some("0.1.0")).await,
        Err(TeamError::NotSupervisor)
    ));
    assert!(matches!(
        ana.set_desk_version_needed(Some("not a version")).await,
        Err(TeamError::NotSupervisor)
    ));
    assert_eq!(ana.desk_version_needed().await.unwrap(), None);

    // The supervisor can; every member reads it.
    boss.set_desk_version_needed(Some("0.2.0")).await.unwrap();
    assert_eq!(
        ana.desk_version_needed().await.unwrap().as_deref(),
        Some("0.2.0")
    );
    assert!(matches!(
        ana.set_desk_version_needed(None).await,
        Err(TeamError::NotSupervisor)
    ));
    for wrong in ["2", "0.2", "0.2.0.1", "latest", "0.2.0-", "0.2.0+"] {
        assert!(
            matches!(
                boss.set_desk_version_needed(Some(wrong)).await,
                Err(TeamError::BadText)
            ),
            "{wrong}"
        );
    }
    assert_eq!(
        ana.desk_version_needed().await.unwrap().as_deref(),
        Some("0.2.0")
    );
    boss.set_desk_version_needed(Some("1.0.0-beta.2"))
        .await
        .unwrap();
    boss.set_desk_version_needed(None).await.unwrap();
    assert_eq!(ana.desk_version_needed().await.unwrap(), None, "cleared");

    // By hand, the analyst has no table to write it in.
    let mut by_hand = t.by_hand(&t.login("ana"), &ana_pw).await;
    denied(
        &mut by_hand,
        "UPDATE team_setting SET desk_version_needed = '0.0.1'",
    )
    .await;

    // Each change is in the trail, by the supervisor, old and new.
    let mut owner = t.as_owner().await;
    let trail: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT member, operation, summary FROM team_audit
         WHERE workspace_id = $1 AND operation = 'team: desk-version-needed-set' ORDER BY seq",
    )
    .bind(&t.workspace)
    .fetch_all(&mut owner)
    .await
    .unwrap();
    let summaries: Vec<&str> = trail.iter().map(|(_, _, s)| s.as_str()).collect();
    assert_eq!(
        summaries,
        ["— → 0.2.0", "0.2.0 → 1.0.0-beta.2", "1.0.0-beta.2 → —"]
    );
    assert!(trail.iter().all(|(who, _, _)| *who == t.login("jefa")));
}

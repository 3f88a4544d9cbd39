//! Saved views (migration 0008) on a real PostgreSQL, each member on their own login:
//! a shared view reaches the workspace, an unshared one stays its owner's, and only
//! the owner changes, unshares or deletes it, whatever another member sends.

mod common;

use common::{Desks, denied, desks, other_workspace};
use kyb_api::file::StatusCategory;
use kyb_team::testing::TestTeam;
use kyb_team::{AgeBucket, TeamError, VIEWS_MAX, ViewFilter};

fn overdue() -> ViewFilter {
    ViewFilter {
        query: "acme".into(),
        categories: vec![StatusCategory::Queued, StatusCategory::InReview],
        only_changed: false,
        age: Some(AgeBucket::Older),
        min_risk: Some(kyb_team::RiskFloor::High),
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_shared_view_reaches_the_workspace_and_an_unshared_one_stays_its_owners() {
    let Desks { t, ana, beto, .. } = desks("kyb_views").await;
    let shared = ana.save_view(" Vencidos ", &overdue(), true).await.unwrap();
    let private = ana
        .save_view("Mis borradores", &ViewFilter::default(), false)
        .await
        .unwrap();

    let seen = beto.saved_views().await.unwrap();
    assert_eq!(seen.len(), 1, "only the shared view: {seen:?}");
    assert_eq!(seen[0].id, shared);
    assert_eq!(seen[0].name, "Vencidos");
    assert_eq!(seen[0].owner.as_deref(), Some(t.login("ana").as_str()));
    assert!(!seen[0].mine && seen[0].shared);
    assert_eq!(seen[0].filter, overdue());

    let own = ana.saved_views().await.unwrap();
    assert_eq!(
        own.iter().map(|v| (v.id, v.mine)).collect::<Vec<_>>(),
        [(private, true), (shared, true)],
        "her own, by name"
    );

    // Saving under the same name (in any case) replaces her own view, not a new one.
    let again = ana
        .save_view("VENCIDOS", &ViewFilter::default(), true)
        .await
        .unwrap();
    assert_eq!(again, shared);
    assert_eq!(
        beto.saved_views().await.unwrap()[0].filter,
        ViewFilter::default()
    );

    // Unshared: gone from the others' list, still hers.
    ana.share_view(shared, false).await.unwrap();
    assert!(beto.saved_views().await.unwrap().is_empty());
    assert_eq!(ana.saved_views().await.unwrap().len(), 2);

    // Another workspace of the same database never sees the team's shared views.
    ana.share_view(shared, true).await.unwrap();
    let elsewhere = other_workspace(&t, "0b5f2c1e-0000-4000-8000-000000000002");
    let other_boss = elsewhere.supervisor("otra").await;
    assert!(other_boss.saved_views().await.unwrap().is_empty());
    assert!(matches!(
        other_boss.share_view(shared, false).await,
        Err(TeamError::NoSuchView)
    ));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn another_member_cannot_change_unshare_or_delete_my_view() {
    let Desks {
        t,
        boss,
        ana,
        beto,
        beto_pw,
        ..
    } = desks("kyb_views_owner").await;
    let id = ana.save_view("Vencidos", &overdue(), true).await.unwrap();

    // Not even a supervisor: a view is its owner's.
    for member in [&beto, &boss] {
        assert!(matches!(
            member.share_view(id, false).await,
            Err(TeamError::NoSuchView)
        ));
        assert!(matches!(
            member.delete_view(id).await,
            Err(TeamError::NoSuchView)
        ));
    }
    // Saving under the same name makes Beto's own view; Ana's stays as it was.
    let his = beto
        .save_view("Vencidos", &ViewFilter::default(), true)
        .await
        .unwrap();
    assert_ne!(his, id);
    let ana_sees = ana.saved_views().await.unwrap();
    let hers = ana_sees.iter().find(|v| v.id == id).unwrap();
    assert_eq!((hers.shared, &hers.filter), (true, &overdue()));
    assert!(ana_sees.iter().any(|v| v.id == his && !v.mine));

    // By hand, with the member's own rights: no table, no hidden function.
    let mut by_hand = t.by_hand(&t.login("beto"), &beto_pw).await;
    denied(
        &mut by_hand,
        &format!("UPDATE team_saved_view SET shared = false WHERE id = {id}"),
    )
    .await;
    denied(
        &mut by_hand,
        &format!("DELETE FROM team_saved_view WHERE id = {id}"),
    )
    .await;
    denied(&mut by_hand, "SELECT * FROM team_saved_view").await;
    denied(&mut by_hand, "SELECT team_view_filter('{}')").await;

    ana.delete_view(id).await.unwrap();
    assert!(beto.saved_views().await.unwrap().iter().all(|v| v.id != id));
    assert!(matches!(
        ana.delete_view(id).await,
        Err(TeamError::NoSuchView)
    ));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_view_is_bounded_in_name_filter_and_number() {
    let t = TestTeam::new("kyb_views_bounds").await;
    let boss = t.supervisor("jefa").await;
    assert!(matches!(
        boss.save_view(&"v".repeat(81), &overdue(), false).await,
        Err(TeamError::BadText)
    ));
    let long_query = ViewFilter {
        query: "q".repeat(101),
        ..ViewFilter::default()
    };
    assert!(matches!(
        boss.save_view("x", &long_query, false).await,
        Err(TeamError::BadText)
    ));
    for n in 0..VIEWS_MAX {
        boss.save_view(&format!("Vista {n}"), &overdue(), false)
            .await
            .unwrap();
    }
    assert!(matches!(
        boss.save_view("Una más", &overdue(), false).await,
        Err(TeamError::QueueFull)
    ));
    // Saving over one of them is still allowed.
    boss.save_view("vista 3", &ViewFilter::default(), true)
        .await
        .unwrap();
}

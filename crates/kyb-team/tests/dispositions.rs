//! An analyst's disposition of a watchlist hit is an event of the team's trail, stamped
//! by the database with the login that called (migration 0017), as any member sees it;
//! a login outside the workspace cannot write one.

mod common;

use common::{Pair, pair};

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_disposition_is_in_the_trail_under_the_login_that_made_it() {
    let Pair { t, boss, ana, .. } = pair("kyb_dispositions").await;
    let summary =
        "falso positivo: Juan Pérez Gómez en SAT (fila PEGJ750101AB8): Homónimo, otro RFC";
    let seq = ana
        .hit_disposed("0B9E4C1A-0000-4000-8000-000000000001", summary)
        .await
        .expect("kept");
    let trail = boss.trail(50).await.expect("the trail");
    let entry = trail.iter().find(|e| e.seq == seq).expect("the entry");
    assert_eq!(entry.operation, "team: hit-disposed");
    assert_eq!(entry.member, t.login("ana"));
    // The target as every file's: lower case.
    assert_eq!(entry.target, "0b9e4c1a-0000-4000-8000-000000000001");
    assert_eq!(entry.summary, summary);
    boss.remove_member(&t.login("ana")).await.expect("removed");
    assert!(
        ana.hit_disposed("doc-1", "falso positivo").await.is_err(),
        "a removed member writes nothing"
    );
}

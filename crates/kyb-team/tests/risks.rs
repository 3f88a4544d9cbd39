//! The risk a desk judged of a file, shared (migration 0019): a member tells it, every
//! member reads the newest judgement with who made it; an older one never replaces a
//! newer, a date in the future counts as the database's now, and a login outside the
//! workspace tells nothing.

mod common;

use common::{Desks, desks};
use kyb_team::TeamRisk;

const FILE: &str = "0b9e4c1a-0000-4000-8000-000000000001";

fn risk(level: Option<&str>, findings: i32, at: &str) -> TeamRisk {
    TeamRisk {
        document_id: FILE.to_uppercase(),
        level: level.map(str::to_owned),
        findings,
        hits: i32::from(level == Some("high")),
        checked_at: at.to_owned(),
        checked_by: "someone else".to_owned(),
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn the_newest_judgement_of_a_file_is_every_members_and_names_its_maker() {
    let Desks {
        t, boss, ana, beto, ..
    } = desks("kyb_risks").await;
    assert_eq!(
        ana.set_risks(&[risk(Some("high"), 3, "2026-12-01T10:00:00Z")])
            .await
            .expect("told"),
        1
    );
    let read = boss.risks().await.expect("read");
    assert_eq!(read.len(), 1);
    // The database's names: the file in lower case, the teller its login.
    assert_eq!(read[0].document_id, FILE);
    assert_eq!(read[0].checked_by, t.login("ana"));
    assert_eq!(
        (read[0].level.as_deref(), read[0].findings, read[0].hits),
        (Some("high"), 3, 1)
    );
    // An older judgement changes nothing; a newer one replaces it.
    assert_eq!(
        beto.set_risks(&[risk(None, 0, "2026-11-30T10:00:00Z")])
            .await
            .expect("told"),
        0
    );
    assert_eq!(
        boss.risks().await.expect("read")[0].level.as_deref(),
        Some("high")
    );
    beto.set_risks(&[risk(Some("low"), 1, "2026-12-02T10:00:00Z")])
        .await
        .expect("told");
    let read = boss.risks().await.expect("read");
    assert_eq!(
        (read[0].level.as_deref(), read[0].checked_by.as_str()),
        (Some("low"), t.login("beto").as_str())
    );
    // A date in the future counts as now: it cannot pin a risk for ever.
    beto.set_risks(&[risk(None, 0, "2999-01-01T00:00:00Z")])
        .await
        .expect("told");
    assert!(
        boss.risks().await.expect("read")[0].checked_at.as_str() < "2999",
        "stamped no later than now"
    );
    ana.set_risks(&[risk(Some("medium"), 2, "2998-01-01T00:00:00Z")])
        .await
        .expect("told");
    assert_eq!(
        boss.risks().await.expect("read")[0].level.as_deref(),
        Some("medium")
    );
    // A date that is no instant of this century: refused, and the risks still read.
    for at in ["-infinity", "infinity", "1970-01-01T00:00:00Z"] {
        assert!(
            ana.set_risks(&[risk(Some("low"), 1, at)]).await.is_err(),
            "{at}"
        );
    }
    assert_eq!(boss.risks().await.expect("read").len(), 1);
    // Not a level the desk words, not a DocumentId: refused whole.
    assert!(
        ana.set_risks(&[risk(Some("extreme"), 1, "2026-12-03T00:00:00Z")])
            .await
            .is_err()
    );
    let mut bad = risk(Some("low"), 1, "2026-12-03T00:00:00Z");
    bad.document_id = "'; DROP TABLE team_file_risk; --".into();
    assert!(ana.set_risks(&[bad]).await.is_err());
    // A removed member tells nothing.
    boss.remove_member(&t.login("ana")).await.expect("removed");
    assert!(
        ana.set_risks(&[risk(Some("high"), 9, "2026-12-04T00:00:00Z")])
            .await
            .is_err()
    );
    assert_eq!(
        boss.risks().await.expect("read")[0].level.as_deref(),
        Some("medium")
    );
}

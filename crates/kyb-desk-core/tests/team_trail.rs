//! The dashboard's kept trail (`kyb_desk_core::team_trail`) on a real PostgreSQL: what
//! was read is kept, what was appended since is read alone, and a chain that does not
//! continue what is kept is read again whole, never merged.

use kyb_desk_core::dashboard::{KeptEntry, Shared};
use kyb_desk_core::team_trail::KeptTrail;
use kyb_team::testing::TestTeam;
use kyb_team::{Role, Team};

/// `n` enrollment links asked and sent: each an intent (which the figures do not read)
/// and its outcome on a file (which they do).
async fn calls(desk: &Team, n: usize) {
    for k in 0..n {
        let (intent, _) = desk
            .intent(
                "POST /enrollment/v1/url",
                &format!("0b4c1f2e-8d3a-4c55-9e21-{k:012} / persona-1"),
                "enlace",
            )
            .await
            .expect("the intent");
        desk.outcome(intent, true, None, None, false)
            .await
            .expect("the outcome");
    }
}

/// The whole trail read at once, as the dashboard keeps it.
async fn whole(team: &Team) -> Vec<KeptEntry> {
    let mut shared = Shared::default();
    let all = team.trail(i64::MAX).await.expect("the team answers");
    all.iter()
        .filter_map(|e| KeptEntry::keep(e, &mut shared))
        .collect()
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn the_kept_trail_reads_only_what_was_appended_and_the_whole_of_another_chain() {
    let t = TestTeam::new("kyb_kept").await;
    let boss = t.supervisor("jefa").await;
    let ana = t.member(&boss, "ana", Role::Analyst).await;
    calls(&ana, 3).await;
    let kept = KeptTrail::default();
    let first = kept
        .entries("perfil", &ana)
        .await
        .expect("the team answers");
    assert_eq!(first.len(), 3, "the outcomes, not the intents");
    assert_eq!(*first, whole(&ana).await);

    // Appended since: the same entries as a whole read, the kept ones not read again
    // (the first read's entries are the same allocation's, extended).
    calls(&ana, 2).await;
    let second = kept
        .entries("perfil", &ana)
        .await
        .expect("the team answers");
    assert_eq!(second.len(), first.len() + 2);
    assert_eq!(*second, whole(&ana).await);
    assert_eq!(&second[..first.len()], first.as_slice());

    // Nothing new: the same trail.
    let third = kept
        .entries("perfil", &ana)
        .await
        .expect("the team answers");
    assert_eq!(third.as_slice(), second.as_slice());

    // Another workspace (or database) for the same profile: its own trail, read whole.
    let other = TestTeam {
        workspace: "otro".to_owned(),
        ..t.clone()
    };
    let elsewhere = other.supervisor("otra").await;
    calls(&elsewhere, 1).await;
    let theirs = kept
        .entries("perfil", &elsewhere)
        .await
        .expect("the team answers");
    assert_eq!(*theirs, whole(&elsewhere).await);
    assert_eq!(theirs.len(), 1);

    // A chain that no longer continues what is kept (its tail rewritten by a hand with
    // the superuser's rights): read again whole, never merged with what was kept.
    let kept = KeptTrail::default();
    let before = kept
        .entries("perfil", &ana)
        .await
        .expect("the team answers");
    let last = ana.head().await.expect("the head").seq;
    t.as_superuser_run(&[
        "ALTER TABLE team_audit DISABLE TRIGGER team_audit_no_change",
        &format!(
            "DELETE FROM team_audit WHERE workspace_id = '{}' AND seq = {last}",
            t.workspace
        ),
        &format!(
            "UPDATE team_audit_head SET seq = {}, hash = (SELECT hash FROM team_audit \
             WHERE workspace_id = '{ws}' AND seq = {}) WHERE workspace_id = '{ws}'",
            last - 1,
            last - 1,
            ws = t.workspace
        ),
        "ALTER TABLE team_audit ENABLE TRIGGER team_audit_no_change",
    ])
    .await;
    calls(&ana, 1).await;
    let after = kept
        .entries("perfil", &ana)
        .await
        .expect("the team answers");
    assert_eq!(*after, whole(&ana).await);
    assert_eq!(
        after.len(),
        before.len(),
        "one outcome removed, one written"
    );
}

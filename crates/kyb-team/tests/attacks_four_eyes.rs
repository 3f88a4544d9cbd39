//! Attacks on the team's database, made by a member with their own login and
//! password: through their desk (`Team`), and by hand with the same rights (psql, a
//! script: `TestTeam::by_hand`). What the database prevents is refused; what only the
//! cluster's superuser can still do is found by the chain and the signed checkpoints.
//! This file: four eyes and claims.

mod common;

use std::time::Duration;

use common::{
    FOUR_EYES, asks_to_cancel, code_of, denied, floor, four_eyes_floor, refusal, state_of,
};
use kyb_team::{ApprovalAction, ApprovalState, Role, ShownRequest, TeamError};

const CANCEL: &str = "POST /verificaciones/{folio}/cancelar";
const RESEND: &str = "POST /verificaciones/{folio}/reenviar";
const LEASE: Duration = Duration::from_secs(60);

// Four eyes.

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_supervisor_cannot_approve_their_own_request() {
    let f = four_eyes_floor("kyb_self").await;
    let asked = asks_to_cancel(&f.ana, "VD-01").await;
    assert!(matches!(
        f.ana.decide_approval(&asked, true).await,
        Err(TeamError::OwnRequest)
    ));
    assert!(matches!(
        f.ana.intent(CANCEL, "VD-01", "cancelar").await,
        Err(TeamError::NeedsApproval { .. })
    ));
    assert_eq!(state_of(&f.t, asked.id).await, "waiting");
}

/// Jefa makes a login (she has its one-time password), signs in as it, asks for a
/// cancellation there and approves it as herself: one person, both sides.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_supervisor_cannot_approve_what_she_asked_through_a_login_she_made() {
    let f = four_eyes_floor("kyb_made").await;
    let (puppet, _) =
        f.t.member_with_password(&f.boss, "zed", Role::Analyst)
            .await;
    let asked = asks_to_cancel(&puppet, "VD-01").await;
    assert!(matches!(
        f.boss.decide_approval(&asked, true).await,
        Err(TeamError::OwnRequest)
    ));
    assert_eq!(state_of(&f.t, asked.id).await, "waiting");
    // By hand too, with the login she shares: the database names it.
    let mut hand = f.t.by_hand(f.boss.member(), &f.boss_pw).await;
    let refused = sqlx::query("SELECT team_decide_approval($1, $2, true, 'cancel', 'VD-01', $3)")
        .bind(&f.t.workspace)
        .bind(asked.id)
        .bind(puppet.member())
        .execute(&mut hand)
        .await
        .expect_err("refused");
    assert_eq!(refusal(&refused).0, "KY004");
    // A supervisor whose credentials Jefa never had approves it.
    let approved = f.ana.decide_approval(&asked, true).await.unwrap();
    assert_eq!(approved.state, ApprovalState::Approved);
}

/// A login the set-up issued is its member's own, until a supervisor resets its
/// password: from then on she could sign in as it.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_supervisor_cannot_approve_what_she_asked_through_a_login_she_reset() {
    let f = four_eyes_floor("kyb_reset").await;
    let (rita, _) = f.t.issued("rita", Role::Analyst).await;
    let before = asks_to_cancel(&rita, "VD-01").await;
    f.boss
        .decide_approval(&before, false)
        .await
        .expect("Rita's own login: Jefa may decide");
    let one_time = f
        .boss
        .reset_password(rita.member())
        .await
        .expect("a new one-time password");
    let (taken, _) = f.t.sign_in(rita.member(), &one_time).await;
    let asked = asks_to_cancel(&taken, "VD-02").await;
    assert!(matches!(
        f.boss.decide_approval(&asked, true).await,
        Err(TeamError::OwnRequest)
    ));
    assert_eq!(state_of(&f.t, asked.id).await, "waiting");
}

/// Jefa makes a supervisor and an analyst, or a supervisor who makes the analyst: she
/// could hold both logins, and neither approves the other's request.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn logins_one_supervisor_made_directly_or_down_a_chain_do_not_approve_each_other() {
    let f = four_eyes_floor("kyb_chain").await;
    let sol = f.t.member(&f.boss, "sol", Role::Supervisor).await;
    let zed = f.t.member(&f.boss, "zed", Role::Analyst).await;
    let max = f.t.member(&sol, "max", Role::Analyst).await;
    let by_zed = asks_to_cancel(&zed, "VD-01").await;
    assert!(matches!(
        sol.decide_approval(&by_zed, true).await,
        Err(TeamError::OwnRequest)
    ));
    let by_max = asks_to_cancel(&max, "VD-02").await;
    for approver in [&f.boss, &sol] {
        assert!(matches!(
            approver.decide_approval(&by_max, true).await,
            Err(TeamError::OwnRequest)
        ));
    }
    // Sol asks; Jefa made her login.
    let by_sol = sol
        .ask_approval(ApprovalAction::Resend, "VD-03", "no le llegó")
        .await
        .unwrap();
    assert!(matches!(
        f.boss.decide_approval(&by_sol, true).await,
        Err(TeamError::OwnRequest)
    ));
    for id in [by_zed.id, by_max.id, by_sol.id] {
        assert_eq!(state_of(&f.t, id).await, "waiting");
    }
    // Ana's login is the set-up's: she decides each of them.
    for asked in [&by_zed, &by_max, &by_sol] {
        f.ana.decide_approval(asked, true).await.unwrap();
    }
}

/// Two logins Jefa made reset each other in turn, so that neither chain would lead back
/// to her any more: the reset that closes the circle is refused.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn two_logins_one_supervisor_made_cannot_reset_each_other_out_of_her_chain() {
    let f = floor("kyb_cycle").await;
    let x = f.t.member(&f.boss, "equis", Role::Supervisor).await;
    let y = f.t.member(&f.boss, "ye", Role::Analyst).await;
    // X resets Y (an analyst X did not make): Y's issuer is now X.
    let one_time = x.reset_password(y.member()).await.expect("reset");
    let (y, _) = f.t.sign_in(y.member(), &one_time).await;
    f.boss
        .set_role(y.member(), Role::Supervisor)
        .await
        .expect("promoted");
    f.boss
        .set_role(x.member(), Role::Analyst)
        .await
        .expect("demoted");
    assert!(matches!(
        y.reset_password(x.member()).await,
        Err(TeamError::LoginRefused(_))
    ));
    // X's request still cannot be approved by Jefa.
    let asked = asks_to_cancel(&x, "VD-01").await;
    f.boss.set_four_eyes(FOUR_EYES).await.unwrap();
    assert!(matches!(
        f.boss.decide_approval(&asked, true).await,
        Err(TeamError::OwnRequest)
    ));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn an_analyst_cannot_approve() {
    let f = four_eyes_floor("kyb_analyst").await;
    let asked = asks_to_cancel(&f.ana, "VD-01").await;
    assert!(matches!(
        f.beto.decide_approval(&asked, true).await,
        Err(TeamError::NotSupervisor)
    ));
    assert_eq!(state_of(&f.t, asked.id).await, "waiting");
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn an_approval_forged_in_sql_or_four_eyes_switched_off_in_sql_is_refused() {
    let f = four_eyes_floor("kyb_forged").await;
    let asked = asks_to_cancel(&f.beto, "VD-01").await;
    let (ws, jefa, beto) = (&f.t.workspace, f.t.login("jefa"), f.t.login("beto"));
    // Even a supervisor's own hand: only the functions change a request or a setting.
    for mut hand in [f.beto_by_hand().await, f.ana_by_hand().await] {
        for statement in [
            format!(
                "UPDATE team_approval SET state = 'approved', decided_by = '{jefa}' WHERE id = {}",
                asked.id
            ),
            format!(
                "INSERT INTO team_approval (workspace_id, action, folio, asked_by, reason, state, decided_by) \
                 VALUES ('{ws}', 'cancel', 'VD-02', '{beto}', 'x', 'approved', '{jefa}')"
            ),
            format!(
                "UPDATE team_approvals_v SET state = 'approved' WHERE id = {}",
                asked.id
            ),
            "UPDATE team_setting SET four_eyes = false".to_owned(),
            format!(
                "INSERT INTO team_setting VALUES ('{ws}', false, 99) ON CONFLICT (workspace_id) DO UPDATE SET four_eyes = false"
            ),
            "UPDATE team_settings_v SET four_eyes = false".to_owned(),
            "DELETE FROM team_setting".to_owned(),
            format!("UPDATE team_member SET role = 'supervisor' WHERE login = '{beto}'"),
        ] {
            denied(&mut hand, &statement).await;
        }
    }
    // Through the function, an analyst is refused too.
    let mut hand = f.beto_by_hand().await;
    assert_eq!(
        code_of(
            &mut hand,
            &format!("SELECT team_set_four_eyes('{ws}', false, 99)")
        )
        .await,
        "KY002"
    );
    assert!(f.ana.four_eyes().await.unwrap().on);
    assert_eq!(state_of(&f.t, asked.id).await, "waiting");
    assert!(matches!(
        f.beto.intent(CANCEL, "VD-01", "cancelar").await,
        Err(TeamError::NeedsApproval { .. })
    ));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_request_moves_only_by_its_states_even_for_the_owner() {
    let f = floor("kyb_transitions").await;
    let asked = asks_to_cancel(&f.beto, "VD-01").await;
    let (ws, beto, jefa) = (&f.t.workspace, f.t.login("beto"), f.t.login("jefa"));
    let mut owner = f.t.as_owner().await;
    for (statement, says) in [
        (
            format!(
                "UPDATE team_approval SET state = 'sent' WHERE id = {}",
                asked.id
            ),
            "cannot go from waiting to sent",
        ),
        (
            format!(
                "UPDATE team_approval SET used_by = 1, state = 'approved', decided_by = '{jefa}' WHERE id = {}",
                asked.id
            ),
            "cannot go from waiting to approved",
        ),
        (
            format!(
                "UPDATE team_approval SET folio = 'VD-02' WHERE id = {}",
                asked.id
            ),
            "terms never change",
        ),
        (
            format!("DELETE FROM team_approval WHERE id = {}", asked.id),
            "never removed",
        ),
        (
            format!(
                "INSERT INTO team_approval (workspace_id, action, folio, asked_by, reason, state, decided_by) \
                 VALUES ('{ws}', 'resend', 'VD-03', '{beto}', 'x', 'approved', '{jefa}')"
            ),
            "starts waiting",
        ),
    ] {
        let error = sqlx::raw_sql(&statement)
            .execute(&mut owner)
            .await
            .expect_err(&statement);
        assert!(refusal(&error).1.contains(says), "{statement}: {error}");
    }
    assert_eq!(state_of(&f.t, asked.id).await, "waiting");
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_supervisor_approves_only_the_request_their_desk_showed() {
    let f = four_eyes_floor("kyb_swap").await;
    let resend = f
        .beto
        .ask_approval(ApprovalAction::Resend, "VD-02", "no le llegó")
        .await
        .unwrap();
    let cancel = asks_to_cancel(&f.beto, "VD-03").await;
    // Shown "resend VD-02", but the id sent is the cancellation's.
    let swapped = ShownRequest {
        id: cancel.id,
        ..ShownRequest::from(&resend)
    };
    match f.ana.decide_approval(swapped, true).await {
        Err(TeamError::NotAsShown {
            action,
            folio,
            asked_by,
        }) => assert_eq!(
            (action.as_str(), folio.as_str(), asked_by),
            ("cancel", "VD-03", f.t.login("beto"))
        ),
        other => panic!("refused as not what was shown: {other:?}"),
    }
    // Shown with another requester.
    let other_requester = ShownRequest {
        asked_by: f.t.login("jefa"),
        ..ShownRequest::from(&cancel)
    };
    assert!(matches!(
        f.ana.decide_approval(other_requester, true).await,
        Err(TeamError::NotAsShown { .. })
    ));
    assert_eq!(state_of(&f.t, cancel.id).await, "waiting");
    assert_eq!(state_of(&f.t, resend.id).await, "waiting");
    let approved = f.ana.decide_approval(&resend, true).await.unwrap();
    assert_eq!(approved.state, ApprovalState::Approved);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn an_approval_sends_once() {
    let f = four_eyes_floor("kyb_once").await;
    let asked = asks_to_cancel(&f.beto, "VD-01").await;
    f.ana.decide_approval(&asked, true).await.unwrap();
    let (intent, used) = f.ana.intent(CANCEL, "VD-01", "cancelar").await.unwrap();
    assert_eq!(used, Some(asked.id));
    // A second send of the same cancellation, before or after the first ends.
    assert!(matches!(
        f.ana.intent(CANCEL, "VD-01", "otra vez").await,
        Err(TeamError::NeedsApproval { .. })
    ));
    f.ana
        .outcome(intent, true, None, None, false)
        .await
        .unwrap();
    assert_eq!(state_of(&f.t, asked.id).await, "sent");
    assert!(matches!(
        f.ana.intent(CANCEL, "VD-01", "otra vez").await,
        Err(TeamError::NeedsApproval { .. })
    ));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_request_is_withdrawn_when_the_verification_was_resent_meanwhile() {
    let f = four_eyes_floor("kyb_withdrawn").await;
    let waiting = asks_to_cancel(&f.beto, "VD-05").await;
    let approved = asks_to_cancel(&f.beto, "VD-06").await;
    f.ana.decide_approval(&approved, true).await.unwrap();
    // Both verifications are resent (the first resend needs no approval).
    for folio in ["VD-05", "VD-06"] {
        let (intent, used) = f.boss.intent(RESEND, folio, "reenviar").await.unwrap();
        assert_eq!(used, None);
        f.boss
            .outcome(intent, true, None, None, false)
            .await
            .unwrap();
    }
    assert_eq!(state_of(&f.t, waiting.id).await, "withdrawn");
    assert_eq!(state_of(&f.t, approved.id).await, "withdrawn");
    assert!(matches!(
        f.ana.decide_approval(&waiting, true).await,
        Err(TeamError::NotWaiting)
    ));
    assert!(matches!(
        f.ana.intent(CANCEL, "VD-06", "cancelar").await,
        Err(TeamError::NeedsApproval { .. })
    ));
    assert!(f.ana.open_approvals().await.unwrap().is_empty());
}

// Claims.

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn another_member_cannot_let_go_renew_or_steal_a_running_claim() {
    let f = floor("kyb_theft").await;
    f.beto.claim("doc-1", LEASE, false).await.unwrap();
    let ana_login = f.t.login("ana");
    // Ana is a supervisor: still not the holder.
    f.ana.release("doc-1").await.unwrap();
    assert!(matches!(
        f.ana.claim("doc-1", LEASE, false).await,
        Err(TeamError::Claimed { .. })
    ));
    assert!(matches!(
        f.ana.claim("doc-1", LEASE, true).await,
        Err(TeamError::Claimed { .. })
    ));
    let mut hand = f.ana_by_hand().await;
    for statement in [
        format!("UPDATE team_claim SET member = '{ana_login}'"),
        "DELETE FROM team_claim".to_owned(),
        format!("UPDATE team_claims_v SET member = '{ana_login}'"),
        format!(
            "INSERT INTO team_claim (workspace_id, document_id, member, lease_until) \
             VALUES ('{}', 'doc-2', '{ana_login}', 'infinity')",
            f.t.workspace
        ),
    ] {
        denied(&mut hand, &statement).await;
    }
    assert_eq!(
        f.boss.holder("doc-1").await.unwrap().map(|c| c.member),
        Some(f.t.login("beto"))
    );
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_claim_never_holds_a_file_longer_than_ten_minutes() {
    let f = floor("kyb_lease").await;
    f.beto
        .claim("doc-1", Duration::from_secs(1_000_000_000), false)
        .await
        .unwrap();
    let mut hand = f.beto_by_hand().await;
    let ws = &f.t.workspace;
    // Straight through the function, with what a Duration cannot say.
    for (doc, lease) in [
        ("doc-2", "'infinity'"),
        ("doc-3", "'NaN'"),
        ("doc-4", "1e300"),
    ] {
        sqlx::raw_sql(&format!(
            "SELECT team_claim('{ws}', '{doc}', {lease}::double precision, false)"
        ))
        .execute(&mut hand)
        .await
        .unwrap();
    }
    denied(&mut hand, "UPDATE team_claim SET lease_until = 'infinity'").await;
    let leases: Vec<(String, f64)> = sqlx::query_as(
        "SELECT document_id, extract(epoch FROM lease_until - now())::float8 FROM team_claims_v
         WHERE workspace_id = $1 ORDER BY document_id",
    )
    .bind(ws)
    .fetch_all(&mut hand)
    .await
    .unwrap();
    assert_eq!(leases.len(), 4);
    for (doc, left) in &leases {
        assert!(
            *left <= 600.0 && *left > 590.0,
            "{doc}: {left} s left, at most 600"
        );
    }
    // Every desk's queue screen still reads the claims.
    assert_eq!(f.ana.claims().await.unwrap().len(), 4);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_lapsed_claim_is_handed_over_only_when_the_taker_says_so_and_the_trail_keeps_it() {
    let f = floor("kyb_lapsed").await;
    f.beto.claim("doc-1", LEASE, false).await.unwrap();
    f.t.lapse_claim("doc-1").await;
    match f.ana.claim("doc-1", LEASE, false).await {
        Err(TeamError::Lapsed { member, .. }) => assert_eq!(member, f.t.login("beto")),
        other => panic!("told whose claim lapsed: {other:?}"),
    }
    assert!(f.ana.holder("doc-1").await.unwrap().is_none());
    let taken = f.ana.claim("doc-1", LEASE, true).await.unwrap();
    assert_eq!(taken.member, f.t.login("ana"));
    let entry = f.boss.trail(1).await.unwrap().pop().unwrap();
    assert_eq!(entry.operation, "team: claim-taken-after-lapse");
    assert_eq!(
        (entry.member, entry.target),
        (f.t.login("ana"), "doc-1".to_owned())
    );
    assert!(entry.summary.contains(&f.t.login("beto")));
}

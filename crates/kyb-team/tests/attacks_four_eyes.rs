//! Issue 30's attacks on the team's database, made by a member with their own login and
//! password: through their desk (`Team`), and by hand with the same rights (psql, a
//! script: `TestTeam::by_hand`). What the database prevents is refused; what only the
//! cluster's superuser can still do is found by the chain and the signed checkpoints.
//! This file: four eyes and claims.

mod common;

use std::time::Duration;

use common::{code_of, denied, floor, refusal, state_of};
use kyb_team::{ApprovalAction, ApprovalState, FourEyes, ShownRequest, TeamError};

const CANCEL: &str = "POST /verificaciones/{folio}/cancelar";
const RESEND: &str = "POST /verificaciones/{folio}/reenviar";
const LEASE: Duration = Duration::from_secs(60);
const FOUR_EYES: FourEyes = FourEyes {
    on: true,
    resend_limit: 1,
};

// Four eyes.

#[tokio::test]
async fn a_supervisor_cannot_approve_their_own_request() {
    let Some(f) = floor("kyb_self").await else {
        return;
    };
    f.boss.set_four_eyes(FOUR_EYES).await.unwrap();
    let asked = f
        .ana
        .ask_approval(ApprovalAction::Cancel, "VD-01", "se retiró")
        .await
        .unwrap();
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

#[tokio::test]
async fn an_analyst_cannot_approve() {
    let Some(f) = floor("kyb_analyst").await else {
        return;
    };
    f.boss.set_four_eyes(FOUR_EYES).await.unwrap();
    let asked = f
        .ana
        .ask_approval(ApprovalAction::Cancel, "VD-01", "se retiró")
        .await
        .unwrap();
    assert!(matches!(
        f.beto.decide_approval(&asked, true).await,
        Err(TeamError::NotSupervisor)
    ));
    assert_eq!(state_of(&f.t, asked.id).await, "waiting");
}

#[tokio::test]
async fn an_approval_forged_in_sql_or_four_eyes_switched_off_in_sql_is_refused() {
    let Some(f) = floor("kyb_forged").await else {
        return;
    };
    f.boss.set_four_eyes(FOUR_EYES).await.unwrap();
    let asked = f
        .beto
        .ask_approval(ApprovalAction::Cancel, "VD-01", "se retiró")
        .await
        .unwrap();
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
async fn a_request_moves_only_by_its_states_even_for_the_owner() {
    let Some(f) = floor("kyb_transitions").await else {
        return;
    };
    let asked = f
        .beto
        .ask_approval(ApprovalAction::Cancel, "VD-01", "se retiró")
        .await
        .unwrap();
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
async fn a_supervisor_approves_only_the_request_their_desk_showed() {
    let Some(f) = floor("kyb_swap").await else {
        return;
    };
    f.boss.set_four_eyes(FOUR_EYES).await.unwrap();
    let resend = f
        .beto
        .ask_approval(ApprovalAction::Resend, "VD-02", "no le llegó")
        .await
        .unwrap();
    let cancel = f
        .beto
        .ask_approval(ApprovalAction::Cancel, "VD-03", "se retiró")
        .await
        .unwrap();
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
async fn an_approval_sends_once() {
    let Some(f) = floor("kyb_once").await else {
        return;
    };
    f.boss.set_four_eyes(FOUR_EYES).await.unwrap();
    let asked = f
        .beto
        .ask_approval(ApprovalAction::Cancel, "VD-01", "se retiró")
        .await
        .unwrap();
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
async fn a_request_is_withdrawn_when_the_verification_was_resent_meanwhile() {
    let Some(f) = floor("kyb_withdrawn").await else {
        return;
    };
    f.boss.set_four_eyes(FOUR_EYES).await.unwrap();
    let waiting = f
        .beto
        .ask_approval(ApprovalAction::Cancel, "VD-05", "se retiró")
        .await
        .unwrap();
    let approved = f
        .beto
        .ask_approval(ApprovalAction::Cancel, "VD-06", "se retiró")
        .await
        .unwrap();
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
async fn another_member_cannot_let_go_renew_or_steal_a_running_claim() {
    let Some(f) = floor("kyb_theft").await else {
        return;
    };
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
async fn a_claim_never_holds_a_file_longer_than_ten_minutes() {
    let Some(f) = floor("kyb_lease").await else {
        return;
    };
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
async fn a_lapsed_claim_is_handed_over_only_when_the_taker_says_so_and_the_trail_keeps_it() {
    let Some(f) = floor("kyb_lapsed").await else {
        return;
    };
    f.beto
        .claim("doc-1", Duration::from_secs(1), false)
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(1300)).await;
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

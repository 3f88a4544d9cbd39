//! On one desk, the log is the trail of the SLA policy: each save is an entry by the
//! analyst's profile, saying what changed, old and new; a refused one writes nothing.

mod common;

use common::DemoDesk;
use kyb_desk_core::audit::AuditTarget;

#[tokio::test]
async fn a_saved_sla_policy_is_in_the_audit_log_with_what_changed() {
    let demo = DemoDesk::start().await;
    let count = |desk: &kyb_desk_core::desk::Desk| {
        desk.audit_entries()
            .expect("the log")
            .entries
            .into_iter()
            .filter(|e| e.record.operation == "desk: sla-policy-changed")
            .collect::<Vec<_>>()
    };
    let mut policy = demo.desk.sla_policy().await.expect("the policy");
    policy.targets.in_review_hours = Some(8);
    demo.desk
        .set_sla_policy(policy.clone())
        .await
        .expect("kept");
    let mut refused = policy.clone();
    refused.targets.queued_hours = Some(0);
    assert!(demo.desk.set_sla_policy(refused).await.is_err());

    let entries = count(&demo.desk);
    assert_eq!(entries.len(), 1, "{entries:#?}");
    let entry = &entries[0];
    assert_eq!(entry.record.summary, "En Revisión: 16 h → 8 h");
    assert!(entry.record.outcome.ok);
    assert_eq!(entry.record.agent_email, demo.profile.agent_email);
    assert_eq!(
        entry.record.about,
        Some(AuditTarget::Profile {
            profile_id: demo.profile.id.clone()
        })
    );
}

//! Two desks of one team while its PostgreSQL restarts five times in a minute: Ana in
//! the real window, Jefa through the team library as her desk would. Each time the
//! window says the team is offline within a second, and once the database is back it
//! listens again by itself: Jefa's claim reaches it within two seconds. Nothing is lost
//! or written twice: the trail has each claim and each let-go once, and its chain is
//! whole. On a cluster of the journey's own (stopped as a crash would, SIGQUIT).

use std::time::{Duration, Instant};

use kyb_e2e::{TeamDatabase, poll, with_app};
use kyb_sandbox::{Sandbox, SandboxConfig};
use kyb_team::testing::{PrivateCluster, TestTeam};
use kyb_team::{QueueFilter, Role};

const RESTARTS: usize = 5;

#[tokio::test]
async fn the_window_says_offline_at_once_and_hears_the_team_again_after_every_restart() {
    let service = Sandbox::start(SandboxConfig::default())
        .await
        .expect("sandbox");
    let manifest = service.manifest.clone();
    let examples = manifest.examples.clone();
    let cluster = PrivateCluster::start();
    let mut team = TestTeam::on(&cluster.url(), "kyb_e2e_restarts").await;
    team.workspace = manifest.tenants[0].workspace_id.to_string().to_lowercase();
    let boss = team.supervisor("jefa").await;
    let db = TeamDatabase {
        team,
        boss,
        socket: cluster.socket().display().to_string(),
    };
    let (ana, ana_password) = db.add("ana", Role::Analyst).await;

    with_app(move |app| async move {
        let mut cluster = cluster;
        let jefa = &db.boss;
        db.sign_in_first_run(&app, &manifest, &ana, &ana_password)
            .await;
        app.wait_for_attribute("[data-testid=team-live]", "data-state", "live")
            .await;
        // Ana follows the example file; its DocumentId reaches the team.
        app.follow(&examples.rfc).await;
        app.click_button("Actualizar todo").await;
        let document_id = examples.document_id.to_string();
        poll(Duration::from_secs(10), || async {
            jefa.files(QueueFilter::All)
                .await
                .ok()
                .and_then(|files| files.into_iter().find(|f| f.document_id.is_some()))
        })
        .await
        .expect("the file and its DocumentId reach the team");

        for restart in 1..=RESTARTS {
            let state = || async {
                app.attribute_of("[data-testid=team-live]", "data-state")
                    .await
            };
            cluster.stop();
            let offline = poll(Duration::from_secs(1), || async {
                (state().await == "offline").then_some(())
            })
            .await;
            assert!(
                offline.is_some(),
                "restart {restart}: offline said within a second"
            );
            cluster.resume();
            // Jefa's desk claims the file as soon as the database answers.
            let claimed = poll(Duration::from_secs(10), || async {
                jefa.claim(&document_id, Duration::from_secs(60), false)
                    .await
                    .ok()
            })
            .await
            .expect("Jefa's desk claims once the database is back");
            assert_eq!(claimed.member, jefa.member());
            let asked = Instant::now();
            app.wait_for_text_within(
                "[data-testid=row-claim]",
                "En revisión: jefa",
                Duration::from_secs(2),
            )
            .await;
            assert!(
                asked.elapsed() <= Duration::from_secs(2),
                "restart {restart}: the claim reached the window in {:?}",
                asked.elapsed()
            );
            app.wait_for_attribute("[data-testid=team-live]", "data-state", "live")
                .await;
            jefa.release(&document_id).await.expect("let go");
            app.wait_until_gone("[data-testid=row-claim]").await;
        }

        // Nothing lost, nothing twice: each claim and each let-go once, the chain whole.
        let trail = jefa
            .file_trail(&document_id)
            .await
            .expect("the file's trail");
        let claims = trail
            .iter()
            .filter(|e| e.operation == "team: claimed")
            .count();
        assert_eq!(claims, 2 * RESTARTS, "{trail:?}");
        let chain = jefa.verify_chain().await.expect("verified");
        assert!(chain.breaks.is_empty(), "{:?}", chain.breaks);
        assert!(chain.open_intents.is_empty(), "{:?}", chain.open_intents);
        drop(cluster);
    })
    .await;
    service.stop().await;
}

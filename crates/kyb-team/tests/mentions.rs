//! Notes that reach people and a file's history, on a real PostgreSQL:
//! a mention reaches only the member it names, nobody reads or marks another's, and
//! every change to a file is in the trail with its old and new values.

mod common;

use std::time::Duration;

use common::{denied, floor};
use kyb_team::{Change, NewTeamFile, TeamAuditEntry};

const DOC: &str = "6f1c0a52-0000-4000-8000-0000000000aa";
const LEASE: Duration = Duration::from_secs(60);

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_mention_reaches_only_the_member_it_names_once() {
    let f = floor("kyb_mentions").await;
    kyb_team::testing::know_files(&f.boss, &[DOC]).await;
    let ana = f.t.login("ana");
    let mut hears = f.ana.listen().await.expect("listens");
    // Upper case still names ana; "@nadie" and an e-mail address name nobody; the
    // author's own name is no notice; a sentence's full stop is not part of a name.
    let body = format!(
        "@{} revisa el acta, y avisa a @nadie o a ana@kybdesk.mx. Gracias, @{}.",
        ana.to_uppercase(),
        f.t.login("beto")
    );
    f.beto.add_note(DOC, &body).await.unwrap();
    let heard = async {
        loop {
            if f_next(&mut hears).await == Change::Mentions {
                return;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), heard)
        .await
        .expect("ana's desk hears of a mention");

    let mentions = f.ana.my_mentions(true).await.unwrap();
    assert_eq!(mentions.len(), 1, "{mentions:?}");
    let mention = &mentions[0];
    assert_eq!(mention.author, f.t.login("beto"));
    assert_eq!(mention.document_id, DOC);
    assert!(mention.excerpt.starts_with('@'));
    assert!(!mention.seen);
    assert!(f.beto.my_mentions(false).await.unwrap().is_empty());
    assert!(f.boss.my_mentions(false).await.unwrap().is_empty());

    // Another member cannot mark it seen; ana can, once; then it is no longer new,
    // for any desk of hers (a restart reads the same).
    assert_eq!(f.beto.mentions_seen(&[mention.id]).await.unwrap(), 0);
    assert_eq!(f.ana.my_mentions(true).await.unwrap().len(), 1);
    assert_eq!(f.ana.mentions_seen(&[mention.id]).await.unwrap(), 1);
    assert_eq!(f.ana.mentions_seen(&[mention.id]).await.unwrap(), 0);
    assert!(f.ana.my_mentions(true).await.unwrap().is_empty());
    let all = f.ana.my_mentions(false).await.unwrap();
    assert_eq!(all.len(), 1);
    assert!(all[0].seen);
}

async fn f_next(hears: &mut kyb_team::Listener) -> Change {
    hears.next().await.expect("a change")
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn nobody_reads_or_writes_mentions_by_hand() {
    let f = floor("kyb_mentions_hand").await;
    kyb_team::testing::know_files(&f.boss, &[DOC]).await;
    f.ana
        .add_note(DOC, &format!("@{} mira esto", f.t.login("beto")))
        .await
        .unwrap();
    let mut beto = f.beto_by_hand().await;
    denied(&mut beto, "SELECT * FROM team_mention").await;
    denied(
        &mut beto,
        &format!(
            "INSERT INTO team_mention (workspace_id, note_id, document_id, author, mentioned)
             VALUES ('{}', 1, '{DOC}', '{}', '{}')",
            f.t.workspace,
            f.t.login("jefa"),
            f.t.login("ana")
        ),
    )
    .await;
    denied(&mut beto, "UPDATE team_mention SET seen_at = now()").await;
    // Ana's own view holds none of beto's mentions.
    let mut ana = f.ana_by_hand().await;
    let seen: i64 = sqlx::query_scalar("SELECT count(*) FROM team_mentions_v")
        .fetch_one(&mut ana)
        .await
        .unwrap();
    assert_eq!(seen, 0);
    let theirs: i64 = sqlx::query_scalar("SELECT count(*) FROM team_mentions_v")
        .fetch_one(&mut beto)
        .await
        .unwrap();
    assert_eq!(theirs, 1);
}

fn changes(entries: &[TeamAuditEntry]) -> Vec<(String, String, String)> {
    entries
        .iter()
        .filter(|e| e.operation.starts_with("team: "))
        .map(|e| (e.operation.clone(), e.member.clone(), e.summary.clone()))
        .collect()
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn every_change_to_a_file_is_in_the_trail_with_old_and_new() {
    let f = floor("kyb_history").await;
    let (ana, jefa) = (f.t.login("ana"), f.t.login("jefa"));
    // The queue takes a status only with the service's time of it.
    let file = |status: &str, minute: u32| NewTeamFile {
        flow_id: "flujo-1".into(),
        rfc: "AAA010101AAA".into(),
        status: status.into(),
        document_id: Some(DOC.to_uppercase()),
        updated_at: chrono::DateTime::from_timestamp(1_750_000_000 + i64::from(minute) * 60, 0),
    };
    f.boss.follow_all(&[file("Pendiente", 0)]).await.unwrap();
    f.ana.update_all(&[file("Validado", 1)]).await.unwrap();
    // The same status, learnt again later, is no change.
    f.ana.update_all(&[file("Validado", 2)]).await.unwrap();
    f.ana.claim(DOC, LEASE, false).await.unwrap();
    f.ana.claim(DOC, LEASE, false).await.unwrap();
    f.boss.take_over(DOC, "ana salió", LEASE).await.unwrap();
    f.boss.release(DOC).await.unwrap();
    // Another file's changes are not this one's.
    f.boss
        .follow("flujo-2", "BBB010101BBB", "Pendiente")
        .await
        .unwrap();
    f.boss.claim("flujo-2-doc", LEASE, false).await.unwrap();

    let trail = f.beto.file_trail(DOC).await.unwrap();
    let row = |op: &str, who: &str, summary: &str| {
        (format!("team: {op}"), who.to_owned(), summary.to_owned())
    };
    assert_eq!(
        changes(&trail),
        [
            row("status", &ana, "Pendiente → Validado"),
            row("claimed", &ana, &format!("— → {ana}")),
            row("claimed", &jefa, &format!("{ana} → {jefa}")),
            row(
                "claim-taken-over",
                &jefa,
                &format!("reclamado a {ana}: ana salió")
            ),
            row("claimed", &jefa, &format!("{jefa} → —")),
        ]
    );
    // Each is a link of the chain, which still verifies.
    assert!(trail.windows(2).all(|w| w[0].seq < w[1].seq));
    assert!(f.boss.verify_chain().await.unwrap().breaks.is_empty());
}

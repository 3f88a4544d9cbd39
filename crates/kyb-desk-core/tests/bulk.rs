//! Bulk work on the watchlist's selection over the demo sandbox: refresh, export,
//! unfollow and its undo, each answering every row, and the bound on a selection.

mod common;

use common::DemoDesk;
use kyb_desk_core::desk::{MAX_BULK_ROWS, RowResult, SelectedFile};
use kyb_desk_core::error::{DeskCode, ServiceCode};

fn row(flow_id: &str, rfc: &str) -> SelectedFile {
    SelectedFile {
        flow_id: flow_id.into(),
        rfc: rfc.into(),
    }
}

#[tokio::test]
async fn a_selection_is_refreshed_exported_and_unfollowed_row_by_row() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let flow = demo.manifest().examples.flow_id.clone();
    let known = demo.manifest().examples.rfc.clone();
    for rfc in [known.as_str(), "ZZZ990101ZZ9", "YYY990101YY9"] {
        desk.watch_file(&flow, rfc).expect("followed");
    }

    // Refresh two rows (one the service does not know, one given twice in lower case)
    // and one that is not followed: the third followed file is not asked about.
    let seen = std::sync::Mutex::new(Vec::new());
    let report = desk
        .refresh_files(
            vec![
                row(&flow, &known),
                row(&flow, "ZZZ990101ZZ9"),
                row(&flow, &known.to_lowercase()),
                row(&flow, "XXX990101XX9"),
            ],
            |p| seen.lock().expect("lock").push(p.file.rfc),
        )
        .await
        .expect("refreshed");
    let results: Vec<_> = report.outcomes.iter().map(|o| o.result.clone()).collect();
    assert_eq!(results.len(), 3, "a row given twice is one");
    assert_eq!(results[0], RowResult::Done);
    assert!(
        matches!(&results[1], RowResult::Failed { error } if error.code == ServiceCode::NotFound),
        "{results:?}"
    );
    assert_eq!(results[2], RowResult::NotFollowed);
    assert_eq!((report.done, report.failed), (1, 2));
    let mut asked = seen.into_inner().expect("lock");
    asked.sort();
    assert_eq!(asked, vec![known.clone(), "ZZZ990101ZZ9".to_owned()]);
    let untouched = desk.watchlist().expect("list");
    let untouched = untouched
        .iter()
        .find(|f| f.rfc == "YYY990101YY9")
        .expect("kept");
    assert_eq!(untouched.last_refresh_utc, None, "not selected, not asked");

    // Export two rows, in the selection's order.
    let path = demo.dir.path().join("seleccion.csv");
    let rows = desk
        .export_files_csv(vec![row(&flow, "YYY990101YY9"), row(&flow, &known)], &path)
        .expect("exported");
    assert_eq!(rows, 2);
    let text = std::fs::read_to_string(&path).expect("written");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[1].contains("YYY990101YY9") && lines[2].contains(&known));
    assert!(!text.contains("ZZZ990101ZZ9"));

    // Unfollow two (one not followed), then undo.
    let gone = desk
        .unfollow_files(vec![row(&flow, "ZZZ990101ZZ9"), row(&flow, "XXX990101XX9")])
        .expect("unfollowed");
    assert_eq!((gone.report.done, gone.report.failed), (1, 1));
    assert_eq!(gone.removed.len(), 1);
    assert_eq!(
        gone.removed[0].last_error,
        Some(ServiceCode::NotFound.into())
    );
    assert_eq!(gone.list.len(), 2);
    let back = desk.restore_watched_files(gone.removed).expect("put back");
    let restored = back.iter().find(|f| f.rfc == "ZZZ990101ZZ9").expect("back");
    assert_eq!(
        restored.last_error,
        Some(ServiceCode::NotFound.into()),
        "as it was"
    );
    assert_eq!(back.len(), 3);
}

#[tokio::test]
async fn a_selection_beyond_the_bound_is_refused_whole() {
    let demo = DemoDesk::start().await;
    let desk = &demo.desk;
    let flow = demo.manifest().examples.flow_id.clone();
    desk.watch_file(&flow, "ZZZ990101ZZ9").expect("followed");
    let many: Vec<SelectedFile> = (0..=MAX_BULK_ROWS)
        .map(|n| row(&flow, &format!("ZZZ99{n:05}ZZ9")))
        .collect();
    let refused = desk.unfollow_files(many).expect_err("too many");
    assert_eq!(refused.code, DeskCode::InvalidInput);
    assert_eq!(refused.problems[0].sent, Some(10_001));
    assert_eq!(
        desk.watchlist().expect("list").len(),
        1,
        "nothing unfollowed"
    );
    // Alone, there is no team to assign through.
    let alone = desk
        .assign_files(vec![row(&flow, "ZZZ990101ZZ9")], None, |_| {})
        .await
        .expect_err("no team");
    assert_eq!(alone.code, kyb_desk_core::desk::TeamCode::NoTeam);
}

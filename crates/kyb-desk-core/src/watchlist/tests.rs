use std::collections::HashSet;

use kyb_api::file::{DocumentStatus, StatusCategory};
use kyb_api::models::tracking::Tracking;

use super::csv_text::CSV_HEADER;
use super::*;
use crate::error::{Failure, Rule, ServiceCode};
use crate::recovery::{RecordKind, Recoveries};

#[test]
fn a_file_just_created_shows_its_company_and_initial_status_until_the_service_answers() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
    list.add_created(
        "p",
        "flujo",
        "ple150301ab2",
        Some("doc-1"),
        " Panificadora La Espiga ",
    )
    .expect("added");
    let files = list.list("p").expect("listed");
    assert_eq!(files.len(), 1);
    let file = &files[0];
    assert_eq!(file.rfc, "PLE150301AB2");
    assert_eq!(file.document_id.as_deref(), Some("doc-1"));
    assert_eq!(file.company_name.as_deref(), Some("Panificadora La Espiga"));
    assert_eq!(file.document_status.as_deref(), Some("Ingresado"));
    assert_eq!(file.status_category, Some(StatusCategory::Entering));
    // Not asked yet: the row says so rather than a refresh that never happened.
    assert_eq!(file.last_refresh_utc, None);

    // A file the service has answered about keeps what it said.
    let answered = Tracking {
        company_name: Some("La Espiga SA".into()),
        document_status: Some(DocumentStatus::EnRevision),
        ..Tracking::default()
    };
    list.apply("p", "flujo", "PLE150301AB2", Ok(&answered))
        .expect("applied");
    list.add_created("p", "flujo", "PLE150301AB2", None, "Otra")
        .expect("added again");
    let file = &list.list("p").expect("listed")[0];
    assert_eq!(file.company_name.as_deref(), Some("La Espiga SA"));
    assert_eq!(file.document_status.as_deref(), Some("En Revisión"));
}

#[test]
fn csv_imports_check_every_line_and_skip_what_is_followed() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
    assert!(list.add("p", "flujo", "PLE150301AB2", None).expect("added"));
    let text =
        "RFC;FlowID\npLE150301AB2;flujo\nAAA010101AA1\nno-es-rfc;flujo\n\nBBB020202BB2;otro\n";
    let report = list.import_csv("p", text, "flujo", &[]).expect("imported");
    assert_eq!(report.added, 2);
    assert_eq!(report.already_watched, 1);
    assert_eq!(report.refused.len(), 1, "{:?}", report.refused);
    assert_eq!(report.refused[0].line, 4);
    let files = list.list("p").expect("listed");
    assert_eq!(files.len(), 3);
    assert_eq!(files[2].flow_id, "otro");
    assert!(list.list("otro-perfil").expect("listed").is_empty());
}

#[test]
fn files_followed_at_once_are_each_followed_once_and_what_is_not_a_file_is_left_out() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
    list.add("p", "flujo", "PLE150301AB2", None).expect("added");
    let added = list
        .add_all(
            "p",
            [
                ("flujo", "ple150301ab2", Some("doc-1")),
                (" flujo ", "AAA010101AA1", None),
                ("flujo", "aaa010101aa1", Some("doc-2")),
                ("flujo", "../../etc", Some("doc-3")),
                ("", "BBB020202BB2", None),
                // Upper-cased as stored: ñ is Ñ, ß is SS.
                ("flujo", "ñaa040404aa4", None),
                ("flujo", "ÑAA040404AA4", None),
                ("flujo", "ßA050505AA5", None),
                ("flujo", "SSA050505AA5", None),
            ],
        )
        .expect("added");
    assert_eq!(added, 3);
    let files = list.list("p").expect("listed");
    let rows: Vec<_> = files
        .iter()
        .map(|f| (f.flow_id.as_str(), f.rfc.as_str(), f.document_id.as_deref()))
        .collect();
    assert_eq!(
        rows,
        [
            ("flujo", "PLE150301AB2", Some("doc-1")),
            ("flujo", "AAA010101AA1", Some("doc-2")),
            ("flujo", "ÑAA040404AA4", None),
            ("flujo", "SSA050505AA5", None),
        ],
        "a known file learns its DocumentId; one given twice is followed once"
    );
}

#[test]
fn an_undone_unfollow_puts_the_file_back_as_it_was() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
    list.add("p", "flujo", "PLE150301AB2", Some("doc-1"))
        .expect("added");
    let mut known = list.list("p").expect("listed").remove(0);
    known.company_name = Some("Panificadora La Espiga".into());
    known.seen_fingerprint = Some("visto".into());
    list.restore("p", known.clone())
        .expect("restored over itself");
    assert_eq!(list.list("p").expect("listed").len(), 1, "never twice");
    list.remove("p", "flujo", "PLE150301AB2").expect("removed");
    let back = list.restore("p", known.clone()).expect("restored");
    assert_eq!(back, vec![known]);
    let bad = WatchedFile::followed("flujo", "no-es-rfc", None);
    assert!(list.restore("p", bad).is_err());
}

#[test]
fn an_imported_line_whose_flow_is_none_of_the_profile_s_is_refused() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
    let morales = "0f8e4a54-0000-4000-8000-000000000001";
    let text = format!(
        "AAA010101AA1;{}\nBBB020202BB2;not-a-flow\nCCC030303CC3\n",
        morales.to_uppercase()
    );
    let report = list
        .import_csv("p", &text, morales, &[morales])
        .expect("imported");
    assert_eq!(
        report.added, 2,
        "the profile's flow, in any case, and the default"
    );
    assert_eq!(
        report.refused,
        vec![RefusedLine {
            line: 2,
            problems: vec![Failure::new("FlowId", Rule::NotInProfile)],
        }]
    );
    assert!(
        list.list("p")
            .expect("listed")
            .iter()
            .all(|f| f.flow_id.eq_ignore_ascii_case(morales))
    );
}

#[test]
fn answers_applied_together_update_their_files_in_order_and_drop_the_unfollowed() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
    for rfc in ["AAA010101AA1", "BBB020202BB2"] {
        list.add("p", "flujo", rfc, None).expect("added");
    }
    let envelope: serde_json::Value =
        serde_json::from_str(include_str!("../../../../tests/fixtures/tracking.json"))
            .expect("fixture");
    let tracking: Tracking =
        serde_json::from_value(envelope["Data"].clone()).expect("a tracking answer");
    let updated = list
        .apply_all(
            "p",
            [
                ("flujo", "bbb020202bb2", Err(ServiceCode::Server.into())),
                ("flujo", "CCC030303CC3", Err(ServiceCode::NotFound.into())),
                ("flujo", "AAA010101AA1", Ok(&tracking)),
            ],
        )
        .expect("applied");
    let rfcs: Vec<&str> = updated.iter().map(|f| f.rfc.as_str()).collect();
    assert_eq!(rfcs, ["BBB020202BB2", "AAA010101AA1"]);
    let stored = list.list("p").expect("listed");
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[1].last_error, Some(ServiceCode::Server.into()));
    assert!(stored[1].refresh_failed);
    assert!(!stored[0].refresh_failed);
    assert_eq!(stored[0].company_name, tracking.company_name);
    assert!(stored.iter().all(|f| f.last_refresh_utc.is_some()));
}

#[test]
fn a_list_written_before_refresh_failed_existed_reads_it_from_the_last_error() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
    let old = r#"[
        {"flowId": "flujo", "rfc": "AAA010101AA1", "lastError": "unauthorized"},
        {"flowId": "flujo", "rfc": "BBB020202BB2", "lastError": "not_found"},
        {"flowId": "flujo", "rfc": "CCC030303CC3"}
    ]"#;
    std::fs::write(list.0.path("p"), old).expect("written");
    let failed: Vec<bool> = list
        .list("p")
        .expect("read")
        .iter()
        .map(|f| f.refresh_failed)
        .collect();
    assert_eq!(failed, [true, false, false]);
}

#[test]
fn a_list_with_every_last_error_an_older_or_newer_version_wrote_still_reads() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let recoveries = Recoveries::default();
    let list = Watchlist::new(dir.path().to_path_buf(), recoveries.clone());
    let old = r#"[
        {"flowId": "flujo", "rfc": "AAA010101AA1", "lastError": "server", "refreshFailed": true},
        {"flowId": "flujo", "rfc": "BBB020202BB2", "lastError": "outcome_unknown"},
        {"flowId": "flujo", "rfc": "CCC030303CC3", "lastError": "quota_exceeded", "refreshFailed": true},
        {"flowId": "flujo", "rfc": "DDD040404DD4", "lastError": null},
        {"flowId": "flujo", "rfc": "EEE050505EE5", "lastError": "No se pudo consultar"}
    ]"#;
    std::fs::write(list.0.path("p"), old).expect("written");
    let read = list.list("p").expect("read");
    let errors: Vec<_> = read.iter().map(|f| f.last_error).collect();
    assert_eq!(
        errors,
        [
            Some(ServiceCode::Server.into()),
            Some(ServiceCode::OutcomeUnknown.into()),
            None,
            None,
            None
        ]
    );
    assert_eq!(read.len(), 5);
    assert_eq!(recoveries.all(), [], "nothing set aside");
}

#[test]
fn an_exported_list_imports_again_as_it_is() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
    for rfc in ["AAA010101AA1", "BBB020202BB2"] {
        list.add("p", "flujo", rfc, None).expect("added");
    }
    list.apply_all(
        "p",
        [("flujo", "AAA010101AA1", Err(ServiceCode::Server.into()))],
    )
    .expect("applied");
    let files = list.list("p").expect("listed");
    let csv = to_csv(&files).expect("exported");
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some(CSV_HEADER.join(",").as_str()));
    assert!(
        lines
            .next()
            .is_some_and(|l| l.starts_with("AAA010101AA1,flujo,") && l.contains(",server,no")),
        "{csv}"
    );
    let report = list.import_csv("q", &csv, "otro", &[]).expect("imported");
    assert_eq!(report.added, 2, "{report:?}");
    assert!(report.refused.is_empty(), "{report:?}");
    let again: Vec<(String, String)> = list
        .list("q")
        .expect("listed")
        .into_iter()
        .map(|f| (f.rfc, f.flow_id))
        .collect();
    assert_eq!(
        again,
        [
            ("AAA010101AA1".to_owned(), "flujo".to_owned()),
            ("BBB020202BB2".to_owned(), "flujo".to_owned())
        ]
    );
}

fn rfc(prefix: &str, n: usize) -> String {
    format!("{prefix}010101{n:03}")
}

#[test]
fn a_refresh_beside_imports_and_additions_loses_none_of_them() {
    const EACH: usize = 30;
    let dir = tempfile::tempdir().expect("temporary directory");
    let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
    list.add("p", "flujo", "AAA010101AA1", None).expect("added");
    std::thread::scope(|scope| {
        scope.spawn(|| {
            for _ in 0..3 * EACH {
                list.apply_all(
                    "p",
                    [("flujo", "AAA010101AA1", Err(ServiceCode::Server.into()))],
                )
                .expect("a refresh");
            }
        });
        scope.spawn(|| {
            for n in 0..EACH {
                let text = format!("{}\n{}\n", rfc("IMP", 2 * n), rfc("IMP", 2 * n + 1));
                let report = list.import_csv("p", &text, "flujo", &[]).expect("imported");
                assert_eq!(report.added, 2, "{report:?}");
            }
        });
        scope.spawn(|| {
            for n in 0..EACH {
                assert!(list.add("p", "flujo", &rfc("ADD", n), None).expect("added"));
            }
        });
    });
    let files = list.list("p").expect("listed");
    let has = |rfc: &str| files.iter().any(|f| f.rfc == rfc);
    let lost: Vec<String> = (0..2 * EACH)
        .map(|n| rfc("IMP", n))
        .chain((0..EACH).map(|n| rfc("ADD", n)))
        .filter(|r| !has(r))
        .collect();
    assert!(lost.is_empty(), "lost: {lost:?}");
    assert_eq!(files.len(), 1 + 3 * EACH);
    assert_eq!(files[0].last_error, Some(ServiceCode::Server.into()));
}

/// An RFC of its own for each number (a valid one: three letters, a date, three
/// characters of homoclave).
fn rfc_number(n: usize) -> String {
    format!(
        "AAA{:02}{:02}{:02}{:03}",
        n / 10_000 % 100,
        1 + n / 28 % 12,
        1 + n % 28,
        n % 1000
    )
}

#[test]
fn a_long_list_takes_an_import_and_a_refresh_batch_file_by_file() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
    let half: String = (0..5_000)
        .map(|n| format!("{},flujo\n", rfc_number(n)))
        .collect();
    assert_eq!(
        list.import_csv("p", &half, "flujo", &[])
            .expect("imported")
            .added,
        5_000
    );
    // The second import: the first half again (in lower case), and 5,000 new.
    let all: String = (0..10_000)
        .map(|n| format!("{},flujo\n", rfc_number(n).to_lowercase()))
        .collect();
    let report = list.import_csv("p", &all, "flujo", &[]).expect("imported");
    assert_eq!((report.added, report.already_watched), (5_000, 5_000));
    assert_eq!(list.list("p").expect("listed").len(), 10_000);

    // One batch of answers about every other file, one about a file not followed.
    let asked: HashSet<String> = (0..10_000).step_by(2).map(rfc_number).collect();
    let stranger = rfc_number(20_000);
    let updated = list
        .apply_all(
            "p",
            asked
                .iter()
                .chain([&stranger])
                .map(|rfc| ("flujo", rfc.as_str(), Err(ServiceCode::Server.into()))),
        )
        .expect("applied");
    assert_eq!(updated.len(), 5_000);
    let files = list.list("p").expect("listed");
    for (n, file) in files.iter().enumerate() {
        let failed = file.last_error == Some(ServiceCode::Server.into());
        assert_eq!(failed, asked.contains(&file.rfc), "file {n}: {}", file.rfc);
    }
}

#[test]
fn an_import_too_large_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let list = Watchlist::new(dir.path().to_path_buf(), Recoveries::default());
    let line = "AAA010101AA1,flujo\n";
    let at_most = format!("RFC,FlowID\n{}\n\n", line.repeat(MAX_IMPORT_ROWS));
    let report = list
        .import_csv("p", &at_most, "flujo", &[])
        .expect("imported");
    assert_eq!((report.added, report.already_watched), (1, 9_999));

    let one_more = format!("RFC,FlowID\n{}", line.repeat(MAX_IMPORT_ROWS + 1));
    let heavy = format!("{}\n", "A".repeat(MAX_IMPORT_BYTES));
    for text in [one_more, heavy] {
        let error = list
            .import_csv("q", &text, "flujo", &[])
            .expect_err("refused");
        assert_eq!(error.code, crate::error::DeskCode::InvalidInput);
        assert!(
            matches!(error.problems[0].rule, Rule::TooLarge | Rule::TooMany),
            "{error:?}"
        );
        assert!(list.list("q").expect("listed").is_empty());
    }
    let error = list
        .import_csv("q", &line.repeat(MAX_IMPORT_ROWS + 1), "flujo", &[])
        .expect_err("refused");
    assert_eq!(error.problems[0].sent, Some(10_001), "{error:?}");
}

#[test]
fn an_unreadable_list_is_set_aside_and_following_goes_on() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let recoveries = Recoveries::default();
    let list = Watchlist::new(dir.path().to_path_buf(), recoveries.clone());
    std::fs::write(list.0.path("p"), "[{\"flowId\": ").expect("a torn list");
    assert!(list.list("p").expect("listed").is_empty());
    assert!(list.add("p", "flujo", "AAA010101AA1", None).expect("added"));
    assert_eq!(list.list("p").expect("listed").len(), 1);
    let announced = recoveries.all();
    assert_eq!(announced.len(), 1);
    assert_eq!(announced[0].kind, RecordKind::Watchlist);
    assert_eq!(
        std::fs::read_to_string(&announced[0].set_aside_as).expect("kept"),
        "[{\"flowId\": "
    );
}

//! The status spans a followed file keeps for its SLA clock.

use kyb_api::file::{DocumentStatus, StatusCategory};
use kyb_api::models::tracking::Tracking;
use kyb_api::time::UtcTime;

use super::watched_file::{MAX_STATUS_SPANS, record};
use super::*;
use crate::error::ServiceCode;

fn answer(status: DocumentStatus, updated: Option<&str>) -> Tracking {
    Tracking {
        document_status: Some(status),
        updated_at_utc: updated.map(UtcTime::parse),
        ..Tracking::default()
    }
}

fn categories(file: &WatchedFile) -> Vec<StatusCategory> {
    file.status_spans.iter().map(|s| s.category).collect()
}

#[test]
fn a_span_starts_when_the_status_changes_at_the_services_update_time() {
    let mut file = WatchedFile::followed("flujo", "PLE150301AB2", None);
    let queued = answer(DocumentStatus::Pendiente, Some("2025-06-02T15:00:00Z"));
    record(&mut file, Ok(&queued), "2025-06-02T16:00:00Z");
    // The same status again: no new span, its start kept.
    let again = answer(DocumentStatus::Pendiente, Some("2025-06-02T17:00:00Z"));
    record(&mut file, Ok(&again), "2025-06-02T18:00:00Z");
    // No update time: the refresh's own.
    let review = answer(DocumentStatus::EnRevision, None);
    record(&mut file, Ok(&review), "2025-06-03T10:00:00Z");
    // A failed refresh changes nothing.
    record(
        &mut file,
        Err(ServiceCode::Server.into()),
        "2025-06-03T11:00:00Z",
    );
    assert_eq!(
        categories(&file),
        [StatusCategory::Queued, StatusCategory::InReview]
    );
    let starts: Vec<String> = file
        .status_spans
        .iter()
        .map(|s| kyb_api::time::instant_text(s.since))
        .collect();
    assert_eq!(starts, ["2025-06-02T15:00:00Z", "2025-06-03T10:00:00Z"]);
}

#[test]
fn spans_are_bounded_and_an_older_record_reads_as_one_span() {
    let mut old = WatchedFile::followed("flujo", "PLE150301AB2", None);
    old.status_category = Some(StatusCategory::Queued);
    old.updated_at_utc = Some("2025-06-02T15:00:00Z".into());
    let spans = old.spans();
    assert_eq!(spans.len(), 1);
    assert_eq!(
        kyb_api::time::instant_text(spans[0].since),
        "2025-06-02T15:00:00Z"
    );

    let mut file = old.clone();
    for hour in 0..(MAX_STATUS_SPANS as u32 + 5) {
        let status = if hour % 2 == 0 {
            DocumentStatus::EnRevision
        } else {
            DocumentStatus::CorreccionPorElUsuario
        };
        let now = format!("2025-07-{:02}T00:00:00Z", 1 + hour);
        record(&mut file, Ok(&answer(status, None)), &now);
    }
    assert_eq!(file.status_spans.len(), MAX_STATUS_SPANS);
    // Oldest dropped: the first kept is no longer the record's original Pendiente.
    assert_ne!(file.status_spans[0].category, StatusCategory::Queued);
    assert!(
        file.status_spans
            .windows(2)
            .all(|w| w[0].since <= w[1].since),
        "in order"
    );
}

#[test]
fn an_update_time_ahead_of_the_refresh_does_not_freeze_the_clock() {
    // A service whose clock is years ahead (or a crafted answer): the status cannot have
    // changed after this desk saw it, and every later span starts no earlier than this
    // one, so taken as given the file's clock would count nothing for years.
    let mut file = WatchedFile::followed("flujo", "PLE150301AB2", None);
    let ahead = answer(DocumentStatus::Pendiente, Some("2999-01-01T00:00:00Z"));
    record(&mut file, Ok(&ahead), "2025-06-02T16:00:00Z");
    let review = answer(DocumentStatus::EnRevision, None);
    record(&mut file, Ok(&review), "2025-06-03T10:00:00Z");
    let starts: Vec<String> = file
        .status_spans
        .iter()
        .map(|s| kyb_api::time::instant_text(s.since))
        .collect();
    assert_eq!(starts, ["2025-06-02T16:00:00Z", "2025-06-03T10:00:00Z"]);
}

//! Properties of the domain helpers and of tolerant decoding, over generated input.

use std::time::Duration;

use kyb_api::envelope::Envelope;
use kyb_api::file::{Decision, DocumentStatus, SectionComment, SectionId, SectionStatus};
use kyb_api::models::{correction, detail, file, tracking, verification};
use kyb_api::requests::{CorrectionRequest, SectionDecision};
use kyb_api::retry::{Failure, RetryPolicy};
use kyb_api::time::{self, UtcTime, WireDate};
use kyb_api::validate::{self, COMENTARIO_MAX_CHARS, SECCIONES_MAX};
use kyb_api::verification::{GeoBand, VerificationStatus};
use kyb_api::{ApiError, Operation};
use proptest::prelude::*;
use serde_json::Value;

/// Flips the case of each letter at random ("En Revisión" → "eN REVISIÓN").
fn random_case(text: &str) -> impl Strategy<Value = String> + use<> {
    let text = text.to_owned();
    proptest::collection::vec(any::<bool>(), text.chars().count()).prop_map(move |flips| {
        text.chars()
            .zip(flips)
            .flat_map(|(c, upper)| {
                if upper {
                    c.to_uppercase().collect::<Vec<_>>()
                } else {
                    c.to_lowercase().collect::<Vec<_>>()
                }
            })
            .collect()
    })
}

fn section_status() -> impl Strategy<Value = SectionStatus> {
    proptest::sample::select(SectionStatus::KNOWN.to_vec())
}

/// Any JSON value, nested a few levels, with the envelope's keys likely.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        ".{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        let key = prop_oneof![
            Just("Code".to_owned()),
            Just("status".to_owned()),
            Just("Message".to_owned()),
            Just("Data".to_owned()),
            Just("success".to_owned()),
            Just("errors".to_owned()),
            "[A-Za-z_]{1,10}",
        ];
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::btree_map(key, inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn decode_everything(body: &[u8]) {
    for operation in Operation::ALL {
        for status in [200, 400, 401, 403, 404, 500, 502] {
            let error = ApiError::from_answer(operation, status, body);
            assert!(!error.code().to_string().is_empty());
        }
    }
    if let Ok(envelope) = Envelope::parse(body) {
        let data = envelope.data;
        let _ = serde_json::from_value::<detail::DetailV2>(data.clone());
        let _ = serde_json::from_value::<tracking::Tracking>(data.clone());
        let _ = serde_json::from_value::<verification::Verification>(data.clone());
        let _ = serde_json::from_value::<correction::CorrectionResult>(data.clone());
        let _ = serde_json::from_value::<file::CreatedFile>(data.clone());
        let _ = serde_json::from_value::<file::DetailV1>(data);
    }
}

proptest! {
    #[test]
    fn comments_entries_round_trip(
        section in "[A-Za-z][A-Za-z0-9 ]{0,30}[A-Za-z0-9]",
        status in section_status(),
        comments in proptest::option::of("[^\\s](.{0,80}[^\\s])?"),
    ) {
        let entry = SectionComment { section, status, comments };
        prop_assert_eq!(SectionComment::parse(&entry.to_entry()), Some(entry));
    }

    #[test]
    fn statuses_in_comments_ignore_case(
        spelled in proptest::sample::select(SectionStatus::KNOWN.to_vec())
            .prop_flat_map(|s| {
                let spelled = random_case(s.as_str());
                (Just(s), spelled)
            })
    ) {
        let (status, text) = spelled;
        let parsed = SectionComment::parse(&format!("Sucursal ({text}): x: (y)"));
        prop_assert_eq!(parsed.map(|p| p.status), Some(status));
    }

    #[test]
    fn parsing_any_comment_entry_never_panics(entry in ".{0,200}") {
        if let Some(parsed) = SectionComment::parse(&entry) {
            prop_assert!(!parsed.section.is_empty());
        }
    }

    #[test]
    fn limit_suffixes_split_off_exactly(name in "[A-Z][A-Za-z]{0,30}", limit in any::<u32>()) {
        let split = SectionId::parse(&format!("{name}Limit:{limit}"));
        prop_assert_eq!((split.name, split.limit), (name.clone(), Some(limit)));
        let plain = SectionId::parse(&name);
        prop_assert_eq!(plain.limit, None);
        prop_assert_eq!(plain.name, name);
    }

    #[test]
    fn both_spellings_of_the_correction_state_are_one_category(
        text in prop_oneof![random_case("Pendiente de Corrección"), random_case("Corrección por el Usuario")]
    ) {
        let status = DocumentStatus::parse(&text);
        prop_assert!(status.is_awaiting_correction());
        prop_assert_eq!(status.category(), kyb_api::file::StatusCategory::WithUser);
        prop_assert!(!status.is_final());
    }

    #[test]
    fn unknown_statuses_are_kept_verbatim_and_allow_nothing(raw in "[A-Za-z ]{1,20}") {
        let status = VerificationStatus::parse(&raw);
        if let VerificationStatus::Other(kept) = &status {
            prop_assert_eq!(kept, &raw);
            prop_assert!(!status.accepts_resend() && !status.accepts_cancel());
        }
        let file = DocumentStatus::parse(&raw);
        if matches!(file, DocumentStatus::Other(_)) {
            prop_assert!(!file.is_final() && !file.is_awaiting_correction());
        }
    }

    #[test]
    fn decisions_map_feminine_to_masculine(
        text in prop_oneof![random_case("Aceptada"), random_case("Rechazada")]
    ) {
        let status = Decision::parse(&text).section_status();
        prop_assert!(matches!(status, Some(SectionStatus::Aceptado | SectionStatus::Rechazado)));
        prop_assert_eq!(
            status == Some(SectionStatus::Rechazado),
            text.to_lowercase() == "rechazada"
        );
    }

    #[test]
    fn geo_bands_are_ordered_by_distance(a in 0.0f64..5000.0, b in 0.0f64..5000.0) {
        let rank = |d: f64| match GeoBand::of_distance(d) {
            GeoBand::Consistent => 0,
            GeoBand::Unassigned => 1,
            GeoBand::Inconsistent => 2,
        };
        let (near, far) = if a <= b { (a, b) } else { (b, a) };
        prop_assert!(rank(near) <= rank(far));
        prop_assert_eq!(GeoBand::of_distance(a) == GeoBand::Consistent, a <= 100.0);
        prop_assert_eq!(GeoBand::of_distance(a) == GeoBand::Inconsistent, a > 500.0);
    }

    #[test]
    fn an_enrollment_link_is_offered_exactly_when_tracking_allows_it(
        allowed in proptest::option::of(any::<bool>()),
        completed in proptest::option::of(any::<bool>()),
    ) {
        let person = tracking::Person {
            is_enrollment_allowed: allowed,
            is_completed: completed,
            ..tracking::Person::default()
        };
        prop_assert_eq!(person.may_get_enrollment_link(), allowed == Some(true));
    }

    #[test]
    fn comments_are_limited_in_characters_not_bytes(length in 480usize..520, letter in "[ñáéíóúü]") {
        let comment: String = letter.repeat(length);
        let request = CorrectionRequest {
            document_id: "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10".into(),
            secciones: vec![SectionDecision {
                seccion: "ProofAddress".into(),
                estatus: "Rechazada".into(),
                comentario: Some(comment),
                ..SectionDecision::default()
            }],
            ..CorrectionRequest::default()
        };
        prop_assert_eq!(validate::correction(&request).is_empty(), length <= COMENTARIO_MAX_CHARS);
    }

    #[test]
    fn every_failed_rule_is_reported_at_once(
        sections in 0usize..60, uncommented in 0usize..5
    ) {
        let secciones: Vec<SectionDecision> = (0..sections)
            .map(|i| SectionDecision {
                seccion: format!("Seccion{i}"),
                estatus: "Rechazada".into(),
                comentario: (i >= uncommented).then(|| "Falta la firma".to_owned()),
                ..SectionDecision::default()
            })
            .collect();
        let request = CorrectionRequest {
            document_id: "no-es-uuid".into(),
            secciones,
            ..CorrectionRequest::default()
        };
        let count_ok = (1..=SECCIONES_MAX).contains(&sections);
        let expected = 1 + usize::from(!count_ok) + uncommented.min(sections);
        prop_assert_eq!(validate::correction(&request).len(), expected);
    }

    #[test]
    fn every_failure_reads_back_from_its_words(
        field in "[A-Za-z][A-Za-z0-9_]{0,24}",
        section in "[A-Za-z][A-Za-z0-9:_-]{0,30}",
        shape in 0usize..11,
        n in 1u32..100_000,
    ) {
        use validate::{Failure, Rule};
        let failure = match shape {
            0 => Failure::new(field, Rule::Required),
            1 => Failure::new(field, Rule::Required).at_position(n),
            2 => Failure::new(field, Rule::Required).in_section(section),
            3 => Failure::new(field, Rule::Invalid),
            4 => Failure::new(field, Rule::Invalid).in_section(section),
            5 => Failure::new(field, Rule::NotAVerdict),
            6 => Failure::new(field, Rule::NotAVerdict).in_section(section),
            7 => Failure::new(field, Rule::TooLong).with_limit(n),
            8 => Failure::new(field, Rule::TooLong).with_limit(n).in_section(section),
            9 => Failure::new(field, Rule::TooFew).with_limit(n).with_sent(n - 1),
            _ => Failure::new(field, Rule::TooMany).with_limit(n).with_sent(n + 1),
        };
        prop_assert_eq!(Failure::parse(&failure.message()), Some(failure));
    }

    #[test]
    fn the_retry_policy_stays_within_its_bounds(
        attempt in 1u32..6, unit in 0.0f64..1.0, status in 400u16..600,
        retry_after in proptest::option::of(0u64..30),
    ) {
        let policy = RetryPolicy::default();
        let asked = retry_after.map(Duration::from_secs);
        for failure in [Failure::Timeout, Failure::Connection, Failure::Status(status)] {
            let delay = policy.next_delay(attempt, failure, asked, unit);
            if attempt >= policy.max_attempts || !failure.is_transient() {
                prop_assert_eq!(delay, None);
                continue;
            }
            match asked {
                Some(wait) if wait > policy.max_retry_after => prop_assert_eq!(delay, None),
                Some(wait) => prop_assert_eq!(delay, Some(wait)),
                None => prop_assert!(delay.is_some_and(|d| d <= policy.max_delay)),
            }
        }
        prop_assert_eq!(Failure::Status(status).is_transient(), matches!(status, 502..=504));
    }

    #[test]
    fn instants_read_alike_with_or_without_milliseconds(
        seconds in 946_684_800i64..4_102_444_800, millis in 0i64..1000
    ) {
        let at = chrono::DateTime::from_timestamp(seconds, 0).expect("in range");
        let plain = at.format("%Y-%m-%dT%H:%M:%S").to_string();
        let with_ms = UtcTime::parse(&format!("{plain}.{millis:03}Z")).timestamp();
        prop_assert_eq!(UtcTime::parse(&format!("{plain}Z")).timestamp(), Some(at));
        prop_assert_eq!(UtcTime::parse(&plain).timestamp(), Some(at));
        prop_assert_eq!(
            with_ms.map(|t| t.timestamp_millis()),
            Some(seconds * 1000 + millis)
        );
    }

    #[test]
    fn only_the_unset_day_reads_as_not_happened(
        seconds in prop_oneof![
            // Near 1 January of year 1 (DateTime.MinValue), to the second.
            -62_135_769_600i64..-62_135_424_000,
            -62_135_596_800i64..253_402_000_000,
        ],
        offset_minutes in -1439i32..=1439,
        fraction in 0usize..=9,
    ) {
        let at = chrono::DateTime::from_timestamp(seconds, 0).expect("in range");
        let zone = chrono::FixedOffset::east_opt(offset_minutes * 60).expect("an offset");
        let local = at.with_timezone(&zone);
        let digits = if fraction == 0 { String::new() } else { format!(".{}", "0".repeat(fraction)) };
        let written = format!("{}{digits}{}", local.format("%Y-%m-%dT%H:%M:%S"), local.format("%:z"));
        let unset_day = local.format("%Y-%m-%d").to_string() == "0001-01-01";
        let answer = serde_json::json!({"SentAtUtc": written, "CompletedAtUtc": written});
        let read: verification::Verification = serde_json::from_value(answer).expect("reads");
        prop_assert_eq!(read.sent_at_utc.is_none(), unset_day, "{}", written);
        prop_assert_eq!(time::is_unset(&written), unset_day, "{}", written);
        if !unset_day {
            prop_assert_eq!(read.completed_at_utc, Some(UtcTime::At(at)), "{}", written);
        }
    }

    #[test]
    fn version_one_and_two_dates_agree(year in 1900i16..2100, month in 1i8..=12, day in 1i8..=28) {
        let v1 = WireDate::parse(&format!("{day:02}/{month:02}/{year}"));
        let v2 = WireDate::parse(&format!("{year}-{month:02}-{day:02}"));
        prop_assert!(v1.date().is_some());
        prop_assert_eq!(v1, v2);
    }

    #[test]
    fn decoding_arbitrary_bytes_never_panics(body in proptest::collection::vec(any::<u8>(), 0..512)) {
        decode_everything(&body);
    }

    #[test]
    fn decoding_arbitrary_json_never_panics(value in json_value()) {
        let body = serde_json::to_vec(&value).expect("serialises");
        decode_everything(&body);
        let wrapped = serde_json::json!({"Code": 200, "Status": "Success", "Data": value});
        decode_everything(&serde_json::to_vec(&wrapped).expect("serialises"));
    }
}

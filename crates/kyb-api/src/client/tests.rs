use super::sending::{API_KEY_LOWER, WORKSPACE_LOWER, scrub_key};
use super::*;

#[test]
fn a_state_change_that_may_have_been_done_is_outcome_unknown() {
    let gateway = |status| ApiError::Server {
        status,
        message: "Bad Gateway".into(),
    };
    let unreadable_success = ApiError::Decode {
        status: 200,
        snippet: "{\"Code\":200,".into(),
    };
    for maybe in [gateway(502), gateway(504), unreadable_success.clone()] {
        assert_eq!(
            maybe_done(Operation::ResendVerification, maybe.clone()).code(),
            crate::ServiceCode::OutcomeUnknown,
            "{maybe:?}"
        );
        // Reading again is harmless: a read keeps its own error.
        assert_eq!(maybe_done(Operation::Verification, maybe.clone()), maybe);
    }
    // What proves nothing was done stays as it is.
    for refused in [
        gateway(503),
        gateway(500),
        ApiError::Decode {
            status: 500,
            snippet: "<html>".into(),
        },
    ] {
        assert_eq!(maybe_done(Operation::Correction, refused.clone()), refused);
    }
}

#[test]
fn path_segments_are_encoded_and_the_key_never_shows() {
    let config = ClientConfig::new(
        Url::parse("http://127.0.0.1:9/base/").expect("url"),
        Credentials {
            api_key: Secret::new("sk_test_hidden_value"),
            workspace_id: "w".into(),
        },
    );
    let client = Client::new(config).expect("client");
    let url = client.url(Operation::ResendVerification, &["VD/1 ?x"]);
    assert_eq!(
        url.as_str(),
        "http://127.0.0.1:9/base/verificaciones/VD%2F1%20%3Fx/reenviar"
    );
    assert!(!format!("{client:?}").contains("hidden_value"));
}

#[test]
fn a_client_refuses_a_plain_http_address_off_this_computer() {
    let config = |raw: &str| {
        ClientConfig::new(
            Url::parse(raw).expect("url"),
            Credentials {
                api_key: Secret::new("k"),
                workspace_id: "w".into(),
            },
        )
    };
    assert!(matches!(
        Client::new(config("http://api.example.com/")),
        Err(ConfigError::InsecureAddress(_))
    ));
    assert!(Client::new(config("https://api.example.com/")).is_ok());
    assert!(Client::new(config("http://localhost:8080/")).is_ok());
    let plain = Endpoints {
        production: Url::parse("http://api.example.com/kyb").expect("url"),
        staging: Url::parse("https://staging.example.com/").expect("url"),
    };
    assert!(matches!(
        Environment::Sandbox.base_url(Some(&plain)),
        Err(ConfigError::InsecureAddress(_))
    ));
}

#[test]
fn the_timezone_offset_counts_minutes_east_of_utc() {
    let hours = |h: i32| FixedOffset::east_opt(h * 3600).expect("an offset");
    let minutes = |m: i32| FixedOffset::east_opt(m * 60).expect("an offset");
    // The decision, in one constant: Mexico City (UTC-6) is sent as -360.
    assert_eq!(TIMEZONE_OFFSET_SIGN, OffsetSign::EastOfUtc);
    assert_eq!(timezone_offset_header(hours(-6)), "-360");
    assert_eq!(timezone_offset_header(minutes(330)), "330"); // India, UTC+5:30
    assert_eq!(timezone_offset_header(minutes(-210)), "-210"); // Newfoundland
    assert_eq!(timezone_offset_header(hours(0)), "0");
    // Were the service to count west, the same zone would be sent as 360.
    assert_eq!(OffsetSign::WestOfUtc.header_value(hours(-6)), "360");
    // A value reads back as the offset it was made from, either way.
    for sign in [OffsetSign::EastOfUtc, OffsetSign::WestOfUtc] {
        let sent: i32 = sign.header_value(hours(-6)).parse().expect("integer");
        assert_eq!(sign.minutes_east(sent), -360);
    }
}

#[test]
fn the_key_is_scrubbed_wherever_it_appears() {
    let key = "sk_live_123";
    let scrub = |text: &str| String::from_utf8(scrub_key(text.into(), key)).expect("utf-8");
    assert_eq!(scrub("no key here"), "no key here");
    assert_eq!(
        scrub("sk_live_123 and sk_live_123sk_live_123, ¿sk_live_12?"),
        "[redacted] and [redacted][redacted], ¿sk_live_12?"
    );
    assert_eq!(scrub("ends with sk_live_123"), "ends with [redacted]");
    assert_eq!(scrub_key(b"anything".to_vec(), ""), b"anything");
}

#[test]
fn the_key_headers_are_sent_by_the_spec_names() {
    assert!(API_KEY_LOWER.eq_ignore_ascii_case(API_KEY_HEADER));
    assert!(WORKSPACE_LOWER.eq_ignore_ascii_case(WORKSPACE_HEADER));
}

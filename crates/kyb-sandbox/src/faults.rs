//! Fault injection for the service's routes, set through the admin API: added latency
//! before or after the request is served, an error status at a rate, a dropped
//! connection, a malformed body. Admin routes are never faulted. Requests are counted before any fault, so a test can tell that a
//! request was received once even when its answer was lost.

use std::time::Duration;

use axum::body::Body;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::envelope::Envelope;

/// Faults for one route ("METHOD /route/{param}", as the counters name it) or for
/// every route ("*").
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Fault {
    pub route: String,
    /// Delay before the request is handled: nothing has happened yet when it ends.
    pub latency_ms: u64,
    /// Delay after the request is handled, before its answer leaves: the service has
    /// acted (state changed, notifications recorded) and a client that gives up in the
    /// meantime cannot know it. This is the "outcome unknown" of a real timeout.
    pub latency_after_ms: u64,
    /// Share of requests answered with `error_status` (0.0 to 1.0).
    pub error_rate: f64,
    /// Defaults to 500.
    pub error_status: Option<u16>,
    /// Share of requests whose connection is dropped without an answer.
    pub drop_rate: f64,
    /// Share of requests answered 200 with a truncated JSON body.
    pub malformed_rate: f64,
    /// Applies to the next `times` requests of its route only, then is spent; a
    /// test can so fail exactly the first attempts of a call.
    pub times: Option<u32>,
    /// `Retry-After` (seconds) sent with the error answers.
    pub retry_after_s: Option<u64>,
    /// Changes to the JSON of a served answer: what the production service may send
    /// beyond the spec's tables (a null string, an unknown field, a new catalogue
    /// value), made to order so a test can show what the desk does with it.
    pub alter: Vec<Alteration>,
}

/// One change to an answer's JSON: the member a JSON Pointer (RFC 6901, e.g.
/// `/Data/Person/0/FaceKeyId`) names is set to `value`, or removed with `remove`. A
/// member that does not exist yet is added to its object.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Alteration {
    pub pointer: String,
    pub value: serde_json::Value,
    pub remove: bool,
}

impl Alteration {
    /// Applies the change; false when the pointer's parent does not exist.
    pub fn apply(&self, answer: &mut serde_json::Value) -> bool {
        let Some((parent, last)) = self.pointer.rsplit_once('/') else {
            return false;
        };
        let key = last.replace("~1", "/").replace("~0", "~");
        match answer.pointer_mut(parent) {
            Some(serde_json::Value::Object(members)) => {
                if self.remove {
                    members.remove(&key);
                } else {
                    members.insert(key, self.value.clone());
                }
                true
            }
            Some(serde_json::Value::Array(items)) => match key.parse::<usize>() {
                Ok(index) if index < items.len() => {
                    if self.remove {
                        items.remove(index);
                    } else {
                        items[index] = self.value.clone();
                    }
                    true
                }
                _ => false,
            },
            _ => false,
        }
    }
}

impl Fault {
    fn applies_to(&self, route: &str) -> bool {
        self.route == "*" || self.route == route
    }

    pub fn validate(&self) -> Result<(), String> {
        let rates = [self.error_rate, self.drop_rate, self.malformed_rate];
        if rates.iter().any(|r| !(0.0..=1.0).contains(r)) {
            return Err("rates must be between 0 and 1".into());
        }
        if self.route.trim().is_empty() {
            return Err("route is required (\"*\" for every route)".into());
        }
        if let Some(code) = self.error_status
            && StatusCode::from_u16(code).is_err()
        {
            return Err(format!("{code} is not an HTTP status"));
        }
        if let Some(bad) = self.alter.iter().find(|a| !a.pointer.starts_with('/')) {
            return Err(format!("{:?} is not a JSON Pointer", bad.pointer));
        }
        Ok(())
    }
}

/// What to do with one request.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Serve,
    Error(StatusCode, Option<u64>),
    Drop,
    Malformed,
}

/// The fate of one request: wait `before`, answer per `outcome`, then hold the answer
/// back for `after`.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    pub before: Duration,
    pub outcome: Outcome,
    pub after: Duration,
    /// Changes to make to the served answer's JSON.
    pub alter: Vec<Alteration>,
}

/// Decides the fate of a request on `route` (the delays are applied by the caller).
/// Faults are tried in the order they were added, up to the first that acts; each one
/// tried uses one of its `times`, and a spent fault is retired.
pub fn decide(faults: &mut Vec<Fault>, route: &str, rng: &mut ChaCha8Rng) -> Decision {
    let mut decision = Decision {
        before: Duration::ZERO,
        outcome: Outcome::Serve,
        after: Duration::ZERO,
        alter: Vec::new(),
    };
    for fault in faults.iter_mut().filter(|f| f.applies_to(route)) {
        if let Some(left) = fault.times.as_mut() {
            *left = left.saturating_sub(1);
        }
        decision.before += Duration::from_millis(fault.latency_ms);
        decision.after += Duration::from_millis(fault.latency_after_ms);
        decision.alter.extend(fault.alter.iter().cloned());
        decision.outcome = fault.draw(rng);
        if decision.outcome != Outcome::Serve {
            break;
        }
    }
    faults.retain(|f| f.times != Some(0));
    decision
}

impl Fault {
    fn draw(&self, rng: &mut ChaCha8Rng) -> Outcome {
        if self.drop_rate > 0.0 && rng.random_bool(self.drop_rate) {
            return Outcome::Drop;
        }
        if self.error_rate > 0.0 && rng.random_bool(self.error_rate) {
            let status = self
                .error_status
                .and_then(|code| StatusCode::from_u16(code).ok())
                .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            return Outcome::Error(status, self.retry_after_s);
        }
        if self.malformed_rate > 0.0 && rng.random_bool(self.malformed_rate) {
            return Outcome::Malformed;
        }
        Outcome::Serve
    }
}

pub fn respond(outcome: Outcome) -> Option<Response> {
    match outcome {
        Outcome::Serve => None,
        Outcome::Error(status, retry_after) => {
            let mut response = Envelope::error(
                status,
                crate::messages::status::ERROR,
                crate::messages::INTERNAL_ERROR,
            )
            .into_response();
            if let Some(seconds) = retry_after {
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, seconds.into());
            }
            Some(response)
        }
        // A body stream that fails makes the server abort the connection mid-answer.
        Outcome::Drop => Some(
            Response::builder()
                .status(StatusCode::OK)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from_stream(futures_util::stream::once(async {
                    Err::<Vec<u8>, std::io::Error>(std::io::Error::other(
                        "connection dropped by fault injection",
                    ))
                })))
                .unwrap_or_default(),
        ),
        Outcome::Malformed => Some(
            (
                [(header::CONTENT_TYPE, "application/json")],
                r#"{"Code": 200, "Status": "Succ"#,
            )
                .into_response(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn rates_decide_the_share_of_faulted_requests() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut faults = vec![Fault {
            route: "*".into(),
            error_rate: 0.3,
            latency_ms: 5,
            ..Fault::default()
        }];
        let errors = (0..1000)
            .filter(|_| {
                matches!(
                    decide(&mut faults, "GET /x", &mut rng).outcome,
                    Outcome::Error(..)
                )
            })
            .count();
        assert!((240..=360).contains(&errors), "{errors} of 1000");
        let decision = decide(&mut faults, "GET /x", &mut rng);
        assert_eq!(decision.before, Duration::from_millis(5));
        assert_eq!(decision.after, Duration::ZERO);
        let mut only_tracking = vec![Fault {
            route: "POST /expedientes/v1/tracking".into(),
            drop_rate: 1.0,
            ..Fault::default()
        }];
        assert_eq!(
            decide(&mut only_tracking, "GET /verificaciones/{folio}", &mut rng).outcome,
            Outcome::Serve
        );
        assert_eq!(
            decide(
                &mut only_tracking,
                "POST /expedientes/v1/tracking",
                &mut rng
            )
            .outcome,
            Outcome::Drop
        );
    }

    #[test]
    fn alterations_set_add_and_remove_members() {
        let mut answer =
            serde_json::json!({"Data": {"Person": [{"FaceKeyId": "k", "FullName": "Ana"}]}});
        let set = |pointer: &str, value: serde_json::Value| Alteration {
            pointer: pointer.into(),
            value,
            remove: false,
        };
        assert!(set("/Data/Person/0/FaceKeyId", serde_json::Value::Null).apply(&mut answer));
        assert!(set("/Data/CampoNuevo", serde_json::json!({"a": 1})).apply(&mut answer));
        let remove = Alteration {
            pointer: "/Data/Person/0/FullName".into(),
            remove: true,
            ..Alteration::default()
        };
        assert!(remove.apply(&mut answer));
        assert!(!set("/Data/Nada/x", serde_json::Value::Null).apply(&mut answer));
        assert_eq!(
            answer,
            serde_json::json!({"Data": {"Person": [{"FaceKeyId": null}], "CampoNuevo": {"a": 1}}})
        );
    }

    #[test]
    fn a_fault_with_times_is_spent_after_that_many_requests() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut faults = vec![Fault {
            route: "GET /x".into(),
            error_rate: 1.0,
            error_status: Some(503),
            times: Some(2),
            retry_after_s: Some(1),
            ..Fault::default()
        }];
        let outcomes: Vec<Outcome> = (0..3)
            .map(|_| decide(&mut faults, "GET /x", &mut rng).outcome)
            .collect();
        let unavailable = Outcome::Error(StatusCode::SERVICE_UNAVAILABLE, Some(1));
        assert_eq!(outcomes, [unavailable.clone(), unavailable, Outcome::Serve]);
        assert!(faults.is_empty());
    }

    #[test]
    fn latency_after_is_its_own_delay_and_an_unknown_field_is_refused() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let fault: Fault = serde_json::from_str(
            r#"{"route": "POST /x", "latency_ms": 10, "latency_after_ms": 1500}"#,
        )
        .expect("a known field");
        let mut faults = vec![fault];
        let decision = decide(&mut faults, "POST /x", &mut rng);
        assert_eq!(decision.before, Duration::from_millis(10));
        assert_eq!(decision.after, Duration::from_millis(1500));
        assert_eq!(decision.outcome, Outcome::Serve);
        assert!(serde_json::from_str::<Fault>(r#"{"route": "*", "latency_afterms": 5}"#).is_err());
    }

    #[test]
    fn invalid_faults_are_refused() {
        assert!(
            Fault {
                route: "*".into(),
                error_rate: 1.5,
                ..Fault::default()
            }
            .validate()
            .is_err()
        );
        assert!(Fault::default().validate().is_err());
        assert!(
            Fault {
                route: "*".into(),
                error_status: Some(1000),
                ..Fault::default()
            }
            .validate()
            .is_err()
        );
    }
}

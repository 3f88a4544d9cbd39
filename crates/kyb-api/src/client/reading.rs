//! What a call's answer becomes: its `Data` read tolerantly (and taught to the
//! learner), the error a 2xx body declares, and the failures of a state-changing call
//! that leave its outcome unknown.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::Client;
use crate::drift;
use crate::envelope::answer::Answer;
use crate::envelope::{Envelope, snippet};
use crate::error::{ApiError, Result, maybe_done};
use crate::operation::Operation;

impl Client {
    pub(super) async fn json<B: Serialize, T: DeserializeOwned + Serialize>(
        &self,
        operation: Operation,
        params: &[&str],
        body: Option<&B>,
        headers: &[(&str, String)],
    ) -> Result<T> {
        let answer = async {
            let bytes = self.send(operation, params, body, headers).await?;
            self.answer(operation, &bytes).map(|(model, _)| model)
        };
        answer.await.map_err(|e| maybe_done(operation, e))
    }

    /// A 2xx answer's envelope, or the error its body declares.
    pub(super) fn success_envelope(&self, operation: Operation, body: &[u8]) -> Result<Envelope> {
        let envelope = Envelope::parse(body).map_err(|e| ApiError::undecodable(200, &e))?;
        if envelope.says_failure() {
            return Err(declared_failure(operation, envelope.code, body));
        }
        Ok(envelope)
    }

    /// A 2xx answer's `Data` as `T` and its warnings, or the error its body declares.
    /// Read the short way ([`Answer`]) when it can be; the long way, through the whole
    /// body's `Value`, says what is wrong with a body the short way cannot read.
    pub(super) fn answer<T: DeserializeOwned + Serialize>(
        &self,
        operation: Operation,
        body: &[u8],
    ) -> Result<(T, Vec<String>)> {
        if self.learner.is_none() {
            if let Some(answer) = Answer::<T>::read(body) {
                if answer.heading.says_failure() {
                    return Err(declared_failure(operation, answer.heading.code, body));
                }
                return Ok((answer.data, answer.heading.warnings));
            }
        } else if let Some(answer) = Answer::read_value(body) {
            // The learner compares what was received with its reading: `Data` is
            // needed as a value.
            if answer.heading.says_failure() {
                return Err(declared_failure(operation, answer.heading.code, body));
            }
            let model = self.data_of(operation, answer.data, body)?;
            return Ok((model, answer.heading.warnings));
        }
        let mut envelope = self.success_envelope(operation, body)?;
        let warnings = std::mem::take(&mut envelope.warnings);
        Ok((self.data_of(operation, envelope.data, body)?, warnings))
    }

    /// The answer's `Data` as `T`, under the tolerant rule; what reading it absorbed
    /// goes to the learner, if any.
    fn data_of<T: DeserializeOwned + Serialize>(
        &self,
        operation: Operation,
        data: Value,
        body: &[u8],
    ) -> Result<T> {
        let undecodable = |_| ApiError::Decode {
            status: 200,
            snippet: snippet(body),
        };
        match &self.learner {
            None => serde_json::from_value(data).map_err(undecodable),
            Some(learner) => {
                let (model, lesson) = drift::read(operation, &data).map_err(undecodable)?;
                (learner.0)(operation, lesson);
                Ok(model)
            }
        }
    }
}

/// The error of a 2xx answer whose body says it failed, under the status its `Code`
/// gives (when that is an error status).
fn declared_failure(operation: Operation, code: Option<i64>, body: &[u8]) -> ApiError {
    let status = code
        .and_then(|c| u16::try_from(c).ok())
        .filter(|c| *c >= 400)
        .unwrap_or(200);
    ApiError::from_answer(operation, status, body)
}

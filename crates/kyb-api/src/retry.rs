//! When a read is tried again, and after how long: on a timeout, a broken or refused
//! connection, or a 502, 503 or 504; at most three attempts in all; waiting a
//! random time up to an exponentially growing ceiling ("full jitter"), or what the
//! service asks for in `Retry-After`. State-changing operations are never retried
//! (see [`crate::operation::Operation::may_retry`]).

use std::time::Duration;

/// What ended one attempt, as far as retrying cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    Timeout,
    Connection,
    Status(u16),
}

impl Failure {
    pub fn is_transient(self) -> bool {
        match self {
            Self::Timeout | Self::Connection => true,
            Self::Status(code) => matches!(code, 502..=504),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included.
    pub max_attempts: u32,
    /// Ceiling of the first wait; doubles with every retry.
    pub base_delay: Duration,
    /// The ceiling never grows past this.
    pub max_delay: Duration,
    /// A `Retry-After` longer than this is not waited for: the failure is reported.
    pub max_retry_after: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_attempts: 3,
            base_delay: Duration::from_millis(200),
            max_delay: Duration::from_secs(3),
            max_retry_after: Duration::from_secs(10),
        }
    }
}

impl RetryPolicy {
    /// No retries at all.
    pub fn never() -> Self {
        Self {
            max_attempts: 1,
            ..Self::default()
        }
    }

    /// The wait before attempt `attempt + 1`, after attempt `attempt` (from 1) failed
    /// with `failure`; `None` when no further attempt is made. `unit` is a uniform
    /// random number in [0, 1), the jitter.
    pub fn next_delay(
        &self,
        attempt: u32,
        failure: Failure,
        retry_after: Option<Duration>,
        unit: f64,
    ) -> Option<Duration> {
        if attempt >= self.max_attempts || !failure.is_transient() {
            return None;
        }
        if let Some(asked) = retry_after {
            return (asked <= self.max_retry_after).then_some(asked);
        }
        let doubling = 2u32.saturating_pow(attempt.saturating_sub(1));
        let ceiling = self.base_delay.saturating_mul(doubling).min(self.max_delay);
        Some(ceiling.mul_f64(unit.clamp(0.0, 1.0)))
    }
}

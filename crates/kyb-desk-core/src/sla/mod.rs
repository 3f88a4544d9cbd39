//! SLA clocks made for KYB: a business calendar ([`calendar`]), a target per status
//! ([`targets`]), and the clock of a file from the statuses it has been in ([`clock`]).
//! Each workspace keeps one [`SlaPolicy`]; one desk keeps it in a local record
//! ([`policy_store`]).

#[cfg(test)]
mod bounds_tests;
pub mod calendar;
pub mod change;
pub mod clock;
pub mod notice_store;
mod policy;
pub mod policy_store;
pub mod targets;
#[cfg(test)]
mod tests;

pub use calendar::{BusinessCalendar, mexico_holidays};
pub use clock::{Phase, SlaClock, SlaState, StatusSpan, clock};
pub use policy::SlaPolicy;
pub use targets::SlaTargets;

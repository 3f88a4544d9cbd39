//! The audit log: one JSON line per state-changing call (create, correction request,
//! complementary information, enrollment link, resend, cancel) and per event of the
//! desk itself (an address or key change, a repair of the log), with who, what and how
//! it ended, never the key. Each entry carries the SHA-256 of the previous one and its
//! own, and the chain's head is also kept outside the file ([`anchor`]), so
//! [`AuditLog::verify`] finds an entry edited, removed or reordered, last entries
//! deleted, and a chain rewritten with recomputed hashes.
//!
//! Readers never change the file. Before its first entry (and whenever the file changed
//! under it) the log repairs what a crash left and records it: a torn last line is moved
//! beside the log (`audit.jsonl.torn-<UTC time>`, [`DeskEvent::AuditRecovered`]); what
//! the anchor knows and the file lacks is recorded ([`DeskEvent::AuditTamperDetected`])
//! before the next head is anchored, so the evidence stays in the chain.
//!
//! Its rooms: [`action`], [`entry`], `target`, [`chain`] (reading and checking), [`log`]
//! (writing and repairing), `kept` (entries kept between reads), [`csv`] and [`anchor`].

mod action;
pub mod anchor;
mod chain;
mod csv;
mod entry;
mod kept;
mod log;
mod target;

pub use csv::to_csv;
pub use entry::*;
pub use kept::LogEntries;
pub use log::AuditLog;

#[cfg(test)]
mod tests;

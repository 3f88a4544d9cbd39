//! The audit log: one JSON line per state-changing call (create, correction request,
//! complementary information, enrollment link, resend, cancel) and per event of the
//! desk itself (an address or key change, a repair of the log), with who, what and
//! how it ended. Each entry carries the SHA-256 of the previous entry and its own, so
//! an edited, removed or reordered entry is found by [`AuditLog::verify`]; the head
//! of the chain is also kept outside the file ([`anchor`]), so deleted
//! last entries and a chain rewritten with recomputed hashes are found too. The key
//! is never part of an entry: summaries are built from the request bodies, which do
//! not hold it.
//!
//! Readers ([`AuditLog::verify`], [`AuditLog::entries`]) never change the file: they
//! report it as it is. Before its first entry (and again whenever the file changed
//! under it), the log repairs what a crash left and records what it found:
//! - a torn last line (cut by a crash mid-write: unreadable) is moved to a file beside
//!   the log, `audit.jsonl.torn-<UTC time>`, and an [`DeskEvent::AuditRecovered`]
//!   entry names it. A last line complete but for its newline gets the newline.
//! - when the anchor knows entries the file lacks, or another hash at its sequence,
//!   an [`DeskEvent::AuditTamperDetected`] entry says so before the next head is
//!   anchored, so the evidence stays in the chain after the anchor moves on. Until
//!
//! Its rooms: [`action`] (what an entry is about), [`entry`] (what an entry holds and what
//! a check reports), `target` (the file, folio or profile it concerns), [`chain`] (reading
//! the file's lines and checking their hashes and the anchored head), [`log`] (the log
//! that writes and repairs), `kept` (the entries kept between reads, only appended lines
//! parsed again), [`csv`] (the export) and [`anchor`] (the head kept outside).

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

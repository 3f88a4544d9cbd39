//! The files an analyst follows. The service has no list operation, so the desk keeps
//! FlowID and RFC of each file (and, once tracking answered, its DocumentId, company,
//! status and last update). A file whose status or sections changed since the analyst
//! last opened it is marked. One list per profile.

mod csv_text;
mod list;
#[cfg(test)]
mod span_tests;
#[cfg(test)]
mod tests;
mod watched_file;

pub use csv_text::{ImportReport, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, RefusedLine, to_csv};
pub use list::Watchlist;
pub(crate) use list::in_profile;
use list::problems;
pub use watched_file::{FileRisk, RefreshProgress, SectionCounts, WatchedFile};

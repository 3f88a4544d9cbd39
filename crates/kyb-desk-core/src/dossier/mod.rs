//! The auditor's dossier of a file: one ZIP holding a PDF report
//! (`informe.pdf`), the same content as JSON (`dossier.json`) and `SHA256SUMS`. It
//! holds the file's data as the desk read it, each section's decision with who sent it
//! and when, the findings acknowledged, each evidence document's SHA-256, the notes
//! (a team's; one desk keeps none and says so), and the file's trail entries with
//! their hashes, linked to the chain's head (or a team's signed checkpoint).
//!
//! Its rooms: [`model`] (what it holds), `typeset` (lines on PDF pages, with an
//! embedded font that has Spanish's accents), `report` (the dossier as those lines),
//! [`archive`] (the ZIP and its digest), `local` (what one desk's audit log gives), `team`
//! (what a team's trail gives) and [`verify`] (the check `docs/DOSSIER.md` describes). The desk's export, recorded
//! in the trail, is `crate::desk`'s (`desk/dossier.rs`).

pub mod archive;
pub mod findings;
mod hashed;
pub(crate) mod local;
pub mod model;
mod report;
pub(crate) mod team;
mod typeset;
mod verify;

pub use archive::Built;
pub use local::{LocalSources, NO_NOTES, assemble_local};
pub use model::Dossier;
pub use verify::{DossierCheck, DossierProblem, verify};

#[cfg(test)]
mod fixture;
#[cfg(test)]
mod hostile_tests;
#[cfg(test)]
mod tests;

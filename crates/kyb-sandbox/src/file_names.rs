//! The names of the files `/_files/` generates on demand (see `served.rs`): the
//! detail's addresses point at them, and the server reads back which file each names.

use uuid::Uuid;

/// The `n`th photo of a branch, from its `side`.
pub fn branch_photo_name(document_id: Uuid, side: &str, n: usize) -> String {
    format!("branches/{document_id}-{side}-{n}.png")
}

/// `stem` names the document and its type: `comprobante.pdf`, `acta.pdf`,
/// `sucursal-1.png`.
pub fn document_file_name(document_id: Uuid, stem: &str) -> String {
    format!("documents/{document_id}-{stem}")
}

//! Business files (expedientes): the file and section status catalogues, the tracking
//! `Comments` entries that carry each section's status and comments, the verdicts a
//! correction writes, and section identifiers read into their parts ([`SectionId`]).

use crate::wire_enum::wire_enum;

mod section;

pub use section::{LISTED_IN_SPEC, Modifier, SectionBase, SectionId};

wire_enum! {
    /// `DocumentStatus` of a file.
    DocumentStatus {
        /// Initial: the user is entering data and uploading documents.
        Ingresado => "Ingresado",
        /// Sent for review; waiting in the back-office queue.
        Pendiente => "Pendiente",
        /// An analyst is validating.
        EnRevision => "En Revisión",
        /// Inconsistencies found; returned to the user.
        CorreccionPorElUsuario => "Corrección por el Usuario",
        /// The name the correction request gives its resulting state. The spec does not
        /// say whether it is the same as `CorreccionPorElUsuario`; we treat them as one
        /// state (see [`DocumentStatus::is_awaiting_correction`]).
        PendienteDeCorreccion => "Pendiente de Corrección",
        EnrolamientoIniciado => "Enrolamiento Iniciado",
        EnrolamientoFallido => "Enrolamiento Fallido",
        /// Approved (final).
        Aceptado => "Aceptado",
        /// Closed without completing the process successfully (final).
        Finalizado => "Finalizado",
    }
}

/// What a file status means for the back office: who has the file now, and whether it
/// is over. Both names of the correction state are one category.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, ts_rs::TS,
)]
#[serde(rename_all = "snake_case")]
pub enum StatusCategory {
    /// Ingresado: the user is entering data.
    Entering,
    /// Pendiente: waiting in the back-office queue.
    Queued,
    /// En Revisión: an analyst is validating.
    InReview,
    /// Corrección por el Usuario / Pendiente de Corrección: back with the user.
    WithUser,
    /// Enrolamiento Iniciado.
    Enrolling,
    /// Enrolamiento Fallido.
    EnrollmentFailed,
    /// Aceptado (final).
    Approved,
    /// Finalizado (final, not successful).
    Closed,
    /// A status the spec does not list.
    Unknown,
}

impl DocumentStatus {
    pub fn category(&self) -> StatusCategory {
        match self {
            Self::Ingresado => StatusCategory::Entering,
            Self::Pendiente => StatusCategory::Queued,
            Self::EnRevision => StatusCategory::InReview,
            Self::CorreccionPorElUsuario | Self::PendienteDeCorreccion => StatusCategory::WithUser,
            Self::EnrolamientoIniciado => StatusCategory::Enrolling,
            Self::EnrolamientoFallido => StatusCategory::EnrollmentFailed,
            Self::Aceptado => StatusCategory::Approved,
            Self::Finalizado => StatusCategory::Closed,
            Self::Other(_) => StatusCategory::Unknown,
        }
    }

    pub fn is_final(&self) -> bool {
        matches!(self, Self::Aceptado | Self::Finalizado)
    }

    /// Both names of the state in which the user must correct the file.
    pub fn is_awaiting_correction(&self) -> bool {
        matches!(
            self,
            Self::CorreccionPorElUsuario | Self::PendienteDeCorreccion
        )
    }
}

wire_enum! {
    /// The status of one section, as tracking shows it in parentheses (masculine
    /// spelling). The correction request writes decisions in the feminine spelling:
    /// see [`Decision`].
    SectionStatus {
        Pendiente => "Pendiente",
        EnRevision => "En Revisión",
        RequiereAtencion => "Requiere Atención",
        Completado => "Completado",
        Aceptado => "Aceptado",
        Rechazado => "Rechazado",
    }
}

wire_enum! {
    /// A back-office decision on a section, as the correction request spells it.
    Decision {
        Aceptada => "Aceptada",
        Rechazada => "Rechazada",
    }
}

/// A decision the correction request may write: exactly the two values its `estatus`
/// allows. [`Decision`] reads the same words tolerantly.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, ts_rs::TS,
)]
pub enum Verdict {
    Aceptada,
    Rechazada,
}

impl Verdict {
    pub const ALL: [Self; 2] = [Self::Aceptada, Self::Rechazada];

    /// The wire spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Aceptada => "Aceptada",
            Self::Rechazada => "Rechazada",
        }
    }
}

impl Verdict {
    /// The section status the verdict leaves, in tracking's spelling.
    pub fn leads_to(self) -> SectionStatus {
        match self {
            Self::Aceptada => SectionStatus::Aceptado,
            Self::Rechazada => SectionStatus::Rechazado,
        }
    }

    /// Every verdict with the status it leaves, as data for the window (which tells
    /// from a fresh tracking whether a correction it lost the answer of was applied).
    pub fn outcomes() -> Vec<VerdictOutcome> {
        Self::ALL
            .iter()
            .map(|&verdict| VerdictOutcome {
                verdict,
                leads_to: verdict.leads_to(),
            })
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct VerdictOutcome {
    pub verdict: Verdict,
    pub leads_to: SectionStatus,
}

impl Decision {
    /// The section status a decision leaves, in tracking's spelling.
    pub fn section_status(&self) -> Option<SectionStatus> {
        match self {
            Self::Aceptada => Some(Verdict::Aceptada.leads_to()),
            Self::Rechazada => Some(Verdict::Rechazada.leads_to()),
            Self::Other(_) => None,
        }
    }
}

/// One entry of tracking's `Comments`: "Section (Status)" or "Section (Status): comments".
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SectionComment {
    pub section: String,
    pub status: SectionStatus,
    /// Everything after the first colon that follows the parentheses; may itself
    /// contain colons and parentheses.
    pub comments: Option<String>,
}

impl SectionComment {
    /// Writes the entry the way the service builds it.
    pub fn to_entry(&self) -> String {
        match &self.comments {
            Some(text) => format!("{} ({}): {}", self.section, self.status, text),
            None => format!("{} ({})", self.section, self.status),
        }
    }

    /// Reads an entry. The status is the first parenthesised group after the section
    /// name; `None` when the entry has no such group.
    pub fn parse(entry: &str) -> Option<Self> {
        let open = entry.find('(')?;
        let close = open + entry[open..].find(')')?;
        let section = entry[..open].trim();
        if section.is_empty() {
            return None;
        }
        let status = SectionStatus::parse(&entry[open + 1..close]);
        let rest = entry[close + 1..].trim_start();
        let comments = rest
            .strip_prefix(':')
            .map(|text| text.trim().to_owned())
            .filter(|text| !text.is_empty());
        Some(Self {
            section: section.to_owned(),
            status,
            comments,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_round_trip_with_accents_colons_and_parentheses() {
        let entry = SectionComment {
            section: "ProofAddress".into(),
            status: SectionStatus::RequiereAtencion,
            comments: Some("Fecha: 2024 (vencido): subir otro".into()),
        };
        let text = entry.to_entry();
        assert_eq!(
            text,
            "ProofAddress (Requiere Atención): Fecha: 2024 (vencido): subir otro"
        );
        assert_eq!(SectionComment::parse(&text), Some(entry));
        let bare = SectionComment::parse("Sucursal (EN REVISIÓN)").expect("parses");
        assert_eq!(bare.status, SectionStatus::EnRevision);
        assert_eq!(bare.comments, None);
        assert_eq!(SectionComment::parse("no status here"), None);
    }

    #[test]
    fn verdicts_are_the_decisions_and_serialise_as_spelled() {
        let spelled: Vec<&str> = Verdict::ALL.iter().map(|v| v.as_str()).collect();
        let decisions: Vec<&str> = Decision::KNOWN.iter().map(Decision::as_str).collect();
        assert_eq!(spelled, decisions);
        for verdict in Verdict::ALL {
            assert_eq!(
                serde_json::to_value(verdict).expect("serialises"),
                verdict.as_str()
            );
        }
    }

    #[test]
    fn both_names_of_the_correction_state_are_one_state() {
        assert!(DocumentStatus::parse("Pendiente de Corrección").is_awaiting_correction());
        assert!(DocumentStatus::parse("corrección por el usuario").is_awaiting_correction());
        assert!(DocumentStatus::Aceptado.is_final());
        assert_eq!(
            Decision::Rechazada.section_status(),
            Some(SectionStatus::Rechazado)
        );
    }
}

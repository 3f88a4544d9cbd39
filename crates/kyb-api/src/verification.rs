//! Home and workplace verifications, identified by a folio: their status catalogue and
//! which operations each status accepts.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `VerificationStatus` of the verification query. Values the spec does not list are
/// kept verbatim in `Other`, so a newer service never breaks reading.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum VerificationStatus {
    /// Created; link not yet sent.
    NoIniciado,
    /// Link delivered to the applicant.
    Enviado,
    /// Applicant opened the link.
    Abierto,
    /// Applicant accepted consent and is progressing.
    Iniciado,
    /// Whole flow finished.
    Completado,
    /// Expired without completing.
    Expirado,
    /// Cancelled.
    Rechazado,
    /// Signals of location manipulation detected.
    SuspendidaPorRiesgo,
    Other(String),
}

impl VerificationStatus {
    /// Every status of the spec's catalogue, in its order.
    pub const KNOWN: [VerificationStatus; 8] = [
        Self::NoIniciado,
        Self::Enviado,
        Self::Abierto,
        Self::Iniciado,
        Self::Completado,
        Self::Expirado,
        Self::Rechazado,
        Self::SuspendidaPorRiesgo,
    ];

    /// The wire spelling.
    pub fn as_str(&self) -> &str {
        match self {
            Self::NoIniciado => "NoIniciado",
            Self::Enviado => "Enviado",
            Self::Abierto => "Abierto",
            Self::Iniciado => "Iniciado",
            Self::Completado => "Completado",
            Self::Expirado => "Expirado",
            Self::Rechazado => "Rechazado",
            Self::SuspendidaPorRiesgo => "SuspendidaPorRiesgo",
            Self::Other(raw) => raw,
        }
    }

    /// Reads a wire value, ignoring case and surrounding blanks.
    pub fn parse(raw: &str) -> Self {
        let trimmed = raw.trim();
        Self::KNOWN
            .into_iter()
            .find(|known| known.as_str().eq_ignore_ascii_case(trimmed))
            .unwrap_or_else(|| Self::Other(raw.to_owned()))
    }

    /// The resend operation is accepted only in these statuses (spec: Enviado, Abierto,
    /// Iniciado, Expirado); an expired verification is revived by it.
    pub fn accepts_resend(&self) -> bool {
        matches!(
            self,
            Self::Enviado | Self::Abierto | Self::Iniciado | Self::Expirado
        )
    }

    /// The cancel operation applies to a verification in progress; a completed one is
    /// resolved through its verdict instead. The spec does not list "in progress": we
    /// take it as every status before an outcome, including one suspended for risk
    /// (still awaiting a decision), and exclude the ended ones (completed, expired,
    /// already cancelled) and any status we do not know.
    pub fn accepts_cancel(&self) -> bool {
        matches!(
            self,
            Self::NoIniciado
                | Self::Enviado
                | Self::Abierto
                | Self::Iniciado
                | Self::SuspendidaPorRiesgo
        )
    }
}

impl fmt::Display for VerificationStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for VerificationStatus {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for VerificationStatus {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(deserializer)?;
        Ok(Self::parse(&raw))
    }
}

/// The spec's GeoResult rule on the distance between the real and the declared
/// location: Consistente at most 100 m, Inconsistente beyond 500 m; the band between
/// them is not assigned by the spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GeoBand {
    Consistent,
    Unassigned,
    Inconsistent,
}

/// Upper bound, inclusive, of the consistent band.
pub const GEO_CONSISTENT_MAX_METERS: f64 = 100.0;
/// Lower bound, exclusive, of the inconsistent band.
pub const GEO_INCONSISTENT_ABOVE_METERS: f64 = 500.0;

impl GeoBand {
    pub fn of_distance(meters: f64) -> Self {
        if meters <= GEO_CONSISTENT_MAX_METERS {
            Self::Consistent
        } else if meters > GEO_INCONSISTENT_ABOVE_METERS {
            Self::Inconsistent
        } else {
            Self::Unassigned
        }
    }
}

#[cfg(test)]
mod tests {
    use super::GeoBand;
    use super::VerificationStatus as S;

    #[test]
    fn geo_bands_follow_the_spec_edges() {
        assert_eq!(GeoBand::of_distance(0.0), GeoBand::Consistent);
        assert_eq!(GeoBand::of_distance(100.0), GeoBand::Consistent);
        assert_eq!(GeoBand::of_distance(100.01), GeoBand::Unassigned);
        assert_eq!(GeoBand::of_distance(500.0), GeoBand::Unassigned);
        assert_eq!(GeoBand::of_distance(500.01), GeoBand::Inconsistent);
    }

    #[test]
    fn resend_is_accepted_exactly_in_the_four_statuses_of_the_spec() {
        let accepting: Vec<&str> = S::KNOWN
            .iter()
            .filter(|s| s.accepts_resend())
            .map(S::as_str)
            .collect();
        assert_eq!(accepting, ["Enviado", "Abierto", "Iniciado", "Expirado"]);
        assert!(!S::Other("Pausado".into()).accepts_resend());
    }

    #[test]
    fn a_completed_or_ended_verification_cannot_be_cancelled() {
        for ended in [
            S::Completado,
            S::Expirado,
            S::Rechazado,
            S::Other("X".into()),
        ] {
            assert!(!ended.accepts_cancel(), "{ended} must not accept cancel");
        }
        for open in [S::NoIniciado, S::Enviado, S::Abierto, S::Iniciado] {
            assert!(open.accepts_cancel(), "{open} must accept cancel");
        }
    }

    #[test]
    fn decoding_ignores_case_and_keeps_unknown_values() {
        let read: Vec<S> =
            serde_json::from_str(r#"["enviado", " COMPLETADO ", "Archivado"]"#).expect("decodes");
        assert_eq!(
            read,
            [S::Enviado, S::Completado, S::Other("Archivado".into())]
        );
        assert_eq!(
            serde_json::to_string(&S::SuspendidaPorRiesgo).expect("encodes"),
            r#""SuspendidaPorRiesgo""#
        );
    }
}

//! Home and workplace verifications, identified by a folio: their status catalogue and
//! which operations each status accepts.

use crate::wire_enum::wire_enum;

wire_enum! {
    /// `VerificationStatus` of the verification query.
    VerificationStatus {
        /// Created; link not yet sent.
        NoIniciado => "NoIniciado",
        /// Link delivered to the applicant.
        Enviado => "Enviado",
        /// Applicant opened the link.
        Abierto => "Abierto",
        /// Applicant accepted consent and is progressing.
        Iniciado => "Iniciado",
        /// Whole flow finished.
        Completado => "Completado",
        /// Expired without completing.
        Expirado => "Expirado",
        /// Cancelled.
        Rechazado => "Rechazado",
        /// Signals of location manipulation detected.
        SuspendidaPorRiesgo => "SuspendidaPorRiesgo",
    }
}

impl VerificationStatus {
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

/// The spec's GeoResult rule on the distance between the real and the declared
/// location: Consistente at most 100 m, Inconsistente beyond 500 m; the band between
/// them is not assigned by the spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum GeoBand {
    Consistent,
    Unassigned,
    Inconsistent,
}

/// The edges of the [`GeoBand`]s, as one value the desk can give its screens.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct GeoBands {
    /// Upper bound, inclusive, of the consistent band.
    pub consistent_max_meters: f64,
    /// Lower bound, exclusive, of the inconsistent band.
    pub inconsistent_above_meters: f64,
}

pub const GEO_BANDS: GeoBands = GeoBands {
    consistent_max_meters: 100.0,
    inconsistent_above_meters: 500.0,
};

pub const GEO_CONSISTENT_MAX_METERS: f64 = GEO_BANDS.consistent_max_meters;
pub const GEO_INCONSISTENT_ABOVE_METERS: f64 = GEO_BANDS.inconsistent_above_meters;

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
    fn geo_bands_cross_as_words_and_their_edges_as_one_value() {
        let words: Vec<serde_json::Value> = [
            GeoBand::Consistent,
            GeoBand::Unassigned,
            GeoBand::Inconsistent,
        ]
        .iter()
        .map(|band| serde_json::to_value(band).expect("serialises"))
        .collect();
        assert_eq!(words, ["consistent", "unassigned", "inconsistent"]);
        assert_eq!(
            serde_json::to_value(super::GEO_BANDS).expect("serialises"),
            serde_json::json!({"consistentMaxMeters": 100.0, "inconsistentAboveMeters": 500.0})
        );
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

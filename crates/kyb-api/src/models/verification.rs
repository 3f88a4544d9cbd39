//! Operation 7, the verification query: a home or workplace verification by folio.

use crate::time::UtcTime;
use crate::tolerant::answer_model;
use crate::verification::{GeoBand, VerificationStatus};
use crate::wire_enum::wire_enum;

wire_enum! {
    Verdict {
        Pendiente => "Pendiente",
        Aprobada => "Aprobada",
        Rechazada => "Rechazada",
        /// The requester is asked to repeat the capture.
        Reposicion => "Reposicion",
    }
}

wire_enum! {
    GeoResult {
        /// At most 100 m between the real and the declared location.
        Consistente => "Consistente",
        /// More than 500 m.
        Inconsistente => "Inconsistente",
        /// Insufficient precision or no declared address.
        Indeterminado => "Indeterminado",
    }
}

wire_enum! {
    GeoIntegrity {
        Ok => "Ok",
        Sospechosa => "Sospechosa",
        Comprometida => "Comprometida",
    }
}

wire_enum! {
    BiometricStatus {
        Iniciada => "Iniciada",
        Completada => "Completada",
        /// The provider has not issued a verdict.
        Pendiente => "Pendiente",
        Aprobada => "Aprobada",
        Rechazada => "Rechazada",
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct Verification {
        pub folio: Option<String>,
        pub external_reference: Option<String>,
        pub verification_status: Option<VerificationStatus>,
        pub verdict: Option<Verdict>,
        pub verdict_comment: Option<String>,
        /// Only `Domiciliar` is shown by the spec; kept as a string.
        pub modality: Option<String>,
        pub product_name: Option<String>,
        pub product_key: Option<String>,
        pub created_at_utc: Option<UtcTime>,
        pub sent_at_utc: Option<UtcTime>,
        pub completed_at_utc: Option<UtcTime>,
        pub expires_at_utc: Option<UtcTime>,
        pub geo_result: Option<GeoResult>,
        pub distance_meters: Option<f64>,
        pub accuracy: Option<f64>,
        pub geo_integrity: Option<GeoIntegrity>,
        /// Detail when `GeoIntegrity` is not Ok, e.g. `<Signal>:<value><unit>`.
        pub geo_signals: Vec<String>,
        pub biometric_status: Option<BiometricStatus>,
        pub photos: Vec<Photo>,
    }
}

impl Verification {
    /// The spec's band of the reported distance (none when no distance was sent).
    pub fn geo_band(&self) -> Option<GeoBand> {
        self.distance_meters.map(GeoBand::of_distance)
    }

    pub fn accepts_resend(&self) -> bool {
        self.verification_status
            .as_ref()
            .is_some_and(VerificationStatus::accepts_resend)
    }

    pub fn accepts_cancel(&self) -> bool {
        self.verification_status
            .as_ref()
            .is_some_and(VerificationStatus::accepts_cancel)
    }
}

answer_model! {
    #[serde(rename_all = "PascalCase")]
    pub struct Photo {
        pub section: Option<String>,
        pub url: Option<String>,
        pub timestamp_utc: Option<UtcTime>,
        pub geo_result: Option<GeoResult>,
        pub distance_meters: Option<f64>,
        pub hash_sha256: Option<String>,
    }
}

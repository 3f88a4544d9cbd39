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
    /// Whether the applicant captured anything: a photo, or a completed flow. Before
    /// that the service still writes a distance and an accuracy (the spec types them as
    /// numbers, never null), `0` that nothing measured.
    pub fn captured(&self) -> bool {
        !self.photos.is_empty() || self.completed_at_utc.is_some()
    }

    /// The spec's band of the reported distance: none when no distance was sent, when
    /// nothing was captured (its `0` would read as consistent), or when the service
    /// calls the location `Indeterminado` (insufficient precision or no declared
    /// address, so the distance supports no verdict).
    pub fn geo_band(&self) -> Option<GeoBand> {
        if !self.captured() || self.geo_result == Some(GeoResult::Indeterminado) {
            return None;
        }
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn read(value: serde_json::Value) -> Verification {
        serde_json::from_value(value).expect("reads")
    }

    /// The answer for a verification whose link went out and nothing came back, as a
    /// service whose instants and numbers are never null writes it.
    fn before_capture() -> serde_json::Value {
        json!({"Folio": "VD-1", "VerificationStatus": "Enviado", "Verdict": "Pendiente",
               "CreatedAtUtc": "2026-11-20T10:00:00Z", "SentAtUtc": "2026-11-20T10:01:00Z",
               "CompletedAtUtc": "0001-01-01T00:00:00Z", "ExpiresAtUtc": "2026-11-23T10:00:00Z",
               "GeoResult": "Indeterminado", "DistanceMeters": 0, "Accuracy": 0,
               "GeoIntegrity": "Ok", "Photos": []})
    }

    #[test]
    fn nothing_captured_claims_no_band() {
        let waiting = read(before_capture());
        assert_eq!(waiting.completed_at_utc, None, "not completed");
        assert!(!waiting.captured());
        assert_eq!(waiting.geo_band(), None, "0 m measured nothing");
        // However the service words the location, a visit not captured has no band.
        let mut worded = before_capture();
        worded["GeoResult"] = json!("Consistente");
        assert_eq!(read(worded.clone()).geo_band(), None);
        worded["CompletedAtUtc"] = serde_json::Value::Null;
        assert_eq!(read(worded).geo_band(), None);
    }

    #[test]
    fn a_captured_visit_is_banded_unless_the_service_says_indeterminado() {
        let mut completed = before_capture();
        completed["VerificationStatus"] = json!("Completado");
        completed["CompletedAtUtc"] = json!("2026-11-20T10:45:00Z");
        completed["GeoResult"] = json!("Consistente");
        completed["DistanceMeters"] = json!(0);
        assert_eq!(
            read(completed.clone()).geo_band(),
            Some(GeoBand::Consistent)
        );
        completed["DistanceMeters"] = json!(620.5);
        completed["GeoResult"] = json!("Inconsistente");
        assert_eq!(
            read(completed.clone()).geo_band(),
            Some(GeoBand::Inconsistent)
        );
        completed["GeoResult"] = json!("indeterminado");
        assert_eq!(read(completed.clone()).geo_band(), None);
        // A photo alone is a capture: a flow in progress has a distance worth banding.
        let mut in_progress = before_capture();
        in_progress["VerificationStatus"] = json!("Iniciado");
        in_progress["GeoResult"] = json!("Consistente");
        in_progress["DistanceMeters"] = json!(42.5);
        in_progress["Photos"] = json!([{"Section": "Fachada", "DistanceMeters": 42.5}]);
        let reading = read(in_progress);
        assert!(reading.captured());
        assert_eq!(reading.geo_band(), Some(GeoBand::Consistent));
    }
}

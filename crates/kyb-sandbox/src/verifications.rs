//! Operations 7–9: read, resend the link of, and cancel a verification by folio.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use kyb_api::verification::{GeoBand, VerificationStatus};
use serde_json::Value;
use uuid::Uuid;

use crate::auth::Caller;
use crate::clock;
use crate::envelope::Envelope;
use crate::messages::{self, status};
use crate::state::{AppState, OutboxEvent, Photo, Verification, World};

/// How long a sent link stays valid (not shown in the spec; sandbox choice).
pub const LINK_VALIDITY_MINUTES: i64 = 72 * 60;

/// The `GeoResult` word for a distance. In the band the spec leaves unassigned
/// (over 100 m, up to 500 m) the sandbox answers Indeterminado: the service cannot
/// call the location consistent or inconsistent there.
pub fn geo_result(distance_meters: f64) -> &'static str {
    match GeoBand::of_distance(distance_meters) {
        GeoBand::Consistent => "Consistente",
        GeoBand::Unassigned => "Indeterminado",
        GeoBand::Inconsistent => "Inconsistente",
    }
}

/// A new link for the applicant; the previous one stops being the verification's.
pub fn applicant_url(base_url: &str, folio: &str, serial: u64) -> String {
    format!("{base_url}/_applicant/{folio}/{serial:06}")
}

fn not_found() -> Envelope {
    Envelope::error(
        StatusCode::NOT_FOUND,
        status::NOT_FOUND,
        messages::VERIFICATION_NOT_FOUND,
    )
}

/// The caller's verification with this folio; another workspace's folio is answered
/// as not found, exactly like one that does not exist.
fn owned<'w>(
    world: &'w mut World,
    workspace: Uuid,
    folio: &str,
) -> Result<&'w mut Verification, Envelope> {
    world
        .verifications
        .get_mut(folio)
        .filter(|v| v.workspace == workspace)
        .ok_or_else(not_found)
}

fn success(message: &str, data: Value) -> Envelope {
    Envelope::new(StatusCode::OK, status::SUCCESS_CAPITAL, message, data)
}

pub async fn read(
    State(app): State<AppState>,
    caller: Caller,
    Path(folio): Path<String>,
) -> Envelope {
    let mut world = app.lock();
    match owned(&mut world, caller.workspace, &folio) {
        Ok(verification) => success(
            messages::OK_VERIFICATION,
            serde_json::to_value(&*verification).unwrap_or(Value::Null),
        ),
        Err(refusal) => refusal,
    }
}

pub async fn resend(
    State(app): State<AppState>,
    caller: Caller,
    Path(folio): Path<String>,
) -> Envelope {
    let mut world = app.lock();
    let serial = world.next_serial();
    let now = clock::now();
    let verification = match owned(&mut world, caller.workspace, &folio) {
        Ok(v) => v,
        Err(refusal) => return refusal,
    };
    if !verification.verification_status.accepts_resend() {
        return Envelope::error(
            StatusCode::BAD_REQUEST,
            status::BAD_REQUEST,
            messages::RESEND_NOT_ALLOWED,
        );
    }
    // New link, validity renewed, previous link invalidated; an expired one is revived.
    // The resulting status is not shown in the spec: the link was delivered again, so
    // the sandbox puts the verification back in Enviado.
    verification.applicant_url = applicant_url(&app.base_url, &folio, serial);
    verification.verification_status = VerificationStatus::Enviado;
    verification.sent_at_utc = clock::iso_seconds(now);
    verification.expires_at_utc =
        clock::iso_seconds(clock::minutes_after(now, LINK_VALIDITY_MINUTES));
    world.outbox.push(OutboxEvent {
        at_utc: clock::iso_millis(now),
        workspace_id: caller.workspace,
        channel: "sms",
        kind: "verification_link_resent",
        target: folio,
        detail: None,
        billable: true,
    });
    success(messages::OK_RESENT, Value::Null)
}

pub async fn cancel(
    State(app): State<AppState>,
    caller: Caller,
    Path(folio): Path<String>,
) -> Envelope {
    let mut world = app.lock();
    let verification = match owned(&mut world, caller.workspace, &folio) {
        Ok(v) => v,
        Err(refusal) => return refusal,
    };
    if !verification.verification_status.accepts_cancel() {
        return Envelope::error(
            StatusCode::BAD_REQUEST,
            status::BAD_REQUEST,
            messages::CANCEL_FAILED,
        );
    }
    // Rechazado is the catalogue's "Cancelled" (the spec does not name the result).
    verification.verification_status = VerificationStatus::Rechazado;
    success(messages::OK_CANCELLED, Value::Null)
}

/// What a new verification looks like; the generator and the admin route fill it.
pub struct NewVerification {
    pub workspace: Uuid,
    pub status: VerificationStatus,
    /// The distance the visit's capture measured: reported only for a status that has a
    /// capture (Iniciado, Completado, SuspendidaPorRiesgo), or when `located` says so.
    pub distance_meters: f64,
    pub accuracy: f64,
    /// Report the location whatever the status (the admin API, when given a distance).
    pub located: bool,
    pub created: DateTime<Utc>,
    pub external_reference: String,
    pub colours: [[u8; 3]; 2],
}

/// Creates a verification with photos the sandbox serves (their `HashSha256` is the
/// SHA-256 of the served bytes) and returns its folio.
pub fn create(world: &mut World, base_url: &str, new: NewVerification) -> String {
    let serial = world.next_serial();
    let folio = format!("VD-{serial:08}");
    let status = new.status;
    let created = new.created;
    let sent = !matches!(status, VerificationStatus::NoIniciado);
    let completed = matches!(status, VerificationStatus::Completado);
    // An expired link lived a shorter while than a fresh one gets, always after it was
    // created (the seed creates it a day or more before now, so it is past).
    let expires = match status {
        VerificationStatus::Expirado => clock::minutes_after(created, 60),
        _ => clock::minutes_after(created, LINK_VALIDITY_MINUTES),
    };
    let has_photos = matches!(
        status,
        VerificationStatus::Iniciado
            | VerificationStatus::Completado
            | VerificationStatus::SuspendidaPorRiesgo
    );
    // Where the visit was captured: only once it was (or where the caller asks for it).
    let located = has_photos || new.located;
    let distance_meters = new.distance_meters;
    let mut photos = Vec::new();
    if has_photos {
        for (index, section) in ["Fachada", "Interior"].into_iter().enumerate() {
            let name = format!("photos/{folio}-{}.png", index + 1);
            let bytes = crate::photos::png(new.colours[index], new.colours[1 - index]);
            let distance = distance_meters + index as f64 * 3.5;
            photos.push(Photo {
                section: section.into(),
                url: format!("{base_url}/_files/{name}"),
                timestamp_utc: clock::iso_seconds(clock::minutes_after(created, 30 + index as i64)),
                geo_result: geo_result(distance).into(),
                distance_meters: distance,
                hash_sha256: crate::photos::sha256_hex(&bytes),
            });
            world.served.insert(
                name,
                crate::state::ServedFile {
                    content_type: "image/png",
                    bytes,
                },
            );
        }
    }
    // The spec types GeoResult as a string and DistanceMeters and Accuracy as numbers,
    // never null. Before the capture nothing was located: GeoResult is Indeterminado,
    // in the spec's own words "insufficient precision or no declared address", and
    // both numbers are 0, a value nothing measured, which Indeterminado tells a reader
    // not to judge.
    let geo_result_word = if located {
        geo_result(distance_meters)
    } else {
        "Indeterminado"
    };
    let risky = matches!(status, VerificationStatus::SuspendidaPorRiesgo);
    // A completed visit is rejected where the spec's bands call its place inconsistent.
    let inconsistent = GeoBand::of_distance(distance_meters) == GeoBand::Inconsistent;
    let (verdict, verdict_comment) = match status {
        VerificationStatus::Completado if inconsistent => (
            "Rechazada",
            Some("El domicilio capturado no coincide con el declarado.".to_owned()),
        ),
        VerificationStatus::Completado => ("Aprobada", None),
        _ => ("Pendiente", None),
    };
    let verification = Verification {
        workspace: new.workspace,
        applicant_url: applicant_url(base_url, &folio, serial),
        folio: folio.clone(),
        external_reference: new.external_reference,
        verification_status: status.clone(),
        verdict: verdict.into(),
        verdict_comment,
        modality: "Domiciliar".into(),
        product_name: "Verificación domiciliaria".into(),
        product_key: "VD-DOM".into(),
        created_at_utc: clock::iso_millis(created),
        sent_at_utc: clock::iso_seconds_or_not_yet(sent.then(|| clock::minutes_after(created, 1))),
        completed_at_utc: clock::iso_seconds_or_not_yet(
            completed.then(|| clock::minutes_after(created, 45)),
        ),
        expires_at_utc: clock::iso_seconds(expires),
        geo_result: geo_result_word.into(),
        distance_meters: if located { distance_meters } else { 0.0 },
        accuracy: if located { new.accuracy } else { 0.0 },
        geo_integrity: if risky { "Comprometida" } else { "Ok" }.into(),
        geo_signals: risky.then(|| vec!["MockLocation:1".into(), "SpeedJump:340km/h".into()]),
        biometric_status: match status {
            VerificationStatus::Completado => "Aprobada",
            VerificationStatus::Iniciado => "Iniciada",
            _ => "Pendiente",
        }
        .into(),
        photos,
    };
    world.verifications.insert(folio.clone(), verification);
    folio
}

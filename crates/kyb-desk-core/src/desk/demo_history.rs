//! The demo's past month, so that a fresh demo's dashboard shows figures that mean
//! something instead of zeros: on each working day of the 30 before today, a few files
//! of the sandbox created and, hours or days later, decided by the demo's analyst
//! (sections accepted, some rejected with a ready-made reason), written into the demo's
//! own audit log at the times they would have happened, in time order, before anything
//! of today. Only the demo writes it (it starts afresh at every start, so it is written
//! once per run); a real profile's log takes no entry but at the moment it happens.
//!
//! Decided here: the files are the sandbox's, each decided once, in its past round (a
//! file under review today was created and sent back for corrections weeks ago); the
//! demo's example files are left out, their story is today's. Up to two decisions a
//! working day, so a sandbox's few dozen files fill the month. The draws are seeded by
//! the day, so two starts on the same day tell the same month.

use chrono::{DateTime, Datelike, Duration, Utc, Weekday};
use kyb_api::Operation;
use kyb_api::requests::{CorrectionRequest, SectionDecision};

use super::Desk;
use crate::audit::{Action, AuditTarget, NewEntry, Outcome};
use crate::error::AppResult;
use crate::sent_summary;

/// The days of history, before today.
pub const DAYS: i64 = 30;
/// Mexico City's offset (no daylight time since 2022): the office's working day.
const OFFICE_OFFSET_HOURS: i64 = -6;

/// Sections a review decides, and the reason given when one is rejected: the
/// window's ready-made reasons, as an analyst would pick them.
const SECTIONS: [(&str, &str); 5] = [
    (
        "ProofAddress",
        "El comprobante de domicilio tiene más de tres meses: suba uno reciente.",
    ),
    (
        "ActaConstitutiva",
        "Faltan hojas del acta constitutiva: suba el documento completo.",
    ),
    (
        "FiscalCSF",
        "La constancia de situación fiscal tiene más de un mes: descargue una nueva del SAT.",
    ),
    (
        "LegalRepresentative",
        "La identificación del representante legal está vencida.",
    ),
    (
        "ValidacionBiometrica",
        "La fotografía del rostro no coincide con la de la identificación.",
    ),
];

/// SplitMix64: a few well-mixed draws from a seed, no state kept.
fn draw(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One past decision: when its file arrived (was created) and when it was decided.
struct Past {
    document_id: String,
    arrived: DateTime<Utc>,
    decided: DateTime<Utc>,
    request: CorrectionRequest,
}

/// The month's decisions on `files` (DocumentIds), oldest first, as of `now`.
fn month(files: &[String], now: DateTime<Utc>) -> Vec<Past> {
    let mut past = Vec::new();
    let mut next_file = files.iter();
    for days_ago in (1..=DAYS).rev() {
        let office_day =
            (now + Duration::hours(OFFICE_OFFSET_HOURS) - Duration::days(days_ago)).date_naive();
        if matches!(office_day.weekday(), Weekday::Sat | Weekday::Sun) {
            continue;
        }
        let seed = draw(u64::from(office_day.num_days_from_ce().unsigned_abs()));
        let decisions = seed % 3;
        for n in 0..decisions {
            let Some(document_id) = next_file.next() else {
                return past;
            };
            let r = draw(seed ^ (n + 1));
            // Decided between 9:00 and 18:00 office time; arrived 1 to 50 hours before.
            let decided = office_day
                .and_hms_opt(9, 0, 0)
                .map(|t| t.and_utc() - Duration::hours(OFFICE_OFFSET_HOURS))
                .unwrap_or(now)
                + Duration::minutes(i64::try_from(r % (9 * 60)).unwrap_or(0));
            let arrived = decided - Duration::hours(1 + i64::try_from((r >> 16) % 50).unwrap_or(0));
            let secciones = (0..3)
                .map(|s| {
                    let (seccion, reason) = SECTIONS[((r >> (24 + s * 3)) % 5) as usize];
                    let rejected = (r >> (40 + s * 4)).is_multiple_of(4);
                    SectionDecision {
                        seccion: seccion.to_owned(),
                        estatus: if rejected { "Rechazada" } else { "Aceptada" }.to_owned(),
                        comentario: rejected.then(|| reason.to_owned()),
                        ..SectionDecision::default()
                    }
                })
                .fold(Vec::<SectionDecision>::new(), |mut kept, d| {
                    if !kept.iter().any(|k| k.seccion == d.seccion) {
                        kept.push(d);
                    }
                    kept
                });
            past.push(Past {
                document_id: document_id.clone(),
                arrived,
                decided,
                request: CorrectionRequest {
                    document_id: document_id.clone(),
                    secciones,
                    notificar_usuario: Some(true),
                    mensaje_general: None,
                },
            });
        }
    }
    past
}

impl Desk {
    /// Writes the demo's past month into the active (demo) profile's audit log (see
    /// the module's notes); answers the decisions written.
    pub(crate) fn write_demo_history(
        &self,
        files: &[String],
        now: DateTime<Utc>,
    ) -> AppResult<u32> {
        let profile = self.active_profile()?;
        let past = month(files, now);
        let mut entries: Vec<(DateTime<Utc>, NewEntry)> = Vec::new();
        let entry = |operation: Operation, document_id: &str, summary: String| NewEntry {
            profile: profile.name.clone(),
            agent_email: profile.agent_email.clone(),
            action: Action::Service(operation),
            target: document_id.to_owned(),
            about: AuditTarget::File {
                document_id: document_id.to_owned(),
            },
            summary,
            outcome: Outcome {
                ok: true,
                code: None,
                message: None,
            },
            completes: None,
        };
        for p in &past {
            entries.push((
                p.arrived,
                entry(
                    Operation::CreateFile,
                    &p.document_id,
                    "expediente creado (historia de la demostración)".to_owned(),
                ),
            ));
            entries.push((
                p.decided,
                entry(
                    Operation::Correction,
                    &p.document_id,
                    sent_summary::correction(&p.request),
                ),
            ));
        }
        entries.sort_by_key(|(at, _)| *at);
        for (at, entry) in entries {
            self.audit.append_at(entry, at)?;
        }
        Ok(u32::try_from(past.len()).unwrap_or(u32::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("file-{i}")).collect()
    }

    #[test]
    fn a_month_of_working_days_each_file_decided_once_after_it_arrived() {
        let now: DateTime<Utc> = "2026-12-04T18:00:00Z".parse().expect("a time");
        let past = month(&files(200), now);
        // 30 days before a Friday: 22 working days, 0 to 2 decisions each.
        assert!((10..=44).contains(&past.len()), "{}", past.len());
        let mut seen = std::collections::HashSet::new();
        for p in &past {
            assert!(seen.insert(&p.document_id), "decided twice");
            assert!(p.arrived < p.decided && p.decided < now);
            assert!(now - p.decided <= Duration::days(DAYS + 1));
            let office = p.decided + Duration::hours(OFFICE_OFFSET_HOURS);
            assert!(!matches!(office.weekday(), Weekday::Sat | Weekday::Sun));
            assert!((9..18).contains(&chrono::Timelike::hour(&office)));
            // What the dashboard reads back: the sections and the reasons given.
            let (rejected, reasons) =
                sent_summary::rejections(&sent_summary::correction(&p.request));
            assert_eq!(rejected as usize, reasons.len());
        }
        assert!(
            past.iter()
                .any(|p| p.request.secciones.iter().any(|s| s.estatus == "Rechazada")),
            "some sections are rejected"
        );
        // The same day tells the same month; too few files, a shorter one.
        assert_eq!(month(&files(200), now).len(), past.len());
        assert_eq!(month(&files(5), now).len(), 5);
    }
}

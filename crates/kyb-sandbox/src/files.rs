//! Flows and business files (expedientes): what the sandbox keeps of each, and the
//! deterministic generator that fills a workspace with them.

use chrono::{DateTime, Utc};
use kyb_api::file::{DocumentStatus, SectionComment, SectionId, SectionStatus};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::clock;
use crate::people;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PersonType {
    Moral,
    /// A natural person; the spec shows only `Moral`.
    Fisica,
}

/// A customer flow: what a file created from it asks the end user for.
#[derive(Debug, Clone)]
pub struct Flow {
    pub flow_id: String,
    pub workspace: Uuid,
    pub person_type: PersonType,
    /// Section identifiers, limit suffixes included (`ProofAddressLimit:2`).
    pub sections: Vec<String>,
    /// Dynamic forms, identified by GUID.
    pub forms: Vec<DynamicForm>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DynamicForm {
    pub guid: Uuid,
    pub name: String,
}

impl Flow {
    /// The sections a file tracks, without the limit modifiers.
    pub fn tracked_sections(&self) -> impl Iterator<Item = &str> {
        self.sections
            .iter()
            .map(String::as_str)
            .filter(|id| SectionId::parse(id).limit.is_none())
    }
}

#[derive(Debug, Clone)]
pub struct Section {
    pub id: String,
    pub status: SectionStatus,
    pub comments: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Person {
    pub person_id: Uuid,
    pub name: people::PersonName,
    pub phone: String,
    pub email: String,
    pub rfc: String,
    pub curp: String,
    pub face_key_id: String,
    pub enrollment_request_at: Option<DateTime<Utc>>,
    pub callback_at: Option<DateTime<Utc>>,
    pub notification_at: Option<DateTime<Utc>>,
    /// The spec does not list the values; the sandbox uses Pendiente (never
    /// requested), Solicitado (link issued), Completado and Fallido.
    pub enrollment_status: &'static str,
    pub enrollment_reason: String,
    pub is_completed: bool,
}

impl Person {
    pub fn full_name(&self) -> String {
        self.name.full()
    }

    /// A link may be issued to a person who has not completed enrollment, in a file
    /// that is not closed.
    pub fn enrollment_allowed(&self, file_status: &DocumentStatus) -> bool {
        !self.is_completed && !file_status.is_final()
    }
}

#[derive(Debug, Clone)]
pub struct BusinessFile {
    pub document_id: Uuid,
    pub workspace: Uuid,
    pub flow_id: String,
    pub company_id: Uuid,
    pub company_name: String,
    /// Empty when the file was created without one.
    pub company_rfc: String,
    pub client_id: Uuid,
    pub client_name: String,
    pub external_id: Option<String>,
    /// Where the end user is notified; set when the file was created with contact data.
    pub contact_email: Option<String>,
    pub contact_phone: Option<String>,
    pub channel_name: String,
    pub guest_url: String,
    pub status: DocumentStatus,
    pub sections: Vec<Section>,
    pub forms: Vec<DynamicForm>,
    pub persons: Vec<Person>,
    /// How many branches a legal entity's detail shows (one, the head office, for
    /// every generated file but the large example)…
    pub branches: usize,
    /// …and how many proofs of address of those branches it lists beside the file's
    /// own proof of address and deed.
    pub branch_documents: usize,
    /// Lists the hostile files (`hostile.rs`) as its proofs of address instead of one
    /// generated bill: the demo's "Archivos Dudosos".
    pub hostile_proofs: bool,
    /// Its deed names, beside its persons, a shareholder that is a company (a
    /// 12-character RFC), whose own owners the deed does not show.
    pub corporate_shareholder: Option<(String, String)>,
    pub created: DateTime<Utc>,
    pub updated: DateTime<Utc>,
}

/// `delay_minutes` after `created`, wrapped round within the time from `created` to
/// five minutes before `now`.
fn updated_after(created: DateTime<Utc>, now: DateTime<Utc>, delay_minutes: i64) -> DateTime<Utc> {
    let age = (now.timestamp() - created.timestamp()) / 60 - 5;
    let delay = if age > 0 { delay_minutes % age } else { 0 };
    clock::minutes_after(created, delay)
}

impl BusinessFile {
    /// Tracking's `Comments`: one entry per section, built from the sections' states.
    pub fn comments(&self) -> Vec<String> {
        self.sections
            .iter()
            .map(|s| {
                SectionComment {
                    section: s.id.clone(),
                    status: s.status.clone(),
                    comments: (!s.comments.is_empty()).then(|| s.comments.join("; ")),
                }
                .to_entry()
            })
            .collect()
    }

    /// The tracking response's `Data`.
    pub fn tracking(&self) -> Value {
        let persons: Vec<Value> = self
            .persons
            .iter()
            .map(|p| {
                json!({
                    "PersonId": p.person_id,
                    "FullName": p.full_name(),
                    "Email": p.email,
                    "Rfc": p.rfc,
                    "Curp": p.curp,
                    "FaceKeyId": p.face_key_id,
                    // The spec types these three as ISO 8601 UTC strings, never null:
                    // an enrollment not requested, or not answered yet, shows
                    // `clock::NOT_YET` until it happens.
                    "EnrollmentRequestAtUtc": clock::iso_seconds_or_not_yet(p.enrollment_request_at),
                    "CallbackAtUtc": clock::iso_seconds_or_not_yet(p.callback_at),
                    "NotificationAtUtc": clock::iso_seconds_or_not_yet(p.notification_at),
                    "EnrollmentStatus": p.enrollment_status,
                    "EnrollmentReason": p.enrollment_reason,
                    "IsCompleted": p.is_completed,
                    "IsEnrollmentAllowed": p.enrollment_allowed(&self.status),
                })
            })
            .collect();
        json!({
            "DocumentId": self.document_id,
            "CompanyRfc": self.company_rfc,
            "CompanyName": self.company_name,
            "GuestUrl": self.guest_url,
            "ChannelName": self.channel_name,
            "DocumentStatus": self.status,
            "Comments": self.comments(),
            "CreatedAtUtc": clock::iso_millis(self.created),
            "UpdatedAtUtc": clock::iso_seconds(self.updated),
            "Person": persons,
        })
    }
}

/// Seeded comments an analyst or an automatic validation might have left.
const REJECTION_COMMENTS: [&str; 4] = [
    "El comprobante tiene más de 3 meses de antigüedad",
    "La imagen está borrosa: vuelva a cargarla",
    "El nombre no coincide con el acta (ver hoja 2)",
    "Falta la firma del representante legal",
];

fn section_status_for(rng: &mut ChaCha8Rng, file: &DocumentStatus) -> SectionStatus {
    let pool: &[SectionStatus] = match file {
        DocumentStatus::Ingresado => &[SectionStatus::Pendiente, SectionStatus::EnRevision],
        DocumentStatus::Aceptado => &[SectionStatus::Aceptado],
        DocumentStatus::CorreccionPorElUsuario => &[
            SectionStatus::Aceptado,
            SectionStatus::Rechazado,
            SectionStatus::RequiereAtencion,
        ],
        _ => &[
            SectionStatus::Completado,
            SectionStatus::Aceptado,
            SectionStatus::RequiereAtencion,
            SectionStatus::EnRevision,
        ],
    };
    let drawn = pool[rng.random_range(0..pool.len())].clone();
    if matches!(file, DocumentStatus::Finalizado) {
        decided(drawn)
    } else {
        drawn
    }
}

/// What the back office decided on a section of a file it closed: a closed file has no
/// section left for review. A failed validation ended rejected (its comment stays the
/// reason), anything else accepted. Mapped after the draw from the open files' pool, so
/// that each seed keeps the rest of its world.
fn decided(status: SectionStatus) -> SectionStatus {
    match status {
        SectionStatus::RequiereAtencion | SectionStatus::Rechazado => SectionStatus::Rechazado,
        _ => SectionStatus::Aceptado,
    }
}

pub struct FileSpec<'a> {
    pub flow: &'a Flow,
    pub status: DocumentStatus,
    pub created: DateTime<Utc>,
    /// The world's present: nothing of the file happened after it.
    pub now: DateTime<Utc>,
    pub base_url: &'a str,
    /// Persons of the file; `None`: two representatives for a legal entity, the person
    /// alone for a natural person.
    pub persons: Option<usize>,
}

/// A generated file of a flow, with sections in states that fit its status, and its
/// persons: for a legal entity two representatives (the first may still enroll, the
/// second has completed), for a natural person the person alone.
pub fn generate(rng: &mut ChaCha8Rng, spec: FileSpec<'_>) -> BusinessFile {
    let document_id = uuid::Builder::from_random_bytes(rng.random()).into_uuid();
    let company = people::company(rng);
    let mut sections: Vec<Section> = spec
        .flow
        .tracked_sections()
        .map(|id| {
            let status = section_status_for(rng, &spec.status);
            let comments = match status {
                SectionStatus::Rechazado | SectionStatus::RequiereAtencion => {
                    vec![
                        REJECTION_COMMENTS[rng.random_range(0..REJECTION_COMMENTS.len())]
                            .to_owned(),
                    ]
                }
                _ => Vec::new(),
            };
            Section {
                id: id.to_owned(),
                status,
                comments,
            }
        })
        .collect();
    if matches!(spec.status, DocumentStatus::CorreccionPorElUsuario)
        && let Some(first) = sections.first_mut()
    {
        // A file returned to the user has at least one rejected section.
        first.status = SectionStatus::Rechazado;
        first.comments = vec![REJECTION_COMMENTS[0].to_owned()];
    }
    let person_count = spec.persons.unwrap_or(match spec.flow.person_type {
        PersonType::Moral => 2,
        PersonType::Fisica => 1,
    });
    let persons = (0..person_count)
        .map(|index| {
            let name = people::person(rng);
            let completed = index == 1;
            // Some first representatives tried and failed; they may try again.
            let failed = index == 0 && rng.random_range(0..4) == 0;
            let attempted = completed || failed;
            let requested = clock::minutes_after(spec.created, 90);
            Person {
                person_id: uuid::Builder::from_random_bytes(rng.random()).into_uuid(),
                phone: format!("55{:08}", rng.random_range(0..100_000_000)),
                email: people::email(&name, &company.domain),
                rfc: people::person_rfc(rng, &name),
                curp: people::curp(rng, &name),
                face_key_id: format!("FK-{:010}", rng.random_range(0..10_000_000_000_u64)),
                enrollment_request_at: attempted.then_some(requested),
                callback_at: attempted.then(|| clock::minutes_after(requested, 12)),
                notification_at: completed.then(|| clock::minutes_after(requested, 13)),
                enrollment_status: match (completed, failed) {
                    (true, _) => "Completado",
                    (_, true) => "Fallido",
                    _ => "Pendiente",
                },
                enrollment_reason: if failed {
                    "El rostro no coincide con la fotografía de la identificación".into()
                } else {
                    String::new()
                },
                is_completed: completed,
                name,
            }
        })
        .collect::<Vec<Person>>();
    // A natural person's file is the person's own: their name and their 13-character
    // RFC, not a company's. Taken from the person already drawn, so no draw is added.
    let (holder_name, holder_rfc) = match (spec.flow.person_type, persons.first()) {
        (PersonType::Fisica, Some(person)) => (person.full_name(), person.rfc.clone()),
        _ => (company.name, company.rfc),
    };
    BusinessFile {
        document_id,
        workspace: spec.flow.workspace,
        flow_id: spec.flow.flow_id.clone(),
        company_id: uuid::Builder::from_random_bytes(rng.random()).into_uuid(),
        client_id: uuid::Builder::from_random_bytes(rng.random()).into_uuid(),
        client_name: holder_name.clone(),
        external_id: Some(format!("CRM-{:06}", rng.random_range(0..1_000_000))),
        contact_email: None,
        contact_phone: None,
        company_name: holder_name,
        company_rfc: holder_rfc,
        channel_name: "Portal Web".into(),
        guest_url: format!("{}/_guest/{document_id}", spec.base_url),
        status: spec.status,
        sections,
        forms: spec.flow.forms.clone(),
        persons,
        branches: 1,
        // The head office's proof of address, a photographed receipt.
        branch_documents: 1,
        hostile_proofs: false,
        corporate_shareholder: None,
        created: spec.created,
        // Some time after its creation, never after the present (a file is not updated
        // in the future): a delay longer than the file's age wraps round within it.
        updated: updated_after(spec.created, spec.now, rng.random_range(60..60 * 24 * 5)),
    }
}

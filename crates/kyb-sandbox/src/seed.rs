//! The deterministic starting world: the same seed gives the same tenants, keys,
//! folios and data (timestamps are placed relative to the start of the sandbox).

use chrono::{DateTime, Utc};
use kyb_api::verification::{GEO_BANDS, VerificationStatus};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde::Serialize;
use uuid::Uuid;

use kyb_api::file::DocumentStatus;

use crate::clock;
use crate::files::{self, BusinessFile, DynamicForm, FileSpec, Flow, PersonType};
use crate::state::{Tenant, World};
use crate::verifications::{NewVerification, create};

/// What a test or the app needs to know to talk to a freshly started sandbox.
#[derive(Debug, Clone, Serialize)]
pub struct Manifest {
    pub base_url: String,
    pub tenants: Vec<Tenant>,
    pub revoked_api_key: String,
    pub inactive_workspace_id: Uuid,
    pub trial: Trial,
    pub admin_token: String,
    pub examples: Examples,
}

/// A tenant on the trial version: creating files is limited to `attempts`.
#[derive(Debug, Clone, Serialize)]
pub struct Trial {
    pub api_key: String,
    pub workspace_id: Uuid,
    pub attempts: u32,
}

/// Files a trial tenant may create before the service refuses (not shown in the spec).
pub const TRIAL_ATTEMPTS: u32 = 3;

#[derive(Debug, Clone, Serialize)]
pub struct Examples {
    /// A legal-entity (Moral) flow; `document_id` is one of its files.
    pub flow_id: String,
    /// A natural-person flow.
    pub flow_id_fisica: String,
    /// A Moral flow holding sections that `document_id` lacks.
    pub flow_id_complementary: String,
    /// The company RFC of `document_id`.
    pub rfc: String,
    pub document_id: Uuid,
    pub person_id_enrollment_allowed: Uuid,
    pub person_id_enrollment_denied: Uuid,
    /// One verification of the first tenant in each status of the catalogue.
    pub folios: std::collections::BTreeMap<String, String>,
    /// A verification that belongs to the second tenant.
    pub other_tenant_folio: String,
    /// A completed verification whose interior photo was altered after capture: its
    /// bytes no longer match the `HashSha256` the service reports.
    pub altered_photo_folio: String,
    /// A legal-entity file of `flow_id` under review with a large detail: 50 entities
    /// (20 representatives, 30 branches) and 200 documents.
    pub large_document_id: Uuid,
    pub large_rfc: String,
    /// A legal-entity file under review, "Archivos Dudosos S.A. de C.V.", of
    /// `flow_id_hostile` (whose sections include `ProofAddressMultiple`): its five
    /// proofs of address point at the hostile files of `/_files/hostile/`
    /// ([`crate::hostile::NAMES`]: script, truncated, 2,000 pages, HTML, oversize).
    pub hostile_document_id: Uuid,
    pub hostile_rfc: String,
    pub flow_id_hostile: String,
}

/// The large example file's size: representatives, branches and documents in all.
pub const LARGE_FILE: (usize, usize, usize) = (20, 30, 200);

fn uuid(rng: &mut ChaCha8Rng) -> Uuid {
    uuid::Builder::from_random_bytes(rng.random()).into_uuid()
}

fn secret(rng: &mut ChaCha8Rng, prefix: &str) -> String {
    let bytes: [u8; 16] = rng.random();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{prefix}_{hex}")
}

/// A distance for a seeded verification: every band, the unassigned one included.
fn distance(rng: &mut ChaCha8Rng, index: usize) -> f64 {
    let (consistent_max, inconsistent_above) = (
        GEO_BANDS.consistent_max_meters,
        GEO_BANDS.inconsistent_above_meters,
    );
    let range = match index % 3 {
        0 => 0.0..consistent_max,
        1 => consistent_max + 0.5..inconsistent_above,
        _ => inconsistent_above + 0.5..5.0 * inconsistent_above,
    };
    (rng.random_range(range) * 10.0_f64).round() / 10.0
}

/// Sections of the seeded flows, from the spec's list of identifiers.
const MORAL_SECTIONS: [&str; 9] = [
    "ActaConstitutivaObligatorio",
    "LegalRepresentativeObligatorio",
    "ValidacionBiometrica",
    "ProofAddressObligatorio",
    "ProofAddressLimit:2",
    "FiscalCSFObligatorio",
    "OpinionObligatorio",
    "Sucursal",
    "SucursalImagenesOpcional",
];
const COMPLEMENTARY_SECTIONS: [&str; 5] = [
    "BankStatementObligatorio",
    "BankStatementMultiple",
    "BankStatementLimit:3",
    "PoderesRepresentanteLegal",
    "ProofAddressObligatorio",
];
const FISICA_SECTIONS: [&str; 4] = [
    "PersonaFisica",
    "ProofAddressObligatorio",
    "FiscalCSFObligatorio",
    "ValidacionBiometrica",
];

fn flow(
    rng: &mut ChaCha8Rng,
    workspace: Uuid,
    person_type: PersonType,
    sections: &[&str],
    forms: &[DynamicForm],
) -> Flow {
    Flow {
        flow_id: uuid(rng).to_string(),
        workspace,
        person_type,
        sections: sections.iter().map(|s| (*s).to_owned()).collect(),
        forms: forms.to_vec(),
    }
}

/// File statuses the generator spreads files over: the catalogue, with the
/// correction state under its tracking name.
fn seeded_status(index: usize) -> DocumentStatus {
    let statuses: Vec<&DocumentStatus> = DocumentStatus::KNOWN
        .iter()
        .filter(|s| !matches!(s, DocumentStatus::PendienteDeCorreccion))
        .collect();
    statuses[index % statuses.len()].clone()
}

/// The large example file, from a generator of its own so the rest of the world is
/// the same with or without it.
fn large_file(
    seed: u64,
    flow: &Flow,
    created: DateTime<Utc>,
    now: DateTime<Utc>,
    base_url: &str,
) -> BusinessFile {
    let (representatives, branches, documents) = LARGE_FILE;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x1a26_e000);
    let spec = FileSpec {
        flow,
        status: DocumentStatus::EnRevision,
        created,
        now,
        base_url,
        persons: Some(representatives),
    };
    let mut file = files::generate(&mut rng, spec);
    file.branches = branches;
    // The file's own proof of address, its deed and its tax documents, then the
    // branches' proofs.
    file.branch_documents = documents - 2 - crate::detail_fiscal::count(&file);
    file
}

/// Sections of the hostile file's flow: several proofs of address, up to five.
const HOSTILE_SECTIONS: [&str; 6] = [
    "ActaConstitutivaObligatorio",
    "LegalRepresentativeObligatorio",
    "ValidacionBiometrica",
    "ProofAddressMultiple",
    "ProofAddressLimit:5",
    "Sucursal",
];

/// The hostile example file and its flow, from a generator of their own (the rest of
/// the world is the same with or without them).
fn hostile_file(
    seed: u64,
    workspace: Uuid,
    created: DateTime<Utc>,
    now: DateTime<Utc>,
    base_url: &str,
) -> (Flow, BusinessFile) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xd0d0_5000);
    let flow = flow(
        &mut rng,
        workspace,
        PersonType::Moral,
        &HOSTILE_SECTIONS,
        &[],
    );
    let spec = FileSpec {
        flow: &flow,
        status: DocumentStatus::EnRevision,
        created,
        now,
        base_url,
        persons: None,
    };
    let mut file = files::generate(&mut rng, spec);
    file.company_name = "Archivos Dudosos S.A. de C.V.".into();
    file.client_name = file.company_name.clone();
    file.company_rfc = format!(
        "ADU1503{:02}K{}",
        rng.random_range(1..29),
        rng.random_range(10..99)
    );
    file.hostile_proofs = true;
    // The demo's doubtful file is doubtful in its owners and identifiers too: a
    // shareholder that is a company, and its first person's CURP with a check digit
    // RENAPO would not give (the desk shows both as findings).
    file.corporate_shareholder = Some((
        "Inversiones Dudosas del Bajío S.A. de C.V.".into(),
        "IDB1409221A3".into(),
    ));
    if let Some(person) = file.persons.first_mut() {
        let last = person.curp.pop().and_then(|c| c.to_digit(10)).unwrap_or(0);
        person
            .curp
            .push(char::from_digit((last + 1) % 10, 10).unwrap_or('0'));
    }
    (flow, file)
}

pub fn build(
    seed: u64,
    file_count: usize,
    base_url: &str,
    start: DateTime<Utc>,
) -> (World, Manifest) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut world = World::new(seed);
    for _ in 0..2 {
        world.tenants.push(Tenant {
            api_key: secret(&mut rng, "sk_sandbox"),
            workspace_id: uuid(&mut rng),
        });
    }
    let revoked_api_key = secret(&mut rng, "sk_revoked");
    let inactive_workspace_id = uuid(&mut rng);
    let admin_token = secret(&mut rng, "admin");
    let trial_tenant = Tenant {
        api_key: secret(&mut rng, "sk_trial"),
        workspace_id: uuid(&mut rng),
    };
    let first = world.tenants[0].workspace_id;
    let second = world.tenants[1].workspace_id;

    // The complementary flow shares the anti-money-laundering form with the main flow
    // (same GUID: never added twice) and brings a form of its own.
    let aml_form = DynamicForm {
        guid: uuid(&mut rng),
        name: "Cuestionario de prevención de lavado de dinero".into(),
    };
    let credit_form = DynamicForm {
        guid: uuid(&mut rng),
        name: "Solicitud de línea de crédito".into(),
    };
    let main_flow = flow(
        &mut rng,
        first,
        PersonType::Moral,
        &MORAL_SECTIONS,
        std::slice::from_ref(&aml_form),
    );
    let complementary = flow(
        &mut rng,
        first,
        PersonType::Moral,
        &COMPLEMENTARY_SECTIONS,
        &[aml_form.clone(), credit_form],
    );
    let fisica = flow(&mut rng, first, PersonType::Fisica, &FISICA_SECTIONS, &[]);
    let other_flow = flow(
        &mut rng,
        second,
        PersonType::Moral,
        &MORAL_SECTIONS,
        &[aml_form],
    );
    // Three in four files belong to the first tenant; the first file is the example,
    // under review. At least one file always exists. The statuses turn one step
    // further every eight files, so that each tenant gets files in every status (the
    // fourth file of each four, the second tenant's, would otherwise always fall on
    // the same two).
    let mut example = None;
    for index in 0..file_count.max(1) {
        let turn = index + index / 8;
        let (flow, status) = match index {
            0 => (&main_flow, DocumentStatus::EnRevision),
            i if i % 4 == 3 => (&other_flow, seeded_status(turn)),
            i if i % 4 == 2 => (&fisica, seeded_status(turn)),
            _ => (&main_flow, seeded_status(turn)),
        };
        let created = clock::minutes_after(start, -((index as i64 % 500) * 53 + 60 * 24 * 2));
        let file = files::generate(
            &mut rng,
            FileSpec {
                flow,
                status,
                created,
                now: start,
                base_url,
                persons: None,
            },
        );
        if index == 0 {
            example = Some(file.clone());
        }
        world.files.insert(file.document_id, file);
    }
    let example = example.expect("the loop runs at least once");
    let large = large_file(
        seed,
        &main_flow,
        clock::minutes_after(start, -60 * 24 * 3),
        start,
        base_url,
    );
    world.files.insert(large.document_id, large.clone());
    let (hostile_flow, hostile) = hostile_file(
        seed,
        first,
        clock::minutes_after(start, -60 * 24 * 4),
        start,
        base_url,
    );
    world.files.insert(hostile.document_id, hostile.clone());

    let mut new_verification = |world: &mut World, workspace, status, index: usize| {
        let colours = [rng.random(), rng.random()];
        let new = NewVerification {
            workspace,
            status,
            distance_meters: distance(&mut rng, index),
            located: false,
            accuracy: f64::from(rng.random_range(3_u8..60)),
            created: clock::minutes_after(start, -(60 * 24 + index as i64 * 37)),
            external_reference: format!("EXT-{:05}", rng.random_range(0..100_000)),
            colours,
        };
        create(world, base_url, new)
    };
    let mut folios = std::collections::BTreeMap::new();
    for (index, status) in VerificationStatus::KNOWN.iter().cloned().enumerate() {
        let name = status.as_str().to_owned();
        let folio = new_verification(&mut world, first, status, index);
        folios.insert(name, folio);
    }
    let other_tenant_folio = new_verification(&mut world, second, VerificationStatus::Enviado, 8);
    // Beyond one per status: a completed capture the requester must repeat, and one
    // in progress whose location signals look suspicious.
    let repeat = new_verification(&mut world, first, VerificationStatus::Completado, 9);
    if let Some(v) = world.verifications.get_mut(&repeat) {
        v.verdict = "Reposicion".into();
        v.verdict_comment =
            Some("Repita la captura de la fachada: la fotografía está desenfocada".into());
    }
    let suspicious = new_verification(&mut world, first, VerificationStatus::Iniciado, 10);
    if let Some(v) = world.verifications.get_mut(&suspicious) {
        v.geo_integrity = "Sospechosa".into();
        v.geo_signals = Some(vec![
            format!("LowAccuracy:{}m", v.accuracy),
            "TimeJump:45s".into(),
        ]);
    }

    let altered_photo_folio =
        new_verification(&mut world, first, VerificationStatus::Completado, 11);
    if let Some(photo) = world
        .served
        .get_mut(&format!("photos/{altered_photo_folio}-2.png"))
    {
        photo.bytes.extend_from_slice(b"altered after capture");
    }

    let trial_flow = Flow {
        workspace: trial_tenant.workspace_id,
        ..main_flow.clone()
    };
    world.flows = vec![
        main_flow,
        complementary,
        fisica,
        other_flow,
        trial_flow,
        hostile_flow,
    ];
    let manifest = Manifest {
        base_url: base_url.to_owned(),
        tenants: world.tenants.clone(),
        revoked_api_key,
        inactive_workspace_id,
        trial: Trial {
            api_key: trial_tenant.api_key.clone(),
            workspace_id: trial_tenant.workspace_id,
            attempts: TRIAL_ATTEMPTS,
        },
        admin_token,
        examples: Examples {
            flow_id: world.flows[0].flow_id.clone(),
            flow_id_complementary: world.flows[1].flow_id.clone(),
            flow_id_fisica: world.flows[2].flow_id.clone(),
            rfc: example.company_rfc.clone(),
            document_id: example.document_id,
            person_id_enrollment_allowed: example.persons[0].person_id,
            person_id_enrollment_denied: example.persons[1].person_id,
            folios,
            other_tenant_folio,
            altered_photo_folio,
            large_document_id: large.document_id,
            large_rfc: large.company_rfc.clone(),
            hostile_document_id: hostile.document_id,
            hostile_rfc: hostile.company_rfc.clone(),
            flow_id_hostile: world.flows[5].flow_id.clone(),
        },
    };
    // The trial tenant authenticates like any other, but the manifest lists it apart.
    world.trial = Some((trial_tenant.workspace_id, TRIAL_ATTEMPTS));
    world.tenants.push(trial_tenant);
    (world, manifest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seeded_file_was_updated_after_it_was_created_and_before_the_present() {
        let start = clock::now();
        let (world, _) = build(7, 40, "http://127.0.0.1:1", start);
        for file in world.files.values() {
            assert!(file.updated >= file.created, "{}", file.company_rfc);
            assert!(
                file.updated <= start,
                "{} updated in the future",
                file.company_rfc
            );
        }
    }

    /// The demo's world (the configuration the app starts its sandbox with), then a few
    /// other seeds, so that a fix that only happens to hold for the demo is caught.
    fn worlds() -> Vec<World> {
        let demo = crate::SandboxConfig::default();
        std::iter::once((demo.seed, demo.files))
            .chain((1..=4).map(|seed| (seed, 40)))
            .map(|(seed, files)| build(seed, files, "http://127.0.0.1:1", clock::now()).0)
            .collect()
    }

    #[test]
    fn a_natural_persons_file_carries_the_persons_name_and_rfc() {
        let mut natural = 0;
        for world in worlds() {
            for file in world.files.values() {
                let fisica = world
                    .flow(file.workspace, &file.flow_id)
                    .is_some_and(|flow| flow.person_type == PersonType::Fisica);
                if !fisica {
                    continue;
                }
                natural += 1;
                let name = &file.company_name;
                assert!(
                    !crate::people::LEGAL_FORMS
                        .iter()
                        .any(|form| name.ends_with(form)),
                    "a natural person named like a company: {name}"
                );
                // Nor any other abbreviated form (S.C., A.C.): a person's name has no dots.
                assert!(!name.contains('.'), "{name}");
                assert_eq!(&file.client_name, name);
                let person = file.persons.first().expect("the person of the file");
                assert_eq!(name, &person.full_name());
                let check = kyb_api::identifiers::rfc::check(&file.company_rfc);
                assert_eq!(file.company_rfc.chars().count(), 13, "{name}");
                assert_eq!(
                    check.holder,
                    Some(kyb_api::identifiers::rfc::Holder::Person),
                    "{name}: {}",
                    file.company_rfc
                );
                assert!(
                    check.is_valid(),
                    "{name}: {} {:?}",
                    file.company_rfc,
                    check.problems
                );
                assert_eq!(file.company_rfc, person.rfc, "{name}");
            }
        }
        assert!(natural > 0, "the worlds have natural-person files");
    }

    #[test]
    fn a_finished_file_has_every_section_decided() {
        use kyb_api::file::SectionStatus;
        let mut finished = 0;
        for world in worlds() {
            for file in world
                .files
                .values()
                .filter(|f| f.status == DocumentStatus::Finalizado)
            {
                finished += 1;
                for section in &file.sections {
                    assert!(
                        matches!(
                            section.status,
                            SectionStatus::Aceptado | SectionStatus::Rechazado
                        ),
                        "{} ({}): {} is {:?}",
                        file.company_name,
                        file.company_rfc,
                        section.id,
                        section.status
                    );
                }
            }
        }
        assert!(finished > 0, "the worlds have finished files");
    }
}

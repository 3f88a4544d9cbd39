//! The deterministic starting world: the same seed gives the same tenants, keys,
//! folios and data (timestamps are placed relative to the start of the sandbox).

use jiff::Timestamp;
use kyb_api::verification::VerificationStatus;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde::Serialize;
use uuid::Uuid;

use crate::clock;
use crate::state::{Tenant, World};
use crate::verifications::{NewVerification, create};

/// What a test or the app needs to know to talk to a freshly started sandbox.
#[derive(Debug, Clone, Serialize)]
pub struct Manifest {
    pub base_url: String,
    pub tenants: Vec<Tenant>,
    pub revoked_api_key: String,
    pub inactive_workspace_id: Uuid,
    pub admin_token: String,
    pub examples: Examples,
}

#[derive(Debug, Clone, Serialize)]
pub struct Examples {
    /// One verification of the first tenant in each status of the catalogue.
    pub folios: std::collections::BTreeMap<String, String>,
    /// A verification that belongs to the second tenant.
    pub other_tenant_folio: String,
}

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
    let range = match index % 3 {
        0 => 0.0..100.0,
        1 => 100.5..500.0,
        _ => 500.5..2500.0,
    };
    (rng.random_range(range) * 10.0_f64).round() / 10.0
}

pub fn build(seed: u64, base_url: &str, start: Timestamp) -> (World, Manifest) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut world = World::default();
    for _ in 0..2 {
        world.tenants.push(Tenant {
            api_key: secret(&mut rng, "sk_sandbox"),
            workspace_id: uuid(&mut rng),
        });
    }
    let revoked_api_key = secret(&mut rng, "sk_revoked");
    let inactive_workspace_id = uuid(&mut rng);
    let admin_token = secret(&mut rng, "admin");
    let first = world.tenants[0].workspace_id;
    let second = world.tenants[1].workspace_id;

    let mut new_verification = |world: &mut World, workspace, status, index: usize| {
        let colours = [rng.random(), rng.random()];
        let new = NewVerification {
            workspace,
            status,
            distance_meters: distance(&mut rng, index),
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

    let manifest = Manifest {
        base_url: base_url.to_owned(),
        tenants: world.tenants.clone(),
        revoked_api_key,
        inactive_workspace_id,
        admin_token,
        examples: Examples {
            folios,
            other_tenant_folio,
        },
    };
    (world, manifest)
}

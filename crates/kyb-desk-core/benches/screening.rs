//! `make bench`'s screening figures (a Markdown table on stdout): importing a list of
//! 1,000,000 rows (read, indexed, kept on disk, as the desk imports one), the memory the
//! loaded list and its index hold, screening one file's parties against it (median and
//! p95 over 200 files), and screening 1,000 followed files again (what an import does).
//!
//! The rows are OpenSanctions' `targets.simple.csv` layout, names drawn from Mexican
//! given names, surnames and company words, so the index's word keys are as crowded as
//! a real list's. Seeded: every run reads the same list.

use std::time::{Duration, Instant};

use kyb_api::models::detail::DetailV2;
use kyb_desk_core::policy::checks::DEFAULT_SCREENING_THRESHOLD;
use kyb_desk_core::recovery::Recoveries;
use kyb_desk_core::screening::ListFormat;
use kyb_desk_core::screening::screen;
use kyb_desk_core::screening::store::{ImportOf, ListOrigin, ListStore};
use serde_json::json;

const ROWS: usize = 1_000_000;
const FILES: usize = 200;
const RESCREENED: usize = 1_000;

const GIVEN: [&str; 24] = [
    "Juan",
    "José",
    "Luis",
    "Carlos",
    "Jorge",
    "Miguel",
    "Pedro",
    "Ricardo",
    "Fernando",
    "Alejandro",
    "Roberto",
    "Sergio",
    "María",
    "Guadalupe",
    "Ana",
    "Laura",
    "Patricia",
    "Sofía",
    "Gabriela",
    "Verónica",
    "Adriana",
    "Claudia",
    "Rosa",
    "Elena",
];
const SURNAMES: [&str; 30] = [
    "Hernández",
    "García",
    "Martínez",
    "López",
    "González",
    "Pérez",
    "Rodríguez",
    "Sánchez",
    "Ramírez",
    "Cruz",
    "Flores",
    "Gómez",
    "Morales",
    "Vázquez",
    "Jiménez",
    "Reyes",
    "Díaz",
    "Torres",
    "Gutiérrez",
    "Ruiz",
    "Mendoza",
    "Aguilar",
    "Ortiz",
    "Moreno",
    "Castillo",
    "Romero",
    "Álvarez",
    "Méndez",
    "Chávez",
    "Rivera",
];
const TRADES: [&str; 12] = [
    "Comercializadora",
    "Servicios",
    "Constructora",
    "Distribuidora",
    "Operadora",
    "Grupo",
    "Transportes",
    "Inmobiliaria",
    "Consultores",
    "Logística",
    "Importadora",
    "Agroindustrias",
];
const WORDS: [&str; 16] = [
    "del Norte",
    "del Bajío",
    "Pacífico",
    "Integral",
    "Empresarial",
    "Azteca",
    "Continental",
    "Global",
    "Industrial",
    "del Golfo",
    "Central",
    "Moderna",
    "Mexicana",
    "Unida",
    "Occidente",
    "Peninsular",
];

/// A small, seeded generator (SplitMix64): the bench needs no crate for it.
struct Seeded(u64);
impl Seeded {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[(self.next() % from.len() as u64) as usize]
    }
}

fn person(r: &mut Seeded) -> String {
    format!(
        "{} {} {}",
        r.pick(&GIVEN),
        r.pick(&SURNAMES),
        r.pick(&SURNAMES)
    )
}

fn company(r: &mut Seeded) -> String {
    format!(
        "{} {} {} S.A. de C.V.",
        r.pick(&TRADES),
        r.pick(&SURNAMES),
        r.pick(&WORDS)
    )
}

fn list_csv(r: &mut Seeded) -> Vec<u8> {
    let mut out = String::with_capacity(ROWS * 120);
    out.push_str("id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,dataset,first_seen,last_seen,last_change\r\n");
    for i in 0..ROWS {
        let (schema, name, alias) = if r.next() % 3 == 0 {
            ("Company", company(r), company(r))
        } else {
            ("Person", person(r), person(r))
        };
        out.push_str(&format!(
            "NK-{i:07},{schema},{name},{alias},,mx,,,Bench list,,,bench,2026-01-01,2026-11-28,2026-11-28\r\n"
        ));
    }
    out.into_bytes()
}

/// A file's parties as the detail names them: the company, three shareholders (also
/// its board), a commissioner and two representatives.
fn detail(r: &mut Seeded) -> DetailV2 {
    let holders: Vec<String> = (0..3).map(|_| person(r)).collect();
    let reps: Vec<(String, String, String)> = (0..2)
        .map(|_| {
            (
                r.pick(&GIVEN).to_owned(),
                r.pick(&SURNAMES).to_owned(),
                r.pick(&SURNAMES).to_owned(),
            )
        })
        .collect();
    serde_json::from_value(json!({
        "ExpedienteId": "bench", "Cliente": company(r),
        "Entidades": reps.iter().map(|(g, a, b)| json!({"Tipo": "Representante", "Datos": {"Nombre": g, "ApellidoPaterno": a, "ApellidoMaterno": b}})).collect::<Vec<_>>(),
        "Documentos": [{ "TipoDocumento": "ActaConstitutiva", "OrganosInternos": {
            "Accionistas": holders.iter().map(|h| json!({"Nombre": h, "Porcentaje": 33.3})).collect::<Vec<_>>(),
            "Administracion": { "Integrantes": holders.iter().map(|h| json!({"Nombre": h})).collect::<Vec<_>>() },
            "OrganoVigilancia": { "Nombre": person(r) }
        }}]
    }))
    .expect("a detail")
}

fn resident_mib() -> f64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: f64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0.0);
    pages * 4096.0 / 1024.0 / 1024.0
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

#[tokio::main]
async fn main() {
    let mut r = Seeded(0x5c_2026);
    let bytes = list_csv(&mut r);
    let dir = tempfile::tempdir().expect("a folder");
    let store = ListStore::new(dir.path().to_path_buf(), Recoveries::default());

    let began = Instant::now();
    store
        .import(ImportOf {
            format: ListFormat::OpenSanctions,
            files: vec![("targets.simple.csv".into(), bytes)],
            origin: ListOrigin::Files {
                names: vec!["targets.simple.csv".into()],
            },
            by: "bench",
            now: "2026-12-04T00:00:00Z".into(),
        })
        .await
        .expect("imported");
    let imported = began.elapsed();

    // The list read back and indexed, as a desk's first review of the day does.
    let before = resident_mib();
    let began = Instant::now();
    let lists = store.lists().expect("loaded");
    let loaded = began.elapsed();
    let held = resident_mib() - before;
    let names = lists.first().map_or(0, |l| l.index.names());

    let details: Vec<DetailV2> = (0..RESCREENED.max(FILES)).map(|_| detail(&mut r)).collect();
    let mut per_file: Vec<Duration> = details[..FILES]
        .iter()
        .map(|d| {
            let began = Instant::now();
            let (hits, _) = screen::screen(d, &lists, &[], DEFAULT_SCREENING_THRESHOLD);
            std::hint::black_box(hits);
            began.elapsed()
        })
        .collect();
    per_file.sort();
    let began = Instant::now();
    let mut hits = 0usize;
    for d in &details[..RESCREENED] {
        hits += screen::screen(d, &lists, &[], DEFAULT_SCREENING_THRESHOLD)
            .0
            .len();
    }
    let rescreened = began.elapsed();

    println!("| figure | value |");
    println!("|---|---:|");
    println!(
        "| import of {ROWS} rows: read, indexed, kept on disk (s) | {:.2} |",
        imported.as_secs_f64()
    );
    println!(
        "| the list read back and indexed at a session's first screening (s) | {:.2} |",
        loaded.as_secs_f64()
    );
    println!("| memory the loaded list and its index hold ({names} names) (MiB) | {held:.0} |");
    println!(
        "| screening one file's 9 parties against {ROWS} rows, median (ms) | {:.1} |",
        ms(percentile(&per_file, 0.5))
    );
    println!(
        "| screening one file's 9 parties against {ROWS} rows, p95 (ms) | {:.1} |",
        ms(percentile(&per_file, 0.95))
    );
    println!(
        "| screening {RESCREENED} followed files again ({hits} hits) (s) | {:.2} |",
        rescreened.as_secs_f64()
    );
}

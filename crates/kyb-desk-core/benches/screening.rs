//! `make bench`'s screening figures (a Markdown table on stdout): importing a list of
//! 1,000,000 rows (read, indexed, kept on disk, as the desk imports one), the memory the
//! loaded list and its index hold, screening one file's parties against it (median and
//! p95 over 200 files), and screening 1,000 followed files again (what an import does).
//!
//! The rows are OpenSanctions' `targets.simple.csv` layout. A real list of a million
//! rows names people and companies of every country: its words have a long tail, and the
//! common Mexican names are a small share of it. So each word here is, one time in ten, a
//! common Mexican given name, surname or company word (as crowded in the index as those
//! are), and otherwise a made-up word of two or three syllables (some 60,000 of them).
//! The files screened are Mexican: their parties' words are the common ones, the
//! hardest case for the index. Seeded: every run reads the same list.

use std::time::{Duration, Instant};

use kyb_api::models::detail::DetailV2;
use kyb_desk_core::policy::checks::DEFAULT_SCREENING_THRESHOLD;
use kyb_desk_core::recovery::Recoveries;
use kyb_desk_core::screening::ListFormat;
use kyb_desk_core::screening::screen;
use kyb_desk_core::screening::store::{ImportOf, ListOrigin, ListStore};
use serde_json::json;

const ROWS: usize = 1_000_000;
/// The profile the list is imported for (a desk keeps lists per profile).
const PROFILE: &str = "bench";
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

const SYLLABLES: [&str; 40] = [
    "ka", "ri", "mo", "ta", "sel", "vin", "dor", "lu", "ben", "ash", "ko", "mir", "zan", "pe",
    "to", "rus", "al", "gi", "neb", "ora", "fi", "sha", "vel", "dru", "ion", "kel", "ma", "nos",
    "tar", "ul", "yev", "ham", "id", "sul", "ba", "qui", "wen", "zho", "ek", "ra",
];

fn made_up(r: &mut Seeded) -> String {
    let n = 2 + (r.next() % 2) as usize;
    let mut word: String = (0..n).map(|_| r.pick(&SYLLABLES)).collect();
    if let Some(first) = word.get(..1).map(str::to_uppercase) {
        word.replace_range(..1, &first);
    }
    word
}

/// A common word from `common` one time in ten, a made-up one otherwise.
fn word(r: &mut Seeded, common: &[&str]) -> String {
    if r.next().is_multiple_of(10) {
        r.pick(common).to_owned()
    } else {
        made_up(r)
    }
}

fn listed_person(r: &mut Seeded) -> String {
    format!(
        "{} {} {}",
        word(r, &GIVEN),
        word(r, &SURNAMES),
        word(r, &SURNAMES)
    )
}

fn listed_company(r: &mut Seeded) -> String {
    format!(
        "{} {} {} Ltd",
        word(r, &TRADES),
        word(r, &SURNAMES),
        word(r, &WORDS)
    )
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
        let (schema, name, alias) = if r.next().is_multiple_of(3) {
            ("Company", listed_company(r), listed_company(r))
        } else {
            ("Person", listed_person(r), listed_person(r))
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

/// The resident memory a list read back and indexed takes, measured in a process of its
/// own (`--load <folder>`): in the bench's process, the import's freed memory would be
/// reused and hide it.
fn load_in_child(folder: &std::path::Path) -> f64 {
    let out = std::process::Command::new(std::env::current_exe().expect("the bench's binary"))
        .arg("--load")
        .arg(folder)
        .output()
        .expect("the child runs");
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .unwrap_or(f64::NAN)
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--load") {
        let folder = std::path::PathBuf::from(&args[at + 1]);
        let before = resident_mib();
        let lists = ListStore::new(folder, Recoveries::default())
            .lists(PROFILE)
            .expect("loaded");
        println!("{:.1}", resident_mib() - before);
        std::hint::black_box(lists);
        return;
    }
    let mut r = Seeded(0x5c_2026);
    let bytes = list_csv(&mut r);
    let dir = tempfile::tempdir().expect("a folder");
    let store = ListStore::new(dir.path().to_path_buf(), Recoveries::default());

    let file = dir.path().join("targets.simple.csv");
    std::fs::write(&file, &bytes).expect("the list written");
    drop(bytes);

    // As the desk imports: the file read, its rows checked and kept, and the index
    // built that the reviews screen with (the last is what the user also waits for).
    let began = Instant::now();
    let bytes = std::fs::read(&file).expect("the list read");
    store
        .import(
            PROFILE,
            ImportOf {
                format: ListFormat::OpenSanctions,
                files: vec![("targets.simple.csv".into(), bytes)],
                origin: ListOrigin::Files {
                    names: vec!["targets.simple.csv".into()],
                },
                by: "bench",
                now: "2026-12-04T00:00:00Z".into(),
            },
        )
        .await
        .expect("imported");
    let indexed = store.lists(PROFILE).expect("indexed");
    let imported = began.elapsed();
    drop(indexed);

    // The list read back and indexed, as a desk's first review of the day does.
    let held = load_in_child(dir.path());
    let began = Instant::now();
    let lists = ListStore::new(dir.path().to_path_buf(), Recoveries::default())
        .lists(PROFILE)
        .expect("loaded");
    let loaded = began.elapsed();
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
        "| import of {ROWS} rows: read from disk, checked, kept, indexed (s) | {:.2} |",
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

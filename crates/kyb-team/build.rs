//! `sqlx::migrate!` embeds the migrations when the crate is compiled; a migration
//! added without a change to the Rust code must still be embedded (as sqlx advises).
//! The schema version the desks speak is the newest migration's number, read here from
//! the file names (`NNNN_topic.sql`) so that it is written nowhere else.
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    let newest = std::fs::read_dir("migrations")
        .expect("the migrations folder")
        .map(|entry| entry.expect("a migration").file_name())
        .filter_map(|name| {
            let name = name.to_str()?.to_owned();
            let (number, _) = name.strip_suffix(".sql")?.split_once('_')?;
            number.parse::<i32>().ok()
        })
        .inspect(|number| {
            // The schema's version counts only these (migration 0021).
            assert!(
                (1..=9999).contains(number),
                "migration {number}: numbers are 0001 to 9999"
            );
        })
        .max()
        .expect("at least one migration");
    let out = std::env::var("OUT_DIR").expect("cargo's OUT_DIR");
    std::fs::write(
        Path::new(&out).join("schema_version.rs"),
        format!("{newest}\n"),
    )
    .expect("the schema version written");
}

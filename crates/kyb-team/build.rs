//! `sqlx::migrate!` embeds the migrations when the crate is compiled; a migration
//! added without a change to the Rust code must still be embedded (as sqlx advises).
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}

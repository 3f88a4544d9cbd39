//! The dossier's font goes into the program deflated (zlib, as the PDF embeds it): 373
//! KiB instead of DejaVu Sans's 742, and each dossier embeds these bytes as they are
//! instead of deflating the font again (src/dossier/typeset.rs).

use std::io::Write;
use std::path::PathBuf;

const FONT: &str = "fonts/DejaVuSans.ttf";

fn main() {
    println!("cargo::rerun-if-changed={FONT}");
    let font = std::fs::read(FONT).unwrap_or_else(|e| panic!("{FONT}: {e}"));
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    encoder
        .write_all(&font)
        .and_then(|()| encoder.finish())
        .and_then(|deflated| {
            let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
            std::fs::write(out.join("DejaVuSans.ttf.zlib"), deflated)
        })
        .unwrap_or_else(|e| panic!("the deflated font: {e}"));
}

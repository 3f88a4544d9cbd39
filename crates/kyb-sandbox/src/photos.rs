//! Small generated images the sandbox serves as verification photos, and the SHA-256
//! the service reports for each (`HashSha256`).

use sha2::{Digest, Sha256};

const WIDTH: u32 = 64;
const HEIGHT: u32 = 48;

/// A PNG of two horizontal bands in the given colours: tiny, valid, and different for
/// every photo so each has its own hash.
pub fn png(top: [u8; 3], bottom: [u8; 3]) -> Vec<u8> {
    let mut pixels = Vec::with_capacity((WIDTH * HEIGHT * 3) as usize);
    for y in 0..HEIGHT {
        let colour = if y < HEIGHT / 2 { top } else { bottom };
        for _ in 0..WIDTH {
            pixels.extend_from_slice(&colour);
        }
    }
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, WIDTH, HEIGHT);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("PNG header into memory");
        writer
            .write_image_data(&pixels)
            .expect("PNG data into memory");
    }
    out
}

/// Lowercase hexadecimal SHA-256, the form `HashSha256` carries.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn photos_are_png_and_differ_by_colour() {
        let a = png([200, 10, 10], [10, 10, 200]);
        let b = png([10, 200, 10], [10, 10, 200]);
        assert_eq!(&a[..8], b"\x89PNG\r\n\x1a\n");
        assert_ne!(sha256_hex(&a), sha256_hex(&b));
        assert_eq!(sha256_hex(b"abc").len(), 64);
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}

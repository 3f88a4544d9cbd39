//! Small generated images the sandbox serves as verification photos and receipts, and the SHA-256
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
    rgb_png(WIDTH, HEIGHT, &pixels)
}

/// Digits 0–9 (and `$`, `.`, `,`) in a 3 × 5 bitmap, one row of three bits each.
fn glyph(c: char) -> [u8; 5] {
    match c {
        '0' => [7, 5, 5, 5, 7],
        '1' => [2, 6, 2, 2, 7],
        '2' => [7, 1, 7, 4, 7],
        '3' => [7, 1, 7, 1, 7],
        '4' => [5, 5, 7, 1, 1],
        '5' => [7, 4, 7, 1, 7],
        '6' => [7, 4, 7, 5, 7],
        '7' => [7, 1, 2, 2, 2],
        '8' => [7, 5, 7, 5, 7],
        '9' => [7, 5, 7, 1, 7],
        '$' => [7, 6, 7, 3, 7],
        '.' => [0, 0, 0, 0, 2],
        ',' => [0, 0, 0, 2, 4],
        _ => [0; 5],
    }
}

const RECEIPT_W: usize = 240;
const RECEIPT_H: usize = 360;

/// A photographed paper receipt: a slip on a grey table, a coloured header, lines of
/// print, the total in large digits and a bar code. Drawn from `seed` (the file's
/// name), so every branch's receipt differs.
pub fn receipt(seed: &str, cents: u64) -> Vec<u8> {
    let digest = Sha256::digest(seed.as_bytes());
    let mut pixels = vec![0xc8_u8; RECEIPT_W * RECEIPT_H * 3];
    let mut fill = |x0: usize, y0: usize, w: usize, h: usize, colour: [u8; 3]| {
        for y in y0..(y0 + h).min(RECEIPT_H) {
            for x in x0..(x0 + w).min(RECEIPT_W) {
                let at = (y * RECEIPT_W + x) * 3;
                pixels[at..at + 3].copy_from_slice(&colour);
            }
        }
    };
    fill(24, 12, 192, 336, [250, 250, 246]);
    fill(24, 12, 192, 34, [digest[0] / 2, digest[1] / 2 + 60, 150]);
    for (n, byte) in digest.iter().take(14).enumerate() {
        let width = 60 + usize::from(*byte) % 120;
        fill(36, 60 + n * 12, width, 5, [70, 70, 70]);
    }
    let total = format!("${}.{:02}", cents / 100, cents % 100);
    for (i, c) in total.chars().enumerate() {
        for (row, bits) in glyph(c).iter().enumerate() {
            for col in 0..3 {
                if bits & (4 >> col) != 0 {
                    fill(40 + i * 16 + col * 4, 240 + row * 4, 4, 4, [20, 20, 20]);
                }
            }
        }
    }
    for (n, byte) in digest.iter().enumerate() {
        let width = 1 + usize::from(byte % 3);
        fill(40 + n * 5, 290, width, 40, [10, 10, 10]);
    }
    rgb_png(RECEIPT_W as u32, RECEIPT_H as u32, &pixels)
}

/// `pixels` (RGB, 8 bits a channel, row by row) as a PNG file.
fn rgb_png(width: u32, height: u32, pixels: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("PNG header into memory");
        writer
            .write_image_data(pixels)
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

    #[test]
    fn receipts_are_png_and_differ_by_name() {
        let a = receipt("documents/a-sucursal-1.png", 12_345);
        let b = receipt("documents/a-sucursal-2.png", 12_345);
        assert_eq!(&a[..8], b"\x89PNG\r\n\x1a\n");
        assert_ne!(a, b);
    }
}

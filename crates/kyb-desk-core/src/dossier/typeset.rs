//! Lines of text set on A4 pages as a PDF, in DejaVu Sans embedded whole (its license,
//! `fonts/DejaVuSans.LICENSE`, allows it), so the accents of Spanish (á é í ó ú ñ ü ¿ ¡)
//! show on any reader and a text extractor (`pdftotext`) reads them back: the text is
//! shown by glyph id and a ToUnicode map gives each glyph its character.
//!
//! The output depends only on the lines (no creation date, no random id), so the same
//! dossier always draws the same bytes: the check draws the PDF again from the JSON.

use std::collections::BTreeMap;
use std::io::Read;
use std::sync::OnceLock;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

/// DejaVu Sans deflated (zlib) by build.rs: as the PDF embeds it, half the font's size
/// in the program.
const FONT_DEFLATED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/DejaVuSans.ttf.zlib"));

/// The font itself, inflated once, the first time a dossier is set.
fn font_file() -> &'static [u8] {
    static FONT: OnceLock<Vec<u8>> = OnceLock::new();
    FONT.get_or_init(|| {
        let mut font = Vec::new();
        // The deflated font is part of the program: it inflates, or the build is broken.
        #[allow(clippy::expect_used)]
        flate2::read::ZlibDecoder::new(FONT_DEFLATED)
            .read_to_end(&mut font)
            .expect("the embedded font inflates");
        font
    })
}
const FONT_NAME: Name<'static> = Name(b"DejaVuSans");
const RESOURCE: Name<'static> = Name(b"F1");

const PAGE_W: f32 = 595.0;
const PAGE_H: f32 = 842.0;
const MARGIN: f32 = 50.0;

/// How a line is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Title,
    Heading,
    Body,
    /// Hashes and the like: smaller, indented.
    Detail,
    /// Small print beside the line before it (a name as the service spells it), on that
    /// line when it fits, else indented below it.
    Aside,
}

impl Style {
    fn size(self) -> f32 {
        match self {
            Self::Title => 16.0,
            Self::Heading => 12.0,
            Self::Body => 9.5,
            Self::Detail => 8.0,
            Self::Aside => 7.0,
        }
    }

    fn indent(self) -> f32 {
        if matches!(self, Self::Detail | Self::Aside) {
            12.0
        } else {
            0.0
        }
    }

    /// Space above the line.
    fn before(self) -> f32 {
        match self {
            Self::Title => 0.0,
            Self::Heading => 10.0,
            Self::Body | Self::Detail | Self::Aside => 0.0,
        }
    }
}

struct Font<'a> {
    face: ttf_parser::Face<'a>,
    per_em: f32,
}

impl Font<'_> {
    fn load() -> Font<'static> {
        // The font is part of the program: it parses, or the build is broken.
        #[allow(clippy::expect_used)]
        let face = ttf_parser::Face::parse(font_file(), 0).expect("the embedded font parses");
        let per_em = f32::from(face.units_per_em());
        Font { face, per_em }
    }

    /// The glyph of `c`; a character the font lacks is drawn as its missing glyph (0).
    fn glyph(&self, c: char) -> u16 {
        self.face.glyph_index(c).map_or(0, |g| g.0)
    }

    /// The glyph's advance in thousandths of the font size.
    fn advance(&self, glyph: u16) -> f32 {
        let units = self
            .face
            .glyph_hor_advance(ttf_parser::GlyphId(glyph))
            .unwrap_or(0);
        f32::from(units) * 1000.0 / self.per_em
    }

    fn width(&self, text: &str, size: f32) -> f32 {
        text.chars()
            .map(|c| self.advance(self.glyph(c)))
            .sum::<f32>()
            * size
            / 1000.0
    }
}

/// `text` cut into lines no wider than `width`: at spaces, and inside a word longer
/// than a line (a hash, an address).
fn wrap(font: &Font, text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if font.width(&candidate, size) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in word.chars() {
            line.push(c);
            if font.width(&line, size) > width {
                line.pop();
                lines.push(std::mem::take(&mut line));
                line.push(c);
            }
        }
    }
    lines.push(line);
    lines
}

/// Characters that change how text around them reads (direction overrides, zero-width
/// marks): an auditor must see them, so they are shown by their code.
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
}

/// `text` as it can be drawn and read back: a line break or tab is a space; a hidden
/// character, or one the font has no glyph of its own for, is written as its code
/// (`U+1F44D`). The ToUnicode map gives each glyph one character, so two characters
/// drawn with the font's missing glyph would both read back as the first of them.
fn drawable(font: &Font, text: &str, used: &mut BTreeMap<u16, char>) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\n' | '\r' | '\t') {
            out.push(' ');
            continue;
        }
        let glyph = font.glyph(c);
        if glyph != 0 && !is_hidden(c) && *used.entry(glyph).or_insert(c) == c {
            out.push(c);
        } else {
            out.push_str(&format!("U+{:04X}", u32::from(c)));
        }
    }
    out
}

/// The PDF of `lines`, titled `title`.
pub fn pdf(title: &str, lines: &[(Style, String)]) -> Vec<u8> {
    let font = Font::load();
    let mut used: BTreeMap<u16, char> = BTreeMap::new();
    let mut pages: Vec<Content> = Vec::new();
    let mut page = Content::new();
    let mut y = PAGE_H - MARGIN;
    // Where the last line drawn ends, for an aside set beside it.
    let mut line_end = MARGIN;
    for (style, text) in lines {
        let size = style.size();
        let leading = size * 1.35;
        let width = PAGE_W - 2.0 * MARGIN - style.indent();
        y -= style.before();
        let text = drawable(&font, text, &mut used);
        let beside = line_end + size;
        if *style == Style::Aside
            && line_end > MARGIN
            && beside + font.width(&text, size) <= PAGE_W - MARGIN
        {
            show(&mut page, &font, &mut used, &text, size, beside, y);
            line_end = beside + font.width(&text, size);
            continue;
        }
        for piece in wrap(&font, &text, size, width) {
            if y - leading < MARGIN {
                pages.push(std::mem::replace(&mut page, Content::new()));
                y = PAGE_H - MARGIN;
            }
            y -= leading;
            let x = MARGIN + style.indent();
            show(&mut page, &font, &mut used, &piece, size, x, y);
            line_end = x + font.width(&piece, size);
        }
    }
    pages.push(page);
    write(&font, title, pages, &used)
}

/// Draws `text` at (`x`, `y`), each character by its glyph.
fn show(
    page: &mut Content,
    font: &Font,
    used: &mut BTreeMap<u16, char>,
    text: &str,
    size: f32,
    x: f32,
    y: f32,
) {
    let mut shown = Vec::with_capacity(text.len() * 2);
    for c in text.chars() {
        let glyph = font.glyph(c);
        used.entry(glyph).or_insert(c);
        shown.extend_from_slice(&glyph.to_be_bytes());
    }
    page.begin_text();
    page.set_font(RESOURCE, size);
    page.next_line(x, y);
    page.show(Str(&shown));
    page.end_text();
}

fn write(font: &Font, title: &str, pages: Vec<Content>, used: &BTreeMap<u16, char>) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let info = Ref::new(3);
    let type0 = Ref::new(4);
    let cid = Ref::new(5);
    let descriptor = Ref::new(6);
    let file = Ref::new(7);
    let cmap = Ref::new(8);
    let first_page = 9;
    let page_ids: Vec<Ref> = (0..pages.len())
        .map(|i| Ref::new(first_page + 2 * i32::try_from(i).unwrap_or(i32::MAX / 4)))
        .collect();

    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_ids.iter().copied())
        .count(i32::try_from(page_ids.len()).unwrap_or(i32::MAX));
    pdf.document_info(info)
        .title(TextStr(title))
        .producer(TextStr("KYB Desk"));
    for (content, id) in pages.into_iter().zip(&page_ids) {
        let content_id = Ref::new(id.get() + 1);
        let mut page = pdf.page(*id);
        page.media_box(Rect::new(0.0, 0.0, PAGE_W, PAGE_H));
        page.parent(tree);
        page.contents(content_id);
        page.resources().fonts().pair(RESOURCE, type0);
        page.finish();
        pdf.stream(content_id, &content.finish());
    }

    let system = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    pdf.type0_font(type0)
        .base_font(FONT_NAME)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(cmap);
    {
        let mut cid_font = pdf.cid_font(cid);
        cid_font
            .subtype(CidFontType::Type2)
            .base_font(FONT_NAME)
            .system_info(system)
            .font_descriptor(descriptor)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        let mut widths = cid_font.widths();
        for glyph in used.keys() {
            widths.consecutive(*glyph, [font.advance(*glyph)]);
        }
    }
    let face = &font.face;
    let scale = |v: i16| f32::from(v) * 1000.0 / font.per_em;
    let bbox = face.global_bounding_box();
    pdf.font_descriptor(descriptor)
        .name(FONT_NAME)
        .flags(FontFlags::NON_SYMBOLIC)
        .bbox(Rect::new(
            scale(bbox.x_min),
            scale(bbox.y_min),
            scale(bbox.x_max),
            scale(bbox.y_max),
        ))
        .italic_angle(0.0)
        .ascent(scale(face.ascender()))
        .descent(scale(face.descender()))
        .cap_height(scale(face.capital_height().unwrap_or(face.ascender())))
        .stem_v(80.0)
        .font_file2(file);
    pdf.stream(file, FONT_DEFLATED)
        .filter(Filter::FlateDecode)
        .pair(
            Name(b"Length1"),
            i32::try_from(font_file().len()).unwrap_or(i32::MAX),
        );
    let mut map = UnicodeCmap::new(Name(b"Custom"), system);
    for (glyph, c) in used {
        map.pair(*glyph, *c);
    }
    pdf.stream(cmap, &map.finish());
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_in_the_program_is_dejavu_sans_byte_for_byte() {
        assert_eq!(
            font_file(),
            include_bytes!("../../fonts/DejaVuSans.ttf").as_slice()
        );
        assert!(FONT_DEFLATED.len() < font_file().len() / 2 + 16 * 1024);
    }

    #[test]
    fn the_font_has_every_spanish_letter() {
        let font = Font::load();
        for c in "áéíóúÁÉÍÓÚñÑüÜ¿¡".chars() {
            assert_ne!(font.glyph(c), 0, "{c} has no glyph");
        }
    }

    #[test]
    fn a_long_word_is_cut_to_fit() {
        let font = Font::load();
        let hash = "a".repeat(300);
        let lines = wrap(&font, &format!("sha256 {hash}"), 8.0, 200.0);
        assert!(lines.len() > 2);
        assert!(lines.iter().all(|l| font.width(l, 8.0) <= 200.0));
        assert_eq!(lines.concat().replace(' ', ""), format!("sha256{hash}"));
    }
}

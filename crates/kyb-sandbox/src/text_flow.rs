//! Text laid down pages of a generated PDF, top to bottom, a new page when one is full:
//! what the documents and the deed behind the detail's files are written with.

use crate::pdf::{Document, Font, Page};

/// The left margin, in points.
pub const LEFT: f32 = 72.0;
const TOP: f32 = 720.0;
const BOTTOM: f32 = 80.0;

/// Lines of text laid down a page at a time, a new page when one is full.
pub struct TextFlow {
    pub document: Document,
    /// Where the next line goes, in points from the page's foot.
    pub y: f32,
}

impl Default for TextFlow {
    fn default() -> Self {
        let mut document = Document::default();
        document.new_page();
        Self { document, y: TOP }
    }
}

impl TextFlow {
    /// The page being written.
    pub fn page(&mut self) -> &mut Page {
        self.document.pages_mut().last().expect("a page")
    }

    pub fn new_page(&mut self) {
        self.document.new_page();
        self.y = TOP;
    }

    pub fn line(&mut self, size: f32, font: Font, text: &str) {
        if self.y < BOTTOM {
            self.new_page();
        }
        let y = self.y;
        self.page().text(LEFT, y, size, font, text);
        self.y -= size * 1.45;
    }

    pub fn heading(&mut self, text: &str) {
        self.gap();
        self.line(13.0, Font::Bold, text);
    }

    pub fn gap(&mut self) {
        self.y -= 8.0;
    }

    /// `text` wrapped to the page's width (Helvetica 10.5 pt averages about 95
    /// characters on 468 points).
    pub fn paragraph(&mut self, text: &str) {
        let mut line = String::new();
        for word in text.split_whitespace() {
            if !line.is_empty() && line.chars().count() + word.chars().count() > 92 {
                self.line(10.5, Font::Regular, &line);
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        if !line.is_empty() {
            self.line(10.5, Font::Regular, &line);
        }
    }

    /// The pages with "Hoja n de m" at their foot.
    pub fn finish(mut self, footer: &str) -> Vec<u8> {
        let total = self.document.page_count();
        for (n, page) in self.document.pages_mut().enumerate() {
            page.text(
                LEFT,
                40.0,
                8.0,
                Font::Regular,
                &format!("{footer} — Hoja {} de {total}", n + 1),
            );
        }
        self.document.to_bytes()
    }
}

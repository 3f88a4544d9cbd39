//! The page's own objects, counted from inside it: what a leak would leave behind after
//! a screen closed (its elements, images, canvases, the answers TanStack Query keeps,
//! the User Timing entries the bench itself reads). WebKitGTK exposes no JavaScript
//! heap figure to the page (no `performance.memory`), so counts stand for it; the
//! heap's share shows in the web process's PSS by kind instead.

use kyb_e2e::App;

use crate::common::row;

/// The counts, each from one script so they are of the same moment.
pub struct Counts {
    pub nodes: u64,
    pub images: u64,
    pub canvases: u64,
    /// Every performance entry (marks, measures, resources…).
    pub entries: u64,
    pub measures: u64,
    /// The answers TanStack Query keeps (`window.kybCounts()`, ui/src/perf.ts); `None`
    /// on a build that does not expose them.
    pub queries: Option<u64>,
    /// The evidence's pdf.js sessions, their workers running and the PDF documents they
    /// keep opened (`window.kybCounts()`); `None` on a build that does not expose them.
    pub pdf_sessions: Option<u64>,
    pub pdf_workers: Option<u64>,
    pub pdf_documents: Option<u64>,
    /// `performance.memory.usedJSHeapSize` in MiB where the engine has it (not WebKit).
    pub heap_mib: Option<f64>,
}

pub async fn read(app: &App) -> Counts {
    let counts = app
        .run_script(
            "const memory = performance.memory;
             return {
               nodes: document.getElementsByTagName('*').length,
               images: document.images.length,
               canvases: document.getElementsByTagName('canvas').length,
               entries: performance.getEntries().length,
               measures: performance.getEntriesByType('measure').length,
               ...(window.kybCounts ? window.kybCounts() : {}),
               heap: memory ? memory.usedJSHeapSize / 1048576 : null,
             };",
        )
        .await;
    let count = |name: &str| counts[name].as_u64();
    Counts {
        nodes: count("nodes").unwrap_or_default(),
        images: count("images").unwrap_or_default(),
        canvases: count("canvases").unwrap_or_default(),
        entries: count("entries").unwrap_or_default(),
        measures: count("measures").unwrap_or_default(),
        queries: count("queries"),
        pdf_sessions: count("pdfSessions"),
        pdf_workers: count("pdfWorkers"),
        pdf_documents: count("pdfDocuments"),
        heap_mib: counts["heap"].as_f64(),
    }
}

/// Whether the page sees itself hidden (`document.visibilityState`).
pub async fn hidden(app: &App) -> bool {
    app.run_script("return document.visibilityState").await == "hidden"
}

/// A count the page exposes, or says it does not.
fn exposed(count: Option<u64>) -> String {
    count.map_or("not exposed".to_owned(), |n| n.to_string())
}

/// A Markdown table: one row per count, one column per state.
pub fn table(states: &[(&str, &Counts)]) -> Vec<String> {
    let header: Vec<&str> = states.iter().map(|(state, _)| *state).collect();
    let mut out = vec![
        format!("| page's count | {} |", header.join(" | ")),
        format!("|---|{}", "---:|".repeat(states.len())),
    ];
    type Cell = fn(&Counts) -> String;
    let lines: [(&str, Cell); 10] = [
        ("elements in the document", |c| c.nodes.to_string()),
        ("`img` elements", |c| c.images.to_string()),
        ("`canvas` elements", |c| c.canvases.to_string()),
        ("TanStack Query answers kept", |c| exposed(c.queries)),
        (
            "pdf.js sessions (evidence panes, viewers of their own)",
            |c| exposed(c.pdf_sessions),
        ),
        ("pdf.js workers running", |c| exposed(c.pdf_workers)),
        ("PDF documents kept opened", |c| exposed(c.pdf_documents)),
        ("User Timing measures", |c| c.measures.to_string()),
        ("performance entries, all kinds", |c| c.entries.to_string()),
        ("JavaScript heap (MiB)", |c| {
            c.heap_mib
                .map_or("not exposed".to_owned(), |mib| format!("{mib:.1}"))
        }),
    ];
    for (name, cell) in lines {
        let mut cells = vec![name.to_owned()];
        cells.extend(states.iter().map(|(_, counts)| cell(counts)));
        out.push(row(&cells));
    }
    out
}

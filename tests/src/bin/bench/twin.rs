//! The static twin of KYB Desk's first screen: the watchlist of [`WATCHLIST_FILES`]
//! files this build paints, as static HTML the bare window shows (`bare-window --page
//! DIR`). Nothing paints those pixels for less in this Tauri and WebKit: it is the floor
//! KYB Desk's start-up is measured against.
//!
//! - Taken at run time from the real window of the build measured, once its watchlist
//!   has painted, so it never drifts (inline styles become `style` attributes, which the
//!   bare window, without a CSP, applies). Every `<script>` and non-stylesheet `<link>`
//!   removed; the bare page's `main.js` added, so both are timed by the same signal.
//! - The first paint's stylesheets, copied byte for byte from `ui/dist` (their hashed
//!   names fail a `ui/dist` that is not the embedded one); the UI ships no font file,
//!   and a stylesheet that names a file (`url(…)`) fails the snapshot.
//! - Kept under `$CARGO_TARGET_DIR/kyb-bench/twin` when set, else in a temporary folder.

use std::path::{Path, PathBuf};

use kyb_e2e::App;
use serde_json::{Value, json};
use tempfile::TempDir;

use crate::common::WATCHLIST_FILES;

/// The UI the release build embeds (its `frontendDist`).
const DIST: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/dist");
/// The bare page's paint signal, the twin's only script.
const PAINT_SIGNAL: &str = include_str!("../../../../benches/bare-window/page/main.js");

/// The twin's folder and what it holds.
pub struct Twin {
    pub folder: PathBuf,
    /// The folder's remover, when it is a temporary one.
    _temporary: Option<TempDir>,
    /// Elements in the page.
    pub elements: u64,
    /// Its HTML, in bytes.
    pub html_bytes: usize,
    /// Its stylesheets, in bytes.
    pub css_bytes: usize,
}

impl Twin {
    /// `bare-window`'s arguments to show it.
    pub fn args(&self) -> Vec<String> {
        vec![
            "--page".to_owned(),
            self.folder.to_string_lossy().into_owned(),
        ]
    }
}

/// Snapshots `app`'s first screen, its watchlist painted.
pub async fn snapshot(app: &App) -> Twin {
    let dist = Path::new(DIST);
    let index = std::fs::read_to_string(dist.join("index.html"))
        .unwrap_or_else(|e| panic!("{DIST}/index.html: {e} (build the UI first)"));
    let shipped = stylesheets(&index);
    assert!(
        !shipped.is_empty(),
        "ui/dist/index.html links no stylesheet"
    );
    let found = app
        .run_script(&format!(
            "const shipped = new Set({});
             const copy = document.documentElement.cloneNode(true);
             for (const el of copy.querySelectorAll('script, link')) {{
               const sheet = el.localName === 'link' && el.relList.contains('stylesheet')
                 && shipped.has(el.getAttribute('href'));
               if (!sheet) el.remove();
             }}
             const signal = document.createElement('script');
             signal.src = '/main.js';
             copy.querySelector('body').append(signal);
             return {{
               html: '<!doctype html>\\n' + copy.outerHTML,
               sheets: [...copy.querySelectorAll('link')].map((l) => l.getAttribute('href')),
               elements: copy.querySelectorAll('*').length,
               rows: document.querySelector('[data-testid=rows-shown]')?.textContent ?? '',
             }};",
            json!(shipped)
        ))
        .await;
    let html = found["html"].as_str().expect("the page's HTML");
    let rows = found["rows"].as_str().unwrap_or_default();
    assert!(
        rows.contains(&WATCHLIST_FILES.to_string()),
        "the snapshot is not of the {WATCHLIST_FILES}-file watchlist (it shows «{rows}»)"
    );
    let mut sheets: Vec<String> = found["sheets"]
        .as_array()
        .map(|all| {
            all.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    sheets.sort();
    let mut wanted = shipped.clone();
    wanted.sort();
    assert_eq!(
        sheets, wanted,
        "the page's stylesheets are not index.html's"
    );

    let (folder, temporary) = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(target) => {
            let folder = Path::new(&target).join("kyb-bench").join("twin");
            // The previous run's, whose stylesheets had other names.
            let _ = std::fs::remove_dir_all(&folder);
            std::fs::create_dir_all(&folder).expect("a folder for the twin");
            (folder, None)
        }
        None => {
            let temporary = tempfile::tempdir().expect("a folder for the twin");
            (temporary.path().to_owned(), Some(temporary))
        }
    };
    std::fs::write(folder.join("index.html"), html).expect("the twin's page is written");
    std::fs::write(folder.join("main.js"), PAINT_SIGNAL).expect("its signal is written");
    let mut css_bytes = 0;
    for href in &shipped {
        let relative = href.trim_start_matches('/');
        let css = std::fs::read_to_string(dist.join(relative)).unwrap_or_else(|e| {
            panic!("ui/dist has no {href} ({e}): it is not the UI the release build embeds")
        });
        let named = css.match_indices("url(").any(|(at, _)| {
            !css[at + 4..]
                .trim_start_matches(['"', '\''])
                .starts_with("data:")
        });
        assert!(
            !named,
            "{href} names a file (url(…)): the twin copies stylesheets only"
        );
        let target = folder.join(relative);
        std::fs::create_dir_all(target.parent().expect("a folder")).expect("its folder");
        std::fs::write(&target, &css).expect("the stylesheet is copied");
        css_bytes += css.len();
    }
    Twin {
        elements: found["elements"].as_u64().unwrap_or(0),
        html_bytes: html.len(),
        css_bytes,
        folder,
        _temporary: temporary,
    }
}

/// The `href`s of the stylesheets an HTML page links, in order.
fn stylesheets(html: &str) -> Vec<String> {
    html.split('<')
        .filter(|tag| tag.starts_with("link ") && tag.contains(r#"rel="stylesheet""#))
        .filter_map(|tag| Some(tag.split(r#"href=""#).nth(1)?.split('"').next()?.to_owned()))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_shipped_stylesheets_are_read_from_index_html() {
        let html = r#"<head>
            <script type="module" crossorigin src="/assets/index-B.js"></script>
            <link rel="modulepreload" crossorigin href="/assets/i18n-D.js">
            <link rel="stylesheet" crossorigin href="/assets/ErrorNotice-C.css">
            <link rel="stylesheet" crossorigin href="/assets/index-C.css">
          </head>"#;
        assert_eq!(
            super::stylesheets(html),
            ["/assets/ErrorNotice-C.css", "/assets/index-C.css"]
        );
    }
}

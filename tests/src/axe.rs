//! axe-core, the accessibility rules engine, run in the real window: the journeys inject
//! the UI's pinned copy (`ui/node_modules/axe-core/axe.min.js`, installed by `npm ci`)
//! through WebDriver and read back what it found on the screen as it stands.
//!
//! The app's CSP (`script-src 'self'`) stays as shipped: a WebDriver script runs as the
//! automation's own, not as a script the page loaded, so the policy does not apply to it
//! (the journey's first scan would fail otherwise).

use std::fmt;

use crate::App;

/// The WCAG 2.0 and 2.1 success criteria of levels A and AA, as axe tags its rules.
pub const WCAG_AA_TAGS: [&str; 4] = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/// One rule broken on the screen, with every element that breaks it.
#[derive(Debug, Clone)]
pub struct Violation {
    /// axe's rule id (`color-contrast`, `button-name`, …).
    pub rule: String,
    /// `minor`, `moderate`, `serious` or `critical`.
    pub impact: String,
    /// What the rule asks, in axe's words.
    pub help: String,
    pub nodes: Vec<Offender>,
}

/// An element that breaks a rule.
#[derive(Debug, Clone)]
pub struct Offender {
    /// axe's CSS selector of the element.
    pub target: String,
    /// The start of its HTML.
    pub html: String,
    /// axe's reason for this element (for a contrast, the colours and the ratio).
    pub why: String,
}

impl Violation {
    /// Serious and critical: what the journeys allow none of.
    pub fn is_serious(&self) -> bool {
        matches!(self.impact.as_str(), "serious" | "critical")
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "[{}] {}: {}", self.impact, self.rule, self.help)?;
        for node in &self.nodes {
            writeln!(f, "    at {}", node.target)?;
            writeln!(f, "       {}", node.html)?;
            if !node.why.is_empty() {
                writeln!(f, "       {}", node.why)?;
            }
        }
        Ok(())
    }
}

/// The UI's pinned axe-core, found from where cargo runs the journeys (its
/// `CARGO_MANIFEST_DIR` at run time): a test binary built in another checkout that
/// shares the build folder (a clean clone's) must not read that checkout's copy.
fn axe_source() -> String {
    let tests = std::env::var("CARGO_MANIFEST_DIR")
        .unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_owned());
    let path = format!("{tests}/../ui/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("cannot read {path} ({e}); `npm --prefix ui ci` installs axe-core")
    })
}

/// Shortens `text` to `limit` characters on one line, for a failure message.
fn excerpt(text: &str, limit: usize) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= limit {
        return line;
    }
    let cut: String = line.chars().take(limit).collect();
    format!("{cut}…")
}

impl App {
    /// Runs axe on the whole document as it is now, with the WCAG 2.0/2.1 A and AA
    /// rules, and returns every violation, whatever its impact.
    pub async fn axe(&self) -> Vec<Violation> {
        let loaded = self
            .run_script("return typeof window.axe === 'object'")
            .await;
        if loaded != serde_json::json!(true) {
            self.run_script(&axe_source()).await;
        }
        let options = serde_json::json!({
            "runOnly": { "type": "tag", "values": WCAG_AA_TAGS },
            "resultTypes": ["violations"],
        });
        let script = format!(
            "const done = arguments[arguments.length - 1];
             axe.run(document, {options})
               .then((r) => done({{ ok: r.violations.map((v) => ({{
                   rule: v.id, impact: v.impact || '', help: v.help,
                   nodes: v.nodes.map((n) => ({{
                     target: n.target.map(String).join(' '),
                     html: n.html,
                     why: n.failureSummary || '',
                   }})),
                 }})) }}))
               .catch((e) => done({{ error: String(e && e.stack || e) }}));"
        );
        let answer = self.run_async_script(&script).await;
        if let Some(error) = answer.get("error") {
            panic!("axe failed in the window: {error}");
        }
        let text =
            |v: &serde_json::Value, key: &str| v[key].as_str().unwrap_or_default().to_owned();
        answer["ok"]
            .as_array()
            .expect("axe's violations")
            .iter()
            .map(|v| Violation {
                rule: text(v, "rule"),
                impact: text(v, "impact"),
                help: text(v, "help"),
                nodes: v["nodes"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|n| Offender {
                        target: text(n, "target"),
                        html: excerpt(&text(n, "html"), 160),
                        why: excerpt(&text(n, "why"), 240),
                    })
                    .collect(),
            })
            .collect()
    }
}

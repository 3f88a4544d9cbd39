//! The one place that scrubs what the diagnostics bundle carries: every text of it goes
//! through a [`Redactor`] first. Patterns go by shape, not by known values, so the bundle
//! holds no datum of anyone, the ones this desk never saw included:
//! - RFC (12 or 13 characters) and CURP (18) by their layout, alone or inside a word;
//!   e-mail addresses; UUID-shaped ids (with the workspace they point at a company's file);
//! - folios, which the spec types only as strings: by where they stand (after
//!   `verificaciones/`, `_applicant/`, `folio=`) and by the service's one known shape;
//! - keys: `sk_…`/`pk_…`/`rk_…`, any long mixed token (20+ letters and digits: when in
//!   doubt, withheld), an address's login and password, the token after `Bearer`;
//! - home folders in paths become `~` (their name is often the user's).
//!
//! Free text (a log line, a decoder's reason) is treated harder: a quoted value is
//! withheld unless a path or a route (decoders quote the values they refuse, which may be
//! a name), and a field named for a person's datum or a secret (`rfc=`, `x-api-key: `…)
//! is withheld up to the next field, blanks included (`name=Ana María Ruiz`). Keys and
//! passwords are never read for the bundle at all; these patterns are the net under that.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a redaction stood for; its marker is what the bundle shows in its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Withheld {
    Rfc,
    Curp,
    Email,
    Folio,
    Id,
    Key,
    /// A quoted value or a personal field's value in free text.
    Value,
    /// The user's home folder.
    Home,
}

impl Withheld {
    pub fn marker(self) -> &'static str {
        match self {
            Self::Rfc => "(RFC)",
            Self::Curp => "(CURP)",
            Self::Email => "(e-mail)",
            Self::Folio => "(folio)",
            Self::Id => "(id)",
            Self::Key => "(key)",
            Self::Value => "(withheld)",
            Self::Home => "~",
        }
    }
}

/// Words of a field's name that say its value is a person's datum or a secret,
/// whatever it looks like: a name is judged by its words (split at `_` and `-`), so
/// `agent_email`, `x-api-key`, `access_token` and `razon_social` are all caught.
const PERSONAL_FIELD_WORDS: &[&str] = &[
    "rfc",
    "curp",
    "email",
    "mail",
    "correo",
    "folio",
    "name",
    "nombre",
    "nombres",
    "apellido",
    "razon",
    "company",
    "empresa",
    "login",
    "user",
    "usuario",
    "member",
    "password",
    "passwd",
    "pwd",
    "pass",
    "secret",
    "key",
    "apikey",
    "token",
    "authorization",
    "auth",
    "bearer",
    "cookie",
    "telefono",
    "phone",
    "document",
    "workspace",
];

/// Where someone's home folder starts, on each system: the next segment is their
/// name (this user's home is `~` already; another's, from a copied path, too).
const HOMES: &[&str] = &["/home/", "/Users/", "\\Users\\"];

/// Path segments after which the next one is a folio.
const FOLIO_BEFORE: &[&str] = &["verificaciones/", "_applicant/"];

/// Scrubs texts and counts what it withheld, by kind.
#[derive(Debug, Default)]
pub struct Redactor {
    home: Option<String>,
    counts: BTreeMap<Withheld, u32>,
}

impl Redactor {
    /// A redactor that also turns `home` (the user's home folder) into `~`.
    pub fn new(home: Option<String>) -> Self {
        Self {
            // "/" or "" would turn every path into nonsense: no home then.
            home: home.filter(|h| h.trim_end_matches('/').len() > 1),
            counts: BTreeMap::new(),
        }
    }

    /// A redactor for this user (home from `HOME` or `USERPROFILE`).
    pub fn for_this_user() -> Self {
        let home = std::env::var("HOME")
            .or_else(|_| std::env::var("USERPROFILE"))
            .ok();
        Self::new(home)
    }

    /// How many of each kind were withheld so far.
    pub fn counts(&self) -> &BTreeMap<Withheld, u32> {
        &self.counts
    }

    fn withhold(&mut self, kind: Withheld) -> &'static str {
        *self.counts.entry(kind).or_default() += 1;
        kind.marker()
    }

    /// A text of the desk's own making (a report's keys, a platform's name): the
    /// patterns only.
    pub fn text(&mut self, text: &str) -> String {
        let text = self.home_folder(text);
        let text = self.url_logins(&text);
        let text = self.bearer(&text);
        let text = self.folios_by_place(&text);
        self.words(&text)
    }

    /// A text the desk cannot vouch for (a log line, a decoder's reason): the patterns,
    /// then quoted values and personal fields withheld.
    pub fn free_text(&mut self, text: &str) -> String {
        let text = self.text(text);
        let text = self.personal_fields(&text);
        self.quoted(&text)
    }

    fn home_folder(&mut self, text: &str) -> String {
        let text = self.own_home(text);
        self.homes(&text)
    }

    fn own_home(&mut self, text: &str) -> String {
        let Some(home) = self.home.clone() else {
            return text.to_owned();
        };
        let home = home.trim_end_matches('/');
        let found = text.matches(home).count();
        if found == 0 {
            return text.to_owned();
        }
        for _ in 0..found {
            self.withhold(Withheld::Home);
        }
        text.replace(home, Withheld::Home.marker())
    }

    /// Anyone's home folder (`/home/beto`, `/Users/beto`, `C:\Users\beto`) becomes `~`.
    fn homes(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some((at, prefix)) = HOMES
            .iter()
            .filter_map(|h| rest.find(h).map(|at| (at, *h)))
            .min()
        {
            out.push_str(&rest[..at]);
            let after = &rest[at + prefix.len()..];
            let end = after
                .find(|c: char| matches!(c, '/' | '\\' | '"' | '\'' | '`') || c.is_whitespace())
                .unwrap_or(after.len());
            if end == 0 {
                out.push_str(prefix);
            } else {
                out.push_str(self.withhold(Withheld::Home));
            }
            rest = &after[end..];
        }
        out.push_str(rest);
        out
    }

    /// The login and password of an address (`postgresql://kyb:s3cret@host/db`).
    fn url_logins(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.find("://") {
            let start = at + 3;
            out.push_str(&rest[..start]);
            rest = &rest[start..];
            let authority = rest
                .find(|c: char| {
                    matches!(c, '/' | '?' | '#' | '"' | '\'' | '`') || c.is_whitespace()
                })
                .unwrap_or(rest.len());
            if let Some(login) = rest[..authority].rfind('@') {
                out.push_str(self.withhold(Withheld::Key));
                rest = &rest[login..];
            }
        }
        out.push_str(rest);
        out
    }

    /// The token after `Bearer` (an `Authorization` header's value).
    fn bearer(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(at) = rest.to_ascii_lowercase().find("bearer ") {
            let start = at + "bearer ".len();
            out.push_str(&rest[..start]);
            rest = &rest[start..];
            let blanks = rest.len() - rest.trim_start().len();
            out.push_str(&rest[..blanks]);
            rest = &rest[blanks..];
            let end = rest
                .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '`' | ',' | ';'))
                .unwrap_or(rest.len());
            if end > 0 && !rest.starts_with('(') {
                out.push_str(self.withhold(Withheld::Key));
            } else {
                out.push_str(&rest[..end]);
            }
            rest = &rest[end..];
        }
        out.push_str(rest);
        out
    }

    fn folios_by_place(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some((at, before)) = FOLIO_BEFORE
            .iter()
            .filter_map(|b| rest.find(b).map(|at| (at, *b)))
            .min()
        {
            let start = at + before.len();
            out.push_str(&rest[..start]);
            rest = &rest[start..];
            let end = rest
                .find(|c: char| {
                    matches!(c, '/' | '?' | '"' | '\'' | '`' | '#') || c.is_whitespace()
                })
                .unwrap_or(rest.len());
            let segment = &rest[..end];
            // An operation's template (`{folio}`) and an already withheld one stay.
            if segment.is_empty() || segment.starts_with('{') || segment.starts_with('(') {
                out.push_str(segment);
            } else {
                out.push_str(self.withhold(Withheld::Folio));
            }
            rest = &rest[end..];
        }
        out.push_str(rest);
        out
    }

    /// Runs of word characters, each judged as a whole and by its parts.
    fn words(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut word = String::new();
        for c in text.chars() {
            if is_word_char(c) {
                word.push(c);
            } else {
                let judged = self.word(&word);
                out.push_str(&judged);
                word.clear();
                out.push(c);
            }
        }
        let judged = self.word(&word);
        out.push_str(&judged);
        out
    }

    fn word(&mut self, word: &str) -> String {
        if word.is_empty() {
            return String::new();
        }
        // A sentence's full stop is not part of the word.
        let core = word.trim_end_matches(['.', '-']);
        let tail = &word[core.len()..];
        // An e-mail percent-encoded in an address is one too.
        if core.replace("%40", "@").contains('@') && is_email(&core.replace("%40", "@")) {
            return format!("{}{tail}", self.withhold(Withheld::Email));
        }
        if is_key_shaped(core) {
            return format!("{}{tail}", self.withhold(Withheld::Key));
        }
        let core = self.uuids(core);
        // Each run of letters and digits inside (RFCs and CURPs sit between `_`, `-`,
        // `.`, as in a file name).
        let mut out = String::with_capacity(core.len());
        let mut run = String::new();
        for c in core.chars() {
            if c.is_alphanumeric() || c == '&' {
                run.push(c);
            } else {
                out.push_str(&self.run(&run, &out));
                run.clear();
                out.push(c);
            }
        }
        out.push_str(&self.run(&run, &out));
        out.push_str(tail);
        out
    }

    fn run(&mut self, run: &str, before: &str) -> String {
        if is_curp(run) {
            self.withhold(Withheld::Curp).to_owned()
        } else if is_rfc(run) {
            self.withhold(Withheld::Rfc).to_owned()
        } else if before.ends_with("VD-")
            && !run.is_empty()
            && run.chars().all(|c| c.is_ascii_digit())
        {
            self.withhold(Withheld::Folio).to_owned()
        } else {
            run.to_owned()
        }
    }

    fn uuids(&mut self, word: &str) -> String {
        let mut out = String::with_capacity(word.len());
        let mut rest = word;
        while rest.len() >= 36 {
            let found = rest
                .char_indices()
                .map(|(at, _)| at)
                .find(|&at| rest.get(at..at + 36).is_some_and(is_uuid));
            let Some(at) = found else { break };
            out.push_str(&rest[..at]);
            out.push_str(self.withhold(Withheld::Id));
            rest = &rest[at + 36..];
        }
        out.push_str(rest);
        out
    }

    /// The value of every field whose name says it holds a person's datum or a secret:
    /// `name=value` (a log's field, a query string's) and `name: value` (a header).
    fn personal_fields(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some((at, separator)) = next_separator(rest) {
            let head = &rest[..at];
            let name_start = head
                .rfind(|c: char| !is_field_name_char(c))
                .map_or(0, |at| at + 1);
            out.push_str(&rest[..at + separator]);
            let value = &rest[at + separator..];
            if is_personal_field(&head[name_start..]) {
                let end = value_end(value);
                let already = &value[..end];
                if already.trim_matches('"') == Withheld::Value.marker() {
                    out.push_str(already);
                } else if !already.is_empty() {
                    out.push_str(self.withhold(Withheld::Value));
                }
                rest = &value[end..];
            } else {
                rest = value;
            }
        }
        out.push_str(rest);
        out
    }

    fn quoted(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut chars = text.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            if c != '"' && c != '`' {
                out.push(c);
                continue;
            }
            // The closing quote, skipping escaped ones.
            let mut end = None;
            let mut escaped = false;
            for (i, d) in text[at + 1..].char_indices() {
                if escaped {
                    escaped = false;
                } else if d == '\\' {
                    escaped = true;
                } else if d == c {
                    end = Some(at + 1 + i);
                    break;
                }
            }
            let Some(end) = end else {
                out.push(c);
                continue;
            };
            let inside = &text[at + 1..end];
            out.push(c);
            if quoted_is_safe(inside) {
                out.push_str(inside);
            } else {
                out.push_str(self.withhold(Withheld::Value));
            }
            out.push(c);
            while chars.peek().is_some_and(|(i, _)| *i <= end) {
                chars.next();
            }
        }
        out
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '@' | '+' | '&' | '%')
}

/// Where a field's value ends: its closing quote; else where the next field starts
/// (a value printed as it is may hold blanks: `name=Ana María Ruiz queue=7`), or the
/// end of the text.
fn value_end(value: &str) -> usize {
    if let Some(inner) = value.strip_prefix('"') {
        let mut escaped = false;
        for (i, c) in inner.char_indices() {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                return i + 2;
            }
        }
        return value.len();
    }
    value
        .char_indices()
        .find(|&(at, c)| {
            (c.is_whitespace() || matches!(c, '&' | '?' | ',' | ';' | '{' | '}'))
                && starts_field(value[at + c.len_utf8()..].trim_start())
        })
        .map_or(value.len(), |(at, _)| at)
}

/// The next `=` or `: ` after a field's name, and the separator's length.
fn next_separator(text: &str) -> Option<(usize, usize)> {
    let equals = text.find('=').map(|at| (at, 1));
    let colon = text.find(": ").map(|at| (at, 2));
    match (equals, colon) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn is_field_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// Whether `text` starts with a field: a name from a letter, then `=` and a value (not
/// a token's `=` padding) or `: `.
fn starts_field(text: &str) -> bool {
    if !text.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    let name = text
        .find(|c: char| !is_field_name_char(c))
        .unwrap_or(text.len());
    let after = &text[name..];
    after.starts_with(": ")
        || after.strip_prefix('=').is_some_and(|v| {
            !v.is_empty() && !v.starts_with(['=', '&']) && !v.starts_with(char::is_whitespace)
        })
}

fn is_personal_field(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.split(['_', '-'])
        .any(|word| PERSONAL_FIELD_WORDS.contains(&word))
}

/// A quoted value kept in free text: empty, a number, a path (no blank, from `/`), an
/// operation's route, or only markers already.
fn quoted_is_safe(inside: &str) -> bool {
    let is_path =
        |s: &str| (s.starts_with('/') || s.starts_with("~/")) && !s.contains(char::is_whitespace);
    inside.is_empty()
        || inside.parse::<f64>().is_ok()
        || is_path(inside)
        || kyb_api::Operation::ALL
            .iter()
            .any(|op| op.route() == inside)
        || [Withheld::Value, Withheld::Key, Withheld::Id]
            .iter()
            .any(|w| inside == w.marker())
}

fn is_email(word: &str) -> bool {
    let Some((local, domain)) = word.rsplit_once('@') else {
        return false;
    };
    !local.is_empty() && domain.contains('.') && domain.split('.').all(|label| !label.is_empty())
}

fn is_uuid(text: &str) -> bool {
    text.len() == 36
        && text.char_indices().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => c == '-',
            _ => c.is_ascii_hexdigit(),
        })
}

/// An API key's shape: a known prefix, or a long token mixing letters and digits.
fn is_key_shaped(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    let prefixed = ["sk_", "pk_", "rk_"]
        .iter()
        .any(|p| lower.starts_with(p) && word.len() > p.len() + 4);
    let tokenish = word.len() >= 20
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && word.chars().any(|c| c.is_ascii_digit())
        && word.chars().any(|c| c.is_ascii_alphabetic())
        // A UUID is an id, told as one.
        && !(word.len() == 36 && is_uuid(word));
    prefixed || tokenish
}

fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c, 'Ñ' | 'ñ' | '&')
}

fn is_date(chars: &[char]) -> bool {
    chars.len() == 6 && chars.iter().all(char::is_ascii_digit) && {
        let n = |i: usize| (chars[i] as u32 - '0' as u32) * 10 + (chars[i + 1] as u32 - '0' as u32);
        (1..=12).contains(&n(2)) && (1..=31).contains(&n(4))
    }
}

/// An RFC in any case (a typed one may be lower case).
fn is_rfc(run: &str) -> bool {
    let chars: Vec<char> = run.chars().collect();
    let letters = match chars.len() {
        12 => 3,
        13 => 4,
        _ => return false,
    };
    chars[..letters].iter().all(|c| is_letter(*c))
        && is_date(&chars[letters..letters + 6])
        && chars[letters + 6..]
            .iter()
            .all(|c| c.is_ascii_alphanumeric())
}

fn is_curp(run: &str) -> bool {
    let chars: Vec<char> = run.chars().collect();
    chars.len() == 18
        && chars[..4].iter().all(|c| is_letter(*c))
        && is_date(&chars[4..10])
        && matches!(chars[10].to_ascii_uppercase(), 'H' | 'M' | 'X')
        && chars[11..16].iter().all(|c| is_letter(*c))
        && chars[16].is_ascii_alphanumeric()
        && chars[17].is_ascii_digit()
}

#[cfg(test)]
#[path = "redact_tests.rs"]
mod tests;

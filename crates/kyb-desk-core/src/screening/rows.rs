//! A list's rows as a screening holds them in memory: compact, since a list has a
//! million of them. A row's names are one string (joined by a unit separator), its
//! standing an index into the list's few distinct standings. [`ListEntry`] is the row as
//! read and kept on disk; this is the same row, smaller.

use serde::de::{Deserializer, SeqAccess, Visitor};

use super::{ListEntry, Party};

/// Separates a row's names in [`Row::names`]: a character no list's name holds.
const SEPARATOR: char = '\u{1f}';

pub struct Row {
    pub row: Box<str>,
    names: Box<str>,
    pub rfc: Option<Box<str>>,
    pub party: Party,
    status: u32,
    pub cleared: bool,
}

impl Row {
    /// The row's names: the first is its name, the rest its aliases.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.split(SEPARATOR)
    }

    pub fn name(&self, which: usize) -> &str {
        self.names().nth(which).unwrap_or_default()
    }
}

const NO_STATUS: u32 = u32::MAX;

#[derive(Default)]
pub struct Rows {
    rows: Vec<Row>,
    statuses: Vec<Box<str>>,
    /// Each standing's place in `statuses`, while rows are added (a list whose every
    /// row has its own standing would otherwise take quadratic time to read).
    status_at: std::collections::HashMap<Box<str>, u32>,
}

impl Rows {
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub fn get(&self, at: usize) -> Option<&Row> {
        self.rows.get(at)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter()
    }

    /// The row's standing as the list writes it.
    pub fn status(&self, row: &Row) -> Option<&str> {
        self.statuses.get(row.status as usize).map(|s| &**s)
    }

    pub fn push(&mut self, entry: ListEntry) {
        let status = match entry.status {
            None => NO_STATUS,
            Some(status) => match self.status_at.get(status.as_str()) {
                Some(at) => *at,
                // Lists have a handful of standings; one that gives each row its own
                // (a remark, say) is kept as it comes.
                None => {
                    let at = self.statuses.len() as u32;
                    let status = status.into_boxed_str();
                    self.status_at.insert(status.clone(), at);
                    self.statuses.push(status);
                    at
                }
            },
        };
        let names: Vec<String> = entry
            .names
            .into_iter()
            .map(|n| n.replace(SEPARATOR, " "))
            .collect();
        self.rows.push(Row {
            row: entry.row.into_boxed_str(),
            names: names.join(&SEPARATOR.to_string()).into_boxed_str(),
            rfc: entry.rfc.map(String::into_boxed_str),
            party: entry.party,
            status,
            cleared: entry.cleared,
        });
    }
}

impl From<Vec<ListEntry>> for Rows {
    fn from(entries: Vec<ListEntry>) -> Self {
        let mut rows = Rows::default();
        for entry in entries {
            rows.push(entry);
        }
        rows
    }
}

/// Reads a kept list's `entries` one at a time into [`Rows`]: the rows as read are never
/// all in memory at once.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Rows, D::Error> {
    struct Each;
    impl<'de> Visitor<'de> for Each {
        type Value = Rows;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a list's rows")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Rows, A::Error> {
            let mut rows = Rows::default();
            while let Some(entry) = seq.next_element::<ListEntry>()? {
                rows.push(entry);
            }
            Ok(rows)
        }
    }
    d.deserialize_seq(Each)
}

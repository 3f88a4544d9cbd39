//! A list's names ready to screen against: every name of every row found by the first
//! four letters of each of its folded words ([`names::fold`]), and every RFC by itself.
//! The folded names are not kept (a million rows' worth of them would double the list's
//! memory): a candidate is folded again when it is scored.
//!
//! A party's candidates are the names that share the first four letters of two of its
//! words (of its one word, when it has one), so a million rows are scored by the few
//! hundred that could match, with the score ([`names::score_words`]) a full scan would
//! give them. What this misses, said plainly: a row whose name shares the first four
//! letters of fewer than two of the party's words, however alike it scores. A slip in
//! the first four letters of one word of a two-word name ("Ovidio Gusman" for "Ovidio
//! Guzman", 96) is missed; so is a one-word party against a longer name at a threshold
//! under 70. Keys at both ends of each word would find these, and cost thirty times the
//! time per file on a million rows (measured: 397 ms against 12 ms), over the 50 ms a
//! file may take.

use std::collections::HashMap;

use serde::Serialize;
use ts_rs::TS;

use super::Party;
use super::names::{self, Folded};
use super::rows::Rows;

/// The letters of a word that find it.
const KEY_CHARS: usize = 4;
/// The most words of a party's name that are screened: a longer "name" (a paragraph
/// pasted into a form) would make every row a candidate.
pub const MAX_NAME_WORDS: usize = 12;

/// What a party was found by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum MatchedOn {
    Rfc,
    Name,
}

/// One party's hit on a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowHit {
    /// The row's index in the list's entries.
    pub entry: u32,
    /// The row's name (or alias) that matched.
    pub listed_name: String,
    pub score: u32,
    pub matched_on: MatchedOn,
}

pub struct ListIndex {
    /// Per name: its row and which of the row's names.
    names: Vec<(u32, u16)>,
    by_key: HashMap<Box<str>, Vec<u32>>,
    by_rfc: HashMap<Box<str>, Vec<u32>>,
}

fn key(word: &str) -> &str {
    match word.char_indices().nth(KEY_CHARS) {
        Some((at, _)) => &word[..at],
        None => word,
    }
}

impl ListIndex {
    pub fn build(entries: &Rows) -> Self {
        let mut index = Self {
            names: Vec::with_capacity(entries.len()),
            by_key: HashMap::new(),
            by_rfc: HashMap::new(),
        };
        for (row, entry) in entries.iter().enumerate() {
            let row = row as u32;
            if let Some(rfc) = &entry.rfc {
                index
                    .by_rfc
                    .entry(kyb_api::identifiers::compact(rfc).into())
                    .or_default()
                    .push(row);
            }
            for (which, name) in entry.names().enumerate().take(usize::from(u16::MAX)) {
                let folded = names::fold(name);
                if folded.is_empty() {
                    continue;
                }
                let id = index.names.len() as u32;
                let mut keys: Vec<&str> = folded.words.iter().map(|w| key(w)).collect();
                keys.sort_unstable();
                keys.dedup();
                for k in keys {
                    match index.by_key.get_mut(k) {
                        Some(list) => list.push(id),
                        None => {
                            index.by_key.insert(k.into(), vec![id]);
                        }
                    }
                }
                index.names.push((row, which as u16));
            }
        }
        index.by_key.shrink_to_fit();
        index
    }

    pub fn names(&self) -> usize {
        self.names.len()
    }

    /// The rows a party matches, best name per row, at `threshold` or over; an RFC
    /// equal to a row's is a hit of 100 whatever the names say.
    pub fn hits(
        &self,
        entries: &Rows,
        name: &str,
        rfc: Option<&str>,
        party: Party,
        threshold: u32,
    ) -> Vec<RowHit> {
        let mut best: HashMap<u32, RowHit> = HashMap::new();
        if let Some(rfc) = rfc
            .map(kyb_api::identifiers::compact)
            .filter(|r| !r.is_empty())
            && let Some(rows) = self.by_rfc.get(rfc.as_str())
        {
            for &row in rows {
                best.insert(
                    row,
                    RowHit {
                        entry: row,
                        listed_name: entries
                            .get(row as usize)
                            .map(|r| r.name(0).to_owned())
                            .unwrap_or_default(),
                        score: 100,
                        matched_on: MatchedOn::Rfc,
                    },
                );
            }
        }
        let mut folded: Folded = names::fold(name);
        folded.words.truncate(MAX_NAME_WORDS);
        let words: Vec<&str> = folded.words.iter().map(String::as_str).collect();
        if !words.is_empty() {
            let mut keys: Vec<&str> = words.iter().map(|w| key(w)).collect();
            keys.sort_unstable();
            keys.dedup();
            let needed = keys.len().min(2);
            // Each key's names, rarest first. A name that shares `needed` keys with the
            // party is in one of the `keys - needed + 1` rarest lists (pigeonhole), so
            // only those are walked; the others are asked by binary search (a list is
            // in the order its names were added, so sorted).
            let mut lists: Vec<&[u32]> = keys
                .iter()
                .map(|k| self.by_key.get(*k).map(Vec::as_slice).unwrap_or_default())
                .collect();
            lists.sort_by_key(|l| l.len());
            let walked = lists.len() - needed + 1;
            let mut shared: HashMap<u32, u8> = HashMap::new();
            for (at, list) in lists.iter().enumerate().take(walked) {
                for &id in *list {
                    // Met in an earlier list: counted there, with every list after it.
                    if shared.contains_key(&id) {
                        continue;
                    }
                    let count = 1 + lists[at + 1..]
                        .iter()
                        .filter(|l| l.binary_search(&id).is_ok())
                        .count();
                    shared.insert(id, u8::try_from(count).unwrap_or(u8::MAX));
                }
            }
            let needed = needed as u8;
            for (id, count) in shared {
                if count < needed {
                    continue;
                }
                let (row, which) = &self.names[id as usize];
                let Some(entry) = entries.get(*row as usize) else {
                    continue;
                };
                // A person is not screened against a company's row, nor the reverse.
                if party != Party::Unknown && entry.party != Party::Unknown && entry.party != party
                {
                    continue;
                }
                let listed = names::fold(entry.name(usize::from(*which)));
                let theirs: Vec<&str> = listed.words.iter().map(String::as_str).collect();
                let score = names::score_words(&words, &theirs);
                if score < threshold {
                    continue;
                }
                let hit = RowHit {
                    entry: *row,
                    listed_name: entry.name(usize::from(*which)).to_owned(),
                    score,
                    matched_on: MatchedOn::Name,
                };
                match best.get(row) {
                    Some(kept) if kept.matched_on == MatchedOn::Rfc || kept.score >= score => {}
                    _ => {
                        best.insert(*row, hit);
                    }
                }
            }
        }
        let mut hits: Vec<RowHit> = best.into_values().collect();
        hits.sort_by(|a, b| b.score.cmp(&a.score).then(a.entry.cmp(&b.entry)));
        hits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screening::ListEntry;

    fn entry(row: &str, names: &[&str], rfc: Option<&str>, party: Party) -> ListEntry {
        ListEntry {
            row: row.into(),
            names: names.iter().map(|n| (*n).to_owned()).collect(),
            rfc: rfc.map(str::to_owned),
            party,
            status: None,
            cleared: false,
        }
    }

    #[test]
    fn a_party_is_found_by_rfc_by_name_and_by_alias_and_not_across_kinds() {
        let entries = vec![
            entry("1", &["LOPEZ PEREZ, Juan Carlos"], None, Party::Person),
            entry(
                "2",
                &["GRUPO FANTASMA SA DE CV", "Fantasma Group"],
                Some("GFA150301AB1"),
                Party::Company,
            ),
            entry("3", &["Juan Carlos Lopez Perez"], None, Party::Company),
        ];
        let entries = Rows::from(entries);
        let index = ListIndex::build(&entries);
        let hits = index.hits(&entries, "Juan Carlos López Pérez", None, Party::Person, 90);
        assert_eq!(hits.iter().map(|h| h.entry).collect::<Vec<_>>(), vec![0]);
        assert_eq!(hits[0].score, 100);
        let by_rfc = index.hits(
            &entries,
            "Otra Empresa",
            Some("gfa150301ab1"),
            Party::Company,
            90,
        );
        assert_eq!((by_rfc[0].entry, by_rfc[0].matched_on), (1, MatchedOn::Rfc));
        let alias = index.hits(&entries, "FANTASMA GROUP, S.A.", None, Party::Company, 90);
        assert_eq!(alias[0].listed_name, "Fantasma Group");
        assert!(
            index
                .hits(&entries, "María Ruiz", None, Party::Person, 90)
                .is_empty()
        );
    }

    /// What the index is documented to miss, and what it finds: one exact word of a
    /// two-word name beside a slip in the other's first letters is missed; a slip after
    /// them is found; a pasted paragraph is screened by twelve of its words.
    #[test]
    fn the_index_misses_only_what_its_keys_say() {
        let entries = Rows::from(vec![
            entry("1", &["Ovidio Guzman"], None, Party::Person),
            entry("2", &["Ovidio Guzmán López"], None, Party::Person),
        ]);
        let index = ListIndex::build(&entries);
        assert!(
            index
                .hits(&entries, "Ovidio Gusman", None, Party::Person, 90)
                .is_empty()
        );
        let found: Vec<u32> = index
            .hits(&entries, "Ovidio Guzmen", None, Party::Person, 90)
            .iter()
            .map(|h| h.entry)
            .collect();
        assert!(found.contains(&0) && found.contains(&1), "{found:?}");
        let long = "Ovidio Guzman ".repeat(300);
        assert!(
            !index
                .hits(&entries, &long, None, Party::Person, 90)
                .is_empty()
        );
    }

    /// The index finds what a scan of every row finds when the names' slips are after
    /// the first four letters: the key only narrows.
    #[test]
    fn the_index_finds_what_a_full_scan_finds() {
        let people = ["Juan", "Juana", "María", "José", "Luis", "Ana", "Pedro"];
        let surnames = [
            "López",
            "Lopes",
            "Pérez",
            "García",
            "Garcia",
            "Hernández",
            "Martínez",
        ];
        let mut entries = Vec::new();
        for (i, g) in people.iter().enumerate() {
            for (j, s) in surnames.iter().enumerate() {
                for t in surnames.iter().skip(j % 3) {
                    entries.push(entry(
                        &format!("{i}-{j}-{t}"),
                        &[&format!("{g} {s} {t}")],
                        None,
                        Party::Person,
                    ));
                }
            }
        }
        let entries = Rows::from(entries);
        let index = ListIndex::build(&entries);
        for query in [
            "Juan López Pérez",
            "Maria Garcia",
            "Jose Hernandes Martinez",
            "Ana Lopes",
        ] {
            let found: Vec<u32> = {
                let mut f: Vec<u32> = index
                    .hits(&entries, query, None, Party::Person, 85)
                    .iter()
                    .map(|h| h.entry)
                    .collect();
                f.sort_unstable();
                f
            };
            let q = names::fold(query);
            let scanned: Vec<u32> = entries
                .iter()
                .enumerate()
                .filter(|(_, e)| names::score(&q, &names::fold(e.name(0))) >= 85)
                .map(|(i, _)| i as u32)
                .collect();
            assert_eq!(found, scanned, "{query}");
            assert!(!found.is_empty(), "{query}");
        }
    }
}

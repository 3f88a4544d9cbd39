//! The UN Security Council's consolidated list (`consolidated.xml`, the format its
//! "Consolidated List data model" describes): `CONSOLIDATED_LIST` with its
//! `dateGenerated`, `INDIVIDUALS/INDIVIDUAL` and `ENTITIES/ENTITY`; each with `DATAID`,
//! `REFERENCE_NUMBER` (QDi.001…), `UN_LIST_TYPE`, the name in `FIRST_NAME` to
//! `FOURTH_NAME`, and aliases in `INDIVIDUAL_ALIAS` / `ENTITY_ALIAS` `ALIAS_NAME`.
//! Read as a stream: no DTD or entity of the file's own is expanded.

use quick_xml::Reader;
use quick_xml::escape::resolve_predefined_entity;
use quick_xml::events::Event;

use super::text::{self, Encoding};
use super::{ListError, ListProblem};
use crate::screening::{ListEntry, Party, ReadList};

/// Elements nested at most.
const MAX_DEPTH: usize = 16;

#[derive(Default)]
struct Listed {
    data_id: Option<String>,
    reference: Option<String>,
    list_type: Option<String>,
    name_parts: Vec<String>,
    aliases: Vec<String>,
}

fn line_of(text: &str, at: u64) -> u64 {
    text.as_bytes()[..(at as usize).min(text.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count() as u64
        + 1
}

pub fn read(bytes: &[u8]) -> Result<ReadList, ListError> {
    let text = text::decode(bytes, Encoding::Utf8)?;
    let mut reader = Reader::from_str(&text);
    let mut path: Vec<String> = Vec::new();
    let mut current: Option<(Party, Listed)> = None;
    let mut buffer = String::new();
    let mut entries = Vec::new();
    let mut published = None;
    let mut opened = false;
    let mut closed = false;
    let broken = |reader: &Reader<&[u8]>, detail: String| {
        let problem = if reader.error_position() as usize >= text.trim_end().len() {
            ListProblem::Truncated
        } else {
            ListProblem::BadRow
        };
        ListError::new(
            problem,
            Some(line_of(&text, reader.error_position())),
            detail,
        )
    };
    loop {
        let event = reader
            .read_event()
            .map_err(|e| broken(&reader, e.to_string()))?;
        match event {
            Event::Start(e) => {
                let name = e.local_name().as_ref().to_owned();
                if name == "CONSOLIDATED_LIST" {
                    opened = true;
                    published = e
                        .try_get_attribute("dateGenerated")
                        .ok()
                        .flatten()
                        .and_then(|a| {
                            a.normalized_value(quick_xml::XmlVersion::default())
                                .ok()
                                .map(|v| v.into_owned())
                        });
                }
                match name.as_str() {
                    "INDIVIDUAL" => current = Some((Party::Person, Listed::default())),
                    "ENTITY" => current = Some((Party::Company, Listed::default())),
                    _ => {}
                }
                buffer.clear();
                path.push(name);
                // The consolidated list nests five deep; a file nested far deeper is none.
                if path.len() > MAX_DEPTH {
                    return Err(broken(
                        &reader,
                        format!("elements nested over {MAX_DEPTH} deep"),
                    ));
                }
            }
            Event::Text(t) => buffer.push_str(&t.xml10_content()),
            Event::CData(t) => buffer.push_str(&t.into_inner()),
            Event::GeneralRef(r) => {
                if let Ok(Some(c)) = r.resolve_char_ref() {
                    buffer.push(c);
                } else if let Some(s) = resolve_predefined_entity(&r.into_inner()) {
                    buffer.push_str(s);
                }
            }
            Event::End(_) => {
                let Some(name) = path.pop() else {
                    return Err(broken(&reader, "a closing tag without its opening".into()));
                };
                let value = buffer.trim().to_owned();
                buffer.clear();
                // Only the outermost element's close ends the list (one nested inside it
                // would let a file cut short pass).
                if name == "CONSOLIDATED_LIST" && path.is_empty() {
                    closed = true;
                }
                if matches!(name.as_str(), "INDIVIDUAL" | "ENTITY") {
                    if let Some((party, p)) = current.take() {
                        let main = p.name_parts.join(" ");
                        let mut names: Vec<String> = std::iter::once(main)
                            .chain(p.aliases)
                            .filter(|n| !n.is_empty())
                            .collect();
                        names.dedup();
                        let Some(row) = p.reference.or(p.data_id) else {
                            continue;
                        };
                        if names.is_empty() {
                            continue;
                        }
                        entries.push(ListEntry {
                            row,
                            names,
                            rfc: None,
                            party,
                            status: p.list_type,
                            cleared: false,
                        });
                    }
                    continue;
                }
                let Some((_, p)) = current.as_mut() else {
                    continue;
                };
                if value.is_empty() {
                    continue;
                }
                match name.as_str() {
                    "DATAID" => p.data_id = Some(value),
                    "REFERENCE_NUMBER" => p.reference = Some(value),
                    "UN_LIST_TYPE" => p.list_type = Some(value),
                    "FIRST_NAME" | "SECOND_NAME" | "THIRD_NAME" | "FOURTH_NAME" => {
                        p.name_parts.push(value)
                    }
                    "ALIAS_NAME" => p.aliases.push(value),
                    _ => {}
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !opened {
        return Err(ListError::new(
            ListProblem::NoTable,
            None,
            "no CONSOLIDATED_LIST",
        ));
    }
    if !closed || !path.is_empty() {
        return Err(ListError::new(
            ListProblem::Truncated,
            Some(line_of(&text, text.len() as u64)),
            "CONSOLIDATED_LIST is never closed",
        ));
    }
    Ok(ReadList { entries, published })
}

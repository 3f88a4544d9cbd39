//! A file's parties screened against the imported lists: the company, every
//! shareholder, administrator and member of the supervisory body (the deed's
//! `OrganosInternos`) and every representative (`Entidades`). By RFC exactly, and by
//! name with one score ([`super::names`]) at the policy's threshold. Each hit is a
//! finding on what it concerns (the deed's parties on the deed, a representative on
//! the person's section, the company on the deed or the file), unless the analyst
//! disposed of that party's hit on that row as a false positive.
//!
//! | List | Severity of a hit |
//! |---|---|
//! | OFAC SDN, UN consolidated, OpenSanctions (sanctions) | high |
//! | SAT 69-B, presumed or definitive | high |
//! | SAT 69-B, cleared (desvirtuado, sentencia favorable) | low |
//! | SAT article 69 | medium |

use kyb_api::identifiers::rfc::{self, Holder};
use kyb_api::models::detail::{DetailV2, EntityKind};

pub use super::hit::{Hit, PartyRole};

use super::dispositions::{Disposition, HitVerdict, party_key};
use super::store::Lists;
use super::{ListFormat, Party, names};
use crate::evidence::{Finding, FindingKind, OwnFinding, Severity, Target, rules};

#[derive(Debug, Clone, PartialEq)]
pub struct Subject {
    pub name: String,
    pub rfc: Option<String>,
    pub party: Party,
    /// Every role the party has in the file (a shareholder on the board is both).
    pub roles: Vec<PartyRole>,
    pub target: Target,
}

fn text(value: Option<&String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// A party's kind from its RFC, only when the RFC is one the SAT would issue: a made-up
/// 12-character "RFC" on a form must not turn a person into a company and hide them
/// from every individual's row.
fn party_of_rfc(value: Option<&str>, otherwise: Party) -> Party {
    let check = value.map(rfc::check).filter(|c| c.is_valid());
    match check.and_then(|c| c.holder) {
        Some(Holder::Company) => Party::Company,
        Some(Holder::Person) => Party::Person,
        None => otherwise,
    }
}

/// Every party of the file worth screening, once each: one person in several roles of
/// the deed (a shareholder on the board) is one party with those roles, screened once.
pub fn subjects(detail: &DetailV2) -> Vec<Subject> {
    let mut out: Vec<Subject> = Vec::new();
    for subject in every_role(detail) {
        let key = party_key(&subject.name, subject.rfc.as_deref());
        match out
            .iter_mut()
            .find(|s| s.target == subject.target && party_key(&s.name, s.rfc.as_deref()) == key)
        {
            Some(kept) => kept.roles.extend(subject.roles),
            None => out.push(subject),
        }
    }
    out
}

fn every_role(detail: &DetailV2) -> Vec<Subject> {
    let mut out = Vec::new();
    let deed = detail.documentos.iter().position(rules::is_deed);
    let on_deed = deed.map_or(Target::File, |i| Target::Document(i as u32));
    if let Some(name) = text(detail.cliente.as_ref()) {
        out.push(Subject {
            name,
            rfc: text(detail.rfc.as_ref()),
            party: Party::Company,
            roles: vec![PartyRole::Company],
            target: on_deed,
        });
    }
    if let Some(bodies) = deed.and_then(|i| detail.documentos[i].organos_internos.as_ref()) {
        for holder in &bodies.accionistas {
            if let Some(name) = text(holder.nombre.as_ref()) {
                let rfc = text(holder.rfc.as_ref());
                out.push(Subject {
                    party: party_of_rfc(rfc.as_deref(), Party::Unknown),
                    name,
                    rfc,
                    roles: vec![PartyRole::Shareholder],
                    target: on_deed,
                });
            }
        }
        let members = bodies.administracion.iter().flat_map(|a| &a.integrantes);
        for member in members {
            if let Some(name) = text(member.nombre.as_ref()) {
                let rfc = text(member.rfc.as_ref());
                out.push(Subject {
                    party: party_of_rfc(rfc.as_deref(), Party::Unknown),
                    name,
                    rfc,
                    roles: vec![PartyRole::Administrator],
                    target: on_deed,
                });
            }
        }
        if let Some(body) = &bodies.organo_vigilancia
            && let Some(name) = text(body.nombre.as_ref())
        {
            let rfc = text(body.rfc.as_ref());
            out.push(Subject {
                party: party_of_rfc(rfc.as_deref(), Party::Unknown),
                name,
                rfc,
                roles: vec![PartyRole::Oversight],
                target: on_deed,
            });
        }
    }
    for (i, entity) in detail.entidades.iter().enumerate() {
        if entity.tipo != Some(EntityKind::Representante) {
            continue;
        }
        let Some(data) = &entity.datos else { continue };
        let name = [&data.nombre, &data.apellido_paterno, &data.apellido_materno]
            .into_iter()
            .flatten()
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        if name.is_empty() {
            continue;
        }
        out.push(Subject {
            name,
            rfc: text(data.rfc.as_ref()),
            party: Party::Person,
            roles: vec![PartyRole::Representative],
            target: Target::Entity(i as u32),
        });
    }
    out
}

fn severity(format: ListFormat, cleared: bool) -> Severity {
    match format {
        _ if format.sanctions() => Severity::High,
        ListFormat::Sat69b if cleared => Severity::Low,
        ListFormat::Sat69b => Severity::High,
        _ => Severity::Medium,
    }
}

/// Every hit of the file's parties, and the findings of those not disposed of as
/// false positives.
pub fn screen(
    detail: &DetailV2,
    lists: &Lists,
    dispositions: &[Disposition],
    threshold: u32,
) -> (Vec<Hit>, Vec<OwnFinding>) {
    let mut hits = Vec::new();
    let mut found = Vec::new();
    for subject in subjects(detail) {
        let key = party_key(&subject.name, subject.rfc.as_deref());
        for list in lists.iter() {
            for row_hit in list.index.hits(
                &list.rows,
                &subject.name,
                subject.rfc.as_deref(),
                subject.party,
                threshold,
            ) {
                let Some(entry) = list.rows.get(row_hit.entry as usize) else {
                    continue;
                };
                let disposition = dispositions
                    .iter()
                    .rev()
                    .find(|d| {
                        d.list == list.info.format && *d.row == *entry.row && d.party_key == key
                    })
                    .cloned();
                let hit = Hit {
                    list: list.info.format,
                    list_version: list.info.version,
                    row: entry.row.to_string(),
                    listed_name: row_hit.listed_name,
                    list_status: list.rows.status(entry).map(str::to_owned),
                    score: row_hit.score,
                    matched_on: row_hit.matched_on,
                    party: subject.name.clone(),
                    party_rfc: subject.rfc.clone(),
                    roles: subject.roles.clone(),
                    party_key: key.clone(),
                    disposition,
                };
                let cleared_by_analyst = hit
                    .disposition
                    .as_ref()
                    .is_some_and(|d| d.verdict == HitVerdict::FalsePositive);
                if !cleared_by_analyst {
                    let mut f = Finding::new(
                        FindingKind::WatchlistHit,
                        severity(list.info.format, entry.cleared),
                    );
                    f.subject = Some(subject.name.clone());
                    f.codes = vec![entry.row.to_string(), hit.score.to_string()];
                    f.source = Some(match &list.info.published {
                        Some(published) => {
                            format!("{} ({published})", list.info.format.publisher())
                        }
                        None => format!(
                            "{}, importada el {}",
                            list.info.format.publisher(),
                            list.info
                                .imported_at
                                .get(..10)
                                .unwrap_or(&list.info.imported_at)
                        ),
                    });
                    f.hit = Some(Box::new(hit.clone()));
                    found.push((subject.target, f));
                }
                hits.push(hit);
            }
        }
    }
    (hits, found)
}

/// Whether a name is one the lists would screen (not empty once folded).
pub fn screenable(name: &str) -> bool {
    !names::fold(name).is_empty()
}

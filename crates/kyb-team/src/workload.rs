//! Workload: each member's cap on open files, "no disponible hasta …",
//! and a supervisor's bulk reassignment after a preview. The database enforces the
//! caps and absences (migration 0006: "take next" and assignments refuse a member at
//! their cap or away, one call per member at a time); the plan of who gets what is
//! computed here, shown, and applied by the database only if every file is still where
//! the preview saw it.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{Role, Team, TeamError, TeamFile, TeamResult};

/// A new member's cap on open files.
pub const CAP_DEFAULT: u32 = 15;
/// The caps a supervisor may set.
pub const CAP_MIN: u32 = 1;
pub const CAP_MAX: u32 = 100;
/// The most files one reassignment moves.
pub const PLAN_MAX: usize = 1000;
/// How far ahead a member may be marked away.
pub const AWAY_MAX_DAYS: i64 = 366;

/// Whether a file's status ends its work (it no longer counts as open): kyb_api's
/// rule, which the database's `team_status_final` repeats (a test compares them).
pub fn is_final(status: &str) -> bool {
    kyb_api::file::DocumentStatus::parse(status).is_final()
}

/// A member's workload now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Workload {
    pub login: String,
    pub email: String,
    pub role: Role,
    pub cap: u32,
    /// Away until this instant (RFC 3339, UTC), while it runs.
    pub away_until: Option<String>,
    /// Files assigned to them or under their running claim, not in a final status.
    pub open: u32,
}

impl Workload {
    /// How many more open files they may get now (none while away).
    pub fn free(&self) -> u32 {
        if self.away_until.is_some() {
            0
        } else {
            self.cap.saturating_sub(self.open)
        }
    }
}

/// One file of a plan: where the preview saw it (none: in the queue) and whom it goes to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Placement {
    pub flow_id: String,
    pub rfc: String,
    pub from: Option<String>,
    pub to: String,
}

/// Why a file of the selection has no place in the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Unplaced {
    /// Every chosen member present is at their cap.
    NoCapacity,
    /// No chosen member is present (all away, or none chosen but its holder).
    NoTarget,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UnplacedFile {
    pub flow_id: String,
    pub rfc: String,
    pub from: Option<String>,
    pub reason: Unplaced,
}

/// Who gets what: the preview a supervisor confirms, sent back as it is.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReassignPlan {
    pub placements: Vec<Placement>,
    pub unplaced: Vec<UnplacedFile>,
}

/// Spreads `files` (in the order given: the queue's, oldest first) over the `targets`
/// by free capacity: each file goes to the present target with the most room left
/// (ties by login), never past a cap, never to someone away, never to the member who
/// has it. A file in a final status takes no room (it is not open). What cannot be
/// placed is listed with its reason.
pub fn plan(files: &[TeamFile], targets: &[Workload]) -> ReassignPlan {
    let mut room: BTreeMap<&str, u32> = targets
        .iter()
        .filter(|t| t.away_until.is_none())
        .map(|t| (t.login.as_str(), t.free()))
        .collect();
    let mut result = ReassignPlan::default();
    for file in files {
        let open = !is_final(&file.status);
        let candidates = room
            .iter()
            .filter(|(login, _)| file.assignee.as_deref() != Some(**login));
        let best = candidates
            .clone()
            .filter(|(_, free)| !open || **free > 0)
            // The most room; of equals, the first login (max_by keeps the last).
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
            .map(|(login, _)| *login);
        match best {
            Some(login) => {
                if open && let Some(free) = room.get_mut(login) {
                    *free -= 1;
                }
                result.placements.push(Placement {
                    flow_id: file.flow_id.clone(),
                    rfc: file.rfc.clone(),
                    from: file.assignee.clone(),
                    to: login.to_owned(),
                });
            }
            None => result.unplaced.push(UnplacedFile {
                flow_id: file.flow_id.clone(),
                rfc: file.rfc.clone(),
                from: file.assignee.clone(),
                reason: if candidates.count() == 0 {
                    Unplaced::NoTarget
                } else {
                    Unplaced::NoCapacity
                },
            }),
        }
    }
    result
}

type WorkloadRow = (String, String, String, i32, Option<String>, i64);

impl Team {
    /// Every member's cap, absence and open files, by login.
    pub async fn workload(&self) -> TeamResult<Vec<Workload>> {
        let rows: Vec<WorkloadRow> = sqlx::query_as(
            "SELECT login, email, role, cap, away_until, open FROM team_workload($1)",
        )
        .bind(&self.workspace)
        .fetch_all(&self.pool)
        .await
        .map_err(TeamError::of)?;
        Ok(rows
            .into_iter()
            .map(|(login, email, role, cap, away_until, open)| Workload {
                login,
                email,
                role: Role::of(&role),
                cap: u32::try_from(cap).unwrap_or(0),
                away_until,
                open: u32::try_from(open).unwrap_or(u32::MAX),
            })
            .collect())
    }

    /// A supervisor sets a member's cap ([`CAP_MIN`] to [`CAP_MAX`]; else `BadText`).
    pub async fn set_cap(&self, login: &str, cap: u32) -> TeamResult<()> {
        let cap = i32::try_from(cap).map_err(|_| TeamError::BadText)?;
        sqlx::query("SELECT team_set_cap($1, $2, $3)")
            .bind(&self.workspace)
            .bind(login.trim())
            .bind(cap)
            .execute(&self.pool)
            .await
            .map_err(TeamError::of)?;
        Ok(())
    }

    /// Marks a member (oneself, or anyone for a supervisor) away until `until` (at most
    /// [`AWAY_MAX_DAYS`] ahead), or available again (`None`). Away, their assigned
    /// files go back to the queue and their claims end: how many files went back.
    pub async fn set_away(&self, login: &str, until: Option<DateTime<Utc>>) -> TeamResult<u64> {
        let returned: i64 = sqlx::query_scalar("SELECT team_set_away($1, $2, $3::timestamptz)")
            .bind(&self.workspace)
            .bind(login.trim())
            .bind(until.map(kyb_api::time::instant_text))
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)?;
        Ok(u64::try_from(returned).unwrap_or(0))
    }

    /// A supervisor applies a previewed plan, whole or not at all: `PlanChanged` when
    /// a file is no longer where the preview saw it, `AtCap` or `Away` when a target
    /// can no longer take their files. How many files moved.
    pub async fn reassign(&self, placements: &[Placement]) -> TeamResult<u64> {
        if placements.is_empty() || placements.len() > PLAN_MAX {
            return Err(TeamError::BadText);
        }
        let column = |f: fn(&Placement) -> Option<String>| -> Vec<Option<String>> {
            placements.iter().map(f).collect()
        };
        let moved: i64 = sqlx::query_scalar("SELECT team_reassign($1, $2, $3, $4, $5)")
            .bind(&self.workspace)
            .bind(column(|p| Some(p.flow_id.clone())))
            .bind(column(|p| Some(p.rfc.clone())))
            .bind(column(|p| p.from.clone()))
            .bind(column(|p| Some(p.to.clone())))
            .fetch_one(&self.pool)
            .await
            .map_err(TeamError::of)?;
        Ok(u64::try_from(moved).unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(login: &str, cap: u32, open: u32, away: bool) -> Workload {
        Workload {
            login: login.into(),
            email: format!("{login}@x.mx"),
            role: Role::Analyst,
            cap,
            away_until: away.then(|| "2030-01-01T00:00:00Z".into()),
            open,
        }
    }

    fn file(rfc: &str, status: &str, assignee: Option<&str>) -> TeamFile {
        TeamFile {
            flow_id: "flujo".into(),
            rfc: rfc.into(),
            status: status.into(),
            document_id: None,
            assignee: assignee.map(Into::into),
        }
    }

    #[test]
    fn files_go_to_the_most_room_never_past_a_cap_nor_to_the_away_nor_back_to_their_holder() {
        let files: Vec<_> = (0..6)
            .map(|n| file(&format!("R{n}"), "Pendiente", Some("ana")))
            .collect();
        let targets = [
            member("ana", 15, 6, false),
            member("beto", 5, 3, false),
            member("carla", 3, 0, false),
            member("dario", 15, 0, true),
        ];
        let plan = plan(&files, &targets);
        let to: Vec<_> = plan.placements.iter().map(|p| p.to.as_str()).collect();
        // carla 3 free, beto 2: carla, then ties by login (beto before carla).
        assert_eq!(to, ["carla", "beto", "carla", "beto", "carla"]);
        assert!(
            plan.placements
                .iter()
                .all(|p| p.from.as_deref() == Some("ana"))
        );
        assert_eq!(
            plan.unplaced,
            [UnplacedFile {
                flow_id: "flujo".into(),
                rfc: "R5".into(),
                from: Some("ana".into()),
                reason: Unplaced::NoCapacity,
            }]
        );
    }

    #[test]
    fn a_final_file_takes_no_room_and_without_a_present_target_nothing_is_placed() {
        let plan = plan(
            &[file("A", "Aceptado", None), file("B", "Pendiente", None)],
            &[member("beto", 1, 1, false)],
        );
        assert_eq!(plan.placements.len(), 1);
        assert_eq!(plan.placements[0].rfc, "A");
        assert_eq!(plan.unplaced[0].reason, Unplaced::NoCapacity);
        let nobody = super::plan(
            &[file("B", "Pendiente", Some("beto"))],
            &[member("beto", 9, 0, false), member("carla", 9, 0, true)],
        );
        assert!(nobody.placements.is_empty());
        assert_eq!(nobody.unplaced[0].reason, Unplaced::NoTarget);
    }

    #[test]
    fn final_statuses_are_kyb_apis() {
        assert!(is_final("Aceptado") && is_final(" finalizado "));
        assert!(!is_final("Pendiente") && !is_final(""));
    }
}

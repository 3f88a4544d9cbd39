//! The team's workload on the desk: each member's open files against
//! their cap and their absence, a supervisor's cap and absence changes, and the bulk
//! reassignment's preview and apply. The rules are kyb_team's and the database's; the
//! window gets them as data (who has room, the plan) and sends the plan back as shown.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use kyb_team::{Placement, QueueFilter, ReassignPlan, TeamFile, Workload};
use serde::Deserialize;
use ts_rs::TS;

use super::team_error;
use crate::desk::Desk;
use crate::error::{AppError, AppResult, DeskCode};

/// Which files a supervisor reassigns: the ones chosen in the queue, or all the open
/// files of one member.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ReassignSelection {
    Files { keys: Vec<FileKey> },
    MemberFiles { login: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FileKey {
    pub flow_id: String,
    pub rfc: String,
}

/// The selection's files as the queue has them now, oldest in their status first.
fn selected(files: Vec<TeamFile>, selection: &ReassignSelection) -> Vec<TeamFile> {
    // A set: thousands of chosen keys against a queue of thousands of files are
    // matched in one pass, not each key against each file.
    let chosen: HashSet<(&str, &str)> = match selection {
        ReassignSelection::Files { keys } => keys
            .iter()
            .map(|k| (k.flow_id.trim(), k.rfc.trim()))
            .collect(),
        ReassignSelection::MemberFiles { .. } => HashSet::new(),
    };
    files
        .into_iter()
        .filter(|f| match selection {
            ReassignSelection::Files { .. } => {
                chosen.contains(&(f.flow_id.as_str(), f.rfc.as_str()))
            }
            ReassignSelection::MemberFiles { login } => {
                f.assignee.as_deref() == Some(login.trim()) && !kyb_team::is_final(&f.status)
            }
        })
        .collect()
}

impl Desk {
    /// Every member's open files, cap and absence.
    pub async fn team_workload(&self) -> AppResult<Vec<Workload>> {
        self.team().await?.workload().await.map_err(team_error)
    }

    /// A supervisor sets a member's cap.
    pub async fn set_member_cap(&self, login: &str, cap: u32) -> AppResult<Vec<Workload>> {
        let team = self.team_for_change().await?;
        team.set_cap(login, cap).await.map_err(team_error)?;
        team.workload().await.map_err(team_error)
    }

    /// Marks a member (oneself; anyone for a supervisor) away until `until` (RFC 3339),
    /// or available (`None`): their files go back to the queue.
    pub async fn set_member_away(
        &self,
        login: &str,
        until: Option<&str>,
    ) -> AppResult<Vec<Workload>> {
        let until = until
            .map(|text| {
                DateTime::parse_from_rfc3339(text.trim())
                    .map(|at| at.with_timezone(&Utc))
                    .map_err(|_| AppError::of(DeskCode::InvalidInput))
            })
            .transpose()?;
        let team = self.team_for_change().await?;
        team.set_away(login, until).await.map_err(team_error)?;
        team.workload().await.map_err(team_error)
    }

    /// The preview: who would get which of the selected files, spread over `targets`
    /// by their room now; what cannot be placed is listed with why.
    pub async fn preview_reassign(
        &self,
        selection: &ReassignSelection,
        targets: &[String],
    ) -> AppResult<ReassignPlan> {
        let team = self.team().await?;
        let files = team.files(QueueFilter::All).await.map_err(team_error)?;
        let chosen = selected(files, selection);
        let targets: HashSet<&str> = targets.iter().map(|t| t.trim()).collect();
        let members: Vec<Workload> = team
            .workload()
            .await
            .map_err(team_error)?
            .into_iter()
            .filter(|w| targets.contains(w.login.as_str()))
            .collect();
        Ok(kyb_team::plan(&chosen, &members))
    }

    /// Applies a previewed plan as shown, whole or not at all (`plan_changed` when a
    /// file moved since); how many files moved.
    pub async fn apply_reassign(&self, placements: &[Placement]) -> AppResult<u64> {
        self.team_for_change()
            .await?
            .reassign(placements)
            .await
            .map_err(team_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_selection_is_the_chosen_files_or_a_member_s_open_ones() {
        let files = vec![
            file("A", "Pendiente", Some("ana")),
            file("B", "Aceptado", Some("ana")),
            file("C", "Pendiente", None),
        ];
        let mine = selected(
            files.clone(),
            &ReassignSelection::MemberFiles {
                login: "ana".into(),
            },
        );
        assert_eq!(mine.iter().map(|f| &f.rfc).collect::<Vec<_>>(), ["A"]);
        let chosen = selected(
            files,
            &ReassignSelection::Files {
                keys: vec![FileKey {
                    flow_id: " flujo".into(),
                    rfc: "C ".into(),
                }],
            },
        );
        assert_eq!(chosen.iter().map(|f| &f.rfc).collect::<Vec<_>>(), ["C"]);
    }

    #[test]
    fn thousands_of_chosen_keys_select_exactly_their_files_in_queue_order() {
        let files: Vec<TeamFile> = (0..20_000)
            .map(|n| file(&format!("RFC{n:05}"), "Pendiente", None))
            .collect();
        // Every third file, chosen in reverse order, blanks around, some twice, and
        // keys of files the queue no longer has.
        let keys: Vec<FileKey> = (0..25_000)
            .rev()
            .filter(|n| n % 3 == 0)
            .chain([0, 3, 6])
            .map(|n| FileKey {
                flow_id: " flujo ".into(),
                rfc: format!(" RFC{n:05}"),
            })
            .collect();
        let chosen = selected(files, &ReassignSelection::Files { keys });
        let expected: Vec<String> = (0..20_000)
            .filter(|n| n % 3 == 0)
            .map(|n| format!("RFC{n:05}"))
            .collect();
        assert_eq!(
            chosen.into_iter().map(|f| f.rfc).collect::<Vec<_>>(),
            expected
        );
    }
}

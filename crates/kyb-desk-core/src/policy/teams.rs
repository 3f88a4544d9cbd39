//! The team database the policy sets for a workspace, in the desk's profiles: every
//! profile of a held workspace (preset or the user's own) works on that database.
//! Its host, port and database are set back at every start and fixed in the window;
//! the login and its password stay the member's own (the database knows each member
//! by their login). Pointing at another database is refused (`fixed_by_policy`)
//! instead of saved and then held without state changes: the user learns it where
//! they made it.
//!
//! Decided here: a profile of a held workspace with no team (none yet, or taken out)
//! is kept without one, as there is no login to give it: it changes no state
//! (`Policy::allows`) until its user gives their login in the form, where the team is
//! shown already filled in and fixed.

use crate::error::{AppError, AppResult, DeskCode};
use crate::profiles::{ProfileBook, ProfileInput};

use super::TeamOf;

/// The policy's team for `workspace`, if it holds it.
pub fn held<'a>(teams: &'a [TeamOf], workspace: &str) -> Option<&'a TeamOf> {
    teams.iter().find(|t| t.names(workspace))
}

/// Sets each held profile's team database back to the policy's; whether anything
/// changed.
pub fn apply(book: &mut ProfileBook, teams: &[TeamOf]) -> bool {
    let mut changed = false;
    for profile in &mut book.profiles {
        let (Some(required), Some(team)) = (held(teams, &profile.workspace_id), &mut profile.team)
        else {
            continue;
        };
        if !required.is(team) {
            team.host.clone_from(&required.host);
            team.port = required.port;
            team.database.clone_from(&required.database);
            changed = true;
        }
    }
    changed
}

/// Marks each held profile's team as fixed (beside what a preset fixes).
pub fn mark(book: &mut ProfileBook, teams: &[TeamOf]) {
    for profile in &mut book.profiles {
        if held(teams, &profile.workspace_id).is_some()
            && !profile.fixed.iter().any(|f| f == "team")
        {
            profile.fixed.push("team".to_owned());
        }
    }
}

/// Refuses a profile of a held workspace on another team database.
pub fn check_edit(input: &ProfileInput, teams: &[TeamOf]) -> AppResult<()> {
    match (held(teams, &input.workspace_id), &input.team) {
        (Some(required), Some(team)) if !required.is(team) => Err(AppError::new(
            DeskCode::FixedByPolicy,
            format!(
                "team: fixed by the company's policy (the workspace works on {}:{}/{})",
                required.host, required.port, required.database
            ),
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profiles::Profile;
    use kyb_team::TeamAddress;

    const WORKSPACE: &str = "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10";

    fn policy() -> Vec<TeamOf> {
        vec![TeamOf {
            workspace: WORKSPACE.to_uppercase(),
            host: "db.empresa.mx".into(),
            port: 5433,
            database: "kyb_team".into(),
        }]
    }

    fn address(host: &str, database: &str) -> TeamAddress {
        TeamAddress {
            host: host.into(),
            port: 5433,
            database: database.into(),
            user: "ana".into(),
        }
    }

    fn profile(id: &str, workspace: &str, team: Option<TeamAddress>) -> Profile {
        Profile {
            id: id.into(),
            name: id.into(),
            environment: kyb_api::Environment::Sandbox,
            workspace_id: workspace.into(),
            agent_email: String::new(),
            flows: Vec::new(),
            reasons: None,
            customer_language: None,
            team,
            fixed: Vec::new(),
        }
    }

    #[test]
    fn a_held_profiles_database_is_set_back_and_fixed_and_its_login_kept() {
        let mut book = ProfileBook {
            profiles: vec![
                profile("own", WORKSPACE, Some(address("localhost", "mi_equipo"))),
                profile("none", WORKSPACE, None),
                profile(
                    "other",
                    "0b5f2c1e-aaaa-4c7e-9d55-7d2b3b1a9e10",
                    Some(address("localhost", "x")),
                ),
            ],
            active: None,
        };
        assert!(apply(&mut book, &policy()));
        assert_eq!(
            book.profiles[0].team,
            Some(address("db.empresa.mx", "kyb_team")),
            "the login stays the member's"
        );
        assert_eq!(book.profiles[1].team, None, "no login to give it");
        assert_eq!(
            book.profiles[2].team,
            Some(address("localhost", "x")),
            "not held"
        );
        assert!(!apply(&mut book, &policy()), "set back once");
        mark(&mut book, &policy());
        mark(&mut book, &policy());
        assert_eq!(book.profiles[0].fixed, ["team"]);
        assert_eq!(book.profiles[1].fixed, ["team"]);
        assert!(book.profiles[2].fixed.is_empty());
    }

    #[test]
    fn another_database_is_refused_where_the_workspace_is_held() {
        let input = |workspace: &str, team: Option<TeamAddress>| ProfileInput {
            id: None,
            name: "P".into(),
            environment: kyb_api::Environment::Sandbox,
            workspace_id: workspace.into(),
            agent_email: String::new(),
            flows: Vec::new(),
            team,
        };
        let refused = check_edit(
            &input(WORKSPACE, Some(address("localhost", "kyb_team"))),
            &policy(),
        )
        .expect_err("another host");
        assert_eq!(refused.code, DeskCode::FixedByPolicy);
        assert!(
            refused.message.contains("db.empresa.mx:5433/kyb_team"),
            "{}",
            refused.message
        );
        check_edit(
            &input(WORKSPACE, Some(address("DB.empresa.mx", "kyb_team"))),
            &policy(),
        )
        .expect("its own, any login");
        check_edit(&input(WORKSPACE, None), &policy())
            .expect("kept without a team, and changes no state");
        check_edit(
            &input(
                "0b5f2c1e-aaaa-4c7e-9d55-7d2b3b1a9e10",
                Some(address("localhost", "x")),
            ),
            &policy(),
        )
        .expect("not held");
    }
}

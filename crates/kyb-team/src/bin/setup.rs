//! `kyb-team-setup`: the one-time set-up of a team's database (docs/OPERATIONS.md,
//! "Setting a team's database up"), in its three steps. Passwords go in the URLs or in
//! PGPASSWORD, never on a screen; the first supervisor's one-time password is printed
//! once, to hand over.
//!
//!   kyb-team-setup prepare --admin URL --database NAME --owner ROLE
//!       as a superuser; the owner's password (for a new owner role) from
//!       KYB_TEAM_OWNER_PASSWORD
//!   kyb-team-setup migrate --owner URL
//!   kyb-team-setup supervisor --owner URL --workspace ID --login NAME --email ADDRESS [--bind]
//!   kyb-team-setup member --owner URL --workspace ID --login NAME --email ADDRESS
//!       --role analyst|agent|supervisor [--bind]
//!       a login issued by the set-up: no supervisor had its credentials (four eyes)

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use kyb_team::{Role, setup};
use sqlx::postgres::PgConnectOptions;

#[derive(Parser)]
#[command(
    name = "kyb-team-setup",
    about = "The one-time set-up of a team's database"
)]
struct Setup {
    #[command(subcommand)]
    step: Step,
}

#[derive(Subcommand)]
enum Step {
    /// As a superuser: the owner role, the database it owns, the members' and admin roles
    /// (the owner's password, for a new owner role, from KYB_TEAM_OWNER_PASSWORD).
    Prepare {
        #[arg(long, value_name = "URL")]
        admin: String,
        #[arg(long, value_name = "NAME")]
        database: String,
        #[arg(long, value_name = "ROLE")]
        owner: String,
    },
    /// As the owner: brings the schema up to date.
    Migrate {
        #[arg(long, value_name = "URL")]
        owner: String,
    },
    /// As the owner: the workspace's first supervisor.
    Supervisor(Login),
    /// As the owner: a login issued by the set-up, whose credentials no supervisor had
    /// (four eyes).
    Member {
        #[command(flatten)]
        login: Login,
        #[arg(long)]
        role: RoleName,
    },
}

#[derive(clap::Args)]
struct Login {
    #[arg(long, value_name = "URL")]
    owner: String,
    #[arg(long, value_name = "ID")]
    workspace: String,
    #[arg(long, value_name = "NAME")]
    login: String,
    #[arg(long, value_name = "ADDRESS")]
    email: String,
    /// The login is a directory's (LDAP), with its own password: none is issued.
    #[arg(long)]
    bind: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum RoleName {
    Analyst,
    Agent,
    Supervisor,
}

impl From<RoleName> for Role {
    fn from(role: RoleName) -> Self {
        match role {
            RoleName::Analyst => Role::Analyst,
            RoleName::Agent => Role::Agent,
            RoleName::Supervisor => Role::Supervisor,
        }
    }
}

/// What to tell of a one-time password: shown once, to hand over.
fn handed_over(who: &str, password: Option<String>) -> String {
    match password {
        Some(password) => format!(
            "{who} added. One-time password (shown once, valid 7 days; the desk replaces it at the first sign-in):\n{password}"
        ),
        None => format!("{who} added: the directory's login, with its own password."),
    }
}

/// A URL of the command line read as the database's address. It may hold a password: a
/// URL that does not read is named by its option alone, never shown (clap would show
/// the value it refuses, so the URLs are read here, not by clap).
fn url(option: &str, text: &str) -> Result<PgConnectOptions, String> {
    text.parse()
        .map_err(|_| format!("--{option}: not a PostgreSQL URL (postgres://user@host/database)"))
}

async fn run(step: Step) -> Result<String, String> {
    let failed = |error: kyb_team::TeamError| error.to_string();
    Ok(match step {
        Step::Prepare {
            admin,
            database,
            owner,
        } => {
            let password = std::env::var("KYB_TEAM_OWNER_PASSWORD").ok();
            setup::prepare(
                &url("admin", &admin)?,
                &database,
                &owner,
                password.as_deref(),
            )
            .await
            .map_err(failed)?;
            "Prepared: the owner role, the database, its members' and admin roles.".to_owned()
        }
        Step::Migrate { owner } => {
            setup::migrate(&url("owner", &owner)?)
                .await
                .map_err(failed)?;
            "The schema is up to date.".to_owned()
        }
        Step::Supervisor(l) => {
            let password = setup::first_supervisor(
                &url("owner", &l.owner)?,
                &l.workspace,
                &l.login,
                &l.email,
                l.bind,
            )
            .await
            .map_err(failed)?;
            handed_over("First supervisor", password)
        }
        Step::Member { login: l, role } => {
            let owner = url("owner", &l.owner)?;
            let password = setup::issue_login(
                &owner,
                &l.workspace,
                &l.login,
                &l.email,
                role.into(),
                l.bind,
            )
            .await
            .map_err(failed)?;
            handed_over("Member", password)
        }
    })
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    match run(Setup::parse().step).await {
        Ok(said) => {
            println!("{said}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Setup::command().debug_assert();
    }

    #[test]
    fn each_step_reads_its_arguments_and_refuses_what_it_does_not_know() {
        let member = Setup::try_parse_from([
            "kyb-team-setup",
            "member",
            "--owner",
            "postgres://kyb_team_owner@db.empresa.mx/kyb_team",
            "--workspace",
            "w-1",
            "--login",
            "beto.ruiz",
            "--email",
            "beto.ruiz@empresa.mx",
            "--role",
            "supervisor",
        ])
        .expect("read");
        let Step::Member { login, role } = member.step else {
            panic!("the member step");
        };
        assert_eq!(
            (login.login.as_str(), login.bind, Role::from(role)),
            ("beto.ruiz", false, Role::Supervisor)
        );
        // A URL that does not read is refused without being shown (it may hold a
        // password).
        let Step::Migrate { owner } = Setup::try_parse_from([
            "kyb-team-setup",
            "migrate",
            "--owner",
            "postgres://a:secreto@h:x/d",
        ])
        .expect("read")
        .step
        else {
            panic!("the migrate step");
        };
        let refusal = url("owner", &owner).expect_err("a port that is no number");
        assert!(!refusal.contains("secreto"), "{refusal}");
        for refused in [
            &["kyb-team-setup"][..],
            &["kyb-team-setup", "migrate"],
            &[
                "kyb-team-setup",
                "prepare",
                "--admin",
                "postgres://a@b/c",
                "--database",
                "d",
            ],
            &[
                "kyb-team-setup",
                "supervisor",
                "--owner",
                "postgres://a@b/c",
                "--workspace",
                "w",
                "--login",
                "l",
                "--email",
                "e",
                "--role",
                "analyst",
            ],
            &["kyb-team-setup", "drop"],
        ] {
            assert!(Setup::try_parse_from(refused).is_err(), "{refused:?}");
        }
    }
}

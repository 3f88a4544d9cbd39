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

use std::collections::HashMap;
use std::process::ExitCode;

use kyb_team::{Role, setup};
use sqlx::postgres::PgConnectOptions;

const USAGE: &str = "usage:
  kyb-team-setup prepare --admin URL --database NAME --owner ROLE   (KYB_TEAM_OWNER_PASSWORD for a new owner)
  kyb-team-setup migrate --owner URL
  kyb-team-setup supervisor --owner URL --workspace ID --login NAME --email ADDRESS [--bind]
  kyb-team-setup member --owner URL --workspace ID --login NAME --email ADDRESS --role analyst|agent|supervisor [--bind]";

fn arguments(args: &[String]) -> Result<(HashMap<String, String>, bool), String> {
    let mut named = HashMap::new();
    let mut bind = false;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--bind" => bind = true,
            flag if flag.starts_with("--") => {
                let value = rest.next().ok_or(format!("{flag} needs a value"))?;
                named.insert(flag.trim_start_matches("--").to_owned(), value.clone());
            }
            other => return Err(format!("unexpected argument: {other}")),
        }
    }
    Ok((named, bind))
}

fn url(named: &HashMap<String, String>, key: &str) -> Result<PgConnectOptions, String> {
    named
        .get(key)
        .ok_or(format!("--{key} is missing"))?
        .parse()
        .map_err(|e| format!("--{key}: {e}"))
}

fn value<'a>(named: &'a HashMap<String, String>, key: &str) -> Result<&'a str, String> {
    named
        .get(key)
        .map(String::as_str)
        .ok_or(format!("--{key} is missing"))
}

async fn run(args: Vec<String>) -> Result<(), String> {
    let (step, rest) = args.split_first().ok_or(USAGE.to_owned())?;
    let (named, bind) = arguments(rest)?;
    match step.as_str() {
        "prepare" => {
            let password = std::env::var("KYB_TEAM_OWNER_PASSWORD").ok();
            setup::prepare(
                &url(&named, "admin")?,
                value(&named, "database")?,
                value(&named, "owner")?,
                password.as_deref(),
            )
            .await
            .map_err(|e| e.to_string())?;
            println!("Prepared: the owner role, the database, its members' and admin roles.");
        }
        "migrate" => {
            setup::migrate(&url(&named, "owner")?)
                .await
                .map_err(|e| e.to_string())?;
            println!("The schema is up to date.");
        }
        "supervisor" => {
            let password = setup::first_supervisor(
                &url(&named, "owner")?,
                value(&named, "workspace")?,
                value(&named, "login")?,
                value(&named, "email")?,
                bind,
            )
            .await
            .map_err(|e| e.to_string())?;
            match password {
                Some(password) => println!(
                    "First supervisor added. One-time password (shown once, valid 7 days; the desk replaces it at the first sign-in):\n{password}"
                ),
                None => println!(
                    "First supervisor added: the directory's login, with its own password."
                ),
            }
        }
        "member" => {
            let role = match value(&named, "role")? {
                "analyst" => Role::Analyst,
                "agent" => Role::Agent,
                "supervisor" => Role::Supervisor,
                other => {
                    return Err(format!(
                        "--role: {other} is not analyst, agent or supervisor"
                    ));
                }
            };
            let password = setup::issue_login(
                &url(&named, "owner")?,
                value(&named, "workspace")?,
                value(&named, "login")?,
                value(&named, "email")?,
                role,
                bind,
            )
            .await
            .map_err(|e| e.to_string())?;
            match password {
                Some(password) => println!(
                    "Member added. One-time password (shown once, valid 7 days; the desk replaces it at the first sign-in):\n{password}"
                ),
                None => println!("Member added: the directory's login, with its own password."),
            }
        }
        _ => return Err(USAGE.to_owned()),
    }
    Ok(())
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

//! The one-time set-up of a team's database, in three steps (docs/OPERATIONS.md,
//! "Setting a team's database up"); the `kyb-team-setup` program runs each, and the
//! tests set their databases up through the same functions:
//!
//! 1. [`prepare`], by the cluster's administrator (a superuser): the owner role, the
//!    database it owns, the members' group role and the admin role with its login
//!    functions (`setup/logins.sql`).
//! 2. [`migrate`], by the owner: the schema (the migrations). Desks never migrate;
//!    they refuse a schema older than they know.
//! 3. [`first_supervisor`], by the owner: the workspace's first supervisor, a new
//!    login with a one-time password (shown once) or a directory's login bound. Other
//!    members are added by a supervisor from the Team screen, or by the owner
//!    ([`issue_login`]): a supervisor whose credentials no other supervisor had, who
//!    can approve what the members another supervisor made ask for (four eyes).
//!
//! No desk keeps the owner's or the administrator's credentials.

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{Connection, PgConnection};

use crate::{Role, TeamError, TeamResult, address::is_identifier};

/// The login functions and roles, run in the team's database by a superuser.
pub const LOGINS_SQL: &str = include_str!("../setup/logins.sql");

/// Step 1, as a superuser (`admin`, connected to any database of the cluster): the
/// owner role (created with `owner_password` when it does not exist), the database
/// owned by it (when it does not exist), and in it the roles and login functions.
pub async fn prepare(
    admin: &PgConnectOptions,
    database: &str,
    owner: &str,
    owner_password: Option<&str>,
) -> TeamResult<()> {
    if !is_identifier(database) || !is_identifier(owner) {
        return Err(TeamError::BadText);
    }
    let mut connection = PgConnection::connect_with(admin)
        .await
        .map_err(TeamError::connecting)?;
    let owner_exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)")
            .bind(owner)
            .fetch_one(&mut connection)
            .await
            .map_err(TeamError::of)?;
    if !owner_exists {
        run_formatted(
            &mut connection,
            "CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB PASSWORD %L",
            // A new owner needs its password (no login without one).
            [owner, owner_password.ok_or(TeamError::BadText)?],
        )
        .await?;
    }
    let database_exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
            .bind(database)
            .fetch_one(&mut connection)
            .await
            .map_err(TeamError::of)?;
    if !database_exists {
        run_formatted(
            &mut connection,
            "CREATE DATABASE %I OWNER %I",
            [database, owner],
        )
        .await?;
    }
    connection.close().await.map_err(TeamError::of)?;
    let mut inside = PgConnection::connect_with(&admin.clone().database(database))
        .await
        .map_err(TeamError::connecting)?;
    sqlx::raw_sql(LOGINS_SQL)
        .execute(&mut inside)
        .await
        .map_err(TeamError::of)?;
    inside.close().await.map_err(TeamError::of)
}

/// Runs a statement that cannot take parameters (DDL), its two values quoted by the
/// server (`%I`, `%L` of `format`): nothing is pasted into SQL here.
async fn run_formatted(
    connection: &mut PgConnection,
    pattern: &str,
    [first, second]: [&str; 2],
) -> TeamResult<()> {
    let statement: String = sqlx::query_scalar("SELECT format($1, $2::text, $3::text)")
        .bind(pattern)
        .bind(first)
        .bind(second)
        .fetch_one(&mut *connection)
        .await
        .map_err(TeamError::of)?;
    sqlx::raw_sql(&statement)
        .execute(connection)
        .await
        .map_err(TeamError::of)?;
    Ok(())
}

/// Step 2, as the owner: brings the schema up to date.
pub async fn migrate(owner: &PgConnectOptions) -> TeamResult<()> {
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .connect_with(owner.clone())
        .await
        .map_err(TeamError::connecting)?;
    let run = sqlx::migrate!("./migrations").run(&pool).await;
    pool.close().await;
    run.map_err(|error| match error {
        sqlx::migrate::MigrateError::Execute(error) => TeamError::of(error),
        other => TeamError::Query(sqlx::Error::Migrate(Box::new(other))),
    })
}

/// Step 3, as the owner: the workspace's first supervisor. A new login's one-time
/// password is returned (to hand over once); `bind` makes an existing login (a
/// directory's) the supervisor, and returns none.
pub async fn first_supervisor(
    owner: &PgConnectOptions,
    workspace: &str,
    login: &str,
    email: &str,
    bind: bool,
) -> TeamResult<Option<String>> {
    let mut connection = PgConnection::connect_with(owner)
        .await
        .map_err(TeamError::connecting)?;
    let password = sqlx::query_scalar("SELECT team_bootstrap($1, $2, $3, $4)")
        .bind(workspace.trim())
        .bind(login)
        .bind(email)
        .bind(bind)
        .fetch_one(&mut connection)
        .await
        .map_err(TeamError::of)?;
    connection.close().await.map_err(TeamError::of)?;
    Ok(password)
}

/// As the owner: a member of any role whose login the set-up issues (a new login's
/// one-time password is returned; `bind` binds a directory's login and returns none).
/// No supervisor had its credentials, so four eyes counts it as a person of its own.
pub async fn issue_login(
    owner: &PgConnectOptions,
    workspace: &str,
    login: &str,
    email: &str,
    role: Role,
    bind: bool,
) -> TeamResult<Option<String>> {
    let mut connection = PgConnection::connect_with(owner)
        .await
        .map_err(TeamError::connecting)?;
    let password = sqlx::query_scalar("SELECT team_issue_login($1, $2, $3, $4, $5)")
        .bind(workspace.trim())
        .bind(login)
        .bind(email)
        .bind(role.as_str())
        .bind(bind)
        .fetch_one(&mut connection)
        .await
        .map_err(TeamError::of)?;
    connection.close().await.map_err(TeamError::of)?;
    Ok(password)
}

//! Where a team's database is: host, port, database and user (the password is kept
//! in the keyring by the desk, bound to [`TeamAddress::origin`] like the API key).
//! TLS with a verified certificate is required, except on this computer (a loopback
//! address or a unix socket), where nothing crosses a network.

use serde::{Deserialize, Serialize};
use sqlx::postgres::{PgConnectOptions, PgSslMode};
use ts_rs::TS;

/// PostgreSQL's own port, when a profile leaves it out.
pub const DEFAULT_PORT: u16 = 5432;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TeamAddress {
    /// A host name, an IP address, or the directory of a unix socket (`/run/...`).
    pub host: String,
    pub port: u16,
    pub database: String,
    pub user: String,
}

impl TeamAddress {
    /// The rules a profile's team address is checked by before it is stored, each
    /// broken one named.
    pub fn problems(&self) -> Vec<AddressProblem> {
        let mut problems = Vec::new();
        let host = self.host.trim();
        if host.is_empty() || host.chars().any(|c| c.is_whitespace() || c == '@') {
            problems.push(AddressProblem::Host);
        }
        if self.port == 0 {
            problems.push(AddressProblem::Port);
        }
        if !is_identifier(&self.database) {
            problems.push(AddressProblem::Database);
        }
        if !is_identifier(&self.user) {
            problems.push(AddressProblem::User);
        }
        problems
    }

    /// Whether the database is on this computer: no network, so no TLS needed.
    pub fn is_local(&self) -> bool {
        let host = self.host.trim();
        if host.starts_with('/') {
            return true;
        }
        kyb_api::address::is_loopback_name(host)
    }

    /// What the password is bound to: the same database at the same place as the same
    /// user. A profile whose address changes does not send its password to the new one.
    pub fn origin(&self) -> String {
        format!(
            "postgres://{}@{}:{}/{}",
            self.user.trim(),
            self.host.trim().to_ascii_lowercase(),
            self.port,
            self.database.trim()
        )
    }

    /// The connection's options: `verify-full` TLS unless the database is local.
    pub fn connect_options(&self, password: Option<&str>) -> PgConnectOptions {
        let mut options = PgConnectOptions::new()
            .host(self.host.trim())
            .port(self.port)
            .database(self.database.trim())
            .username(self.user.trim())
            .application_name("kyb-desk")
            .ssl_mode(if self.is_local() {
                PgSslMode::Prefer
            } else {
                PgSslMode::VerifyFull
            });
        if let Some(password) = password {
            options = options.password(password);
        }
        options
    }
}

/// A name PostgreSQL takes unquoted or quoted: not empty, at most 63 bytes, no NUL.
pub(crate) fn is_identifier(name: &str) -> bool {
    let name = name.trim();
    !name.is_empty() && name.len() <= 63 && !name.contains('\0')
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum AddressProblem {
    Host,
    Port,
    Database,
    User,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(host: &str) -> TeamAddress {
        TeamAddress {
            host: host.into(),
            port: DEFAULT_PORT,
            database: "kyb".into(),
            user: "kyb_desk".into(),
        }
    }

    #[test]
    fn only_this_computer_goes_without_tls() {
        for local in [
            "localhost",
            "127.0.0.1",
            "127.0.0.9",
            "::1",
            "[::1]",
            "/run/postgresql",
        ] {
            assert!(at(local).is_local(), "{local}");
        }
        for remote in [
            "db.example.mx",
            "10.0.0.5",
            "localhost.example.mx",
            "::2",
            "128.0.0.1",
        ] {
            assert!(!at(remote).is_local(), "{remote}");
            assert!(
                format!("{:?}", at(remote).connect_options(None)).contains("VerifyFull"),
                "{remote} requires a verified certificate"
            );
        }
    }

    #[test]
    fn a_password_is_bound_to_user_host_port_and_database() {
        assert_eq!(
            at("DB.example.mx").origin(),
            "postgres://kyb_desk@db.example.mx:5432/kyb"
        );
        let mut other = at("db.example.mx");
        other.database = "otra".into();
        assert_ne!(other.origin(), at("db.example.mx").origin());
    }

    #[test]
    fn every_broken_rule_is_named() {
        let address = TeamAddress {
            host: " ".into(),
            port: 0,
            database: String::new(),
            user: "x".repeat(64),
        };
        assert_eq!(
            address.problems(),
            [
                AddressProblem::Host,
                AddressProblem::Port,
                AddressProblem::Database,
                AddressProblem::User
            ]
        );
        assert!(at("db.example.mx").problems().is_empty());
    }
}

//! The team's errors: the database's refusals (SQLSTATEs of class KY, raised by the
//! functions of migration 0005) as typed variants, lock and statement timeouts, a
//! deadlock and a serialization failure as `Busy`, and a lost connection as
//! `Unreachable`. The messages are for logs; the desk shows its own words by the
//! variant.

/// One entry of the database's refusals: SQLSTATE, and the detail it carried.
fn detail_parts(detail: &str) -> Vec<String> {
    detail.split('|').map(str::to_owned).collect()
}

#[derive(Debug, thiserror::Error)]
pub enum TeamError {
    #[error("the team database cannot be reached: {0}")]
    Unreachable(#[source] sqlx::Error),
    /// The server refused the login (a wrong or expired password, a removed member).
    #[error("the team database refused the login: {0}")]
    Login(#[source] sqlx::Error),
    /// The schema is older than this desk (or not set up): its version.
    #[error("the team database's schema is version {0}; this desk needs {n}", n = crate::SCHEMA_VERSION)]
    Schema(i32),
    #[error("the team database refused the request: {0}")]
    Query(#[source] sqlx::Error),
    /// The database denied the right (a member asking for what the group may not do,
    /// or a login that was removed from the team).
    #[error("the team database denied the right: {0}")]
    Refused(#[source] sqlx::Error),
    /// Another member holds a lock too long (or a statement ran out of time, or
    /// PostgreSQL cancelled this call to break a deadlock or a serialization
    /// conflict): nothing was done, asking again works.
    #[error("the team database is busy: {0}")]
    Busy(#[source] sqlx::Error),
    /// Another member is reviewing the file (their lease runs until `until`).
    #[error("{member} has had this file since {since}")]
    Claimed {
        member: String,
        since: String,
        until: String,
    },
    /// The holder's claim ran out while their desk was away (perhaps with a draft):
    /// the file is taken only after asking.
    #[error("{member}'s claim on this file ran out at {until}")]
    Lapsed { member: String, until: String },
    /// Only a supervisor may do this (set roles, add members, assign, approve).
    #[error("only a supervisor may do this")]
    NotSupervisor,
    /// The login is not a member of the workspace.
    #[error("{0} is not a member of the team")]
    NotMember(String),
    /// The one-time password is to be changed before anything else.
    #[error("the one-time password must be changed first")]
    MustChangePassword,
    /// A team keeps at least one supervisor.
    #[error("the team's last supervisor keeps the role")]
    LastSupervisor,
    /// A request is approved by another supervisor than the one who asked.
    #[error("a request is approved by another member")]
    OwnRequest,
    /// The request was decided already, withdrawn, or sent.
    #[error("the request is no longer waiting")]
    NotWaiting,
    /// The same action on the same folio is already asked for.
    #[error("this action on this folio is already waiting for approval")]
    AlreadyAsked,
    /// The request is not the one the approver was shown: what it is.
    #[error("the request is {action} of {folio} asked by {asked_by}, not what was shown")]
    NotAsShown {
        action: String,
        folio: String,
        asked_by: String,
    },
    /// The call needs an approval (four eyes): the verification's resends so far.
    #[error("this needs another member's approval ({resends} resends so far)")]
    NeedsApproval { resends: u32 },
    /// A reason, a note, a name or a request's text is empty, too long or invalid.
    #[error("the text is empty, too long or invalid")]
    BadText,
    /// The queue refuses more files.
    #[error("the team's queue is full")]
    QueueFull,
    /// No open intent of this member has that sequence (completed already, or another's).
    #[error("no open intent of this member has that sequence")]
    NoOpenIntent,
    /// A login name the team cannot create or bind.
    #[error("the login {0} cannot be a member's")]
    LoginRefused(String),
    /// The member has as many open files as their cap allows (migration 0006).
    #[error("{member} has {open} open files, their cap is {cap}")]
    AtCap { member: String, open: u32, cap: u32 },
    /// The member is away until `until`: they get no files meanwhile.
    #[error("{member} is away until {until}")]
    Away { member: String, until: String },
    /// A previewed reassignment's file is no longer where the preview saw it (its
    /// holder now: empty in the queue); nothing was changed.
    #[error("{file} is no longer where the preview saw it")]
    PlanChanged { file: String, assignee: String },
    /// No saved view of this member has that id (another member's view, or gone).
    #[error("no saved view of this member has that id")]
    NoSuchView,
    /// A note on a DocumentId none of the queue's files has: the file is followed first.
    #[error("no file of the team's queue has the DocumentId {0}")]
    UnknownFile(String),
    /// The database's disk is full (or it ran out of memory): the statement was undone
    /// whole, so nothing half-written was kept and nothing written before was lost.
    #[error("the team database is out of space: {0}")]
    OutOfSpace(#[source] sqlx::Error),
}

impl TeamError {
    /// A failed query: the connection's loss reads as unreachable, the database's
    /// refusals by their SQLSTATE, the rest as refused.
    pub(crate) fn of(error: sqlx::Error) -> Self {
        let (code, detail) = match &error {
            sqlx::Error::Io(_)
            | sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Tls(_)
            | sqlx::Error::WorkerCrashed => return Self::Unreachable(error),
            sqlx::Error::Database(db) => {
                let detail = db
                    .try_downcast_ref::<sqlx::postgres::PgDatabaseError>()
                    .and_then(|pg| pg.detail())
                    .unwrap_or_default()
                    .to_owned();
                (
                    db.code().map(|c| c.into_owned()).unwrap_or_default(),
                    detail,
                )
            }
            _ => return Self::Query(error),
        };
        let parts = detail_parts(&detail);
        let part = |n: usize| parts.get(n).cloned().unwrap_or_default();
        match code.as_str() {
            "KY001" => Self::NotMember(part(0)),
            "KY002" => Self::NotSupervisor,
            "KY003" => Self::Claimed {
                member: part(0),
                since: part(1),
                until: part(2),
            },
            "KY004" => Self::OwnRequest,
            "KY005" => Self::NotWaiting,
            "KY006" => Self::AlreadyAsked,
            "KY007" => Self::BadText,
            "KY008" => Self::LastSupervisor,
            "KY009" if part(0) == "reassign" => Self::PlanChanged {
                file: part(1),
                assignee: part(2),
            },
            "KY009" => Self::NotAsShown {
                action: part(0),
                folio: part(1),
                asked_by: part(2),
            },
            "KY010" => Self::MustChangePassword,
            "KY011" => Self::NeedsApproval {
                resends: part(0).parse().unwrap_or(0),
            },
            "KY012" => Self::QueueFull,
            "KY013" => Self::NoOpenIntent,
            "KY014" => Self::Lapsed {
                member: part(0),
                until: part(1),
            },
            "KY015" => Self::LoginRefused(part(0)),
            "KY016" => Self::AtCap {
                member: part(0),
                open: part(1).parse().unwrap_or(0),
                cap: part(2).parse().unwrap_or(0),
            },
            "KY017" => Self::Away {
                member: part(0),
                until: part(1),
            },
            "KY020" => Self::NoSuchView,
            "KY021" => Self::UnknownFile(part(0)),
            // lock_not_available, query_canceled (statement_timeout), and the transient
            // conflicts PostgreSQL settles by cancelling one side: deadlock_detected
            // (team_set_away beside a refresh, docs/SECURITY.md) and
            // serialization_failure. Every team function is one transaction, so the
            // cancelled call left nothing half-done: it is busy, not a failed query.
            "55P03" | "57014" | "40P01" | "40001" => Self::Busy(error),
            // insufficient_privilege: not the group's right, or no longer in it
            "42501" => Self::Refused(error),
            // disk_full, out_of_memory: the server's resources, not the request
            "53100" | "53200" => Self::OutOfSpace(error),
            c if c.starts_with("28") => Self::Login(error),
            // admin_shutdown (a removed member's session ended), cannot_connect_now
            "57P01" | "57P03" => Self::Unreachable(error),
            _ => Self::Query(error),
        }
    }

    /// An error while connecting: the server's refusal of the login (a bad or expired
    /// password, no CONNECT right) is not a network problem.
    pub(crate) fn connecting(error: sqlx::Error) -> Self {
        if let sqlx::Error::Database(db) = &error
            && db
                .code()
                .is_some_and(|code| code.starts_with("28") || code == "42501")
        {
            return Self::Login(error);
        }
        Self::of(error)
    }

    /// Whether the database could not be reached (as opposed to refusing the request).
    pub fn is_unreachable(&self) -> bool {
        matches!(self, Self::Unreachable(_))
    }
}

pub type TeamResult<T> = Result<T, TeamError>;

#[cfg(test)]
mod tests {
    use super::TeamError;
    use std::borrow::Cow;

    /// A database's refusal with only its SQLSTATE, as PostgreSQL sends it.
    #[derive(Debug)]
    struct Refusal(&'static str);

    impl std::fmt::Display for Refusal {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "SQLSTATE {}", self.0)
        }
    }

    impl std::error::Error for Refusal {}

    impl sqlx::error::DatabaseError for Refusal {
        fn message(&self) -> &str {
            self.0
        }
        fn code(&self) -> Option<Cow<'_, str>> {
            Some(Cow::Borrowed(self.0))
        }
        fn as_error(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn as_error_mut(&mut self) -> &mut (dyn std::error::Error + Send + Sync + 'static) {
            self
        }
        fn into_error(self: Box<Self>) -> Box<dyn std::error::Error + Send + Sync + 'static> {
            self
        }
        fn kind(&self) -> sqlx::error::ErrorKind {
            sqlx::error::ErrorKind::Other
        }
    }

    fn of(code: &'static str) -> TeamError {
        TeamError::of(sqlx::Error::Database(Box::new(Refusal(code))))
    }

    #[test]
    fn deadlocks_and_serialization_failures_are_busy_like_lock_timeouts() {
        // 55P03 lock_not_available, 57014 query_canceled, 40P01 deadlock_detected,
        // 40001 serialization_failure: PostgreSQL cancelled the one transaction.
        for code in ["55P03", "57014", "40P01", "40001"] {
            assert!(
                matches!(of(code), TeamError::Busy(_)),
                "{code}: {:?}",
                of(code)
            );
        }
        // Other errors of class 40 and an unknown refusal stay a failed query.
        for code in ["40000", "40002", "23505"] {
            assert!(
                matches!(of(code), TeamError::Query(_)),
                "{code}: {:?}",
                of(code)
            );
        }
        assert!(matches!(of("42501"), TeamError::Refused(_)));
    }

    #[test]
    fn a_full_disk_is_out_of_space_not_a_refusal() {
        // PostgreSQL's Appendix A: 53100 disk_full, 53200 out_of_memory.
        for code in ["53100", "53200"] {
            assert!(matches!(of(code), TeamError::OutOfSpace(_)), "{code}");
        }
        assert!(matches!(of("53300"), TeamError::Query(_)));
    }
}

//! The service's nine operations, and the one place that says which of them only read
//! (and so may be retried) and which change state.

use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    CreateFile,
    Detail,
    Correction,
    ComplementaryInfo,
    Tracking,
    EnrollmentLink,
    Verification,
    ResendVerification,
    CancelVerification,
}

/// An operation with its route, as data for a window that lists what the service
/// answered by route (the drift report).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
pub struct OperationRoute {
    pub operation: Operation,
    pub route: &'static str,
}

impl Operation {
    /// Every operation with its route, in [`Operation::ALL`]'s order.
    pub fn routes() -> Vec<OperationRoute> {
        Self::ALL
            .iter()
            .map(|&operation| OperationRoute {
                operation,
                route: operation.route(),
            })
            .collect()
    }

    pub const ALL: [Operation; 9] = [
        Self::CreateFile,
        Self::Detail,
        Self::Correction,
        Self::ComplementaryInfo,
        Self::Tracking,
        Self::EnrollmentLink,
        Self::Verification,
        Self::ResendVerification,
        Self::CancelVerification,
    ];

    /// Reads change nothing on the service. Tracking is a POST, but only a query.
    pub fn is_read(self) -> bool {
        matches!(self, Self::Detail | Self::Tracking | Self::Verification)
    }

    /// Only reads are retried. Every other operation changes state, and creation,
    /// correction, complementary information, enrollment links and resends are each
    /// billed or notify a person: sending one twice is worse than reporting a failure.
    pub fn may_retry(self) -> bool {
        self.is_read()
    }

    pub fn changes_verification_status(self) -> bool {
        matches!(self, Self::ResendVerification | Self::CancelVerification)
    }

    /// The HTTP method, from [`Operation::route`].
    pub fn method(self) -> &'static str {
        self.route()
            .split_once(' ')
            .map_or("GET", |(method, _)| method)
    }

    /// The path template, from [`Operation::route`] (`/verificaciones/{folio}`): how
    /// the sandbox's router names it.
    pub fn path(self) -> &'static str {
        self.route().split_once(' ').map_or("", |(_, path)| path)
    }

    /// The path's segments, from [`Operation::route`], with its `{…}` parameters
    /// replaced by `params`, in order.
    pub fn path_segments<'a>(self, params: &[&'a str]) -> Vec<&'a str> {
        let mut params = params.iter();
        self.path()
            .split('/')
            .filter(|segment| !segment.is_empty())
            .map(|segment| {
                if segment.starts_with('{') {
                    params.next().copied().unwrap_or("")
                } else {
                    segment
                }
            })
            .collect()
    }

    /// Method and path template, as the spec writes them: the one place the client
    /// takes its paths from.
    pub const fn route(self) -> &'static str {
        match self {
            Self::CreateFile => "POST /expedientes/nuevo",
            Self::Detail => "GET /expedientes/detalle/{id}",
            Self::Correction => "POST /expedientes/solicitar-correccion",
            Self::ComplementaryInfo => "POST /expedientes/informacion-complementaria",
            Self::Tracking => "POST /expedientes/v1/tracking",
            Self::EnrollmentLink => "POST /enrollment/v1/url",
            Self::Verification => "GET /verificaciones/{folio}",
            Self::ResendVerification => "POST /verificaciones/{folio}/reenviar",
            Self::CancelVerification => "POST /verificaciones/{folio}/cancelar",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Operation;

    #[test]
    fn only_the_three_reads_may_be_retried() {
        let retried: Vec<Operation> = Operation::ALL
            .into_iter()
            .filter(|op| op.may_retry())
            .collect();
        assert_eq!(
            retried,
            [
                Operation::Detail,
                Operation::Tracking,
                Operation::Verification
            ]
        );
    }

    #[test]
    fn paths_come_from_the_route_with_parameters_filled_in() {
        assert_eq!(Operation::ResendVerification.method(), "POST");
        assert_eq!(
            Operation::ResendVerification.path_segments(&["VD-1"]),
            ["verificaciones", "VD-1", "reenviar"]
        );
        assert_eq!(Operation::Detail.method(), "GET");
        assert_eq!(
            Operation::Tracking.path_segments(&[]),
            ["expedientes", "v1", "tracking"]
        );
    }
}

//! What an entry is about: a call of the service or an event of the desk itself, and
//! the label each writes in the entry's `operation`.

use kyb_api::Operation;

/// Something the desk itself did or found, recorded beside the service calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeskEvent {
    ProfileAddressChanged,
    KeyOriginConfirmed,
    KeyReplaced,
    AuditRecovered,
    AuditTamperDetected,
    /// The analyst accepted a section knowing of its high findings.
    FindingsAcknowledged,
    /// A file's dossier was exported; the summary names its digest (the SHA-256 of
    /// its `SHA256SUMS`), so a dossier rewritten later no longer matches.
    DossierExported,
    /// The desk's SLA policy was saved; the summary says what changed, old and new.
    SlaPolicyChanged,
    /// A watchlist was imported; the summary gives its provenance (version, rows,
    /// publication date, SHA-256).
    ListImported,
    /// The analyst disposed of a watchlist hit: true match or false positive, and why.
    HitDisposed,
}

impl DeskEvent {
    pub const ALL: [DeskEvent; 10] = [
        Self::ProfileAddressChanged,
        Self::KeyOriginConfirmed,
        Self::KeyReplaced,
        Self::AuditRecovered,
        Self::AuditTamperDetected,
        Self::FindingsAcknowledged,
        Self::DossierExported,
        Self::SlaPolicyChanged,
        Self::ListImported,
        Self::HitDisposed,
    ];
}

/// What an entry is about: a call of the service or an event of the desk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Service(Operation),
    Desk(DeskEvent),
}

impl Action {
    /// The entry's `operation`: the route of a service call (what earlier versions
    /// wrote, so old entries and new ones read alike), `desk: <event>` otherwise.
    pub fn label(&self) -> String {
        let event = match self {
            Self::Service(operation) => return operation.route().to_owned(),
            Self::Desk(DeskEvent::ProfileAddressChanged) => "profile-address-changed",
            Self::Desk(DeskEvent::KeyOriginConfirmed) => "key-origin-confirmed",
            Self::Desk(DeskEvent::KeyReplaced) => "key-replaced",
            Self::Desk(DeskEvent::AuditRecovered) => "audit-recovered",
            Self::Desk(DeskEvent::AuditTamperDetected) => "audit-tamper-detected",
            Self::Desk(DeskEvent::FindingsAcknowledged) => "findings-acknowledged",
            Self::Desk(DeskEvent::DossierExported) => "dossier-exported",
            Self::Desk(DeskEvent::SlaPolicyChanged) => "sla-policy-changed",
            Self::Desk(DeskEvent::ListImported) => "list-imported",
            Self::Desk(DeskEvent::HitDisposed) => "hit-disposed",
        };
        format!("desk: {event}")
    }
}

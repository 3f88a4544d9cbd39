//! The desk's SLA records (their own module: the desk's state holds them, and the SLA's
//! methods on the desk read them).

use crate::sla::notice_store::NoticeStore;
use crate::sla::policy_store::PolicyStore;

/// The desk's SLA records: the policies, and the files each profile was told about.
pub(crate) struct SlaRecords {
    pub(super) policies: PolicyStore,
    pub(super) notices: NoticeStore,
}

//! What the desk keeps of the reviews this session showed (its own module: the desk's
//! state holds it, and the review's methods on the desk fill and read it).

use std::collections::{HashMap, HashSet, VecDeque};

use crate::evidence::{self, FileEvidence};

/// The evidence this session showed for each file reviewed, and the sections whose high
/// findings the analyst acknowledged. The rules of acknowledgement are checked here,
/// not in the window: an acknowledgement names only a section the evidence has, and
/// records the findings the desk found (not what the window says); a correction that
/// accepts a section with high findings the desk showed is refused until they are
/// acknowledged.
#[derive(Default)]
pub(in crate::desk) struct Reviews {
    pub(super) files: HashMap<String, Kept>,
    pub(super) order: VecDeque<String>,
}

pub(super) struct Kept {
    /// As gathered, with what the judged files added ([`crate::evidence::unreadable`]).
    pub(super) evidence: FileEvidence,
    /// The high findings acknowledged, by section: a finding learnt after the
    /// acknowledgement (a document judged later) asks for its own.
    pub(super) acknowledged: HashMap<String, HashSet<FindingKey>>,
    /// What is wrong with each of its files judged so far, by handle.
    pub(super) judged: HashMap<String, Vec<String>>,
}

/// One finding, as an acknowledgement names it: its kind and what it concerns.
pub(super) type FindingKey = (
    evidence::FindingKind,
    Option<u32>,
    Option<u32>,
    Option<String>,
);

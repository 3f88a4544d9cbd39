//! The company's managed policy on the desk: its preset profiles kept in the book,
//! marked fixed in the answers, and guarded against edits; what it fixes, for the
//! window (`crate::policy`).

use super::Desk;
use crate::error::AppResult;
use crate::policy::{PolicyView, presets, teams};
use crate::profiles::{ProfileBook, ProfileInput};

impl Desk {
    /// What the policy fixes, and why (the window shows it).
    pub fn policy(&self) -> PolicyView {
        self.policy.view()
    }

    /// Creates the missing preset profiles and sets the others' preset fields back, and
    /// each held workspace's team database (`policy::teams`). A
    /// book that cannot be saved keeps them for this session (logged): the policy is
    /// read again at each start.
    pub(super) fn keep_presets(&self) {
        let mut book = self.book();
        let mut next = book.clone();
        let presets_changed = presets::apply(&mut next, self.policy.presets());
        if !(teams::apply(&mut next, self.policy.held_teams()) || presets_changed) {
            return;
        }
        if let Err(error) = self.store.save(&next) {
            tracing::warn!("the policy's profiles are not saved: {error}");
        }
        *book = next;
    }

    /// `book` as the window reads it: each preset profile marked with its fixed fields,
    /// and each held workspace's team.
    pub(super) fn marked(&self, mut book: ProfileBook) -> ProfileBook {
        presets::mark(&mut book, self.policy.presets());
        teams::mark(&mut book, self.policy.held_teams());
        book
    }

    pub(super) fn check_preset_edit(&self, input: &ProfileInput) -> AppResult<()> {
        presets::check_edit(&self.book(), input, self.policy.presets())?;
        teams::check_edit(input, self.policy.held_teams())
    }

    pub(super) fn check_preset_delete(&self, id: &str) -> AppResult<()> {
        presets::check_delete(&self.book(), id, self.policy.presets())
    }
}

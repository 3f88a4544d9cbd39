//! The `#[tauri::command]`s: each is a one-line call into a module that can be
//! tested without a window (mostly [`kyb_desk_core::desk::Desk`]). Errors cross as
//! [`kyb_desk_core::error::AppError`]. Grouped by what they touch; every one is declared
//! once in `declared_commands.rs` as `commands::<name>`, so each group's items are
//! re-exported here.

mod bulk;
mod dashboard;
mod desktop;
mod diagnostics;
mod evidence;
mod exports;
mod lists;
mod profiles;
mod records;
mod service;
mod views;
mod watchlist;

pub use bulk::*;
pub use dashboard::*;
pub use desktop::*;
pub use diagnostics::*;
pub use evidence::*;
pub use exports::*;
pub use lists::*;
pub use profiles::*;
pub use records::*;
pub use service::*;
pub use views::*;
pub use watchlist::*;

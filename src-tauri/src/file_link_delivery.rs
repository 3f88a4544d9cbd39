//! Links to a file reaching the window: the one the app was started with, and those a
//! later launch hands over (the single-instance plugin). Each is read strictly by the
//! core's `file_address` (through the command line's `Options`); a refused one is logged
//! with its reason, never its text, and goes no further.

use tauri::ipc::Channel;
use tauri::{AppHandle, Manager, Runtime};

use crate::options::Options;
use kyb_desk_core::file_address::{FileLink, LinkInbox, LinkRefusal};

/// The window's listener: a channel the window opened with the `file_links` command.
pub type Inbox = LinkInbox<Channel<FileLink>>;

/// Hands a file to open to the window, now or when it next listens.
pub fn deliver(channel: &Channel<FileLink>, link: &FileLink) -> bool {
    channel.send(link.clone()).is_ok()
}

/// A link as the command line read it: opened, or logged and dropped.
pub fn receive<R: Runtime>(app: &AppHandle<R>, link: Result<FileLink, LinkRefusal>) {
    match link {
        Ok(link) => {
            tracing::info!(document_id = %link.document_id, "a link opens a file");
            if let Some(inbox) = app.try_state::<Inbox>() {
                inbox.arrive(link, deliver);
            }
        }
        Err(reason) => tracing::warn!("a link was ignored: it {reason}"),
    }
}

/// A later launch's arguments (the program first), read as this launch's were.
pub fn from_second_launch<R: Runtime>(app: &AppHandle<R>, args: Vec<String>) {
    match Options::parse(args.into_iter().skip(1)) {
        Ok(options) => {
            if let Some(link) = options.file_link {
                receive(app, link);
            }
        }
        Err(_) => tracing::warn!("a second launch's arguments were not read: ignored"),
    }
}

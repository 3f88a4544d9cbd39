//! Links to a file: `kybdesk://expediente/<DocumentId>`, copied from the desk to paste
//! into a chat, and opened by the desktop in the running app.
//!
//! Whatever the desktop hands over comes from outside: a chat, a web page, a script.
//! So a link is read strictly, and it can only name a file to open: the exact scheme
//! and host, exactly one path segment that is a DocumentId in the UUID's canonical
//! form, and nothing else (no user, port, query or fragment, no percent-encoding, no
//! blanks). Anything else is refused with its reason, which the shell logs; the text
//! itself never reaches the window or a command.

use std::sync::Mutex;

use serde::Serialize;
use ts_rs::TS;

use crate::error::{AppError, AppResult, Task};

/// The scheme the desk's links use (and the one the bundle registers).
pub const SCHEME: &str = "kybdesk";
/// The only thing a link may open.
const HOST: &str = "expediente";
/// Longer than any link the desk makes (57 characters): such a text is refused before
/// anything else is read from it.
pub const MAX_LINK_CHARS: usize = 128;

/// A file a link asked to open: its DocumentId, checked, in lower case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FileLink {
    pub document_id: String,
}

/// Why a text was not read as a link to a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LinkRefusal {
    #[error("longer than {} characters", MAX_LINK_CHARS)]
    TooLong,
    #[error("not a kybdesk:// link")]
    NotKybdesk,
    #[error("has a user or a password")]
    HasUserinfo,
    #[error("has a port")]
    HasPort,
    #[error("has a query")]
    HasQuery,
    #[error("has a fragment")]
    HasFragment,
    #[error("opens something other than a file")]
    NotAFile,
    #[error("has no DocumentId")]
    NoDocumentId,
    #[error("has more than one path segment")]
    ExtraSegments,
    #[error("its DocumentId is not a UUID in canonical form")]
    BadDocumentId,
}

/// Reads `raw` as a link to a file, or says why it is not one.
pub fn parse(raw: &str) -> Result<FileLink, LinkRefusal> {
    if raw.len() > MAX_LINK_CHARS {
        return Err(LinkRefusal::TooLong);
    }
    let rest = raw
        .strip_prefix(SCHEME)
        .and_then(|rest| rest.strip_prefix("://"))
        .ok_or(LinkRefusal::NotKybdesk)?;
    if rest.contains('#') {
        return Err(LinkRefusal::HasFragment);
    }
    if rest.contains('?') {
        return Err(LinkRefusal::HasQuery);
    }
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    if authority.contains('@') {
        return Err(LinkRefusal::HasUserinfo);
    }
    if authority.contains(':') {
        return Err(LinkRefusal::HasPort);
    }
    if authority != HOST {
        return Err(LinkRefusal::NotAFile);
    }
    if path.is_empty() {
        return Err(LinkRefusal::NoDocumentId);
    }
    if path.contains('/') {
        return Err(LinkRefusal::ExtraSegments);
    }
    if !is_canonical_uuid(path) {
        return Err(LinkRefusal::BadDocumentId);
    }
    Ok(FileLink {
        document_id: path.to_ascii_lowercase(),
    })
}

/// Whether a command-line argument is meant as a link (the desktop passes one as the
/// only argument, or after the app's own flags): its fate is then [`parse`]'s, not
/// that of an unknown flag.
pub fn looks_like_link(arg: &str) -> bool {
    arg.get(..SCHEME.len() + 1)
        .is_some_and(|head| head.eq_ignore_ascii_case(&format!("{SCHEME}:")))
}

/// The link to a file, to paste into a chat; a DocumentId that is not a UUID is refused.
pub fn file_link(document_id: &str) -> AppResult<String> {
    if !is_canonical_uuid(document_id) {
        return Err(AppError::invalid(kyb_api::validate::document_id_failures(
            "DocumentId",
            document_id,
        ))
        .during(Task::CopyText));
    }
    Ok(format!(
        "{SCHEME}://{HOST}/{}",
        document_id.to_ascii_lowercase()
    ))
}

/// 8-4-4-4-12 hexadecimal digits: the form the service and the sandbox write. The
/// other forms a UUID parser accepts (braces, `urn:uuid:`, no hyphens) are refused.
fn is_canonical_uuid(text: &str) -> bool {
    text.len() == 36
        && text.bytes().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => b == b'-',
            _ => b.is_ascii_hexdigit(),
        })
}

/// Where links wait for the window. A link can arrive before the window listens (the
/// one the app was started with) or while it reloads: it is kept, the latest only,
/// and handed to the next listener, so each link opens its file once.
pub struct LinkInbox<L> {
    state: Mutex<Inbox<L>>,
}

struct Inbox<L> {
    waiting: Option<FileLink>,
    listener: Option<L>,
}

impl<L> Default for LinkInbox<L> {
    fn default() -> Self {
        Self {
            state: Mutex::new(Inbox {
                waiting: None,
                listener: None,
            }),
        }
    }
}

impl<L> LinkInbox<L> {
    /// A link arrived: `deliver` hands it to the window's listener, if one listens
    /// (false: it could not, and the link waits for the next one).
    pub fn arrive(&self, link: FileLink, deliver: impl Fn(&L, &FileLink) -> bool) {
        let mut inbox = self.lock();
        let delivered = inbox
            .listener
            .as_ref()
            .is_some_and(|listener| deliver(listener, &link));
        if !delivered {
            inbox.waiting = Some(link);
        }
    }

    /// The window listens (again, after a reload): it replaces the previous listener
    /// and receives the link that waited, if any.
    pub fn listen(&self, listener: L, deliver: impl Fn(&L, &FileLink) -> bool) {
        let mut inbox = self.lock();
        if let Some(link) = inbox.waiting.take()
            && !deliver(&listener, &link)
        {
            inbox.waiting = Some(link);
        }
        inbox.listener = Some(listener);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inbox<L>> {
        // A panic while holding the lock leaves a plain value behind: still usable.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;

    const ID: &str = "3f2b8c1e-9d4a-4e7b-8f21-6a5c0d9e7b14";

    #[test]
    fn a_link_to_a_file_opens_that_file() {
        let link = format!("kybdesk://expediente/{ID}");
        assert_eq!(
            parse(&link),
            Ok(FileLink {
                document_id: ID.to_owned()
            })
        );
        // Hex digits in either case name the same file.
        assert_eq!(
            parse(
                &link
                    .to_ascii_uppercase()
                    .replace("KYBDESK://EXPEDIENTE", "kybdesk://expediente")
            ),
            Ok(FileLink {
                document_id: ID.to_owned()
            })
        );
    }

    #[test]
    fn the_link_the_desk_copies_is_one_it_opens() {
        let link = file_link(&ID.to_ascii_uppercase()).expect("a link");
        assert_eq!(link, format!("kybdesk://expediente/{ID}"));
        assert_eq!(parse(&link).map(|l| l.document_id), Ok(ID.to_owned()));
        for bad in [
            "",
            "../x",
            "not-a-uuid",
            &format!("{{{ID}}}"),
            &ID.replace('-', ""),
        ] {
            let refusal = file_link(bad).expect_err(bad);
            assert_eq!(refusal.code, crate::error::DeskCode::InvalidInput, "{bad}");
        }
    }

    #[test]
    fn anything_but_a_link_to_one_file_is_refused_with_its_reason() {
        use LinkRefusal::*;
        let long = format!("kybdesk://expediente/{ID}{}", "a".repeat(MAX_LINK_CHARS));
        let cases: &[(&str, LinkRefusal)] = &[
            ("", NotKybdesk),
            ("kybdesk", NotKybdesk),
            ("kybdesk:expediente/x", NotKybdesk),
            ("kybdesk:/expediente/x", NotKybdesk),
            (" kybdesk://expediente/x", NotKybdesk),
            ("KYBDESK://expediente/x", NotKybdesk),
            ("https://expediente/x", NotKybdesk),
            ("kybdesk2://expediente/x", NotKybdesk),
            ("kybdesk://audit/x", NotAFile),
            ("kybdesk://Expediente/x", NotAFile),
            ("kybdesk://expedientes/x", NotAFile),
            ("kybdesk:///expediente/x", NotAFile),
            ("kybdesk://expediente.evil.example/x", NotAFile),
            ("kybdesk://%65xpediente/x", NotAFile),
            ("kybdesk://user@expediente/x", HasUserinfo),
            ("kybdesk://user:pw@expediente/x", HasUserinfo),
            ("kybdesk://expediente:80/x", HasPort),
            ("kybdesk://expediente/x?y=1", HasQuery),
            ("kybdesk://expediente/?", HasQuery),
            ("kybdesk://expediente/x#y", HasFragment),
            ("kybdesk://expediente", NoDocumentId),
            ("kybdesk://expediente/", NoDocumentId),
            ("kybdesk://expediente/../x", ExtraSegments),
            ("kybdesk://expediente/a/b", ExtraSegments),
            ("kybdesk://expediente//x", ExtraSegments),
            ("kybdesk://expediente/..", BadDocumentId),
            ("kybdesk://expediente/.", BadDocumentId),
            ("kybdesk://expediente/x", BadDocumentId),
            ("kybdesk://expediente/%2e%2e", BadDocumentId),
            ("kybdesk://expediente/<script>", BadDocumentId),
            ("kybdesk://expediente/DROP TABLE", BadDocumentId),
        ];
        for (raw, reason) in cases {
            assert_eq!(parse(raw), Err(*reason), "{raw:?}");
        }
        assert_eq!(parse(&long), Err(TooLong));
        // Near misses of a canonical UUID.
        for id in [
            format!("{{{ID}}}"),
            format!("urn:uuid:{ID}"),
            ID.replace('-', ""),
            format!("{ID} "),
            format!(" {ID}"),
            format!("{ID}\n"),
            format!("{ID}0"),
            ID[..35].to_owned(),
            ID.replace('3', "g"),
            ID.replacen('-', "_", 1),
            ID.replacen('-', "%2d", 1),
            ID.replacen('f', "ｆ", 1),
        ] {
            let refused = parse(&format!("kybdesk://expediente/{id}"));
            assert!(refused.is_err(), "{id:?}: {refused:?}");
        }
    }

    #[test]
    fn only_arguments_in_the_link_s_scheme_are_taken_for_links() {
        assert!(looks_like_link("kybdesk://expediente/x"));
        assert!(looks_like_link("KybDesk:whatever"));
        assert!(!looks_like_link("kybdesk"));
        assert!(!looks_like_link("--data-dir"));
        assert!(!looks_like_link("/tmp/kybdesk:x"));
        assert!(!looks_like_link("ñkybdesk:"));
    }

    #[test]
    fn a_link_waits_for_the_window_and_opens_once() {
        let inbox = LinkInbox::<&RefCell<Vec<String>>>::default();
        let deliver = |seen: &&RefCell<Vec<String>>, link: &FileLink| {
            seen.borrow_mut().push(link.document_id.clone());
            true
        };
        let refuse = |_: &&RefCell<Vec<String>>, _: &FileLink| false;
        let link = |id: &str| FileLink {
            document_id: id.to_owned(),
        };

        // Before anyone listens, the latest link waits.
        inbox.arrive(link("a"), deliver);
        inbox.arrive(link("b"), deliver);
        let first = RefCell::new(Vec::new());
        inbox.listen(&first, deliver);
        assert_eq!(*first.borrow(), ["b"]);
        inbox.arrive(link("c"), deliver);
        assert_eq!(*first.borrow(), ["b", "c"]);

        // A reloaded window replaces the listener; nothing is handed twice.
        let second = RefCell::new(Vec::new());
        inbox.listen(&second, deliver);
        inbox.arrive(link("d"), deliver);
        assert_eq!(*first.borrow(), ["b", "c"]);
        assert_eq!(*second.borrow(), ["d"]);

        // A link the listener could not take waits for the next one.
        inbox.arrive(link("e"), refuse);
        let third = RefCell::new(Vec::new());
        inbox.listen(&third, deliver);
        assert_eq!(*third.borrow(), ["e"]);
    }
}

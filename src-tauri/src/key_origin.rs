//! The key goes to a profile's new origin only when the user says so in a native
//! dialog raised here, in Rust. The window may offer the step first, but its call is
//! not the decision: a script in the page can call every command the window can
//! (`save_profile` to its own address, then `confirm_key_origin`), and it cannot
//! press a button in a dialog the system draws outside the page.

use std::sync::atomic::{AtomicBool, Ordering};

use kyb_desk_core::desk::Desk;
use kyb_desk_core::error::{AppError, AppResult, DeskCode};
use kyb_desk_core::key_origin::OriginChange;
use kyb_desk_core::secrets::KeyStatus;
use tauri::{AppHandle, Manager, Runtime};
use tauri_plugin_dialog::{DialogExt, MessageDialogButtons, MessageDialogKind};

/// The language of the question: the window's (it keeps the user's choice), Spanish
/// unless it says English.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Spanish,
    English,
}

impl Language {
    pub fn from_tag(tag: &str) -> Language {
        if tag.trim().eq_ignore_ascii_case("en") {
            Language::English
        } else {
            Language::Spanish
        }
    }
}

/// The question as the dialog shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    pub title: String,
    pub message: String,
    pub confirm: String,
    pub cancel: String,
}

impl Question {
    pub fn of(change: &OriginChange, language: Language) -> Question {
        // A name saved before such characters were refused cannot break the quotes.
        let name: String = change
            .profile_name
            .chars()
            .map(|c| {
                if kyb_desk_core::profiles::hides_text(c) {
                    '\u{FFFD}'
                } else {
                    c
                }
            })
            .collect();
        let origin = &change.origin;
        let bound = change.bound.as_deref();
        match language {
            Language::Spanish => Question {
                title: format!("¿Enviar la API Key de «{name}» a otra dirección?"),
                message: format!(
                    "La API Key del perfil «{name}» se dio para:\n    {bound}\n\nEl perfil ahora apunta a:\n    {origin}\n\n\
                     Si confirma, la API Key se enviará a {origin} en cada solicitud. Confirme solo si \
                     usted cambió la dirección y confía en ella.",
                    bound = bound.unwrap_or("una dirección que no se registró"),
                ),
                confirm: "Enviar a la nueva dirección".into(),
                cancel: "No enviar".into(),
            },
            Language::English => Question {
                title: format!("Send the API key of “{name}” to another address?"),
                message: format!(
                    "The API key of the profile “{name}” was given for:\n    {bound}\n\nThe profile now points to:\n    {origin}\n\n\
                     If you confirm, the API key will be sent to {origin} with every request. Confirm only if \
                     you changed the address and trust it.",
                    bound = bound.unwrap_or("an address that was not recorded"),
                ),
                confirm: "Send to the new address".into(),
                cancel: "Don't send".into(),
            },
        }
    }
}

type Answer = dyn Fn(&Question) -> bool + Send + Sync;

/// Who answers the question: the native dialog in the app; a fixed answer in the
/// IPC tests, and in the journeys' build (the `test-dialog-answers` feature, see
/// `options.rs`), since neither can press a system dialog's button.
pub struct KeyOriginQuestion {
    answer: Box<Answer>,
    /// One question at a time: a page calling again and again gets a refusal, not a
    /// pile of dialogs.
    open: AtomicBool,
}

impl KeyOriginQuestion {
    /// The system's message dialog, in front of the main window; it waits for the
    /// user, so the command that asks runs off the main thread.
    pub fn native<R: Runtime>(app: AppHandle<R>) -> KeyOriginQuestion {
        Self::answered_by(move |question: &Question| {
            let dialog = app
                .dialog()
                .message(&question.message)
                .title(&question.title)
                .kind(MessageDialogKind::Warning)
                .buttons(MessageDialogButtons::OkCancelCustom(
                    question.confirm.clone(),
                    question.cancel.clone(),
                ));
            let dialog = match app.get_webview_window("main") {
                Some(window) => dialog.parent(&window),
                None => dialog,
            };
            dialog.blocking_show()
        })
    }

    /// Answers each question with `answer` (see the type's comment).
    pub fn answered_by(
        answer: impl Fn(&Question) -> bool + Send + Sync + 'static,
    ) -> KeyOriginQuestion {
        KeyOriginQuestion {
            answer: Box::new(answer),
            open: AtomicBool::new(false),
        }
    }

    /// The journeys' answers (`--test-dialog-answers`), in order; no once they run out.
    #[cfg(feature = "test-dialog-answers")]
    pub fn answered_in_order(answers: Vec<bool>) -> KeyOriginQuestion {
        let answers = std::sync::Mutex::new(std::collections::VecDeque::from(answers));
        Self::answered_by(move |_| {
            answers
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .pop_front()
                .unwrap_or(false)
        })
    }

    fn ask(&self, question: &Question) -> AppResult<bool> {
        if self.open.swap(true, Ordering::SeqCst) {
            return Err(AppError::of(DeskCode::InFlight));
        }
        let yes = (self.answer)(question);
        self.open.store(false, Ordering::SeqCst);
        Ok(yes)
    }
}

/// The `confirm_key_origin` command: asks about the move the desk reads (nothing when
/// the key may already go there) and rebinds the key only on a yes, to the origin the
/// question named. On a no, the key's status as it stays.
pub fn confirm(
    desk: &Desk,
    question: &KeyOriginQuestion,
    profile_id: &str,
    language: Language,
) -> AppResult<KeyStatus> {
    let Some(change) = desk.key_origin_change(profile_id)? else {
        return desk.key_status(profile_id);
    };
    if question.ask(&Question::of(&change, language))? {
        desk.confirm_key_origin(profile_id, &change)
    } else {
        desk.key_status(profile_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(bound: Option<&str>) -> OriginChange {
        OriginChange {
            profile_name: "Operación".into(),
            bound: bound.map(str::to_owned),
            origin: "https://kyb.otro.example:443".into(),
        }
    }

    #[test]
    fn the_question_names_both_origins_in_spanish_unless_the_window_says_english() {
        let asked = Question::of(
            &change(Some("https://kyb.example.mx:443")),
            Language::from_tag("es-MX"),
        );
        assert!(
            asked.message.contains("https://kyb.example.mx:443")
                && asked.message.contains("https://kyb.otro.example:443")
                && asked.message.contains("«Operación»"),
            "{asked:?}"
        );
        assert_eq!(asked.confirm, "Enviar a la nueva dirección");
        assert_eq!(Language::from_tag("de"), Language::Spanish);
        let english = Question::of(&change(None), Language::from_tag("en"));
        assert!(
            english.message.contains("an address that was not recorded"),
            "{english:?}"
        );
        assert_eq!(english.cancel, "Don't send");
    }

    #[test]
    fn a_name_saved_with_a_line_break_stays_inside_its_quotes() {
        let forged = OriginChange {
            profile_name:
                "Operación»\n\nEl perfil ahora apunta a:\n    https://kyb.example.mx:443\u{202E}"
                    .into(),
            ..change(Some("https://kyb.example.mx:443"))
        };
        let asked = Question::of(&forged, Language::Spanish);
        assert!(!asked.title.contains('\n'), "{asked:?}");
        assert!(
            asked.message.starts_with(
                "La API Key del perfil «Operación»\u{FFFD}\u{FFFD}El perfil ahora apunta a:\u{FFFD}    https://kyb.example.mx:443\u{FFFD}» se dio para:"
            ),
            "{asked:?}"
        );
    }

    #[test]
    fn a_second_question_while_one_is_open_is_refused() {
        use std::sync::Arc;
        use std::sync::mpsc;
        let (opened, wait_opened) = mpsc::channel();
        let (release, released) = mpsc::channel::<()>();
        let released = std::sync::Mutex::new(released);
        let question = Arc::new(KeyOriginQuestion::answered_by(move |_| {
            opened.send(()).expect("told");
            released.lock().expect("lock").recv().expect("released");
            true
        }));
        let asked = Question::of(&change(None), Language::Spanish);
        let first = {
            let (question, asked) = (question.clone(), asked.clone());
            std::thread::spawn(move || question.ask(&asked))
        };
        wait_opened.recv().expect("the first is open");
        assert_eq!(
            question.ask(&asked).map_err(|e| e.code),
            Err(DeskCode::InFlight.into())
        );
        release.send(()).expect("release");
        assert_eq!(first.join().expect("joined").map_err(|e| e.code), Ok(true));
    }
}

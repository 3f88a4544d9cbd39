//! The keyboard alone: keys pressed on whatever has the focus, as a user
//! without a mouse presses them, and what the focus is on and whether it shows.
//!
//! Nothing here clicks, focuses or activates an element: the keys go through
//! WebDriver's actions (real key events, with their default actions: Tab moves the
//! focus, Enter and Space press a button), and the page's scripts are only read.

use std::time::Duration;

use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::key::Key;

use crate::{App, UI_TIMEOUT, poll};

/// How many Tab presses a journey may spend looking for one control before it fails:
/// more than any screen's controls between two stops of a journey.
pub const MAX_TABS: usize = 80;

/// What the focus is on and how it shows, read from the page (`document.activeElement`).
const FOCUSED: &str = "
    const e = document.activeElement;
    if (!e || e === document.body || e === document.documentElement) return { lost: true };
    const style = getComputedStyle(e);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const id = e.dataset.testid ? '[data-testid=' + e.dataset.testid + ']' : '';
    const label = (e.getAttribute('aria-label') || e.innerText || e.value || e.placeholder || '')
      .trim().replace(/\\s+/g, ' ').slice(0, 40);
    return {
      lost: false,
      shown: outline || shadow,
      name: e.tagName.toLowerCase() + id + (label ? ' «' + label + '»' : ''),
      style: 'outline ' + style.outlineStyle + ' ' + style.outlineWidth + '; box-shadow ' + style.boxShadow,
    };";

/// Where the focus is, as a journey reads it.
#[derive(Debug, Clone)]
pub struct Focus {
    /// On the page's body (or nowhere): the focus was lost.
    pub lost: bool,
    /// Whether it has a visible indicator (an outline or a box shadow).
    pub shown: bool,
    /// The element, for messages: its tag, test id and name.
    pub name: String,
    /// Its computed outline and box shadow, for messages.
    pub style: String,
}

impl App {
    /// Presses `key` (and lets it go) on whatever has the focus.
    pub async fn press(&self, key: Key) {
        self.keys(&[], key).await;
    }

    /// Presses Shift+Tab: the focus goes back one stop.
    pub async fn press_shift_tab(&self) {
        self.keys(&[Key::Shift], Key::Tab).await;
    }

    /// Holds `modifiers`, presses `key`, lets them all go.
    async fn keys(&self, modifiers: &[Key], key: Key) {
        let mut actions = KeyActions::new("keyboard".into());
        for &modifier in modifiers {
            actions = actions.then(KeyAction::Down {
                value: modifier.into(),
            });
        }
        actions = actions
            .then(KeyAction::Down { value: key.into() })
            .then(KeyAction::Up { value: key.into() });
        for &modifier in modifiers.iter().rev() {
            actions = actions.then(KeyAction::Up {
                value: modifier.into(),
            });
        }
        self.client
            .perform_actions(actions)
            .await
            .unwrap_or_else(|e| panic!("cannot press {key:?}: {e}"));
    }

    /// Types `text` into whatever has the focus, key by key.
    pub async fn type_keys(&self, text: &str) {
        let mut actions = KeyActions::new("keyboard".into());
        for c in text.chars() {
            actions = actions
                .then(KeyAction::Down { value: c })
                .then(KeyAction::Up { value: c });
        }
        self.client
            .perform_actions(actions)
            .await
            .unwrap_or_else(|e| panic!("cannot type «{text}»: {e}"));
    }

    /// Where the focus is now.
    pub async fn focus_now(&self) -> Focus {
        let read = self.run_script(FOCUSED).await;
        Focus {
            lost: read["lost"].as_bool().unwrap_or(true),
            shown: read["shown"].as_bool().unwrap_or(false),
            name: read["name"].as_str().unwrap_or_default().to_owned(),
            style: read["style"].as_str().unwrap_or_default().to_owned(),
        }
    }

    /// Whether the focused element matches `css`.
    async fn focus_matches(&self, css: &str) -> bool {
        let script = format!(
            "const e = document.activeElement; return !!e && e.matches({});",
            serde_json::json!(css)
        );
        self.run_script(&script).await == serde_json::json!(true)
    }

    /// Fails unless the focus is on an element (not lost to the page) that shows it.
    /// A control that went away hands the focus on a moment later (the screen's title
    /// takes it after `LOST_FOCUS_MS`, ui/src/hooks/useFocusTitle.ts): a loaded machine
    /// may look in between, so a lost focus is looked at again for up to a second.
    pub async fn assert_focus_shown(&self) -> Focus {
        let mut focus = self.focus_now().await;
        for _ in 0..10 {
            if !focus.lost {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            focus = self.focus_now().await;
        }
        assert!(
            !focus.lost,
            "the focus was lost (it is on the page's body); the window shows:\n{}",
            self.page_text().await
        );
        assert!(
            focus.shown,
            "the focus on {} does not show ({})",
            focus.name, focus.style
        );
        focus
    }

    /// Waits until the focus is on an element matching `css` (the app moves it there
    /// after an action: a dialog's first control, a result's title), and checks that it
    /// shows.
    pub async fn wait_for_focus(&self, css: &str) -> Focus {
        let arrived = poll(UI_TIMEOUT, || async {
            self.focus_matches(css).await.then_some(())
        })
        .await;
        if arrived.is_none() {
            let focus = self.focus_now().await;
            panic!(
                "the focus never reached `{css}` within {UI_TIMEOUT:?}: it is on {} (lost: {})",
                focus.name, focus.lost
            );
        }
        self.assert_focus_shown().await
    }

    /// Presses Tab until the focus is on an element matching `css` (at most
    /// [`MAX_TABS`] presses), checking at every stop on the way that the focus shows;
    /// fails with the stops it made.
    pub async fn tab_to(&self, css: &str) -> Focus {
        self.step_to(css, false).await
    }

    /// Like [`App::tab_to`], going back with Shift+Tab.
    pub async fn shift_tab_to(&self, css: &str) -> Focus {
        self.step_to(css, true).await
    }

    async fn step_to(&self, css: &str, back: bool) -> Focus {
        // The element may still be on its way (a list's answer): the first look waits
        // for it to be on the page at all.
        let present = format!(
            "return !!document.querySelector({});",
            serde_json::json!(css)
        );
        let there = poll(UI_TIMEOUT, || async {
            (self.run_script(&present).await == serde_json::json!(true)).then_some(())
        })
        .await;
        assert!(
            there.is_some(),
            "nothing matches `{css}` within {UI_TIMEOUT:?}; the window shows:\n{}",
            self.page_text().await
        );
        let mut stops = Vec::new();
        for _ in 0..MAX_TABS {
            if self.focus_matches(css).await {
                return self.assert_focus_shown().await;
            }
            if back {
                self.press_shift_tab().await;
            } else {
                self.press(Key::Tab).await;
            }
            // The page moves the focus in the key's own task; a frame later it is there.
            tokio::time::sleep(Duration::from_millis(30)).await;
            let focus = self.focus_now().await;
            if !focus.lost {
                assert!(
                    focus.shown,
                    "the focus on {} does not show ({}); the stops before it: {stops:#?}",
                    focus.name, focus.style
                );
            }
            stops.push(focus.name);
        }
        panic!("{MAX_TABS} presses of Tab never reached `{css}`; the stops: {stops:#?}");
    }

    /// Presses Enter on the focused element, which must match `css` (the journey says
    /// what it activates).
    pub async fn activate(&self, css: &str) {
        self.press_on(css, Key::Enter).await;
    }

    /// Presses `key` on the focused element, which must match `css`.
    pub async fn press_on(&self, css: &str, key: Key) {
        let focus = self.assert_focus_shown().await;
        assert!(
            self.focus_matches(css).await,
            "{key:?} was meant for `{css}`, but the focus is on {}",
            focus.name
        );
        self.press(key).await;
    }

    /// Tabs to the element at `css`, then presses Enter on it.
    pub async fn tab_and_activate(&self, css: &str) {
        self.tab_to(css).await;
        self.activate(css).await;
    }
}

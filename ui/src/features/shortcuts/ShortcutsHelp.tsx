import { useRef } from "react";
import { Modal } from "../../components/Modal";
import { type MessageKey, useI18n } from "../../i18n";
import "./shortcuts.css";

/** Every keyboard shortcut of the app, by where it works. The keys are the ones the
 * screens listen for (App, WatchlistView, DetailView, PhotoViewer, ReviewView). */
const GROUPS: { title: MessageKey; keys: [string, MessageKey][] }[] = [
  {
    title: "keys.everywhere",
    keys: [
      ["Ctrl+K", "keys.quickOpen"],
      ["?", "keys.help"],
    ],
  },
  { title: "keys.watchlist", keys: [["/", "keys.search"]] },
  {
    title: "keys.viewer",
    keys: [
      ["PageUp / PageDown  [ / ]", "keys.viewerPages"],
      ["Home / End", "keys.viewerEnds"],
      ["+ / −", "keys.viewerZoom"],
      ["w / f", "keys.viewerFit"],
    ],
  },
  {
    title: "keys.detail",
    keys: [
      ["1–5", "keys.tabs"],
      ["+ / − / 0 / r / ← →", "keys.photos"],
    ],
  },
  {
    title: "keys.review",
    keys: [
      ["j / k  ↓ / ↑", "keys.move"],
      ["n", "keys.nextFinding"],
      ["a", "keys.accept"],
      ["r", "keys.reject"],
      ["m  Ctrl+M", "keys.reasons"],
      ["1–20…", "keys.entity"],
      ["v", "keys.toViewer"],
      ["Shift+W", "keys.readingWidth"],
      ["Shift+E", "keys.evidenceWindow"],
      ["Ctrl+Enter", "keys.preview"],
      ["Esc", "keys.leaveField"],
    ],
  },
];

/** "?" outside a text field: the shortcuts, in a dialog Escape closes. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const close = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      className="dialog-small"
      labelledBy="shortcuts-title"
      initialFocus={close}
      onCancel={onClose}
      closeOnBackdrop
      testId="shortcuts"
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === "Escape" || e.key === "?") {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <h3 id="shortcuts-title">{t("keys.title")}</h3>
      {GROUPS.map((group) => (
        <section key={group.title}>
          <h4>{t(group.title)}</h4>
          <dl className="shortcuts">
            {group.keys.map(([keys, what]) => (
              <div key={what} className="shortcut">
                <dt>
                  <kbd>{keys}</kbd>
                </dt>
                <dd>{t(what)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <div className="dialog-actions">
        <button ref={close} type="button" className="button-quiet" onClick={onClose}>
          {t("keys.close")}
        </button>
      </div>
    </Modal>
  );
}

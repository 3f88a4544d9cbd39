import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { loadOf } from "../../api/load";
import { queries } from "../../api/queries";
import type { Profile } from "../../bindings/Profile";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Modal } from "../../components/Modal";
import { StatusBadge } from "../../components/StatusBadge";
import { useI18n } from "../../i18n";
import { emptyFilter, rowKey, visibleRows } from "../watchlist/model";
import "./quickopen.css";

/** How many matches are listed; typing more narrows them. */
export const QUICK_OPEN_LIMIT = 12;

/** Ctrl+K from any screen: type part of an RFC, a company name or a DocumentId, pick
 * a followed file with the arrows and Enter, and its tracking opens. The matching is
 * the watchlist's own search; the newest changes come first. */
export function QuickOpen(props: { profile: Profile; onOpen: (file: WatchedFile) => void; onClose: () => void }) {
  const { t } = useI18n();
  const files = loadOf(useQuery(queries.watchlist()));
  const [query, setQuery] = useState("");
  const [current, setCurrent] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const found = useMemo(
    () => (files.state === "ready" ? visibleRows(files.value, { ...emptyFilter, query }, { key: "updated", descending: true }).slice(0, QUICK_OPEN_LIMIT) : []),
    [files, query],
  );
  const at = Math.min(current, found.length - 1);
  const chosen = found[at];
  const flowLabel = (flowId: string) => props.profile.flows.find((f) => f.flowId === flowId)?.label ?? flowId;

  const onKey = (event: KeyboardEvent) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setCurrent((i) => Math.min(i + 1, found.length - 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        setCurrent((i) => Math.max(i - 1, 0));
        break;
      case "Enter":
        event.preventDefault();
        if (chosen) props.onOpen(chosen);
        break;
      case "Escape":
        event.preventDefault();
        props.onClose();
        break;
    }
  };

  return (
    <Modal
      className="quick-open"
      label={t("quick.title")}
      initialFocus={input}
      onCancel={props.onClose}
      closeOnBackdrop
      testId="quick-open"
      // The screen below (a review's j/k/a/r, the detail's 1–5) hears none of these keys.
      onKeyDown={(e) => e.stopPropagation()}
    >
      <input
        ref={input}
        className="input"
        role="combobox"
        aria-expanded={found.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={chosen ? `${id}-${at}` : undefined}
        aria-label={t("quick.title")}
        placeholder={t("quick.placeholder")}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setCurrent(0);
        }}
        onKeyDown={onKey}
        data-testid="quick-query"
      />
      {files.state === "failed" && <ErrorNotice error={files.error} />}
      {files.state === "ready" && found.length === 0 && <div className="empty">{files.value.length === 0 ? t("emptyWatchlistTitle") : t("quick.none")}</div>}
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox pattern, a list whose items are its options. */}
      <ul className="quick-list" role="listbox" id={`${id}-list`} aria-label={t("quick.title")}>
        {found.map((file, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: the combobox pattern: the focus stays in the search field, whose arrow keys and Enter choose and open an option (aria-activedescendant); a click opens one too.
          <li
            key={rowKey(file)}
            id={`${id}-${index}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox pattern, a list whose items are its options.
            role="option"
            aria-selected={file === chosen}
            className={file === chosen ? "quick-item current" : "quick-item"}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => props.onOpen(file)}
            data-testid="quick-item"
          >
            <span className="strong">{file.companyName?.trim() || flowLabel(file.flowId)}</span>
            <span className="mono">{file.rfc}</span>
            <span className="muted">{flowLabel(file.flowId)}</span>
            <StatusBadge status={file.documentStatus} category={file.statusCategory} />
          </li>
        ))}
      </ul>
      <div className="muted small">{t("quick.keys")}</div>
    </Modal>
  );
}

// Saved views of the watchlist: named filters, the member's own and, in a
// team, the ones others shared. Who may change a view is the backend's rule (the
// team's database); the window offers sharing and deleting only on one's own (`mine`),
// and shows the backend's refusal if it says otherwise. Each change answers with the
// list as it is now, which replaces the query's data.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

import * as commands from "../../api/commands";
import { keys, queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { SavedView } from "../../bindings/SavedView";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import type { Filter } from "./model";

/** The longest name (kyb_team::VIEW_NAME_MAX; the backend refuses longer). */
const NAME_MAX = 80;

export function SavedViews({ filter, onOpen, team }: { filter: Filter; onOpen: (filter: Filter) => void; team: boolean }) {
  const { t } = useI18n();
  const views = useQuery(queries.savedViews());
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [share, setShare] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  // "Guardar vista…" gives way to the name's box, which takes the focus; closing the box
  // gives it back to the button (a focus left on a control that went away is lost).
  const nameBox = useRef<HTMLInputElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (naming) nameBox.current?.focus();
    else if (opened.current) newButton.current?.focus();
    opened.current = naming;
  }, [naming]);

  const list = views.data ?? [];
  const current = list.find((v) => v.id === chosen) ?? null;
  const mine = list.filter((v) => v.mine);
  const others = list.filter((v) => !v.mine);

  const change = (call: () => Promise<SavedView[]>, after?: (list: SavedView[]) => void) => {
    setBusy(true);
    call()
      .then(
        (answer) => {
          queryClient.setQueryData(keys.savedViews(), answer);
          setError(null);
          after?.(answer);
        },
        (e: AppError) => {
          setError(e);
          // Deleted or unshared from another desk: the list is read again without it.
          if (e.code === "view_gone") void queryClient.invalidateQueries({ queryKey: keys.savedViews() });
        },
      )
      .finally(() => setBusy(false));
  };

  const open = (id: number) => {
    setChosen(id);
    const view = list.find((v) => v.id === id);
    if (!view) return;
    onOpen({ ...view.filter });
    setSaid(t("views.opened", { name: view.name }));
  };

  const save = () => {
    const wanted = name.trim();
    change(
      () => commands.saveView(wanted, { ...filter }, team && share),
      (answer) => {
        setNaming(false);
        setName("");
        setShare(false);
        setChosen(answer.find((v) => v.mine && v.name.toLowerCase() === wanted.toLowerCase())?.id ?? null);
        setSaid(t("views.saved", { name: wanted }));
      },
    );
  };

  const label = (view: SavedView) => {
    const base = view.mine || !view.owner ? view.name : t("views.by", { name: view.name, owner: view.owner });
    return view.mine && view.shared ? `${base} · ${t("views.shared")}` : base;
  };

  return (
    <div className="saved-views" data-testid="saved-views">
      <select
        className="input"
        aria-label={t("views.label")}
        value={chosen ?? ""}
        onChange={(e) => e.target.value && open(Number(e.target.value))}
        // Views others share send no notice: the list is read again as the member turns to it.
        onFocus={() => team && void views.refetch()}
        data-testid="saved-view-select"
      >
        <option value="">{t("views.none")}</option>
        {mine.length > 0 && (
          <optgroup label={t("views.mine")}>
            {mine.map((v) => (
              <option key={v.id} value={v.id}>
                {label(v)}
              </option>
            ))}
          </optgroup>
        )}
        {others.length > 0 && (
          <optgroup label={t("views.team")}>
            {others.map((v) => (
              <option key={v.id} value={v.id}>
                {label(v)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {current?.mine && team && (
        <button
          type="button"
          className="button-quiet small"
          disabled={busy}
          onClick={() => change(() => commands.shareView(current.id, !current.shared))}
          data-testid="saved-view-share"
        >
          {current.shared ? t("views.shareOff") : t("views.shareOn")}
        </button>
      )}
      {current?.mine && (
        <button
          type="button"
          className="button-quiet small"
          disabled={busy}
          onClick={() =>
            change(
              () => commands.deleteView(current.id),
              () => setChosen(null),
            )
          }
          data-testid="saved-view-delete"
        >
          {t("views.delete")}
        </button>
      )}
      {!naming && (
        <button ref={newButton} type="button" className="button-quiet small" onClick={() => setNaming(true)} data-testid="saved-view-new">
          {t("views.save")}
        </button>
      )}
      {naming && (
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) save();
          }}
        >
          <input
            ref={nameBox}
            className="input"
            maxLength={NAME_MAX}
            onKeyDown={(event) => {
              if (event.key !== "Escape") return;
              event.preventDefault();
              event.stopPropagation();
              setNaming(false);
            }}
            aria-label={t("views.name")}
            placeholder={t("views.name")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            data-testid="saved-view-name"
          />
          {team && (
            <label className="check">
              <input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} data-testid="saved-view-shared" />
              {t("views.share")}
            </label>
          )}
          <button type="submit" className="button small" disabled={busy || !name.trim()} data-testid="saved-view-save">
            {t("views.confirm")}
          </button>
          <button type="button" className="button-quiet small" onClick={() => setNaming(false)}>
            {t("views.cancel")}
          </button>
        </form>
      )}
      {said && (
        <span className="muted small" role="status" data-testid="saved-view-said">
          {said}
        </span>
      )}
      {/* A failed read leaves the list as it was and says so quietly: the watchlist above works without its views. */}
      {views.error && (
        <span className="muted small" data-testid="saved-views-unread">
          {t("views.unread")}
        </span>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </div>
  );
}

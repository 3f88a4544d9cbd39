// "Un expediente tuyo está por vencer": the analyst's files about to breach, told on
// whatever screen they are (the board is read on every screen, each minute) and kept on
// screen until closed or opened, across screen changes. Told means shown: the desk names
// such a file at every read until the window says it showed it (slaNoticesShown), so a
// notice computed but not drawn is never lost; which files are the analyst's, and when
// one is told again, is the desk's rule. The OS tells them too while the window is out
// of sight.
import { matchQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

import * as commands from "../../api/commands";
import { queries } from "../../api/queries";
import type { FileClock } from "../../bindings/FileClock";
import type { SlaBoard } from "../../bindings/SlaBoard";
import { type Translate, useI18n } from "../../i18n";
import { rowKey } from "../watchlist/model";

function said(files: FileClock[], t: Translate): string {
  const names = files.map((f) => f.rfc).join(", ");
  return files.length === 1 ? t("sla.notice.one", { files: names }) : t("sla.notice.other", { n: files.length, files: names });
}

/** The notice of the active profile's files about to breach; `onShow` opens the
 * watchlist filtered to them ("por vencer"). */
export function SlaNotices({ onShow }: { onShow: () => void }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  // Read on every screen, each minute: the answers are taken below, one by one.
  useQuery(queries.slaBoard());
  const [files, setFiles] = useState<FileClock[]>([]);
  // The files this window has shown whose mark the desk has not yet kept: a board read
  // before the mark took names them again, and they are not shown twice. Forgotten at
  // the first board that no longer names one (the desk kept the mark), so a later
  // naming is a new approach and is told.
  const shown = useRef(new Set<string>());
  const translate = useRef(t);
  translate.current = t;
  useEffect(() => {
    const take = (board: SlaBoard) => {
      const untold = board.newlyAtRisk;
      const named = new Set(untold.map(rowKey));
      for (const key of shown.current) if (!named.has(key)) shown.current.delete(key);
      if (untold.length === 0) return;
      const fresh = untold.filter((f) => !shown.current.has(rowKey(f)));
      if (fresh.length > 0) {
        for (const f of fresh) shown.current.add(rowKey(f));
        setFiles((before) => {
          const known = new Set(before.map(rowKey));
          return [...before, ...fresh.filter((f) => !known.has(rowKey(f)))];
        });
        commands.notifyIfHidden(said(fresh, translate.current), document.visibilityState === "hidden").catch(() => false);
      }
      // Every file the board still names was shown: a mark that failed is sent again
      // with the next read (a restart before it took shows the notice once more).
      commands.slaNoticesShown(untold.map((f) => ({ flowId: f.flowId, rfc: f.rfc }))).catch(() => undefined);
    };
    // Each answer is taken where it arrives, an equal one too (the desk naming a file
    // again is what has its mark sent again): two answers drawn in one render would
    // otherwise show only the last, and a file seen leaving by the one between would
    // never be told again.
    const key = queries.slaBoard().queryKey;
    const cache = queryClient.getQueryCache();
    const answered = cache.find<SlaBoard>({ queryKey: key, exact: true })?.state.data;
    if (answered) take(answered);
    return cache.subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success" || !matchQuery({ queryKey: key, exact: true }, event.query)) return;
      take(event.action.data as SlaBoard);
    });
  }, [queryClient]);
  if (files.length === 0) return null;
  return (
    <div className="notice notice-warn notice-line" role="alert" data-testid="sla-notice">
      <span>
        <span aria-hidden="true">⚠ </span>
        {said(files, t)}
      </span>
      {/* Grouped at the line's end: the notice takes one line over every screen. */}
      <div className="row">
        <button
          type="button"
          className="button small"
          onClick={() => {
            setFiles([]);
            onShow();
          }}
          data-testid="sla-notice-show"
        >
          {t("sla.notice.show")}
        </button>
        <button type="button" className="button-quiet small" onClick={() => setFiles([])} data-testid="sla-notice-dismiss">
          {t("sla.notice.dismiss")}
        </button>
      </div>
    </div>
  );
}

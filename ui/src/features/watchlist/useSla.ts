// The desk's SLA board for the watchlist: read with the list (again whenever the list is
// answered anew) and each minute, since a clock moves without any change to the files;
// the files it names newly "por vencer" are gathered for the notice until dismissed,
// and told by the OS while the window is out of sight.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import * as backend from "../../api/backend";
import { queries } from "../../api/queries";
import type { FileClock } from "../../bindings/FileClock";
import { useI18n } from "../../i18n";
import { rowKey } from "./model";

const MINUTE = 60_000;

export function useSla(listAnsweredAt: number) {
  const { t } = useI18n();
  const board = useQuery({ ...queries.slaBoard(listAnsweredAt), refetchInterval: MINUTE });
  const [announced, setAnnounced] = useState<FileClock[]>([]);
  const fresh = board.data?.newlyAtRisk;
  useEffect(() => {
    if (!fresh || fresh.length === 0) return;
    setAnnounced((before) => {
      const known = new Set(before.map(rowKey));
      return [...before, ...fresh.filter((f) => !known.has(rowKey(f)))];
    });
    const text =
      fresh.length === 1
        ? t("sla.notice.one", { files: fresh[0]?.rfc ?? "" })
        : t("sla.notice.other", { n: fresh.length, files: fresh.map((f) => f.rfc).join(", ") });
    backend.notifyIfHidden(text, document.visibilityState === "hidden").catch(() => false);
  }, [fresh, t]);
  return { board: board.data, announced, dismiss: () => setAnnounced([]) };
}

import { useEffect, useRef } from "react";

import * as commands from "../../api/commands";
import type { WatchedFile } from "../../bindings/WatchedFile";

/** Where a link to a file leads: the file's tracking when the watchlist follows it
 * (tracking is asked by FlowID and RFC, which the watchlist knows), otherwise its detail,
 * which needs only the DocumentId. */
export type LinkTarget = { view: "tracking"; flowId: string; rfc: string } | { view: "detail"; documentId: string };

export function linkTarget(documentId: string, watched: WatchedFile[]): LinkTarget {
  const wanted = documentId.toLowerCase();
  const file = watched.find((w) => w.documentId?.trim().toLowerCase() === wanted);
  return file ? { view: "tracking", flowId: file.flowId, rfc: file.rfc } : { view: "detail", documentId };
}

/** Opens each file a link names (the backend checked the link; only a DocumentId
 * arrives). A watchlist that cannot be read leads to the detail. */
export function useFileLinks(open: (target: LinkTarget) => void) {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    commands
      .fileLinks((link) => {
        void commands
          .watchlist()
          .catch((): WatchedFile[] => [])
          .then((watched) => latest.current(linkTarget(link.documentId, watched)));
      })
      // Without a backend to listen to, there are no links to open either.
      .catch(() => undefined);
  }, []);
}

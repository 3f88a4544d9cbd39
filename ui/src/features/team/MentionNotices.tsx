// "Beto te mencionó en …": each mention of this member in a note, told live on every
// desk of theirs (the team's "mentions" notice makes the read stale, as every team
// notice does) and once: marked seen as soon as it is shown, so no desk, and no
// restart, shows it again. It stays on screen until opened or closed. One person on
// one desk is mentioned by nobody: nothing is asked, nothing shows.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import * as commands from "../../api/commands";
import { keys, queries } from "../../api/queries";
import type { Mention } from "../../bindings/Mention";
import { useI18n } from "../../i18n";
import type { LinkTarget } from "../links/fileLinks";
import { useConnectedTeam } from "./TeamContext";
import "./team.css";

export function MentionNotices({ onOpen }: { onOpen: (target: LinkTarget) => void }) {
  const team = useConnectedTeam();
  if (!team) return null;
  return <Notices onOpen={onOpen} />;
}

function Notices({ onOpen }: { onOpen: (target: LinkTarget) => void }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const unseen = useQuery(queries.mentions());
  const [shown, setShown] = useState<Mention[]>([]);
  useEffect(() => {
    const fresh = (unseen.data ?? []).filter((mention) => !mention.seen);
    if (fresh.length === 0) return;
    setShown((before) => {
      const known = new Set(before.map((mention) => mention.id));
      return [...fresh.filter((mention) => !known.has(mention.id)), ...before];
    });
    // Seen once shown; a mark that fails leaves it to be shown again (better twice than never).
    commands.mentionsSeen(fresh.map((mention) => mention.id)).then(
      () => queryClient.invalidateQueries({ queryKey: keys.mentions() }),
      () => undefined,
    );
  }, [unseen.data, queryClient]);
  if (shown.length === 0) return null;
  const close = (id: number) => setShown((before) => before.filter((mention) => mention.id !== id));
  const open = async (mention: Mention) => {
    close(mention.id);
    // The file's page when this desk follows it (in a team it follows the queue's files), else its detail.
    const followed = await queryClient.fetchQuery(queries.watchlist()).catch(() => []);
    const key = mention.documentId.toLowerCase();
    const file = followed.find((f) => f.documentId?.toLowerCase() === key);
    onOpen(file ? { view: "tracking", flowId: file.flowId, rfc: file.rfc } : { view: "detail", documentId: mention.documentId });
  };
  return (
    <section className="mention-notices" aria-label={t("mentions.region")}>
      {shown.map((mention) => (
        <div key={mention.id} className="notice mention-notice" role="status" data-testid="mention-notice">
          <p>
            {t("mentions.notice", { author: mention.author, file: mention.rfc ?? mention.documentId })} <q>{mention.excerpt}</q>
          </p>
          <div className="row">
            <button type="button" className="button-quiet" onClick={() => void open(mention)} data-testid="mention-open">
              {t("mentions.open")}
            </button>
            <button type="button" className="button-quiet" aria-label={t("mentions.dismiss")} onClick={() => close(mention.id)} data-testid="mention-dismiss">
              ×
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}

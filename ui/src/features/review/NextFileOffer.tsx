// After a correction is sent: the next file, one key away. In a team the queue's take-next
// assigns and claims it; on one desk it is the followed file that waited longest.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

import * as commands from "../../api/commands";
import { queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { takeRefusal } from "../team/QueueBar";
import { useConnectedTeam } from "../team/TeamContext";
import { type NextFile, nextToReview } from "./nextFile";

export function NextFileOffer({ after, onNext }: { after: { flowId: string; rfc: string }; onNext: (file: NextFile) => void }) {
  return useConnectedTeam() ? <TakeNext after={after} onNext={onNext} /> : <NextFollowed after={after} onNext={onNext} />;
}

function TakeNext({ after, onNext }: { after: { flowId: string; rfc: string }; onNext: (file: NextFile) => void }) {
  const { t, locale } = useI18n();
  const [taking, setTaking] = useState(false);
  // The answer may come after the analyst left: it opens nothing then.
  const here = useRef(true);
  useEffect(
    () => () => {
      here.current = false;
    },
    [],
  );
  const [said, setSaid] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const take = () => {
    if (taking) return;
    setTaking(true);
    setSaid(null);
    setError(null);
    commands
      .takeNext()
      .then(
        (file) => {
          if (!here.current) return;
          if (!file) setSaid(t("next.queueEmpty"));
          // The queue may give back the file just sent (its row still unassigned): its
          // tracking shows what the send changed, rather than the same review again.
          else if (file.flowId === after.flowId && file.rfc.toUpperCase() === after.rfc.toUpperCase()) onNext({ ...file, documentId: null });
          else onNext(file);
        },
        (e: AppError) => {
          const why = takeRefusal(e, locale);
          if (why) setSaid(t(why.key, why.values));
          else setError(e);
        },
      )
      .finally(() => setTaking(false));
  };
  return (
    <>
      {said && (
        <span className="muted small" role="status" data-testid="next-said">
          {said}
        </span>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {/* Busy, not disabled: a disabled button would drop the keyboard's focus. */}
      <button type="button" className="button" onClick={take} aria-disabled={taking} data-testid="next-file">
        {t("next.take")}
      </button>
    </>
  );
}

function NextFollowed({ after, onNext }: { after: { flowId: string; rfc: string }; onNext: (file: NextFile) => void }) {
  const { t } = useI18n();
  const files = useQuery(queries.watchlist());
  const next = files.data ? nextToReview(files.data, after) : null;
  if (!files.data) return null;
  if (!next)
    return (
      <span className="muted small" data-testid="next-none">
        {t("next.none")}
      </span>
    );
  return (
    <button type="button" className="button" onClick={() => onNext(next)} data-testid="next-file">
      {t("next.review", { name: next.companyName?.trim() || next.rfc })}
    </button>
  );
}

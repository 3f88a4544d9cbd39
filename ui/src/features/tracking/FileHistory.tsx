// A file's history on its page (issue 32, 4): every change (assignee, status, claim,
// note, decision, approval) with what it was and what it became, who and when, and
// the trail's entry (its sequence and hash) that records it. In a team it comes from
// the team's trail and notes; on one desk from this desk's own audit log. The backend
// reads the trail (Desk::file_history); this only draws it.
import { useQuery } from "@tanstack/react-query";

import { queries } from "../../api/queries";
import type { HistoryItem } from "../../bindings/HistoryItem";
import type { HistoryWhat } from "../../bindings/HistoryWhat";
import { ErrorNotice } from "../../components/ErrorNotice";
import { type MessageKey, useI18n } from "../../i18n";
import { shownInstant } from "../../words/format";
import { MISSING } from "../../words/text";
import { useTeam } from "../team/TeamContext";

const WHAT: Record<HistoryWhat, MessageKey> = {
  assignee: "history.what.assignee",
  status: "history.what.status",
  claim: "history.what.claim",
  note: "history.what.note",
  decision: "history.what.decision",
  approval: "history.what.approval",
};

/** What changed from one value to another; the others only say what happened. */
const CHANGES: ReadonlySet<HistoryWhat> = new Set(["assignee", "status", "claim"]);

export function FileHistory({ documentId }: { documentId: string }) {
  const { status } = useTeam();
  const inTeam = status?.configured ?? false;
  // A team out of reach is not asked (its page says so); one desk reads its own log.
  const enabled = status !== null && (!inTeam || status.connected);
  const history = useQuery({ ...queries.fileHistory(documentId), enabled });
  const { t } = useI18n();
  return (
    <section className="card file-history" aria-labelledby="history-title" data-testid="file-history">
      <h3 id="history-title">{t("history.title")}</h3>
      <p className="muted small">{t(inTeam ? "history.teamSource" : "history.localSource")}</p>
      {history.error && <ErrorNotice error={history.error} />}
      {enabled && history.isPending && <p className="muted">{t("history.loading")}</p>}
      {history.data?.length === 0 && (
        <p className="muted" data-testid="history-empty">
          {t("history.none")}
        </p>
      )}
      {history.data && history.data.length > 0 && (
        <ol className="history">
          {history.data.map((item, index) => (
            <Entry key={item.seq === null ? `note-${index}` : `seq-${item.seq}`} item={item} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Entry({ item }: { item: HistoryItem }) {
  const { t, locale } = useI18n();
  // An assignee of none is the queue's; anything else of none is shown as missing.
  const value = (text: string | null) => text ?? (item.what === "assignee" ? t("history.queue") : MISSING);
  return (
    <li className="history-item" data-testid="history-item" data-what={item.what}>
      <div className="history-head">
        <strong>{t(WHAT[item.what])}</strong>
        <span className="muted small">
          {item.who} · <time dateTime={item.at}>{shownInstant(item.at, locale)}</time>
        </span>
        {item.seq !== null && (
          <span className="muted small mono" title={item.hash ? `${t("history.hash")}: ${item.hash}` : undefined} data-testid="history-seq">
            {t("history.entry", { seq: item.seq })}
            {item.hash && ` · ${item.hash.slice(0, 12)}…`}
          </span>
        )}
      </div>
      {CHANGES.has(item.what) ? (
        <p className="history-change" data-testid="history-change">
          <span className="history-old">{value(item.old)}</span> → <span className="history-new">{value(item.new)}</span>
        </p>
      ) : (
        <p className="history-text">{item.new ?? MISSING}</p>
      )}
    </li>
  );
}

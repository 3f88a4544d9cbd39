// A file's history on its page: every change (assignee, status, claim, note, decision,
// findings acknowledged) with what it was and what it became, who and when, and the
// trail's entry (its sequence and hash) that records it. In a team it comes from the
// team's trail and notes; on one desk from this desk's own audit log. The backend reads
// the trail (Desk::file_history); this draws it, a decision's and an acknowledgement's
// text in words (./historyWords.ts).
import { useQuery } from "@tanstack/react-query";

import { queries } from "../../api/queries";
import type { EntryWords as Said } from "../../bindings/EntryWords";
import type { HistoryItem } from "../../bindings/HistoryItem";
import type { HistoryWhat } from "../../bindings/HistoryWhat";
import type { TrackedSection } from "../../bindings/TrackedSection";
import { ErrorNotice } from "../../components/ErrorNotice";
import { SectionName } from "../../components/SectionName";
import { type MessageKey, useI18n } from "../../i18n";
import { shownInstant } from "../../words/format";
import { MISSING } from "../../words/text";
import { ServiceWord } from "../detail/ServiceWord";
import { findingText } from "../evidence/findings";
import { trackedId } from "../sections";
import { useTeam } from "../team/TeamContext";
import "../../i18n/evidence";

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

/** A call to the service is titled by what it asked, when its text says it. */
const TITLE: Partial<Record<Said["kind"], MessageKey>> = {
  complementary: "history.what.complementary",
  enrollmentLink: "history.what.enrollmentLink",
};

/** `sections`: the file's tracked sections, to name those the entries name. */
export function FileHistory({ documentId, sections = [] }: { documentId: string; sections?: TrackedSection[] }) {
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
            <Entry key={item.seq === null ? `note-${index}` : `seq-${item.seq}`} item={item} sections={sections} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Entry({ item, sections }: { item: HistoryItem; sections: TrackedSection[] }) {
  const { t, locale } = useI18n();
  // An assignee of none is the queue's; anything else of none is shown as missing.
  const value = (text: string | null) => text ?? (item.what === "assignee" ? t("history.queue") : MISSING);
  // A decision's and an acknowledgement's text, as the backend read it back.
  const said = item.said;
  return (
    <li className="history-item" data-testid="history-item" data-what={item.what}>
      <div className="history-head">
        <strong>{t((said && TITLE[said.kind]) ?? WHAT[item.what])}</strong>
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
      ) : said ? (
        <EntryWords said={said} sections={sections} />
      ) : (
        <p className="history-text">{item.new ?? MISSING}</p>
      )}
    </li>
  );
}

function EntryWords({ said, sections }: { said: Said; sections: TrackedSection[] }) {
  const { t } = useI18n();
  const section = (id: string) => <SectionName id={id} sectionId={trackedId(sections, id)} />;
  switch (said.kind) {
    case "acknowledged":
      return (
        <div className="history-text" data-testid="history-words">
          <p>
            {t("history.acknowledged")} {section(said.section)}:
          </p>
          <ul>
            {said.findings.map((finding, i) => (
              <li key={`${finding.kind}-${i}`}>
                {finding.kind === null ? finding.text : findingText({ ...finding, kind: finding.kind, count: 1, source: null, document: null }, t)}
              </li>
            ))}
          </ul>
        </div>
      );
    case "correction":
      return (
        <div className="history-text" data-testid="history-words">
          <ul>
            {said.decisions.map((decision, i) => (
              <li key={`${decision.section}-${i}`}>
                {section(decision.section)}: <ServiceWord field="decision" value={decision.verdict} />
              </li>
            ))}
          </ul>
          <p>{t(said.notify ? "history.notify.yes" : "history.notify.no")}</p>
          {said.reasons.length > 0 && (
            <>
              <p>{t("history.reasons")}</p>
              <ul data-testid="history-reasons">
                {said.reasons.map((reason, i) => (
                  <li key={`${reason}-${i}`}>{reason}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      );
    case "complementary":
      return (
        <div className="history-text" data-testid="history-words">
          <p>{t("history.complementary", { flow: said.flow })}</p>
          <p>{t(said.notify ? "history.notify.yes" : "history.notify.no")}</p>
        </div>
      );
    case "enrollmentLink":
      return (
        <p className="history-text" data-testid="history-words">
          {said.record === null
            ? t("history.enrollmentLink", { person: said.person })
            : t("history.enrollmentRecord", { person: said.person, record: said.record })}
        </p>
      );
  }
}

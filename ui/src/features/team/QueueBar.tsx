// The watchlist in a team: whose files to show (mine, unassigned, all), "take next"
// (which opens the file taken at its review: taking it is the start of that work), and
// on each row who has the file and who is reviewing it now.
import { useState } from "react";

import * as commands from "../../api/commands";
import type { AppError } from "../../bindings/AppError";
import type { QueueFilter } from "../../bindings/QueueFilter";
import type { TeamFile } from "../../bindings/TeamFile";
import type { TeamQueue } from "../../bindings/TeamQueue";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { type MessageKey, useI18n } from "../../i18n";
import { clock, dateTime, ROLE_WORDS } from "./words";
import "./team.css";

const FILTERS: { filter: QueueFilter; label: "team.queue.mine" | "team.queue.unassigned" | "team.queue.all" }[] = [
  { filter: "mine", label: "team.queue.mine" },
  { filter: "unassigned", label: "team.queue.unassigned" },
  { filter: "all", label: "team.queue.all" },
];

export function QueueBar(props: {
  queue: TeamQueue | null;
  filter: QueueFilter;
  onFilter: (filter: QueueFilter) => void;
  /** The file taken: its review, or its tracking while the service has no DocumentId for it. */
  onTaken: (file: TeamFile) => void;
  onError: (error: AppError) => void;
}) {
  const { t, locale } = useI18n();
  const [taking, setTaking] = useState(false);
  const [none, setNone] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const take = () => {
    setTaking(true);
    setNone(false);
    setRefused(null);
    commands
      .takeNext()
      .then(
        (file) => (file ? props.onTaken(file) : setNone(true)),
        (e: AppError) => {
          // At their cap or away, the analyst is told why in their own terms, beside the button.
          const why = takeRefusal(e, locale);
          if (why) setRefused(t(why.key, why.values));
          else props.onError(e);
        },
      )
      .finally(() => setTaking(false));
  };
  return (
    <div className="toolbar team-queue" data-testid="team-queue">
      <fieldset className="segmented" aria-label={t("team.queue.label")}>
        {FILTERS.map(({ filter, label }) => (
          <button
            key={filter}
            type="button"
            className={props.filter === filter ? "segment active" : "segment"}
            aria-pressed={props.filter === filter}
            onClick={() => props.onFilter(filter)}
            data-testid={`queue-${filter}`}
          >
            {t(label)}
          </button>
        ))}
      </fieldset>
      <button type="button" className="button-primary" onClick={take} disabled={taking} data-testid="take-next">
        {t("team.queue.takeNext")}
      </button>
      {refused && (
        <span className="notice notice-warn small" role="alert" data-testid="take-next-refused">
          {refused}
        </span>
      )}
      {none && (
        <span className="muted" role="status">
          {t("team.queue.none")}
        </span>
      )}
      {props.queue && (
        <span className="muted grow-right" data-testid="team-me">
          {t("team.queue.me", { member: props.queue.me, role: t(ROLE_WORDS[props.queue.role]) })}
        </span>
      )}
    </div>
  );
}

/** Why "take next" gave nothing, when it is the member's cap or absence. */
export function takeRefusal(error: AppError, locale: string): { key: MessageKey; values: Record<string, string | number> } | null {
  const details = error.details;
  if (error.code === "member_at_cap" && details?.type === "member_at_cap") return { key: "team.queue.atCap", values: { open: details.open, cap: details.cap } };
  if (error.code === "member_away" && details?.type === "member_away") return { key: "team.queue.away", values: { until: dateTime(details.until, locale) } };
  return null;
}

/** Who has a file, and who reviews it now, for its row. */
export function QueueMarks({ file, queue }: { file: WatchedFile; queue: TeamQueue }) {
  const { t, locale } = useI18n();
  const shared = queue.files.find((f) => f.flowId === file.flowId && f.rfc === file.rfc);
  const claim = file.documentId ? queue.claims.find((c) => c.documentId.toLowerCase() === file.documentId?.toLowerCase()) : undefined;
  return (
    <span className="queue-marks">
      {shared?.assignee ? (
        <span className={shared.assignee === queue.me ? "chip chip-mine" : "chip"} title={shared.assignee} data-testid="row-assignee">
          {shared.assignee === queue.me ? t("team.queue.assignedToMe") : shared.assignee}
        </span>
      ) : (
        <span className="chip chip-quiet" data-testid="row-assignee">
          {t("team.queue.unassignedOne")}
        </span>
      )}
      {claim && (
        <span className="chip chip-claim" data-testid="row-claim" title={t("team.claim.since", { member: claim.member, at: clock(claim.since, locale) })}>
          {claim.member === queue.me ? t("team.claim.mine") : t("team.claim.by", { member: claim.member.split("@")[0] ?? claim.member })}
        </span>
      )}
    </span>
  );
}

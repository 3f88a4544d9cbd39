// The team's audit trail: every member's calls and the team's own events, newest
// first, with the chain's verification (a changed, missing or cut entry named).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import * as commands from "../../api/commands";
import { queries } from "../../api/queries";
import type { AnchorAlarm } from "../../bindings/AnchorAlarm";
import type { AppError } from "../../bindings/AppError";
import type { ExportedCheckpoint } from "../../bindings/ExportedCheckpoint";
import type { TeamBreak } from "../../bindings/TeamBreak";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useOperationRoutes } from "../../hooks/appInfo";
import { type Translate, useI18n } from "../../i18n";
import { operationLabel } from "../audit/model";
import { useConnectedTeam } from "./TeamContext";
import { TeamOffline } from "./TeamOffline";
import { clock, teamEventWords } from "./words";

/** The team's part of the audit screen: its trail, or, while the team is out of reach,
 * what is missing. */
export function TeamTrail() {
  const team = useConnectedTeam();
  if (!team) return <TeamOffline missing="team.offline.audit" />;
  return <Trail supervisor={team.role === "supervisor"} />;
}

function anchorWords(alarm: AnchorAlarm, t: Translate): string {
  switch (alarm.kind) {
    case "wentBack":
      return t("team.trail.wentBack", { seen: alarm.seen, head: alarm.head });
    case "forked":
      return t("team.trail.forked", { seq: alarm.seq });
  }
}

/** A supervisor signs the chain as it is now; the checkpoint is saved where they choose. */
function SignCheckpoint({ onSigned }: { onSigned: () => void }) {
  const { t } = useI18n();
  const [saved, setSaved] = useState<ExportedCheckpoint | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="row" data-testid="team-checkpoint">
      <button
        type="button"
        className="button small"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          commands
            .exportTeamCheckpoint()
            .then((exported) => {
              if (exported) {
                setSaved(exported);
                onSigned();
              }
            }, setError)
            .finally(() => setBusy(false));
        }}
        data-testid="team-checkpoint-sign"
      >
        {t("team.trail.sign")}
      </button>
      {saved && (
        <span className="muted small" role="status">
          {t("team.trail.signed", { seq: saved.seq })}
        </span>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
    </div>
  );
}

function breakWords(problem: TeamBreak, t: Translate): string {
  switch (problem.kind) {
    case "modified":
      return t("team.trail.modified", { seq: problem.seq });
    case "missing":
      return t("team.trail.missing", { after: problem.after, next: problem.next });
    case "notFollowing":
      return t("team.trail.notFollowing", { seq: problem.seq });
    case "headMismatch":
      return t("team.trail.headMismatch", { head: problem.head, last: problem.last });
    case "checkpoint":
      return t(problem.signatureHolds ? "team.trail.checkpointMoved" : "team.trail.checkpointForged", {
        seq: problem.seq,
        signer: problem.signer,
      });
  }
}

function Trail({ supervisor }: { supervisor: boolean }) {
  const { t, locale } = useI18n();
  const routes = useOperationRoutes();
  const trail = useQuery(queries.trail());
  const value = trail.data;
  return (
    <section className="card team-trail" aria-labelledby="team-trail-title" data-testid="team-trail">
      <h3 id="team-trail-title">{t("team.trail.title")}</h3>
      {trail.error && <ErrorNotice error={trail.error} />}
      {value?.anchor && (
        <div className="notice notice-error" role="alert" data-testid="team-anchor-alarm">
          <strong>{t("team.trail.anchorAlarm")}</strong> {anchorWords(value.anchor, t)}
        </div>
      )}
      {supervisor && <SignCheckpoint onSigned={trail.refetch} />}
      {value && value.chain.openIntents.length > 0 && (
        // A call whose outcome the trail never got is not a clean chain: it may have
        // reached the service.
        <div className="notice notice-warn" role="status" data-testid="team-open-intents">
          <strong>{t("team.trail.openIntents", { n: value.chain.openIntents.length })}</strong>
          <ul>
            {value.chain.openIntents.map((open) => (
              <li key={open.seq}>{t("team.trail.openIntent", { seq: open.seq, member: open.member, target: open.target, at: clock(open.atUtc, locale) })}</li>
            ))}
          </ul>
        </div>
      )}
      {value &&
        (value.chain.breaks.length === 0 ? (
          // Unaltered is not whole while an outcome is owed: said so, never "intact".
          <p className={value.chain.openIntents.length > 0 ? "notice notice-warn" : "notice notice-ok"} role="status" data-testid="team-chain-ok">
            {value.chain.openIntents.length > 0
              ? t("team.trail.unalteredOwed", { n: value.chain.entries, owed: value.chain.openIntents.length })
              : t("team.trail.intact", { n: value.chain.entries })}
            {value.chain.checkpoints > 0 && ` ${t("team.trail.checkpoints", { n: value.chain.checkpoints })}`}
          </p>
        ) : (
          <div className="notice notice-error" role="alert" data-testid="team-chain-broken">
            <strong>{t("team.trail.broken", { n: value.chain.breaks.length })}</strong>
            <ul>
              {value.chain.breaks.map((problem) => (
                <li key={JSON.stringify(problem)}>{breakWords(problem, t)}</li>
              ))}
            </ul>
          </div>
        ))}
      {value && value.entries.length === 0 && <p className="muted">{t("team.trail.empty")}</p>}
      {value && value.entries.length > 0 && (
        <table className="grid-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t("team.trail.when")}</th>
              <th>{t("team.trail.member")}</th>
              <th>{t("team.trail.what")}</th>
              <th>{t("team.trail.target")}</th>
              <th>{t("team.trail.outcome")}</th>
            </tr>
          </thead>
          <tbody>
            {[...value.entries].reverse().map((entry) => {
              const event = teamEventWords(entry.operation) ?? operationLabel(entry.operation, routes);
              return (
                <tr key={entry.seq} data-testid="team-trail-entry">
                  <td className="mono">{entry.seq}</td>
                  <td>{clock(entry.atUtc, locale)}</td>
                  <td>{entry.member}</td>
                  <td title={entry.summary}>
                    {event ? t(event) : <span className="mono">{entry.operation}</span>}
                    <div className="muted small">{entry.summary}</div>
                  </td>
                  <td className="mono">{entry.target}</td>
                  <td>
                    {entry.code === "intent" ? t("team.trail.intent") : entry.ok ? t("team.trail.ok") : t("team.trail.failed", { code: entry.code ?? "" })}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

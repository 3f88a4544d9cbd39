// The team's workload: each member's open files against their cap, their
// overdue files and how long ago the oldest was due, and "no disponible hasta …". A
// member marks themselves away (and back); a supervisor does so for anyone and sets
// caps. The rules (the cap's bounds, what counts as open, what going away does) are the
// database's: a refusal comes back as an error. What is overdue is the SLA board's
// (./overdue.ts).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import * as commands from "../../api/commands";
import { queries, teamChanged } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { Workload } from "../../bindings/Workload";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { MISSING } from "../../words/text";
import { duration } from "../watchlist/sla";
import { NONE_OVERDUE, type Overdue, overdueByMember } from "./overdue";
import { dateTime, ROLE_WORDS } from "./words";
import "./workload.css";

/** A `datetime-local` control's value (the user's own clock) as an RFC 3339 instant;
 * null when it is no date. */
export function instantOf(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** A cap typed by a supervisor: a whole number above zero (its bounds are the database's). */
export function capOf(text: string): number | null {
  return /^\s*\d{1,9}\s*$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

export function WorkloadPanel({ supervisor, me }: { supervisor: boolean; me: string }) {
  const { t } = useI18n();
  const workload = useQuery(queries.workload());
  // Whose each file is, and how its clock stands: a figure shows once both are read (a
  // failed read leaves a dash, the queue's own screen says why).
  const queue = useQuery(queries.teamQueue("all"));
  const board = useQuery(queries.slaBoard());
  const overdue = overdueByMember(queue.data, board.data);
  const queryClient = useQueryClient();
  const [error, setError] = useState<AppError | null>(null);
  const change = (next: Promise<unknown>) =>
    next.then(
      () => {
        setError(null);
        // The queue changes too (an absence returns files): every team answer is read again.
        void teamChanged(queryClient);
      },
      (e: AppError) => setError(e),
    );
  const shownError = workload.error ?? error;
  return (
    <section className="card" aria-labelledby="workload-title" data-testid="team-workload">
      <h3 id="workload-title">{t("team.workload.title")}</h3>
      <p className="muted small">{t("team.workload.what")}</p>
      {shownError && <ErrorNotice error={shownError} onDismiss={() => setError(null)} />}
      <table className="grid-table">
        <thead>
          <tr>
            <th>{t("team.workload.member")}</th>
            <th>{t("team.workload.load")}</th>
            <th>{t("team.workload.overdue")}</th>
            <th>{t("team.workload.availability")}</th>
            <th>{t("team.workload.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {workload.data?.map((member) => (
            <MemberLoad
              key={member.login}
              member={member}
              overdue={overdue && (overdue.get(member.login) ?? NONE_OVERDUE)}
              mine={member.login === me}
              supervisor={supervisor}
              onChange={change}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function MemberLoad(props: { member: Workload; overdue: Overdue | null; mine: boolean; supervisor: boolean; onChange: (next: Promise<unknown>) => void }) {
  const { t, locale } = useI18n();
  const { member } = props;
  const [until, setUntil] = useState<string | null>(null);
  const [cap, setCap] = useState(String(member.cap));
  const mayAway = props.mine || props.supervisor;
  const share = member.cap > 0 ? Math.min(1, member.open / member.cap) : 1;
  const instant = until === null ? null : instantOf(until);
  const typedCap = capOf(cap);
  return (
    <tr data-testid="workload-member" data-login={member.login}>
      <td>
        <span className="mono">{member.login}</span> {props.mine && <span className="muted small">{t("team.workload.me")}</span>}
        <div className="muted small">{t(ROLE_WORDS[member.role])}</div>
      </td>
      <td>
        <div className="load" title={t("team.workload.loadOf", { member: member.login, open: member.open, cap: member.cap })}>
          <span className="load-bar" aria-hidden="true">
            <span className={member.open >= member.cap ? "load-fill load-full" : "load-fill"} style={{ width: `${Math.round(share * 100)}%` }} />
          </span>
          <span data-testid="workload-load">{t("team.workload.of", { open: member.open, cap: member.cap })}</span>
        </div>
        {props.supervisor && (
          <form
            className="row small"
            onSubmit={(event) => {
              event.preventDefault();
              if (typedCap !== null) props.onChange(commands.setMemberCap(member.login, typedCap));
            }}
          >
            <input
              className="input load-cap"
              inputMode="numeric"
              aria-label={t("team.workload.cap", { member: member.login })}
              value={cap}
              onChange={(e) => setCap(e.target.value)}
              data-testid="workload-cap"
            />
            <button type="submit" className="button-quiet small" disabled={typedCap === null || typedCap === member.cap} data-testid="workload-cap-save">
              {t("team.workload.setCap")}
            </button>
          </form>
        )}
      </td>
      <td data-testid="workload-overdue">
        <OverdueFigure overdue={props.overdue} />
      </td>
      <td data-testid="workload-away">
        {member.awayUntil ? t("team.workload.awayUntil", { at: dateTime(member.awayUntil, locale) }) : t("team.workload.available")}
      </td>
      <td>
        {mayAway && until === null && (
          <span className="row">
            <button type="button" className="button-quiet small" onClick={() => setUntil("")} data-testid="workload-set-away">
              {t("team.workload.setAway")}
            </button>
            {member.awayUntil && (
              <button
                type="button"
                className="button-quiet small"
                onClick={() => props.onChange(commands.setMemberAway(member.login, null))}
                data-testid="workload-clear-away"
              >
                {t("team.workload.clearAway")}
              </button>
            )}
          </span>
        )}
        {mayAway && until !== null && (
          <form
            className="stack"
            onSubmit={(event) => {
              event.preventDefault();
              if (instant === null) return;
              props.onChange(commands.setMemberAway(member.login, instant));
              setUntil(null);
            }}
          >
            <input
              className="input"
              type="datetime-local"
              // The control opens with the focus: the user pressed "Marcar no disponible" to type here.
              // biome-ignore lint/a11y/noAutofocus: the control just asked for.
              autoFocus
              aria-label={t("team.workload.until", { member: member.login })}
              value={until}
              onChange={(e) => setUntil(e.target.value)}
              onKeyDown={(e) => e.key === "Escape" && setUntil(null)}
              data-testid="workload-until"
            />
            <span className="muted small">{t("team.workload.awayHint")}</span>
            <span className="row">
              <button type="submit" className="button small" disabled={instant === null} data-testid="workload-away-save">
                {t("team.workload.save")}
              </button>
              <button type="button" className="button-quiet small" onClick={() => setUntil(null)}>
                {t("team.workload.cancel")}
              </button>
            </span>
          </form>
        )}
      </td>
    </tr>
  );
}

/** How many of a member's files are overdue, and how long ago the oldest was due. */
function OverdueFigure({ overdue }: { overdue: Overdue | null }) {
  const { t } = useI18n();
  if (!overdue) return <span className="muted">{MISSING}</span>;
  if (overdue.files === 0) return <span className="muted">{t("team.workload.overdueNone")}</span>;
  return (
    <>
      <span className="text-danger">{t("team.workload.overdueCount", { n: overdue.files })}</span>
      <div className="muted small">{t("team.workload.oldestOverdue", { time: duration(overdue.oldest, t) })}</div>
    </>
  );
}

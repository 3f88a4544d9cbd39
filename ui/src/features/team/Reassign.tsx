// A supervisor's bulk reassignment: which files (a member's open ones, or
// some chosen from the team's queue), to whom, a preview of who gets what (the desk's
// plan, by each member's room now) and only then the change, applied whole as shown.
// When the queue moved since the preview the database refuses it whole (plan_changed):
// nothing changed, and a fresh preview is offered.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";

import * as commands from "../../api/commands";
import { queries, teamChanged } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { ReassignPlan } from "../../bindings/ReassignPlan";
import type { ReassignSelection } from "../../bindings/ReassignSelection";
import type { Unplaced } from "../../bindings/Unplaced";
import { ErrorNotice } from "../../components/ErrorNotice";
import { type MessageKey, useI18n } from "../../i18n";
import "./reassign.css";

const UNPLACED_WORDS: Record<Unplaced, MessageKey> = {
  no_capacity: "team.reassign.noCapacity",
  no_target: "team.reassign.noTarget",
};

/** The refusals that mean the plan shown no longer fits the team: preview again. */
const STALE = new Set(["plan_changed", "member_at_cap", "member_away"]);

type Source = "member" | "queue";

const fileKey = (flowId: string, rfc: string) => `${flowId}\u0000${rfc}`;

/** The selection as the backend takes it; null while nothing is chosen. */
export function selectionOf(source: Source, member: string, chosen: ReadonlySet<string>): ReassignSelection | null {
  if (source === "member") return member ? { type: "member_files", login: member } : null;
  if (chosen.size === 0) return null;
  return {
    type: "files",
    keys: [...chosen].map((key) => {
      const [flowId = "", rfc = ""] = key.split("\u0000");
      return { flowId, rfc };
    }),
  };
}

export function ReassignPanel() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const workload = useQuery(queries.workload());
  const queue = useQuery(queries.teamQueue("all"));
  const [source, setSource] = useState<Source>("member");
  const [member, setMember] = useState("");
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [targets, setTargets] = useState<ReadonlySet<string>>(new Set());
  const [plan, setPlan] = useState<ReassignPlan | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [moved, setMoved] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const previewTitle = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const selection = selectionOf(source, member, chosen);
  // A preview answers one question: asked anew, the old one no longer shows.
  const forget = () => {
    setPlan(null);
    setDone(null);
  };
  useEffect(() => {
    if (plan) previewTitle.current?.focus();
  }, [plan]);
  const preview = () => {
    if (!selection) return;
    setBusy(true);
    setError(null);
    setDone(null);
    commands
      .previewReassign(selection, [...targets])
      .then(
        (next) => {
          setMoved(false);
          setPlan(next);
        },
        (e: AppError) => setError(e),
      )
      .finally(() => setBusy(false));
  };
  const confirm = () => {
    if (!plan || plan.placements.length === 0) return;
    setBusy(true);
    setError(null);
    commands
      .applyReassign(plan.placements)
      .then(
        (n) => {
          setPlan(null);
          setDone(n);
          setMoved(false);
          setChosen(new Set());
          void teamChanged(queryClient);
        },
        (e: AppError) => {
          // Refused whole: the plan shown is no longer true, so it is not offered again.
          setPlan(null);
          setMoved(STALE.has(e.code));
          setError(e);
          void teamChanged(queryClient);
        },
      )
      .finally(() => setBusy(false));
  };
  const toggle = (set: ReadonlySet<string>, key: string) => {
    const next = new Set(set);
    if (!next.delete(key)) next.add(key);
    return next;
  };
  const members = workload.data ?? [];
  const files = queue.data?.files ?? [];
  return (
    <section className="card" aria-labelledby="reassign-title" data-testid="reassign">
      <h3 id="reassign-title">{t("team.reassign.title")}</h3>
      <p className="muted small">{t("team.reassign.what")}</p>
      <form
        className="form reassign-form"
        onSubmit={(event) => {
          event.preventDefault();
          preview();
        }}
      >
        <fieldset>
          <legend className="field-label">{t("team.reassign.source")}</legend>
          <label className="check">
            <input
              type="radio"
              name="reassign-source"
              checked={source === "member"}
              onChange={() => {
                setSource("member");
                forget();
              }}
              data-testid="reassign-from-member"
            />
            {t("team.reassign.fromMember")}
          </label>
          {source === "member" && (
            <div className="field reassign-choice">
              <label className="field-label" htmlFor={`${id}-member`}>
                {t("team.reassign.whose")}
              </label>
              <select
                id={`${id}-member`}
                className="input"
                value={member}
                onChange={(e) => {
                  setMember(e.target.value);
                  forget();
                }}
                data-testid="reassign-member"
              >
                <option value="">—</option>
                {members.map((m) => (
                  <option key={m.login} value={m.login}>
                    {t("team.reassign.target", { member: m.login, open: m.open, cap: m.cap })}
                  </option>
                ))}
              </select>
            </div>
          )}
          <label className="check">
            <input
              type="radio"
              name="reassign-source"
              checked={source === "queue"}
              onChange={() => {
                setSource("queue");
                forget();
              }}
              data-testid="reassign-from-queue"
            />
            {t("team.reassign.fromQueue")}
          </label>
          {source === "queue" && (
            <fieldset className="reassign-choice" data-testid="reassign-files">
              <legend className="field-label">{t("team.reassign.queueFiles")}</legend>
              {files.length === 0 && <p className="muted small">{t("team.reassign.noFiles")}</p>}
              {files.map((f) => {
                const key = fileKey(f.flowId, f.rfc);
                return (
                  <label key={key} className="check small">
                    <input
                      type="checkbox"
                      checked={chosen.has(key)}
                      onChange={() => {
                        setChosen(toggle(chosen, key));
                        forget();
                      }}
                      data-testid="reassign-file"
                      data-rfc={f.rfc}
                    />
                    {t("team.reassign.queueFile", { rfc: f.rfc, status: f.status, assignee: f.assignee ?? t("team.reassign.queue") })}
                  </label>
                );
              })}
            </fieldset>
          )}
        </fieldset>
        <fieldset>
          <legend className="field-label">{t("team.reassign.targets")}</legend>
          {members.map((m) => (
            <label key={m.login} className="check">
              <input
                type="checkbox"
                checked={targets.has(m.login)}
                onChange={() => {
                  setTargets(toggle(targets, m.login));
                  forget();
                }}
                data-testid="reassign-target"
                data-login={m.login}
              />
              {m.awayUntil ? t("team.reassign.targetAway", { member: m.login }) : t("team.reassign.target", { member: m.login, open: m.open, cap: m.cap })}
            </label>
          ))}
        </fieldset>
        <div className="row">
          {/* One primary action at a time: once a plan shows, its confirmation is. */}
          <button
            type="submit"
            className={plan ? "button-quiet" : "button-primary"}
            disabled={busy || !selection || targets.size === 0}
            data-testid="reassign-preview"
          >
            {t("team.reassign.preview")}
          </button>
        </div>
      </form>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {moved && (
        <div className="notice notice-warn" role="alert" data-testid="reassign-moved">
          <p>{t("team.reassign.moved")}</p>
          <button type="button" className="button small" disabled={busy} onClick={preview} data-testid="reassign-again">
            {t("team.reassign.again")}
          </button>
        </div>
      )}
      {done !== null && (
        <p role="status" data-testid="reassign-done">
          {t("team.reassign.done", { n: done })}
        </p>
      )}
      {plan && (
        <div className="stack" data-testid="reassign-plan">
          <h4 ref={previewTitle} tabIndex={-1}>
            {t("team.reassign.previewTitle")}
          </h4>
          {plan.placements.length === 0 ? (
            <p className="muted">{t("team.reassign.nothingPlaced")}</p>
          ) : (
            <table className="grid-table">
              <thead>
                <tr>
                  <th>{t("team.reassign.file")}</th>
                  <th>{t("team.reassign.from")}</th>
                  <th>{t("team.reassign.to")}</th>
                </tr>
              </thead>
              <tbody>
                {plan.placements.map((p) => (
                  <tr key={fileKey(p.flowId, p.rfc)} data-testid="reassign-placement" data-rfc={p.rfc}>
                    <td className="mono">{p.rfc}</td>
                    <td>{p.from ?? t("team.reassign.queue")}</td>
                    <td data-testid="reassign-to">{p.to}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {plan.unplaced.length > 0 && (
            <div data-testid="reassign-unplaced">
              <h4>{t("team.reassign.unplacedTitle", { n: plan.unplaced.length })}</h4>
              <ul>
                {plan.unplaced.map((u) => (
                  <li key={fileKey(u.flowId, u.rfc)}>
                    <span className="mono">{u.rfc}</span> ({u.from ?? t("team.reassign.queue")}): {t(UNPLACED_WORDS[u.reason])}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="row">
            <button type="button" className="button-primary" disabled={busy || plan.placements.length === 0} onClick={confirm} data-testid="reassign-confirm">
              {busy ? t("team.reassign.working") : t("team.reassign.confirm", { n: plan.placements.length })}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

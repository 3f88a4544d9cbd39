// The bar of a selection's actions: assign (in a team), refresh, export, unfollow. Each
// sends the selected rows to one command of the backend, which decides each row and
// answers its outcome; the bar shows long work's progress and each row that failed, in
// the user's words, and keeps the selection, so a retry is one click.
//
// No "follow": every row of the watchlist is a followed file, and in a team the desk
// follows the queue's files by itself (the backend's bulk module says so).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import * as commands from "../../api/commands";
import { keys, queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { BulkReport } from "../../bindings/BulkReport";
import type { Role } from "../../bindings/Role";
import type { RowOutcome } from "../../bindings/RowOutcome";
import type { SavedCsv } from "../../bindings/SavedCsv";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ProgressBar } from "../../components/ProgressBar";
import { type Translate, useI18n } from "../../i18n";
import { errorSummary } from "../../words/errorWords";
import { asSelectedFiles } from "./selection";
import { setWatchlist } from "./useWatchlist";
import "./bulk.css";

/** How many failed rows are listed; the rest are counted. */
const LISTED = 20;

type Done = { kind: "refreshed" | "assigned" | "unassigned"; report: BulkReport } | { kind: "exported"; saved: SavedCsv };

export function BulkBar(props: {
  /** The selected rows the filter shows, in the list's order. */
  selected: WatchedFile[];
  /** The selection is every row matching the filter. */
  all: boolean;
  /** How many rows the table shows in view. */
  shown: number;
  /** In a team: this member's role (a supervisor assigns to anyone); alone: null. */
  role: Role | null;
  onClear: () => void;
  onError: (error: AppError | null) => void;
}) {
  const { t, locale } = useI18n();
  const client = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [failed, setFailed] = useState<RowOutcome[]>([]);
  const [asking, setAsking] = useState(false);
  const [removed, setRemoved] = useState<WatchedFile[] | null>(null);
  const [member, setMember] = useState("");
  const supervisor = props.role === "supervisor";
  const members = useQuery({ ...queries.members(), enabled: supervisor });
  const n = props.selected.length;
  const busy = progress !== null;
  const rows = asSelectedFiles(props.selected);

  /** Runs one action: its progress, then its outcomes; the selection stays. A channel's
   * progress message may arrive after the command's answer: once the action has ended,
   * a late one is dropped, or it would put back a progress bar that never ends. */
  const run = (work: (onProgress: (progress: { done: number; total: number }) => void) => Promise<Done | null>) => {
    props.onError(null);
    setDone(null);
    setFailed([]);
    setRemoved(null);
    setProgress({ done: 0, total: n });
    let live = true;
    const onProgress = ({ done, total }: { done: number; total: number }) => {
      if (live) setProgress({ done, total });
    };
    work(onProgress)
      .then((result) => {
        setDone(result);
        if (result && result.kind !== "exported") setFailed(result.report.outcomes.filter((o) => o.result.kind !== "done"));
      }, props.onError)
      .finally(() => {
        live = false;
        setProgress(null);
      });
  };
  const refresh = () =>
    run(async (onProgress) => {
      const report = await commands.refreshFiles(rows, onProgress);
      void client.invalidateQueries({ queryKey: keys.watchlist() });
      return { kind: "refreshed", report };
    });
  const assign = (to: string | null) =>
    run(async (onProgress) => {
      const report = await commands.assignFiles(rows, to, onProgress);
      void client.invalidateQueries({ queryKey: keys.teamQueues });
      return { kind: to ? "assigned" : "unassigned", report };
    });
  const exportCsv = () =>
    run(async () => {
      const saved = await commands.exportFilesCsv(rows);
      return saved && { kind: "exported", saved };
    });
  const unfollow = () => {
    setAsking(false);
    run(async () => {
      const answer = await commands.unfollowFiles(rows);
      setWatchlist(client, answer.list);
      setRemoved(answer.removed);
      return null;
    });
  };
  const undo = (files: WatchedFile[]) => {
    setRemoved(null);
    commands.restoreWatchedFiles(files).then((list) => setWatchlist(client, list), props.onError);
  };

  const count = n.toLocaleString(locale);
  return (
    <>
      {n > 0 && (
        <section className="bulk-bar" aria-label={t("bulk.label")} data-testid="bulk-bar">
          <span className="strong" data-testid="bulk-count" aria-live="polite">
            {props.all && n > props.shown
              ? t("bulk.countAll", { n: count, shown: props.shown.toLocaleString(locale) })
              : n === 1
                ? t("bulk.count.one")
                : t("bulk.count.other", { n: count })}
          </span>
          {busy ? (
            <ProgressBar done={progress.done} total={progress.total} label={t("bulk.working", { done: progress.done, total: progress.total })} />
          ) : (
            <span className="bulk-actions">
              {supervisor && (
                <>
                  <select className="input" aria-label={t("bulk.member")} value={member} onChange={(e) => setMember(e.target.value)}>
                    <option value="">{t("bulk.chooseMember")}</option>
                    {(members.data ?? []).map((m) => (
                      <option key={m.login} value={m.login}>
                        {m.login}
                      </option>
                    ))}
                  </select>
                  <button type="button" className="button" disabled={!member} onClick={() => assign(member)} data-testid="bulk-assign">
                    {t("bulk.assign")}
                  </button>
                </>
              )}
              {props.role && (
                <button type="button" className="button" onClick={() => assign(null)} data-testid="bulk-unassign">
                  {t("bulk.toQueue")}
                </button>
              )}
              <button type="button" className="button" onClick={refresh} data-testid="bulk-refresh">
                {t("bulk.refresh")}
              </button>
              <button type="button" className="button" onClick={exportCsv} data-testid="bulk-export">
                {t("bulk.export")}
              </button>
              <button type="button" className="button button-danger" onClick={() => (n > 1 ? setAsking(true) : unfollow())} data-testid="bulk-unfollow">
                {t("bulk.unfollow")}
              </button>
              <button type="button" className="button-quiet" onClick={props.onClear} data-testid="bulk-clear">
                {t("bulk.clear")}
              </button>
            </span>
          )}
        </section>
      )}
      {done && <DoneNotice done={done} t={t} />}
      {failed.length > 0 && <Failures failed={failed} t={t} />}
      {removed && removed.length > 0 && (
        <div className="notice" role="status" data-testid="bulk-removed">
          <span>{removed.length === 1 ? t("bulk.removed.one") : t("bulk.removed.other", { n: removed.length.toLocaleString(locale) })}</span>
          <button type="button" className="button small" onClick={() => undo(removed)} data-testid="bulk-undo">
            {t("watch.undo")}
          </button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={t("bulk.confirmTitle", { n: count })}
          confirm={t("bulk.confirmUnfollow", { n: count })}
          danger
          busy={busy}
          error={null}
          onConfirm={unfollow}
          onCancel={() => setAsking(false)}
        >
          <p>{t("bulk.confirmBody")}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

function DoneNotice({ done, t }: { done: Done; t: Translate }) {
  const text =
    done.kind === "exported"
      ? t("bulk.exported", { n: done.saved.rows, path: done.saved.path })
      : t(`bulk.${done.kind}`, { done: done.report.done, failed: done.report.failed });
  return (
    <div className="notice notice-ok" role="status" data-testid="bulk-done">
      {text}
    </div>
  );
}

/** Each row that failed, by its RFC, and why in the user's words. */
function Failures({ failed, t }: { failed: RowOutcome[]; t: Translate }) {
  return (
    <div className="notice notice-error" role="alert" data-testid="bulk-failed">
      <p>{failed.length === 1 ? t("bulk.failed.one") : t("bulk.failed.other", { n: failed.length })}</p>
      <ul className="notice-details">
        {failed.slice(0, LISTED).map((o) => (
          <li key={`${o.flowId}\u0000${o.rfc}`}>
            <span className="mono">{o.rfc}</span>: {o.result.kind === "failed" ? errorSummary(o.result.error, t) : t("bulk.notFollowed")}
          </li>
        ))}
      </ul>
      {failed.length > LISTED && <p>{t("bulk.failedMore", { n: failed.length - LISTED })}</p>}
    </div>
  );
}

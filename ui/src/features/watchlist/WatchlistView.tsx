import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";

import * as commands from "../../api/commands";
import { keys, queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { Profile } from "../../bindings/Profile";
import type { QueueFilter } from "../../bindings/QueueFilter";
import type { RiskFloor } from "../../bindings/RiskFloor";
import type { StatusCategory } from "../../bindings/StatusCategory";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { ErrorNotice } from "../../components/ErrorNotice";
import { ProgressBar } from "../../components/ProgressBar";
import { ScreenBoundary } from "../../components/ScreenBoundary";
import { CATEGORIES, CATEGORY_WORDS } from "../../components/StatusBadge";
import { isTyping } from "../../dom/keys";
import { useI18n } from "../../i18n";
import { begin, paintedSince, usePaintMeasure } from "../../perf";
import { fixedInProfile } from "../../words/errorWords";
import { problemTexts } from "../../words/problems";
import { QueueBar, QueueMarks } from "../team/QueueBar";
import { useConnectedTeam, useLeaseEnds } from "../team/TeamContext";
import { TeamOffline } from "../team/TeamOffline";
import { AddFile } from "./AddFile";
import { AutoRefreshChoice } from "./AutoRefreshChoice";
import { emptyFilter, type Filter, filterRows, rowKey, type Sort, type SortKey, sortRows } from "./model";
import { SavedViews } from "./SavedViews";
import { SlaCell, SlaOverview } from "./SlaCell";
import { StatusOverview } from "./StatusOverview";
import { noSelection, type Selection, selectedRows } from "./selection";
import { clocksByRow, dueValue, filterBySla, type SlaFilter } from "./sla";
import { useSla } from "./useSla";
import { useWatchlist, useWatchlistChanges } from "./useWatchlist";
import { useWatchlistCsv } from "./useWatchlistCsv";
import { useWatchlistRefresh } from "./useWatchlistRefresh";
import { WatchlistTable } from "./WatchlistTable";
import "./watchlist.css";

// The bulk bar shows nothing until rows are selected: its chunk is not among the first paint's
// scripts, whose size is a start-up goal. It is asked for as the watchlist first renders, so it
// is here long before anyone can select a row.
const BulkBar = lazy(() => import("./BulkBar").then((m) => ({ default: m.BulkBar })));

let startupReported = false;

/** What the notice of a file the service does not know needs of it: its flow and RFC. */
const unknownFile: WatchedFile = {
  flowId: "",
  rfc: "",
  documentId: null,
  companyName: null,
  documentStatus: null,
  statusCategory: null,
  updatedAtUtc: null,
  lastRefreshUtc: null,
  lastError: "not_found",
  refreshFailed: false,
  fingerprint: null,
  seenFingerprint: null,
  changed: false,
  sections: { total: 0, accepted: 0, rejected: 0, needsUser: 0, inReview: 0 },
  personsTotal: 0,
  personsEnrolled: 0,
  statusSpans: [],
  risk: null,
};

/** The watchlist's first paint with its rows is the app's start-up (see the backend's
 * `startup.rs`); told once per page. */
function reportStartup(rows: number) {
  if (startupReported) return;
  startupReported = true;
  commands.startupPainted(rows, performance.now()).catch(() => {
    // Only a measurement: the analyst is not bothered when it cannot be told.
  });
}

/** A file to open at its review. */
export type ReviewTarget = { flowId: string; rfc: string; documentId: string };

/** `atRisk`: set anew (an instant) when the app's notice of files about to breach is
 * opened, the list is filtered to "por vencer". `onReview`: "take next" in a team opens
 * the file taken at its review. */
export function WatchlistView({
  profile,
  onOpen,
  onReview,
  atRisk,
}: {
  profile: Profile;
  onOpen: (flowId: string, rfc: string) => void;
  onReview: (file: ReviewTarget) => void;
  atRisk?: number | undefined;
}) {
  const { t, locale } = useI18n();
  const list = useWatchlist(profile.id);
  const files = list.data ?? null;
  const [error, setError] = useState<AppError | null>(null);
  const [filter, setFilter] = useState<Filter>(emptyFilter);
  const [sort, setSort] = useState<Sort>({ key: "updated", descending: true });
  // What the last follow or unfollow did: a file already followed, or one removed that
  // "Deshacer" puts back as it was.
  // "unknown": the service's first answer about a file just followed was "not found".
  const [notice, setNotice] = useState<{ kind: "already" | "removed" | "restored" | "unknown"; file: WatchedFile } | null>(null);
  const search = useRef<HTMLInputElement>(null);

  const measureNextCommit = usePaintMeasure();
  // Each opening's first commit with rows is measured (`make bench`), from the render
  // that drew them: the list at hand (at start, or the last answer) or just arrived.
  const measured = useRef(false);
  if (files && !measured.current) begin("watchlist");
  useLayoutEffect(() => {
    if (!files || measured.current) return;
    measured.current = true;
    // The rows committed to the document (React's share done; layout and paint
    // follow): a step of the start-up `make bench` profiles, marked once.
    if (!startupReported && performance.getEntriesByName("startup:rows", "mark").length === 0) performance.mark("startup:rows");
    paintedSince("watchlist", () => reportStartup(files.length));
  }, [files]);
  const queryClient = useQueryClient();
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: keys.watchlist() });
  const changes = useWatchlistChanges({
    unfollowed: (file, undoesFollow) => setNotice(undoesFollow ? null : { kind: "removed", file }),
    restored: (file) => setNotice({ kind: "restored", file }),
    error: setError,
  });

  // "/" focuses the search, as in mail clients and issue trackers.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "/" && !isTyping(event.target)) {
        event.preventDefault();
        search.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // In a team the list is the team's queue: whose files to show, who has each.
  const team = useConnectedTeam();
  const [queueFilter, setQueueFilter] = useState<QueueFilter>("all");
  // Another filter keeps the rows of the last until its own answer (no blink).
  const queue = useQuery({ ...queries.teamQueue(queueFilter), enabled: Boolean(team), placeholderData: keepPreviousData });
  const teamQueue = team ? (queue.data ?? null) : null;
  // A claim whose lease ran out leaves its row within seconds (the database tells no one).
  useLeaseEnds(teamQueue?.claims, queue.refetch);
  // A file another member followed joins this desk's list (the backend follows it):
  // the list is read again when the queue names files it lacks. Once per such set: a
  // read that still lacks them does not ask again.
  const lacking = useMemo(() => {
    if (!teamQueue || !files) return "";
    const followed = new Set(files.map(rowKey));
    return teamQueue.files
      .map(rowKey)
      .filter((key) => !followed.has(key))
      .join("\n");
  }, [teamQueue, files]);
  useEffect(() => {
    if (lacking) void queryClient.invalidateQueries({ queryKey: keys.watchlist() });
  }, [lacking, queryClient]);

  const refresh = useWatchlistRefresh({ profileId: profile.id, files, setError });
  const { progress, failed } = refresh;
  const csv = useWatchlistCsv({ setError });
  const hasFiles = Boolean(files?.length);

  // Files the service refused for a reason of the profile's (a revoked key, say): one
  // notice says why and leads to the fix, instead of a row-by-row puzzle.
  const refused = failed.filter((file) => fixedInProfile(file.lastError));
  const refusal = refused[0]?.lastError ?? null;

  const flowLabel = (flowId: string) => profile.flows.find((f) => f.flowId === flowId)?.label ?? flowId;
  // One clock for the ages the overview counts and the rows it filters: when the list
  // was last answered (a new list, a refresh's rows among them, is when the ages move on).
  const now = list.dataUpdatedAt;
  // Sets, not nested searches: the cost grows with the list, not with its square.
  const queued = useMemo(() => (teamQueue ? new Set(teamQueue.files.map(rowKey)) : null), [teamQueue]);
  // Sorted once per list and order, filtered at each keystroke (a filter keeps the order).
  const sla = useSla(now, progress !== null);
  const [slaFilter, setSlaFilter] = useState<SlaFilter | null>(atRisk ? "at_risk" : null);
  useEffect(() => {
    if (atRisk) setSlaFilter("at_risk");
  }, [atRisk]);
  const clocks = useMemo(() => clocksByRow(sla.board), [sla.board]);
  const sorted = useMemo(() => sortRows(files ?? [], sort, (f) => dueValue(clocks.get(rowKey(f)))), [files, sort, clocks]);
  const rows = useMemo(() => {
    const all = filterBySla(filterRows(sorted, filter, now), clocks, slaFilter);
    return queued ? all.filter((f) => queued.has(rowKey(f))) : all;
  }, [sorted, filter, now, queued, clocks, slaFilter]);
  // The rows picked for a bulk action (selection.ts): only those the filter shows count.
  const [selection, setSelection] = useState<Selection>(noSelection);
  const [inView, setInView] = useState(0);
  const selected = useMemo(() => selectedRows(selection, rows), [selection, rows]);
  const onSort = (key: SortKey) => {
    begin("watchlist-sort");
    measureNextCommit("watchlist-sort");
    setSort((current) => ({ key, descending: current.key === key ? !current.descending : key === "updated" }));
  };

  return (
    <section className="page page-flow" aria-labelledby="watchlist-title">
      <div className="page-header">
        {/* The count beside the title: the filters' line holds the saved views. */}
        <div className="watch-title">
          <h2 id="watchlist-title">{t("watchlistTitle")}</h2>
          <span className="muted" data-testid="rows-shown">
            {t("rowsShown", { shown: rows.length, total: files?.length ?? 0 })}
          </span>
        </div>
        <div className="page-actions">
          {progress ? (
            <ProgressBar done={progress.done} total={progress.total} label={t("refreshing", progress)} />
          ) : (
            <>
              {failed.length > 0 && (
                <button type="button" className="button-quiet" onClick={refresh.retryFailed} data-testid="retry-failed">
                  {t("retryFailed", { n: failed.length })}
                </button>
              )}
              <AutoRefreshChoice minutes={refresh.autoMinutes} nextAt={refresh.nextAuto} onChange={refresh.chooseAutoMinutes} />
              <button type="button" className="button-primary" onClick={refresh.refreshAll} disabled={!hasFiles}>
                {t("refreshAll")}
              </button>
            </>
          )}
        </div>
      </div>
      {files && (
        <StatusOverview files={files} now={now} filter={filter} onFilter={setFilter}>
          <SlaOverview board={sla.board} filter={slaFilter} onFilter={setSlaFilter} />
        </StatusOverview>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {!error && list.error && <ErrorNotice error={list.error} />}
      {!progress && fixedInProfile(refusal) && (
        <ErrorNotice error={{ code: refusal, message: "", details: null, task: null, problems: [] }}>
          <p className="notice-task">{refused.length === 1 ? t("refusedFiles.one") : t("refusedFiles.other", { n: refused.length })}</p>
        </ErrorNotice>
      )}
      <AddFile
        profile={profile}
        followed={(flowId, rfc) => (files ?? []).find((f) => f.flowId === flowId && f.rfc === rfc.trim().toUpperCase()) ?? null}
        onAlready={(file) => setNotice({ kind: "already", file })}
        onAdded={() => {
          setError(null);
          setNotice(null);
        }}
        onFirstAnswer={(flowId, rfc, found) =>
          // Found: the row is read again with what the service said (the backend kept it).
          found ? readAgain() : setNotice({ kind: "unknown", file: { ...unknownFile, flowId, rfc } })
        }
        onImport={(file, flowId) => void csv.importFile(file, flowId)}
        onError={setError}
      >
        {/* The list's files out beside their way in (CSV): the filters' line holds the saved views. */}
        <button type="button" className="button-quiet" onClick={csv.exportCsv} disabled={!hasFiles} data-testid="export-watchlist">
          {t("watch.export")}
        </button>
      </AddFile>
      {notice && (
        <div className="notice" role="status" data-testid="watch-notice">
          <span>{t(`watch.${notice.kind}`, { rfc: notice.file.rfc, flow: flowLabel(notice.file.flowId) })}</span>
          {notice.kind === "already" && (
            <button type="button" className="button-quiet small" onClick={() => setFilter({ ...emptyFilter, query: notice.file.rfc })}>
              {t("watch.showIt")}
            </button>
          )}
          {notice.kind === "unknown" && (
            <button
              type="button"
              className="button small"
              data-testid="watch-undo-follow"
              onClick={() => changes.unfollow({ file: notice.file, undoesFollow: true })}
            >
              {t("watch.undo")}
            </button>
          )}
          {notice.kind === "removed" && (
            <button type="button" className="button small" data-testid="watch-undo" onClick={() => changes.restore(notice.file)}>
              {t("watch.undo")}
            </button>
          )}
        </div>
      )}
      {csv.imported && (
        <div className="notice" role="status">
          {t("importDone", {
            added: csv.imported.added,
            already: csv.imported.alreadyWatched,
            refused: csv.imported.refused.length,
          })}
          {csv.imported.refused.length > 0 && (
            <ul className="notice-details">
              {csv.imported.refused.map((refused) => (
                <li key={refused.line}>{t("problem.line", { line: refused.line, problems: problemTexts(refused.problems, t).join(" ") })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {team && (
        <QueueBar
          queue={teamQueue}
          filter={queueFilter}
          onFilter={setQueueFilter}
          onTaken={({ flowId, rfc, documentId }) => (documentId ? onReview({ flowId, rfc, documentId }) : onOpen(flowId, rfc))}
          onError={setError}
        />
      )}
      {team && queue.error && <ErrorNotice error={queue.error} />}
      {!team && <TeamOffline missing="team.offline.watchlist" />}
      <div className="toolbar watch-filters">
        <input
          ref={search}
          type="search"
          className="input grow"
          placeholder={t("watch.search")}
          aria-label={t("searchPlaceholder")}
          title={t("searchPlaceholder")}
          value={filter.query}
          onChange={(e) => {
            begin("watchlist-search");
            measureNextCommit("watchlist-search");
            setFilter({ ...filter, query: e.target.value });
          }}
        />
        <select
          className="input"
          aria-label={t("colStatus")}
          value={filter.categories[0] ?? ""}
          onChange={(e) => setFilter({ ...filter, categories: e.target.value ? [e.target.value as StatusCategory] : [] })}
        >
          <option value="">{t("allStatuses")}</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(CATEGORY_WORDS[c])}
            </option>
          ))}
        </select>
        <select
          className="input"
          aria-label={t("colRisk")}
          value={filter.minRisk ?? ""}
          onChange={(e) => setFilter({ ...filter, minRisk: e.target.value === "" ? null : (e.target.value as RiskFloor) })}
          data-testid="filter-risk"
        >
          <option value="">{t("watchRisk.any")}</option>
          <option value="medium">{t("watchRisk.mediumUp")}</option>
          <option value="high">{t("watchRisk.highOnly")}</option>
        </select>
        <label className="check">
          <input type="checkbox" checked={filter.onlyChanged} onChange={(e) => setFilter({ ...filter, onlyChanged: e.target.checked })} />
          {t("onlyChanged")}
        </label>
        {/* On the filters' line: a view is a filter with a name (its own row cost a table row at 1,280 × 800). */}
        <SavedViews filter={filter} onOpen={setFilter} team={Boolean(team)} />
      </div>
      {csv.exported && (
        <div className="notice notice-ok" role="status" data-testid="watch-exported">
          {t("watch.exported", { path: csv.exported.path, n: csv.exported.rows })}
        </div>
      )}
      {/* Its own chunk: one that cannot load says so here, and the list stays. */}
      <ScreenBoundary>
        <Suspense fallback={null}>
          <BulkBar
            selected={selected}
            all={selection.all}
            shown={inView}
            role={teamQueue?.role ?? null}
            onClear={() => setSelection(noSelection)}
            onError={setError}
          />
        </Suspense>
      </ScreenBoundary>
      {files === null ? (
        !error && !list.error && <div className="empty">{t("loading")}</div>
      ) : files.length === 0 ? (
        <div className="empty">
          <strong>{t("emptyWatchlistTitle")}</strong>
          <p>{t("emptyWatchlistBody")}</p>
        </div>
      ) : (
        <WatchlistTable
          rows={rows}
          sort={sort}
          onSort={onSort}
          flowLabel={flowLabel}
          now={now}
          locale={locale}
          onOpen={onOpen}
          annotate={teamQueue ? (file) => <QueueMarks file={file} queue={teamQueue} /> : undefined}
          sla={(file) => <SlaCell clock={clocks.get(rowKey(file))} file={file} />}
          onUnwatch={(file) => changes.unfollow({ file, undoesFollow: false })}
          select={{ selection, onChange: setSelection, onShown: setInView }}
        />
      )}
    </section>
  );
}

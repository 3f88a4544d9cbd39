import { useVirtualizer } from "@tanstack/react-virtual";
import { type FormEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";

import * as backend from "../../api/backend";
import type { AppError } from "../../bindings/AppError";
import type { ImportReport } from "../../bindings/ImportReport";
import type { Profile } from "../../bindings/Profile";
import type { RefreshProgress } from "../../bindings/RefreshProgress";
import type { SavedCsv } from "../../bindings/SavedCsv";
import type { StatusCategory } from "../../bindings/StatusCategory";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { type MessageKey, useI18n } from "../../i18n";
import { begin, usePaintMeasure } from "../../perf";
import { ErrorNotice, fixedInProfile } from "../../ui/ErrorNotice";
import { MISSING } from "../../ui/text";
import { mebibytes, timeAgo } from "../../ui/format";
import { perFrame } from "../../ui/frames";
import { isTyping } from "../../ui/keys";
import { ProgressBar } from "../../ui/ProgressBar";
import { StatusBadge } from "../../ui/StatusBadge";
import { emptyFilter, type Filter, rowKey, type Sort, type SortKey, visibleRows } from "./model";
import { AutoRefreshChoice } from "./AutoRefreshChoice";
import {
  type AutoRefreshMinutes,
  newestRefresh,
  storeAutoRefresh,
  storedAutoRefresh,
  useAutoRefresh,
} from "./useAutoRefresh";

const CATEGORIES: StatusCategory[] = [
  "entering",
  "queued",
  "in_review",
  "with_user",
  "enrolling",
  "enrollment_failed",
  "approved",
  "closed",
  "unknown",
];

const COLUMNS: { key: SortKey; label: MessageKey }[] = [
  { key: "company", label: "colCompany" },
  { key: "rfc", label: "colRfc" },
  { key: "flow", label: "colFlow" },
  { key: "status", label: "colStatus" },
  { key: "sections", label: "colSections" },
  { key: "persons", label: "colPersons" },
  { key: "updated", label: "colUpdated" },
];

const ROW_HEIGHT = 44;

type Progress = { done: number; total: number } | null;

let startupReported = false;

/** The watchlist's first paint with its rows is the app's start-up (see the backend's
 * `startup.rs`); told once per page. */
function reportStartup(rows: number) {
  if (startupReported) return;
  startupReported = true;
  backend.startupPainted(rows, performance.now()).catch(() => {
    // Only a measurement: the analyst is not bothered when it cannot be told.
  });
}

export function WatchlistView({ profile, onOpen }: { profile: Profile; onOpen: (flowId: string, rfc: string) => void }) {
  const { t, locale } = useI18n();
  const [files, setFiles] = useState<WatchedFile[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [filter, setFilter] = useState<Filter>(emptyFilter);
  const [sort, setSort] = useState<Sort>({ key: "updated", descending: true });
  const [progress, setProgress] = useState<Progress>(null);
  const [imported, setImported] = useState<ImportReport | null>(null);
  const [exported, setExported] = useState<SavedCsv | null>(null);
  // The whole list, whatever the filters show: it imports again as it is.
  const exportCsv = () => {
    setError(null);
    backend.exportWatchlistCsv().then((saved) => saved && setExported(saved), setError);
  };
  const search = useRef<HTMLInputElement>(null);

  const measureNextCommit = usePaintMeasure();
  const load = useCallback(() => {
    backend.watchlist().then(
      (list) => {
        begin("watchlist");
        measureNextCommit("watchlist", () => reportStartup(list.length));
        setFiles(list);
      },
      (e: AppError) => setError(e),
    );
  }, [measureNextCommit]);
  useEffect(load, [load, profile.id]);

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

  // When "refresh all" last started (ms): at first, the newest answer in the list.
  const [lastStart, setLastStart] = useState<number | null>(null);
  const hasFiles = Boolean(files?.length);
  useEffect(() => {
    if (files && files.length > 0 && lastStart === null) setLastStart(newestRefresh(files.map((f) => f.lastRefreshUtc)));
  }, [files, lastStart]);
  const [autoMinutes, setAutoMinutes] = useState<AutoRefreshMinutes>(() => storedAutoRefresh(profile.id));
  const running = useRef(false);

  const failed = (files ?? []).filter((file) => file.refreshFailed);
  // Files the service refused for a reason of the profile's (a revoked key, say): one
  // notice says why and leads to the fix, instead of a row-by-row puzzle.
  const refused = failed.filter((file) => fixedInProfile(file.lastError));
  const refusal = refused[0]?.lastError ?? null;
  const refreshAll = async (failedOnly = false) => {
    if (!failedOnly) setLastStart(Date.now());
    // One refresh at a time: an automatic one falling due during another is skipped.
    if (running.current) return;
    running.current = true;
    setError(null);
    setProgress({ done: 0, total: failedOnly ? failed.length : (files?.length ?? 0) });
    begin("watchlist-refresh");
    // Rows update as answers arrive, those of one frame together; the table stays usable.
    const answers = perFrame<RefreshProgress>((batch) => {
      const last = batch[batch.length - 1];
      if (last) setProgress({ done: last.done, total: last.total });
      const fresh = new Map(batch.map((p) => [rowKey(p.file), p.file]));
      setFiles((current) => current?.map((f) => fresh.get(rowKey(f)) ?? f) ?? current);
    });
    try {
      const final = await backend.refreshWatchlist(answers.push, failedOnly);
      answers.cancel();
      measureNextCommit("watchlist-refresh");
      setFiles(final);
    } catch (e) {
      setError(e as AppError);
    } finally {
      answers.cancel();
      setProgress(null);
      running.current = false;
    }
  };
  const nextAuto = useAutoRefresh(hasFiles ? autoMinutes : 0, lastStart, () => void refreshAll());

  const flowLabel = (flowId: string) => profile.flows.find((f) => f.flowId === flowId)?.label ?? flowId;
  const rows = useMemo(() => visibleRows(files ?? [], filter, sort), [files, filter, sort]);
  const onSort = (key: SortKey) =>
    setSort((current) => ({ key, descending: current.key === key ? !current.descending : key === "updated" }));

  return (
    <section className="page" aria-labelledby="watchlist-title">
      <div className="page-header">
        <h2 id="watchlist-title">{t("watchlistTitle")}</h2>
        <div className="page-actions">
          {progress ? (
            <ProgressBar done={progress.done} total={progress.total} label={t("refreshing", progress)} />
          ) : (
            <>
              {failed.length > 0 && (
                <button type="button" className="button-quiet" onClick={() => void refreshAll(true)} data-testid="retry-failed">
                  {t("retryFailed", { n: failed.length })}
                </button>
              )}
              <AutoRefreshChoice
                minutes={autoMinutes}
                nextAt={nextAuto}
                onChange={(minutes) => {
                  setAutoMinutes(minutes);
                  storeAutoRefresh(profile.id, minutes);
                }}
              />
              <button type="button" className="button-primary" onClick={() => void refreshAll()} disabled={!hasFiles}>
                {t("refreshAll")}
              </button>
            </>
          )}
        </div>
      </div>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {!progress && fixedInProfile(refusal) && (
        <ErrorNotice error={{ code: refusal, message: t("refusedFiles", { n: refused.length }), details: [] }} />
      )}
      <AddFile
        profile={profile}
        onAdded={(list) => {
          setFiles(list);
          setError(null);
        }}
        onImported={(report) => {
          setImported(report);
          load();
        }}
        onError={setError}
      />
      {imported && (
        <div className="notice" role="status">
          {t("importDone", {
            added: imported.added,
            already: imported.alreadyWatched,
            refused: imported.refused.length,
          })}
          {imported.refused.length > 0 && (
            <ul className="notice-details">
              {imported.refused.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="toolbar">
        <input
          ref={search}
          type="search"
          className="input grow"
          placeholder={t("searchPlaceholder")}
          aria-label={t("searchPlaceholder")}
          value={filter.query}
          onChange={(e) => setFilter({ ...filter, query: e.target.value })}
        />
        <select
          className="input"
          aria-label={t("colStatus")}
          value={filter.categories[0] ?? ""}
          onChange={(e) =>
            setFilter({ ...filter, categories: e.target.value ? [e.target.value as StatusCategory] : [] })
          }
        >
          <option value="">{t("allStatuses")}</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`category.${c}` as MessageKey)}
            </option>
          ))}
        </select>
        <label className="check">
          <input
            type="checkbox"
            checked={filter.onlyChanged}
            onChange={(e) => setFilter({ ...filter, onlyChanged: e.target.checked })}
          />
          {t("onlyChanged")}
        </label>
        <span className="muted" data-testid="rows-shown">
          {t("rowsShown", { shown: rows.length, total: files?.length ?? 0 })}
        </span>
        <button type="button" className="button-quiet" onClick={exportCsv} disabled={!hasFiles} data-testid="export-watchlist">
          {t("watch.export")}
        </button>
      </div>
      {exported && (
        <div className="notice notice-ok" role="status" data-testid="watch-exported">
          {t("watch.exported", { path: exported.path, n: exported.rows })}
        </div>
      )}
      {files === null ? (
        !error && <div className="empty">{t("loading")}</div>
      ) : files.length === 0 ? (
        <div className="empty">
          <strong>{t("emptyWatchlistTitle")}</strong>
          <p>{t("emptyWatchlistBody")}</p>
        </div>
      ) : (
        <Table
          rows={rows}
          sort={sort}
          onSort={onSort}
          flowLabel={flowLabel}
          now={Date.now()}
          locale={locale}
          onOpen={onOpen}
          onUnwatch={(file) =>
            backend.unwatchFile(file.flowId, file.rfc).then(setFiles, (e: AppError) => setError(e))
          }
        />
      )}
    </section>
  );
}

function Table(props: {
  rows: WatchedFile[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  flowLabel: (flowId: string) => string;
  now: number;
  locale: string;
  onUnwatch: (file: WatchedFile) => void;
  onOpen: (flowId: string, rfc: string) => void;
}) {
  const { t } = useI18n();
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Rows show on the first paint, before the table has been measured.
    initialRect: { width: 1000, height: 600 },
  });
  return (
    <div className="table" role="table" aria-rowcount={props.rows.length}>
      <div className="table-row table-head" role="row">
        <span role="columnheader" className="cell-mark" />
        {COLUMNS.map((column) => (
          <span
            key={column.key}
            role="columnheader"
            aria-sort={props.sort.key === column.key ? (props.sort.descending ? "descending" : "ascending") : "none"}
          >
            <button type="button" className="sort" onClick={() => props.onSort(column.key)}>
              {t(column.label)}
              {props.sort.key === column.key && <span aria-hidden="true">{props.sort.descending ? " ↓" : " ↑"}</span>}
            </button>
          </span>
        ))}
        <span role="columnheader" />
      </div>
      {props.rows.length === 0 ? (
        <div className="empty">{t("noMatches")}</div>
      ) : (
        <div className="table-body" ref={scroller}>
          <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
            {virtual.getVirtualItems().map((item) => {
              const file = props.rows[item.index];
              if (!file) return null;
              return (
                <div
                  key={rowKey(file)}
                  className="table-row"
                  role="row"
                  data-testid="watch-row"
                  data-rfc={file.rfc}
                  style={{ position: "absolute", top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                >
                  <Cell className="cell-mark">
                    {file.changed && <span className="dot" title={t("changedMark")} aria-label={t("changedMark")} />}
                  </Cell>
                  <Cell className="strong" title={file.companyName?.trim() || undefined}>
                    <button type="button" className="link" onClick={() => props.onOpen(file.flowId, file.rfc)} data-testid="open-file">
                      {file.companyName?.trim() || props.flowLabel(file.flowId)}
                    </button>
                  </Cell>
                  <Cell className="mono">
                    {file.rfc}
                  </Cell>
                  <Cell title={file.flowId}>{props.flowLabel(file.flowId)}</Cell>
                  <Cell testId="row-status">
                    {file.lastError === "not_found" && !file.documentStatus ? (
                      <span className="muted">{t("notFoundYet")}</span>
                    ) : (
                      <StatusBadge status={file.documentStatus} category={file.statusCategory} />
                    )}
                    {file.refreshFailed && (
                      <span
                        className="chip chip-danger"
                        title={t(`error.${file.lastError}` as MessageKey)}
                        data-testid="row-error"
                      >
                        {t("refreshFailed")}
                      </span>
                    )}
                  </Cell>
                  <Cell>
                    {file.sections.total > 0 ? (
                      <>
                        {t("sectionsSummary", { accepted: file.sections.accepted, total: file.sections.total })}
                        {file.sections.rejected > 0 && (
                          <span className="text-danger"> · {t("sectionsRejected", { rejected: file.sections.rejected })}</span>
                        )}
                      </>
                    ) : (
                      <span className="muted">{MISSING}</span>
                    )}
                  </Cell>
                  <Cell>
                    {file.personsTotal > 0 ? `${file.personsEnrolled}/${file.personsTotal}` : <span className="muted">{MISSING}</span>}
                  </Cell>
                  <Cell className="muted" title={file.updatedAtUtc ?? undefined}>
                    {timeAgo(file.updatedAtUtc, props.now, props.locale) ?? t("notRefreshed")}
                  </Cell>
                  <Cell>
                    <button type="button" className="button-quiet small" onClick={() => props.onUnwatch(file)}>
                      {t("unwatch")}
                    </button>
                  </Cell>
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}

/** A table cell. Its content sits in an inner span: the cell clips long text, and
 * WebDriver's visibility rules skip text placed directly in a clipping box. */
function Cell(props: {
  className?: string | undefined;
  title?: string | undefined;
  testId?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <span role="cell" className={props.className} title={props.title} data-testid={props.testId}>
      <span className="cell-text">{props.children}</span>
    </span>
  );
}

function AddFile(props: {
  profile: Profile;
  onAdded: (files: WatchedFile[]) => void;
  onImported: (report: ImportReport) => void;
  onError: (error: AppError) => void;
}) {
  const { t } = useI18n();
  const [flowId, setFlowId] = useState(props.profile.flows[0]?.flowId ?? "");
  const [rfc, setRfc] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      props.onAdded(await backend.watchFile(flowId, rfc));
      setRfc("");
    } catch (e) {
      props.onError(e as AppError);
    } finally {
      setBusy(false);
    }
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      // A file over the backend's limit is refused before it is read into the page.
      const { maxImportBytes } = await backend.appInfo();
      if (file.size > maxImportBytes) {
        props.onError({
          code: "invalid_input",
          message: t("importTooLarge", { size: mebibytes(file.size), max: mebibytes(maxImportBytes) }),
          details: [],
        });
        return;
      }
      props.onImported(await backend.importWatchlistCsv(await file.text(), flowId));
    } catch (e) {
      props.onError(e as AppError);
    }
  };

  return (
    <form className="toolbar" onSubmit={submit} aria-label={t("addTitle")}>
      <strong className="toolbar-title">{t("addTitle")}</strong>
      <select className="input" aria-label={t("flow")} value={flowId} onChange={(e) => setFlowId(e.target.value)}>
        {props.profile.flows.map((flow) => (
          <option key={flow.flowId} value={flow.flowId}>
            {flow.label}
          </option>
        ))}
      </select>
      <input
        className="input mono"
        aria-label={t("rfc")}
        placeholder={t("rfc")}
        value={rfc}
        maxLength={13}
        onChange={(e) => setRfc(e.target.value.toUpperCase())}
        data-testid="add-rfc"
      />
      <button type="submit" className="button" disabled={busy || !rfc.trim() || !flowId}>
        {t("add")}
      </button>
      <label className="button-quiet file-button">
        {t("importCsv")}
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          className="visually-hidden"
          onChange={(e) => {
            void importFile(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </label>
    </form>
  );
}

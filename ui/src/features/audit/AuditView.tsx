import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";

import * as commands from "../../api/commands";
import { loadOf } from "../../api/load";
import { queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { AuditEntry } from "../../bindings/AuditEntry";
import type { SavedCsv } from "../../bindings/SavedCsv";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { DayInput } from "../../components/DayInput";
import { ErrorNotice } from "../../components/ErrorNotice";
import { PageHeader } from "../../components/PageHeader";
import { useOperationRoutes } from "../../hooks/appInfo";
import { useI18n } from "../../i18n";
import { outcomeText } from "../../words/errorWords";
import { formatLocal } from "../../words/format";
import { TeamTrail } from "../team/TeamTrail";
import { ChainBadge, ChainSummary } from "./ChainSummary";
import { type AuditFilter, applyFilter, isIntent, noFilter, operationLabel, operationsIn, subjectOf } from "./model";

/** Every state-changing call made from this desk, newest first, with whether the
 * hash chain still verifies; filters and a CSV export. */
export function AuditView(props: { onOpenFile?: (flowId: string, rfc: string) => void; onOpenFolio?: (folio: string) => void } = {}) {
  const { t, locale } = useI18n();
  const routes = useOperationRoutes();
  // The followed files, to name an entry's file and open it (one not followed is shown
  // by its id, which can be copied).
  const followed = loadOf(useQuery(queries.watchlist()));
  const files = useMemo(
    () => new Map((followed.state === "ready" ? followed.value : []).filter((f) => f.documentId).map((f) => [f.documentId ?? "", f])),
    [followed],
  );
  const logQuery = useQuery(queries.audit());
  const log = loadOf(logQuery);
  const reload = () => void logQuery.refetch();
  const [filter, setFilter] = useState<AuditFilter>(noFilter);
  const [saved, setSaved] = useState<SavedCsv | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const shown = useMemo(() => (log.state === "ready" ? applyFilter(log.value.entries, filter) : []), [log, filter]);
  const label = (route: string) => {
    const key = operationLabel(route, routes);
    return key ? t(key) : route;
  };
  const exportCsv = () => {
    setError(null);
    commands.exportAuditCsv().then((answer) => answer && setSaved(answer), setError);
  };

  return (
    <section className="page" aria-labelledby="audit-title">
      <PageHeader
        id="audit-title"
        title={t("audit.title")}
        subtitle={t("audit.intro")}
        actions={
          <>
            {log.state === "ready" && <ChainBadge chain={log.value.chain} />}
            <button type="button" className="button-quiet" onClick={reload}>
              {t("audit.reload")}
            </button>
            <button type="button" className="button-primary" onClick={exportCsv} data-testid="export-csv">
              {t("audit.export")}
            </button>
          </>
        }
      />
      {saved && (
        <div className="notice notice-ok" role="status">
          {t("audit.saved", { path: saved.path, n: saved.rows })}
        </div>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      <TeamTrail />
      {log.state === "loading" && <div className="empty">{t("loading")}</div>}
      {log.state === "failed" && <ErrorNotice error={log.error} />}
      {log.state === "ready" && (
        <>
          <ChainSummary chain={log.value.chain} />
          <div className="toolbar">
            <select
              className="input"
              value={filter.operation}
              onChange={(e) => setFilter({ ...filter, operation: e.target.value })}
              aria-label={t("audit.operation")}
              data-testid="audit-operation"
            >
              <option value="">{t("audit.allOperations")}</option>
              {operationsIn(log.value.entries).map((route) => (
                <option key={route} value={route}>
                  {label(route)}
                </option>
              ))}
            </select>
            <input
              className="input"
              value={filter.target}
              onChange={(e) => setFilter({ ...filter, target: e.target.value })}
              placeholder={t("audit.targetPlaceholder")}
              aria-label={t("audit.target")}
              data-testid="audit-target"
            />
            <DayInput label={t("audit.from")} value={filter.from} onChange={(from) => setFilter((f) => ({ ...f, from }))} testId="audit-from" />
            <DayInput label={t("audit.to")} value={filter.to} onChange={(to) => setFilter((f) => ({ ...f, to }))} testId="audit-to" />
            <span className="muted small" data-testid="audit-count">
              {t("audit.count", { shown: shown.length, total: log.value.entries.length })}
              {log.value.unreadable > 0 && ` · ${t("audit.unreadableHidden", { n: log.value.unreadable })}`}
            </span>
          </div>
          {log.value.entries.length === 0 ? (
            <div className="empty">{t("audit.empty")}</div>
          ) : shown.length === 0 ? (
            <div className="empty">{t("audit.noMatch")}</div>
          ) : (
            <table className="grid-table" data-testid="audit-table">
              <thead>
                <tr>
                  <th>#</th>
                  <th>{t("enroll.when")}</th>
                  <th>{t("audit.operation")}</th>
                  <th>{t("audit.target")}</th>
                  <th>{t("audit.summary")}</th>
                  <th>{t("enroll.agent")}</th>
                  <th>{t("enroll.outcome")}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((e) => (
                  <tr key={e.seq} data-testid="audit-row">
                    <td className="mono">{e.seq}</td>
                    <td>{formatLocal(e.atUtc, locale) ?? e.atUtc}</td>
                    <td>{label(e.operation)}</td>
                    <td className="small">
                      <AuditTarget entry={e} files={files} onOpenFile={props.onOpenFile} onOpenFolio={props.onOpenFolio} />
                    </td>
                    <td className="small">{e.summary}</td>
                    <td className="small">
                      {e.agentEmail}
                      <div className="muted">{e.profile}</div>
                    </td>
                    <td>
                      <OutcomeCell entry={e} unresolved={log.value.unresolved.has(e.seq)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

/** How an entry ended; an intent is the record written before its request left, and
 * without a later result for it nobody knows whether the service did it. */
function OutcomeCell({ entry, unresolved }: { entry: AuditEntry; unresolved: boolean }) {
  const { t } = useI18n();
  if (isIntent(entry)) {
    return (
      <>
        <span className="chip chip-info" data-testid="audit-intent">
          {t("audit.intent")}
        </span>
        {unresolved && (
          <span className="chip chip-warn" data-testid="audit-unknown" title={t("audit.unknownHint")}>
            {t("audit.unknown")}
          </span>
        )}
      </>
    );
  }
  return (
    <>
      {entry.outcome.ok ? (
        <span className="chip chip-ok">{t("audit.ok")}</span>
      ) : (
        <span className="chip chip-danger" title={entry.outcome.message ?? undefined} data-testid="audit-failed">
          {entry.outcome.code ? outcomeText(entry.outcome.code, t) : t("audit.failed")}
        </span>
      )}
      {entry.completes !== undefined && <div className="muted small">{t("audit.completes", { seq: entry.completes })}</div>}
    </>
  );
}

/** What an entry is about, in words, and a way to it: a verification opens by its
 * folio, a file by its company (or RFC); any other id is shown short, whole in its
 * title, to copy. */
function AuditTarget(props: {
  entry: AuditEntry;
  files: Map<string, WatchedFile>;
  onOpenFile?: ((flowId: string, rfc: string) => void) | undefined;
  onOpenFolio?: ((folio: string) => void) | undefined;
}) {
  const { t } = useI18n();
  const subject = subjectOf(props.entry);
  const { onOpenFile, onOpenFolio } = props;
  const short = (id: string) => `${id.slice(0, 8)}…`;
  const open = (label: string, flowId: string, rfc: string) =>
    onOpenFile ? (
      <button type="button" className="link" onClick={() => onOpenFile(flowId, rfc)} title={t("audit.openFile")} data-testid="audit-open">
        {label}
      </button>
    ) : (
      <span>{label}</span>
    );
  switch (subject.kind) {
    case "folio":
      return onOpenFolio ? (
        <button type="button" className="link mono" onClick={() => onOpenFolio(subject.folio)} title={t("audit.openFolio")} data-testid="audit-open">
          {subject.folio}
        </button>
      ) : (
        <span className="mono">{subject.folio}</span>
      );
    case "newFile":
      return <span title={props.entry.target}>{open(t("audit.rfc", { rfc: subject.rfc }), subject.flowId, subject.rfc)}</span>;
    case "file": {
      const file = props.files.get(subject.documentId);
      const name = file?.companyName?.trim() || (file ? t("audit.rfc", { rfc: file.rfc }) : null);
      return (
        <span title={props.entry.target}>
          {file && name ? open(name, file.flowId, file.rfc) : <span className="mono">{short(subject.documentId)}</span>}
          {subject.person && <div className="muted">{t("audit.person", { id: short(subject.person) })}</div>}
          {subject.flow && <div className="muted">{t("audit.flow", { id: short(subject.flow) })}</div>}
        </span>
      );
    }
    case "none":
      return <span className="mono">{props.entry.target}</span>;
  }
}

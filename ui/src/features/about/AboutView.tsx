import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import * as commands from "../../api/commands";
import { loadOf } from "../../api/load";
import { queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { OperationDrift } from "../../bindings/OperationDrift";
import { ErrorNotice } from "../../components/ErrorNotice";
import { PageHeader } from "../../components/PageHeader";
import { useDriftMarkers, useOperationRoutes } from "../../hooks/appInfo";
import { type MessageKey, useI18n } from "../../i18n";
import { operationName } from "../../words/operations";
import { DiagnosticsDialog } from "./DiagnosticsDialog";
import { allMatched, catalogueValues, counted, operationsRead, shownEntry } from "./model";
import "./about.css";

/** What the desk learned from the service's answers: per operation, what tolerant
 * reading had to absorb (names and forms only), and an export to send back. */
export function AboutView() {
  const { t } = useI18n();
  const reportQuery = useQuery(queries.drift());
  const report = loadOf(reportQuery);
  const reload = () => void reportQuery.refetch();
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const exportDrift = () => {
    setError(null);
    setSaved(null);
    commands.exportDrift().then((path) => path && setSaved(path), setError);
  };
  const [diagnostics, setDiagnostics] = useState(false);
  const routes = useOperationRoutes();
  const operations = report.state === "ready" ? operationsRead(report.value, routes) : [];

  return (
    <section className="page" aria-labelledby="about-title">
      <PageHeader
        id="about-title"
        title={t("about.title")}
        subtitle={t("about.intro")}
        actions={
          <>
            <button type="button" className="button-quiet" onClick={reload}>
              {t("about.reload")}
            </button>
            <button type="button" className="button-primary" onClick={exportDrift} data-testid="export-drift">
              {t("about.export")}
            </button>
            <button type="button" className="button-quiet" onClick={() => setDiagnostics(true)} data-testid="open-diagnostics">
              {t("diagnostics.open")}
            </button>
          </>
        }
      />
      {saved && (
        <div className="notice notice-ok" role="status" data-testid="drift-saved">
          {t("about.saved", { path: saved })}
        </div>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      {diagnostics && <DiagnosticsDialog onClose={() => setDiagnostics(false)} />}
      {report.state === "loading" && <div className="empty">{t("loading")}</div>}
      {report.state === "failed" && <ErrorNotice error={report.error} />}
      {report.state === "ready" &&
        (operations.length === 0 ? (
          <div className="empty" data-testid="drift-empty">
            <strong>{t("about.empty")}</strong>
            {t("about.emptyHint")}
          </div>
        ) : (
          <>
            {allMatched(operations) && (
              <div className="notice notice-ok" role="status" data-testid="drift-clean">
                {t("about.clean")}
              </div>
            )}
            {operations.map(([route, counts]) => (
              <OperationCard key={route} route={route} counts={counts} />
            ))}
          </>
        ))}
    </section>
  );
}

function OperationCard({ route, counts }: { route: string; counts: OperationDrift }) {
  const { t } = useI18n();
  const markers = useDriftMarkers();
  const routes = useOperationRoutes();
  const name = operationName(route, routes);
  const lists: [MessageKey, string, [string, number][]][] = [
    ["about.unknownFields", "drift-unknown-field", counted(counts.unknownFields)],
    ["about.nulls", "drift-null", counted(counts.nulls)],
    ["about.absences", "drift-absent", counted(counts.absences)],
    ["about.reshaped", "drift-reshaped", counted(counts.reshaped)],
    ["about.unknownValues", "drift-unknown-value", catalogueValues(counts.unknownValues)],
    ["about.timeForms", "drift-time-form", counted(counts.timeForms)],
  ];
  return (
    <article className="card drift-card" data-testid="drift-operation" data-route={route}>
      <h3>
        {name ? t(name) : route} {name && <span className="mono muted drift-route">{route}</span>}
      </h3>
      <dl className="facts">
        <dt>{t("about.answers")}</dt>
        <dd data-testid="drift-answers">{counts.answers}</dd>
        <dt>{t("about.absorbing")}</dt>
        <dd data-testid="drift-absorbing">{counts.absorbing}</dd>
      </dl>
      {counts.absorbing === 0 && <p className="muted small">{t("about.opClean")}</p>}
      {lists
        .filter(([, , entries]) => entries.length > 0)
        .map(([title, testid, entries]) => (
          <div key={testid} className="drift-kind">
            <h4>{t(title)}</h4>
            <ul className="drift-list">
              {entries.map(([entry, n]) => (
                <li key={entry} data-testid={testid}>
                  <code className="mono">{markers ? shownEntry(entry, markers, t("about.more"), t("about.withheld")) : entry}</code>
                  <span className="chip" title={String(n)}>
                    {n}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
    </article>
  );
}

import "../../i18n/dashboard";
import "./dashboard.css";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo, useState } from "react";

import * as commands from "../../api/commands";
import { loadOf } from "../../api/load";
import { queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { Dashboard } from "../../bindings/Dashboard";
import type { SavedCsv } from "../../bindings/SavedCsv";
import { DayInput } from "../../components/DayInput";
import { ErrorNotice } from "../../components/ErrorNotice";
import { PageHeader } from "../../components/PageHeader";
import { useI18n } from "../../i18n";
import { paintedSince } from "../../perf";
import { formatDay } from "../../words/format";
import { BarChart } from "./BarChart";
import { BAND_WORDS, decisionTable, durationText, type Filters, isEmpty, noFilters, PRESETS, percentText, queryOf, RISK_WORDS, stacked } from "./model";

/** The supervisor's dashboard: the figures the backend computes from the trail, for a
 * period, an analyst and a flow, each chart with its table; a CSV of the same. */
export function DashboardView() {
  const { t } = useI18n();
  const [filters, setFilters] = useState<Filters>(noFilters);
  // The days asked for are fixed at the filter's change, not re-read at each render.
  const query = useMemo(() => queryOf(filters, new Date()), [filters]);
  // The last figures stay on screen (and the filters' choices with them) while the next are read.
  const read = useQuery({ ...queries.dashboard(query), placeholderData: keepPreviousData });
  const figures = loadOf(read);
  const [saved, setSaved] = useState<SavedCsv | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const set = (change: Partial<Filters>) => setFilters((f) => ({ ...f, ...change }));
  const exportCsv = () => {
    setError(null);
    setSaved(null);
    commands.exportDashboardCsv(query).then((answer) => answer && setSaved(answer), setError);
  };
  return (
    <section className="page" aria-labelledby="dashboard-title" data-testid="dashboard">
      <PageHeader
        id="dashboard-title"
        title={t("dashboard.title")}
        subtitle={t("dashboard.intro")}
        actions={
          <>
            <button type="button" className="button-quiet" onClick={() => void read.refetch()}>
              {t("dashboard.reload")}
            </button>
            <button type="button" className="button-primary" onClick={exportCsv} data-testid="dashboard-export">
              {t("dashboard.export")}
            </button>
          </>
        }
      />
      {saved && (
        <div className="notice notice-ok" role="status" data-testid="dashboard-saved">
          {t("dashboard.saved", { path: saved.path, n: saved.rows })}
        </div>
      )}
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      <FilterBar
        filters={filters}
        set={set}
        analysts={figures.state === "ready" ? figures.value.analysts : []}
        flows={figures.state === "ready" ? figures.value.flows : []}
      />
      {figures.state === "loading" && <div className="empty">{t("loading")}</div>}
      {figures.state === "failed" && <ErrorNotice error={figures.error} />}
      {figures.state === "ready" && <Figures dashboard={figures.value} />}
    </section>
  );
}

function FilterBar(props: { filters: Filters; set: (change: Partial<Filters>) => void; analysts: string[]; flows: string[] }) {
  const { t } = useI18n();
  const { filters, set } = props;
  return (
    <fieldset className="dashboard-filters">
      <legend className="visually-hidden">{t("dashboard.period")}</legend>
      <label className="check">
        {t("dashboard.period")}
        <select className="input" value={filters.preset} onChange={(e) => set({ preset: e.target.value as Filters["preset"] })} data-testid="dashboard-preset">
          {PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`dashboard.preset.${p}`)}
            </option>
          ))}
        </select>
      </label>
      {filters.preset === "custom" && (
        <>
          <DayInput label={t("dashboard.from")} value={filters.from} onChange={(from) => set({ from })} testId="dashboard-from" />
          <DayInput label={t("dashboard.to")} value={filters.to} onChange={(to) => set({ to })} testId="dashboard-to" />
        </>
      )}
      <Choice
        label={t("dashboard.analyst")}
        value={filters.analyst}
        choices={props.analysts}
        onChange={(analyst) => set({ analyst })}
        testId="dashboard-analyst"
      />
      <Choice label={t("dashboard.flow")} value={filters.flow} choices={props.flows} onChange={(flow) => set({ flow })} testId="dashboard-flow" />
    </fieldset>
  );
}

function Choice(props: { label: string; value: string; choices: string[]; onChange: (value: string) => void; testId: string }) {
  const { t } = useI18n();
  // The one chosen stays offered while the figures that list it are read again.
  const choices = props.value && !props.choices.includes(props.value) ? [props.value, ...props.choices] : props.choices;
  return (
    <label className="check">
      {props.label}
      <select className="input" value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid={props.testId}>
        <option value="">{t("dashboard.everyone")}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A chart and the same figures in a table, for whoever does not see the picture. */
export function ChartFigure(props: { id: string; title: string; summary: ReactNode; chart: ReactNode; table: ReactNode }) {
  const { t } = useI18n();
  return (
    <figure className="card dashboard-card" aria-labelledby={`${props.id}-title`} data-testid={props.id}>
      <h2 id={`${props.id}-title`} className="dashboard-card-title">
        {props.title}
      </h2>
      <p className="muted">{props.summary}</p>
      {props.chart}
      <details className="dashboard-table">
        <summary>{t("dashboard.showTable")}</summary>
        {props.table}
      </details>
    </figure>
  );
}

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const { t, locale } = useI18n();
  const table = useMemo(() => decisionTable(dashboard), [dashboard]);
  const decisionBars = useMemo(() => {
    const drawn = stacked(table.counts);
    return table.analysts.map((analyst, i) => ({ label: analyst, values: drawn[i] ?? [] }));
  }, [table]);
  const dayLabels = useMemo(() => table.days.map((d) => formatDay(d, locale) ?? d), [table, locale]);
  const bandLabels = useMemo(() => dashboard.queue.bands.map((b) => t(BAND_WORDS[b.band])), [dashboard, t]);
  const bandBars = useMemo(() => [{ label: t("dashboard.files"), values: dashboard.queue.bands.map((b) => b.count) }], [dashboard, t]);
  const riskLabels = useMemo(() => dashboard.queue.byRisk.map((b) => t(RISK_WORDS[b.band])), [dashboard, t]);
  const riskBars = useMemo(() => [{ label: t("dashboard.files"), values: dashboard.queue.byRisk.map((b) => b.count) }], [dashboard, t]);
  const highRisk = dashboard.queue.byRisk.find((b) => b.band === "high")?.count ?? 0;
  // `make bench` measures from the figures asked for to the charts drawn.
  const drawn = useCallback(() => paintedSince("dashboard"), []);
  if (isEmpty(dashboard)) {
    return (
      <div className="empty" data-testid="dashboard-empty">
        {t("dashboard.empty")}
      </div>
    );
  }
  const times = dashboard.timeToDecision;
  const sla = dashboard.sla;
  const reasons = dashboard.reasons;
  const wait = (s: number | null) => (s === null ? t("dashboard.none") : durationText(s));
  return (
    <div className="dashboard-grid">
      <ChartFigure
        id="dashboard-decisions"
        title={t("dashboard.decisions")}
        summary={t("dashboard.decisionsTotal", { n: dashboard.decisionsTotal })}
        chart={
          table.days.length > 0 ? (
            <BarChart labels={dayLabels} series={decisionBars} testId="chart-decisions" onDrawn={drawn} />
          ) : (
            <p className="empty">{t("dashboard.noDecisions")}</p>
          )
        }
        table={
          <table className="grid-table" data-testid="table-decisions">
            <thead>
              <tr>
                <th scope="col">{t("dashboard.day")}</th>
                {table.analysts.map((a) => (
                  <th key={a} scope="col">
                    {a}
                  </th>
                ))}
                <th scope="col">{t("dashboard.total")}</th>
              </tr>
            </thead>
            <tbody>
              {table.days.map((day, d) => (
                <tr key={day}>
                  <th scope="row">{dayLabels[d]}</th>
                  {table.counts.map((row, a) => (
                    <td key={table.analysts[a]}>{row[d]}</td>
                  ))}
                  <td>{table.totals[d]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <section className="card dashboard-card" aria-labelledby="dashboard-time-title" data-testid="dashboard-time">
        <h2 id="dashboard-time-title" className="dashboard-card-title">
          {t("dashboard.time")}
        </h2>
        <dl className="dashboard-figures">
          <div>
            <dt>{t("dashboard.median")}</dt>
            <dd data-testid="dashboard-median">{wait(times.medianSeconds)}</dd>
          </div>
          <div>
            <dt>{t("dashboard.p90")}</dt>
            <dd data-testid="dashboard-p90">{wait(times.p90Seconds)}</dd>
          </div>
        </dl>
        <p className="muted">{t("dashboard.timed", { timed: times.timed, untimed: times.untimed })}</p>
      </section>
      <section className="card dashboard-card" aria-labelledby="dashboard-sla-title" data-testid="dashboard-sla">
        <h2 id="dashboard-sla-title" className="dashboard-card-title">
          {t("dashboard.sla")}
        </h2>
        {/* A share in large figures; "no decision measured" is a sentence, in the text's size. */}
        <p className={sla.sharePermille === null ? "muted" : "dashboard-big"} data-testid="dashboard-sla-share">
          {sla.sharePermille === null ? t("dashboard.slaNone") : percentText(sla.sharePermille, locale)}
        </p>
        <p className="muted">{t("dashboard.slaCounts", { within: sla.within, breached: sla.breached, unmeasured: sla.unmeasured })}</p>
      </section>
      <ChartFigure
        id="dashboard-queue"
        title={t("dashboard.queue")}
        summary={
          <>
            {t("dashboard.open", { n: dashboard.queue.open })}
            {" · "}
            <span className={dashboard.queue.overdue > 0 ? "dashboard-overdue" : undefined} data-testid="dashboard-overdue">
              {t("dashboard.overdue", { n: dashboard.queue.overdue, soon: dashboard.queue.dueSoon })}
            </span>
          </>
        }
        chart={<BarChart labels={bandLabels} series={bandBars} testId="chart-queue" onDrawn={table.days.length > 0 ? undefined : drawn} />}
        table={
          <table className="grid-table" data-testid="table-queue">
            <thead>
              <tr>
                <th scope="col">{t("dashboard.band")}</th>
                <th scope="col">{t("dashboard.files")}</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.queue.bands.map((b, i) => (
                <tr key={b.band}>
                  <th scope="row">{bandLabels[i]}</th>
                  <td>{b.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <ChartFigure
        id="dashboard-risk"
        title={t("dashboard.byRisk")}
        summary={t("dashboard.byRiskSummary", { n: highRisk })}
        chart={<BarChart labels={riskLabels} series={riskBars} testId="chart-risk" />}
        table={
          <table className="grid-table" data-testid="table-risk">
            <thead>
              <tr>
                <th scope="col">{t("dashboard.riskBand")}</th>
                <th scope="col">{t("dashboard.files")}</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.queue.byRisk.map((b, i) => (
                <tr key={b.band}>
                  <th scope="row">{riskLabels[i]}</th>
                  <td>{b.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <section className="card dashboard-card" aria-labelledby="dashboard-reasons-title" data-testid="dashboard-reasons">
        <h2 id="dashboard-reasons-title" className="dashboard-card-title">
          {t("dashboard.reasons")}
        </h2>
        <p className="muted">{t("dashboard.reasonsCount", { n: reasons.rejectedSections, without: reasons.withoutReason })}</p>
        {reasons.top.length === 0 ? (
          <p className="empty">{t("dashboard.noReasons")}</p>
        ) : (
          <ol className="dashboard-reasons">
            {reasons.top.map((r) => (
              <li key={r.reason}>
                <span className="dashboard-reason">{r.reason}</span> <strong>{r.count}</strong>
                {r.catalogued && <span className="chip chip-info">{t("dashboard.catalogued")}</span>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

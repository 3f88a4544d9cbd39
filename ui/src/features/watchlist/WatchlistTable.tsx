// biome-ignore-all lint/a11y/useSemanticElements: the rows are virtualised, absolutely placed boxes that a <table> cannot hold, so the table is drawn with ARIA table roles.
// biome-ignore-all lint/a11y/useFocusableInteractive: rows and column headers of a table (not a grid) are not widgets and take no focus; the buttons inside them do.
import { useVirtualizer } from "@tanstack/react-virtual";
import { Fragment, type ReactNode, useLayoutEffect, useRef, useState } from "react";

import type { WatchedFile } from "../../bindings/WatchedFile";
import { StatusBadge } from "../../components/StatusBadge";
import { type MessageKey, type Translate, useI18n } from "../../i18n";
import { errorTitleKey } from "../../words/errorWords";
import { timeAgo } from "../../words/format";
import { MISSING } from "../../words/text";
import { rowKey, type Sort, type SortKey } from "./model";
import { HeaderCheck, RowCheck, type SelectionColumn } from "./Selection";

type Head = { key: SortKey; label: MessageKey };

/** Each column's heads, one sort each. The file's column holds its key, the RFC over the
 * flow, as its cells do: a column of its own for the flow left the company's name too
 * little room in a team's table at 1,280 pixels. */
const COLUMNS: Head[][] = [
  [{ key: "company", label: "colCompany" }],
  [
    { key: "rfc", label: "colRfc" },
    { key: "flow", label: "colFlow" },
  ],
  [{ key: "status", label: "colStatus" }],
  [{ key: "riskLevel", label: "colRisk" }],
  [{ key: "sections", label: "colSections" }],
  [{ key: "persons", label: "colPersons" }],
  [{ key: "updated", label: "colUpdated" }],
];

const SLA_COLUMN: Head[] = [{ key: "due", label: "sla.column" }];

const ROW_HEIGHT = 44;

/** The page's own scroll area (the app's content pane): the rows scroll with the rest of
 * the page, never in a box of their own. Drawn alone (in a unit test), the table body. */
function scrollArea(body: HTMLElement | null): HTMLElement | null {
  return body?.closest<HTMLElement>(".content") ?? body;
}

/** How far the rows start below the scroll area's top, as the page lays them out now. */
function offsetIn(body: HTMLElement, area: HTMLElement): number {
  if (area === body) return 0;
  return Math.round(body.getBoundingClientRect().top - area.getBoundingClientRect().top + area.scrollTop);
}

/** The followed files, one row each, virtualised: only the rows in view are drawn. */
export function WatchlistTable(props: {
  rows: WatchedFile[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  flowLabel: (flowId: string) => string;
  now: number;
  locale: string;
  onUnwatch: (file: WatchedFile) => void;
  onOpen: (flowId: string, rfc: string) => void;
  /** In a team: who has the file and who reviews it, beside its name. */
  annotate?: ((file: WatchedFile) => ReactNode) | undefined;
  /** The SLA's cell of a file (a column after the status, sorted by due time). */
  sla?: ((file: WatchedFile) => ReactNode) | undefined;
  /** The selection's checkboxes, in the first column; told how many rows are in view. */
  select?: (SelectionColumn & { onShown: (rows: number) => void }) | undefined;
}) {
  const { t } = useI18n();
  const body = useRef<HTMLDivElement>(null);
  // What sits above the rows (a panel, a notice) moves them down: measured after each render.
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const area = scrollArea(body.current);
    if (body.current && area) {
      const offset = offsetIn(body.current, area);
      if (offset !== margin) setMargin(offset);
    }
  });
  const virtual = useVirtualizer({
    count: props.rows.length,
    getScrollElement: () => scrollArea(body.current),
    scrollMargin: margin,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Rows show on the first paint, before the table has been measured.
    initialRect: { width: 1000, height: 600 },
  });
  // How many rows are in view (without the overscan), for the selection's bar.
  const inView = virtual.range ? virtual.range.endIndex - virtual.range.startIndex + 1 : 0;
  const onShown = props.select?.onShown;
  useLayoutEffect(() => onShown?.(Math.min(inView, props.rows.length)), [onShown, inView, props.rows.length]);
  const columns = props.sla ? COLUMNS.flatMap((heads) => (heads[0]?.key === "status" ? [heads, SLA_COLUMN] : [heads])) : COLUMNS;
  return (
    <div
      className={`table${props.annotate ? " table-team" : ""}${props.sla ? " table-sla" : ""}${props.select ? " table-select" : ""}`}
      role="table"
      aria-rowcount={props.rows.length}
    >
      <div className="table-row table-head" role="row">
        <span role="columnheader" className="cell-mark">
          {props.select && <HeaderCheck rows={props.rows} column={props.select} />}
        </span>
        {columns.map((heads) => {
          const first = heads[0]?.key;
          const sorted = heads.some((head) => head.key === props.sort.key);
          return (
            <Fragment key={first}>
              <span
                role="columnheader"
                className={heads.length > 1 ? "head-stack" : undefined}
                title={heads.map((head) => t(head.label)).join(" · ")}
                aria-sort={sorted ? (props.sort.descending ? "descending" : "ascending") : "none"}
              >
                {heads.map((head) => (
                  <button key={head.key} type="button" className="sort" onClick={() => props.onSort(head.key)}>
                    {t(head.label)}
                    {props.sort.key === head.key && <span aria-hidden="true">{props.sort.descending ? " ↓" : " ↑"}</span>}
                  </button>
                ))}
              </span>
              {first === "company" && props.annotate && <span role="columnheader">{t("team.column")}</span>}
            </Fragment>
          );
        })}
        <span role="columnheader" />
      </div>
      {props.rows.length === 0 ? (
        <div className="empty">{t("noMatches")}</div>
      ) : (
        <div className="table-body" ref={body}>
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
                  style={{ position: "absolute", top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start - margin}px)` }}
                >
                  <Cell className="cell-mark">
                    {props.select && <RowCheck file={file} rows={props.rows} column={props.select} />}
                    {file.changed && <span className="dot" role="img" title={t("changedMark")} aria-label={t("changedMark")} />}
                  </Cell>
                  {/* Two lines at most, whole in the cell's title: rows of one trade ("Construcciones …") differ further on. */}
                  <Cell className="strong cell-company" title={file.companyName?.trim() || undefined}>
                    <button
                      type="button"
                      className="link"
                      onClick={() => props.onOpen(file.flowId, file.rfc)}
                      aria-label={file.companyName?.trim() ? undefined : t("watch.openRfc", { rfc: file.rfc })}
                      data-testid="open-file"
                    >
                      <span className="clamp-2">{file.companyName?.trim() || <span className="muted">{t("watch.noCompany")}</span>}</span>
                    </button>
                  </Cell>
                  {props.annotate && <Cell className="cell-team">{props.annotate(file)}</Cell>}
                  <Cell className="cell-file" testId="row-file">
                    <span className="mono" title={file.rfc}>
                      {file.rfc}
                    </span>
                    {/* Under the RFC, two short lines at most ("Complementario: / estados de…"), whole in its title. */}
                    <span className="row-second clamp-2" title={t("watch.flowTitle", { label: props.flowLabel(file.flowId), flowId: file.flowId })}>
                      {props.flowLabel(file.flowId)}
                    </span>
                  </Cell>
                  <Cell testId="row-status" className="cell-wrap">
                    <RowStatus file={file} now={props.now} locale={props.locale} />
                  </Cell>
                  {props.sla && <Cell className="cell-wrap">{props.sla(file)}</Cell>}
                  <Cell testId="row-risk" title={riskTitle(file, t)}>
                    <RiskCell file={file} />
                  </Cell>
                  <Cell className="cell-wrap" testId="row-sections">
                    <SectionCounts file={file} />
                  </Cell>
                  <Cell>{file.personsTotal > 0 ? `${file.personsEnrolled}/${file.personsTotal}` : <span className="muted">{MISSING}</span>}</Cell>
                  <Cell className="muted" title={file.updatedAtUtc ?? file.lastRefreshUtc ?? undefined} testId="row-updated">
                    {timeAgo(file.updatedAtUtc, props.now, props.locale) ?? asked(file, props.now, props.locale, t)}
                  </Cell>
                  <Cell className="cell-action">
                    {/* A compact button (eleven columns share 1,280 pixels in a team), named for its file. */}
                    <button
                      type="button"
                      className="button-quiet small unwatch"
                      onClick={() => props.onUnwatch(file)}
                      title={t("unwatch")}
                      aria-label={t("watch.unwatchFile", { name: file.companyName?.trim() || t("watch.noCompany"), rfc: file.rfc })}
                      data-testid="unwatch"
                    >
                      <span aria-hidden="true">×</span>
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
function Cell(props: { className?: string | undefined; title?: string | undefined; testId?: string | undefined; children?: ReactNode }) {
  return (
    <span role="cell" className={props.className} title={props.title} data-testid={props.testId}>
      <span className="cell-text">{props.children}</span>
    </span>
  );
}

const RISK_TONE = { high: "danger", medium: "warn", low: "neutral" } as const;
const RISK_WORD = { high: "watchRisk.high", medium: "watchRisk.medium", low: "watchRisk.low" } as const;

/** The risk its last review found: the level and how many findings; a dash before any. */
function RiskCell({ file }: { file: WatchedFile }) {
  const { t } = useI18n();
  const risk = file.risk;
  if (!risk) return <span className="muted">{MISSING}</span>;
  if (!risk.level) return <span className="muted">{t("watchRisk.none")}</span>;
  return (
    <span className={`chip chip-${RISK_TONE[risk.level]}`} data-level={risk.level}>
      {t(RISK_WORD[risk.level])} · {risk.findings}
    </span>
  );
}

function riskTitle(file: WatchedFile, t: Translate): string | undefined {
  const risk = file.risk;
  if (!risk) return t("watchRisk.notReviewed");
  return t("watchRisk.title", { n: risk.findings, hits: risk.hits });
}

/** When the service was last asked, for a file it has said nothing about. */
function asked(file: WatchedFile, now: number, locale: string, t: Translate): string {
  const ago = timeAgo(file.lastRefreshUtc, now, locale);
  return ago ? t("watch.askedAgo", { ago }) : t("notRefreshed");
}

/** The file's status; a file the service no longer finds keeps its last known status,
 * dimmed and marked, and one it never found says so. */
function RowStatus({ file, now, locale }: { file: WatchedFile; now: number; locale: string }) {
  const { t } = useI18n();
  const notFound = file.lastError === "not_found";
  if (notFound && !file.documentStatus) return <span className="muted">{t("notFoundYet")}</span>;
  return (
    <>
      <span className={notFound ? "stale" : undefined}>
        <StatusBadge status={file.documentStatus} category={file.statusCategory} />
      </span>
      {notFound && (
        <span className="chip chip-danger" title={t("watch.goneTitle", { when: timeAgo(file.lastRefreshUtc, now, locale) ?? "" })} data-testid="row-gone">
          {t("watch.gone")}
        </span>
      )}
      {file.refreshFailed && (
        <span className="chip chip-danger" title={file.lastError ? t(errorTitleKey(file.lastError)) : undefined} data-testid="row-error">
          {t("refreshFailed")}
        </span>
      )}
    </>
  );
}

/** Accepted of all, then the rejected and the undecided: none hidden. */
function SectionCounts({ file }: { file: WatchedFile }) {
  const { t } = useI18n();
  const { total, accepted, rejected } = file.sections;
  if (total === 0) return <span className="muted">{MISSING}</span>;
  const pending = Math.max(0, total - accepted - rejected);
  const count = (n: number, one: MessageKey, other: MessageKey) => (n === 1 ? t(one) : t(other, { n }));
  return (
    <span title={t("watch.sectionsTitle", { accepted, rejected, pending, total })}>
      {t("watch.sectionsAccepted", { accepted, total })}
      {(rejected > 0 || pending > 0) && (
        <span className="row-second">
          {rejected > 0 && <span className="text-danger">{count(rejected, "watch.rejected.one", "watch.rejected.other")}</span>}
          {rejected > 0 && pending > 0 && " · "}
          {pending > 0 && count(pending, "watch.pending.one", "watch.pending.other")}
        </span>
      )}
    </span>
  );
}

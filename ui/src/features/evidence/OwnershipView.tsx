import { lazy, Suspense } from "react";

import type { Ownership } from "../../bindings/Ownership";
import { ScreenBoundary } from "../../components/ScreenBoundary";
import { useI18n } from "../../i18n";

// The picture's chunk (uPlot) is fetched when a deed with owners is shown, not with the review.
const OwnershipChart = lazy(() => import("./OwnershipChart").then((m) => ({ default: m.OwnershipChart })));

const money = (n: number | null, locale: string) => (n === null ? "—" : n.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** Who owns and runs the company, from the deed: the shareholders' table with the picture
 * of their shares beside it, those who control it at the policy's threshold marked, and
 * the administrators and the supervisory body with their RFCs. `onDrawn`: the picture
 * was drawn. */
export function OwnershipView({ ownership, onDrawn }: { ownership: Ownership; onDrawn?: (() => void) | undefined }) {
  const { t, locale } = useI18n();
  const { owners } = ownership;
  return (
    <section className="ownership" aria-label={t("owners.title")} data-testid="ownership">
      <h4>{t("owners.title")}</h4>
      <div className="ownership-body">
        <table className="grid-table small" data-testid="owners-table">
          <thead>
            <tr>
              <th scope="col">{t("owners.name")}</th>
              <th scope="col">RFC</th>
              <th scope="col">%</th>
              <th scope="col">{t("owners.fixed")}</th>
              <th scope="col">{t("owners.variable")}</th>
              <th scope="col">{t("owners.total")}</th>
            </tr>
          </thead>
          <tbody>
            {owners.map((o, n) => (
              <tr key={`${o.name}-${n}`} data-testid="owner" data-controls={o.controls} data-company={o.company}>
                <th scope="row">
                  {o.name}
                  {o.controls && <span className="chip chip-warn">{t("owners.controls")}</span>}
                  {o.company && <span className="chip chip-warn">{t("owners.company")}</span>}
                </th>
                <td className="mono">{o.rfc ?? "—"}</td>
                <td className="num">{o.percent === null ? "—" : o.percent.toLocaleString(locale)}</td>
                <td className="num">{money(o.fixed, locale)}</td>
                <td className="num">{money(o.variable, locale)}</td>
                <td className="num">{money(o.total, locale)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("owners.sum")}</th>
              <td />
              <td className="num">{ownership.totalPercent === null ? "—" : ownership.totalPercent.toLocaleString(locale)}</td>
              <td colSpan={3} className="muted small">
                {t("owners.threshold", { n: ownership.thresholdPercent })}
              </td>
            </tr>
          </tfoot>
        </table>
        {owners.some((o) => o.percent !== null) && (
          // A picture that cannot be drawn says so in its place; the table and the pane stay.
          <ScreenBoundary>
            <Suspense fallback={<div className="ownership-chart" />}>
              <OwnershipChart owners={owners} threshold={ownership.thresholdPercent} onDrawn={onDrawn} />
            </Suspense>
          </ScreenBoundary>
        )}
      </div>
      {(ownership.administrators.length > 0 || ownership.oversight.length > 0) && (
        <ul className="ownership-officers small" data-testid="officers">
          {[...ownership.administrators, ...ownership.oversight].map((o, n) => (
            <li key={`${o.name}-${n}`}>
              {o.role ? `${o.role}: ` : ""}
              {o.name} <span className="mono muted">{o.rfc ?? t("owners.noRfc")}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

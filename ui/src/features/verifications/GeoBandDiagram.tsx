import type { GeoBand } from "../../bindings/GeoBand";
import type { GeoBands } from "../../bindings/GeoBands";
import { type MessageKey, useI18n } from "../../i18n";
import { meters } from "../../words/format";
import { MISSING, shown } from "../../words/text";
import { bandsOf, markerOf, positionOf, ticksOf } from "./model";

const WIDTH = 600;
const HEIGHT = 64;
const BAR_Y = 22;
const BAR_H = 14;

/** Each band in the user's words. */
const BAND_WORDS: Record<GeoBand, MessageKey> = {
  consistent: "geo.consistent",
  unassigned: "geo.unassigned",
  inconsistent: "geo.inconsistent",
};

/** The distance between the real and the declared location on the spec's bands:
 * consistent, unassigned, inconsistent, their edges where the app's info puts them
 * (`edges`) and the distance's band as the verification's state says (`band`); the
 * accuracy is drawn as a shaded range around the marker. Before the capture
 * (`captured` false, as the verification's state says) the distance the service writes
 * measured nothing: no marker, and the caption says the visit is not captured yet. */
export function GeoBandDiagram(props: { distance: number | null; accuracy: number | null; band: GeoBand | null; edges: GeoBands; captured: boolean }) {
  const { accuracy, band, edges, captured } = props;
  const distance = captured ? props.distance : null;
  const { t } = useI18n();
  const marker = markerOf(distance, accuracy, edges);
  const x = (p: number) => p * WIDTH;
  const at = (m: number) => x(positionOf(m, edges));
  const bandVars = { consistent: edges.consistentMaxMeters, inconsistent: edges.inconsistentAboveMeters };
  const noDistance = captured ? t("geo.noDistance") : t("geo.notCaptured");
  const caption =
    distance === null
      ? noDistance
      : band === null
        ? t("geo.captionUnbanded", { distance: Math.round(distance), accuracy: accuracy === null ? MISSING : Math.round(accuracy) })
        : t("geo.caption", {
            distance: Math.round(distance),
            accuracy: accuracy === null ? MISSING : Math.round(accuracy),
            band: t(BAND_WORDS[band], bandVars),
          });
  return (
    <figure className="geo-diagram" data-testid="geo-diagram" data-band={band ?? ""}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={distance === null ? noDistance : t("geo.label", { distance, accuracy: shown(accuracy) })}>
        {bandsOf(edges).map((b) => (
          <rect key={b.band} className={`geo-band geo-${b.band}`} x={x(b.from)} y={BAR_Y} width={x(b.to) - x(b.from)} height={BAR_H} />
        ))}
        {ticksOf(edges).map((m) => (
          <g key={m}>
            <line className="geo-tick" x1={at(m)} x2={at(m)} y1={BAR_Y + BAR_H} y2={BAR_Y + BAR_H + 4} />
            <text className="geo-tick-label" x={Math.min(at(m), WIDTH - 24)} y={HEIGHT - 4} textAnchor={m === 0 ? "start" : "middle"}>
              {m >= 1000 ? `${m / 1000} km` : `${m} m`}
            </text>
          </g>
        ))}
        {marker && (
          <>
            <rect className="geo-accuracy" x={x(marker.from)} y={BAR_Y - 4} width={Math.max(2, x(marker.to) - x(marker.from))} height={BAR_H + 8} />
            <line className="geo-marker" x1={x(marker.at)} x2={x(marker.at)} y1={BAR_Y - 8} y2={BAR_Y + BAR_H + 2} />
            <text className="geo-marker-label" x={Math.min(Math.max(x(marker.at), 30), WIDTH - 30)} y={10} textAnchor="middle">
              {meters(distance ?? 0)}
            </text>
          </>
        )}
      </svg>
      <figcaption className="muted small">{caption}</figcaption>
    </figure>
  );
}

import { type MessageKey, useI18n } from "../../i18n";
import { meters } from "../../ui/format";
import { MISSING, shown } from "../../ui/text";
import { BANDS, bandOf, CONSISTENT_MAX_M, INCONSISTENT_FROM_M, markerOf, positionOf } from "./model";

const WIDTH = 600;
const HEIGHT = 64;
const BAR_Y = 22;
const BAR_H = 14;

/** The distance between the real and the declared location on the spec's bands:
 * consistent up to 100 m, unassigned 100–500 m, inconsistent beyond 500 m; the
 * accuracy is drawn as a shaded range around the marker. */
export function GeoBandDiagram({ distance, accuracy }: { distance: number | null; accuracy: number | null }) {
  const { t } = useI18n();
  const marker = markerOf(distance, accuracy);
  const x = (p: number) => p * WIDTH;
  const band = bandOf(distance);
  return (
    <figure className="geo-diagram" data-testid="geo-diagram" data-band={band ?? ""}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={distance === null ? t("geo.noDistance") : t("geo.label", { distance, accuracy: shown(accuracy) })}
      >
        {BANDS.map((b) => (
          <rect key={b.band} className={`geo-band geo-${b.band}`} x={x(b.from)} y={BAR_Y} width={x(b.to) - x(b.from)} height={BAR_H} />
        ))}
        {[0, CONSISTENT_MAX_M, INCONSISTENT_FROM_M, 1000, 5000].map((m) => (
          <g key={m}>
            <line className="geo-tick" x1={x(positionOf(m))} x2={x(positionOf(m))} y1={BAR_Y + BAR_H} y2={BAR_Y + BAR_H + 4} />
            <text className="geo-tick-label" x={Math.min(x(positionOf(m)), WIDTH - 24)} y={HEIGHT - 4} textAnchor={m === 0 ? "start" : "middle"}>
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
      <figcaption className="muted small">
        {distance === null
          ? t("geo.noDistance")
          : t("geo.caption", {
              distance: Math.round(distance),
              accuracy: accuracy === null ? MISSING : Math.round(accuracy),
              band: t(`geo.${band ?? "consistent"}` as MessageKey),
            })}
      </figcaption>
    </figure>
  );
}

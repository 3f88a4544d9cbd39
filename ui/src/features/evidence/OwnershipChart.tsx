// The deed's shares as bars (uPlot, the chart library the dashboard already uses), the
// policy's threshold drawn across them as a dashed line (who is at or over it is marked in
// the table). Only the picture: every figure is in the table
// beside it, so the canvas is hidden from assistive technology.
// Before uPlot: it reads the language at import (a window started under LANG=C has none).
import "../dashboard/languageTag";
import "uplot/dist/uPlot.min.css";

import { useEffect, useRef } from "react";
import uPlot from "uplot";

import type { Owner } from "../../bindings/Owner";

const HEIGHT = 180;
const BAR = "#0072B2";
const CONTROLS = "#D55E00";

export function OwnershipChart({ owners, threshold, onDrawn }: { owners: Owner[]; threshold: number; onDrawn?: (() => void) | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  // Told once per picture made, not when a new callback arrives.
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const shown = owners.filter((o) => o.percent !== null);
    const xs = shown.map((_, i) => i);
    const shares = shown.map((o) => o.percent ?? 0);
    const line = shown.map(() => threshold);
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const paths = bars ? { paths: bars } : {};
    const initials = (name: string) =>
      name
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 3)
        .map((w) => w[0]?.toUpperCase() ?? "")
        .join("");
    const plot = new uPlot(
      {
        width: Math.max(200, el.clientWidth || 260),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, shown.length - 0.5] }, y: { range: [0, 100] } },
        axes: [
          { splits: () => xs, values: (_u, splits) => splits.map((i) => initials(shown[i]?.name ?? "")), grid: { show: false } },
          { values: (_u, splits) => splits.map((v) => `${v} %`) },
        ],
        series: [{}, { fill: BAR, stroke: BAR, ...paths, points: { show: false } }, { stroke: CONTROLS, dash: [4, 4], width: 1, points: { show: false } }],
      },
      [xs, shares, line],
      el,
    );
    drawn.current?.();
    const resized = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth || 260), height: HEIGHT }));
    resized.observe(el);
    return () => {
      resized.disconnect();
      plot.destroy();
    };
  }, [owners, threshold]);
  return <div ref={box} className="ownership-chart" aria-hidden="true" data-testid="ownership-chart" />;
}

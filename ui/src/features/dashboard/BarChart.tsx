// The dashboard's bar charts, drawn by uPlot on a canvas.
//
// Why uPlot (pinned in package.json): it is the smallest of the kept chart libraries
// that draws bars well: uPlot 1.6.32 is 22.0 KB gzipped (+0.8 KB of CSS), Chart.js
// 4.6.1 is 70.9 KB (its UMD build, min+gzip), and frappe-charts 1.6.2, 19.8 KB, has had
// no stable release since 2021 (its 2.0 is a release candidate). uPlot has no
// dependency. Its chunk is fetched with the dashboard's screen only (App.tsx).
//
// Only the picture: every figure is also in the table beside the chart (ChartFigure),
// so the canvas is hidden from assistive technology.
// Before uPlot: it reads the language at import.
import "./languageTag";
import "uplot/dist/uPlot.min.css";

import { useEffect, useRef } from "react";
import uPlot from "uplot";

import { fitLabel } from "./model";

export interface BarSeries {
  label: string;
  values: number[];
}

/** Colours told apart by people with the common colour-vision deficiencies (Okabe–Ito). */
const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"];

const HEIGHT = 220;

/** At most this many labels under the bars: a long period shows every few days. */
const MAX_LABELS = 12;
/** The room one label ("12 nov 2026", on two lines at most) needs, in CSS pixels. */
const LABEL_PX = 72;

/** Every how many bars a label is written, for the plot's width now. */
function labelStep(count: number, plotPx: number): number {
  const fits = Math.max(1, Math.min(MAX_LABELS, Math.floor(plotPx / LABEL_PX)));
  return Math.max(1, Math.ceil(count / fits));
}

function options(labels: string[], series: BarSeries[], width: number): uPlot.Options {
  const bars = uPlot.paths.bars?.({ size: [0.7, 64] });
  const paths = bars ? { paths: bars } : {};
  return {
    width,
    height: HEIGHT,
    legend: { show: series.length > 1, live: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, labels.length - 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
    },
    axes: [
      {
        splits: (u) => {
          const step = labelStep(labels.length, u.bbox.width / uPlot.pxRatio);
          return labels.map((_, i) => i).filter((i) => i % step === 0);
        },
        values: (u, splits) => splits.map((i) => fitLabel(labels[i] ?? "", u.bbox.width / uPlot.pxRatio / splits.length)),
        grid: { show: false },
      },
      { values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : "")) },
    ],
    series: [
      {},
      ...series.map((s, i) => ({
        label: s.label,
        fill: PALETTE[i % PALETTE.length] ?? "#0072B2",
        stroke: PALETTE[i % PALETTE.length] ?? "#0072B2",
        ...paths,
        points: { show: false },
      })),
    ],
  };
}

/** Bars over `labels`; several series are drawn over each other in order (see
 * `model.stacked`), the first the tallest. */
export function BarChart(props: { labels: string[]; series: BarSeries[]; testId: string; onDrawn?: (() => void) | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  const { labels, series, onDrawn } = props;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(240, el.clientWidth || 600);
    const data: uPlot.AlignedData = [labels.map((_, i) => i), ...series.map((s) => s.values)];
    const plot = new uPlot(options(labels, series, width()), data, el);
    onDrawn?.();
    const resized = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    resized.observe(el);
    return () => {
      resized.disconnect();
      plot.destroy();
    };
  }, [labels, series, onDrawn]);
  return <div ref={box} className="dashboard-chart" aria-hidden="true" data-testid={props.testId} />;
}

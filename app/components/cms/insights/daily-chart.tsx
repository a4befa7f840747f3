import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { formatCount, formatLongDay, formatShortDay } from "./insights-sections.ts";

/**
 * A daily chart of the Insights page, drawn by uPlot (docs/decisions/071: small, kept up, no
 * dependencies; this module is imported by the Insights route only, so the library never reaches a
 * public page). The canvas is drawn in the browser; the server sends its frame at its final size,
 * and the numbers are always in the table under the chart, so the chart itself is an image to
 * assistive technology. Days are the report's UTC days, one point or bar per day.
 */
export interface ChartSeries {
  label: string;
  /** What one of it is called in the day's readout: "page view", "visitor". */
  noun: string;
  /** One value per day. */
  values: number[];
  /** A hex colour: canvas and swatch alike (the brand's indigo and teal, docs/brand.md). */
  color: string;
  kind: "line" | "bars";
}

const AXIS_TEXT = "#475569"; // slate-600: AA on white
const GRID = "#e2e8f0"; // slate-200
const FONT = "12px 'Inter Variable', ui-sans-serif, system-ui, sans-serif";
/** Tick steps in days and in counts: whole days and whole numbers only. */
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364];
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000];

const withAlpha = (hex: string, alpha: number) => `${hex}${Math.round(alpha * 255).toString(16).padStart(2, "0")}`;

function chartOptions(days: string[], series: ChartSeries[], size: { width: number; height: number }, readout: HTMLElement | null): uPlot.Options {
  const narrow = size.width < 640;
  const showPoints = days.length <= 31;
  const hovers = window.matchMedia("(hover: hover)").matches;
  const describe = (index: number | null | undefined) => {
    if (!readout) return;
    readout.textContent =
      index === null || index === undefined
        ? // A mouse points, a finger taps (a tap moves the chart's cursor too); the table below has every day.
          hovers
          ? "Point at or tap the chart to read a day."
          : "Tap the chart to read a day."
        : `${formatLongDay(days[index]!)}: ${series.map((s) => `${formatCount(s.values[index] ?? 0)} ${s.noun}${s.values[index] === 1 ? "" : "s"}`).join(" · ")}`;
  };
  return {
    ...size,
    padding: [12, narrow ? 8 : 16, 0, 0],
    legend: { show: false },
    cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 8 } },
    scales: {
      // Day indexes, not times: the report's days are UTC, whatever the browser's zone.
      x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.12))] },
    },
    axes: [
      {
        stroke: AXIS_TEXT,
        font: FONT,
        grid: { show: false },
        ticks: { show: true, stroke: GRID, size: 4 },
        incrs: DAY_STEPS,
        // Fewer labels on a phone: at least this many pixels between two.
        space: narrow ? 72 : 64,
        values: (_u, splits) => splits.map((index) => (Number.isInteger(index) && days[index] ? formatShortDay(days[index]) : "")),
      },
      {
        stroke: AXIS_TEXT,
        font: FONT,
        size: narrow ? 40 : 52,
        grid: { stroke: GRID, width: 1 },
        ticks: { show: false },
        incrs: COUNT_STEPS,
        space: 32,
        values: (_u, splits) => splits.map((value) => formatCount(value)),
      },
    ],
    series: [
      {},
      ...series.map(
        (s): uPlot.Series =>
          s.kind === "bars"
            ? {
                label: s.label,
                stroke: s.color,
                fill: s.color,
                width: 0,
                points: { show: false },
                paths: uPlot.paths.bars!({ size: [0.7, 28], radius: 0.15 }),
              }
            : {
                label: s.label,
                stroke: s.color,
                width: 2,
                fill: series.indexOf(s) === 0 ? withAlpha(s.color, 0.08) : undefined,
                points: { show: showPoints, size: 5, fill: "#fff" },
              },
      ),
    ],
    hooks: { setCursor: [(u) => describe(u.cursor.idx)], ready: [() => describe(null)] },
  };
}

export function DailyChart({ days, series, label }: { days: string[]; series: ChartSeries[]; label: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const sizeOf = () => ({ width: element.clientWidth, height: element.clientHeight });
    const data: uPlot.AlignedData = [days.map((_, index) => index), ...series.map((s) => s.values)];
    let chart = new uPlot(chartOptions(days, series, sizeOf(), readout.current), data, element);
    let narrow = sizeOf().width < 640;
    const observer = new ResizeObserver(() => {
      const size = sizeOf();
      // Crossing the phone width changes the axes' spacing, which uPlot reads when it is made.
      if (size.width < 640 !== narrow) {
        narrow = size.width < 640;
        chart.destroy();
        chart = new uPlot(chartOptions(days, series, size, readout.current), data, element);
      } else {
        chart.setSize(size);
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days, series]);

  return (
    <div className="grid gap-3">
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground" aria-hidden="true">
        {series.map((s) => (
          <li key={s.label} className="inline-flex items-center gap-2">
            <span className={s.kind === "bars" ? "size-3 rounded-sm" : "h-0.5 w-4 rounded-full"} style={{ backgroundColor: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      {/* The frame has its size before the chart is drawn, so nothing moves when it is. */}
      <div ref={frame} role="img" aria-label={label} className="h-56 w-full overflow-hidden sm:h-72" />
      <p ref={readout} aria-hidden="true" className="min-h-5 text-xs text-muted-foreground" />
    </div>
  );
}

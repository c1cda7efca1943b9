/**
 * Pure shaping of a point series (contracts/point-series.ts) into what the chart draws: the value
 * line, the min/max band, flagged points, threshold lines and the y extent. No ECharts here, so the
 * shaping is testable without a canvas.
 */
import { alertColours } from '@aforo/contracts/constants';
import type { PointSeries, PointSeriesRow } from '@aforo/contracts/point-series';

/** [epoch ms, value]; a null value breaks the line (connectNulls false). */
export type ChartPair = [number, number | null];

export const chartPresets = ['24h', '7d', '30d', '1y'] as const;
export type ChartPreset = (typeof chartPresets)[number];
const presetMs: Record<ChartPreset, number> = {
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '1y': 365 * 86_400_000,
};

export interface TimeRange {
  from: number;
  to: number;
}

/** The range of a preset ending now, rounded up to the next minute so re-renders reuse the query. */
export function presetRange(preset: ChartPreset, now = Date.now()): TimeRange {
  const to = Math.ceil(now / 60_000) * 60_000;
  return { from: to - presetMs[preset], to };
}

const gapRow = (ts: number): PointSeriesRow => ({
  ts: new Date(ts).toISOString(),
  value: null,
  min: null,
  max: null,
  count: 0,
  flag: null,
});

/**
 * The rows of the whole view with a zoomed window's finer rows in place of the coarse ones inside
 * it. Gap rows at both joins keep a line from crossing from coarse to fine data where the fine data
 * does not reach the window's edge (the joins sit at the edges of the zoomed view, out of sight).
 */
export function mergeSeries(
  base: PointSeries | undefined,
  detail: PointSeries | undefined,
): PointSeriesRow[] {
  if (!base) return detail?.points ?? [];
  if (!detail || detail.port !== base.port) return base.points;
  const from = Date.parse(detail.from);
  const to = Date.parse(detail.to);
  const before = base.points.filter((r) => Date.parse(r.ts) < from);
  const after = base.points.filter((r) => Date.parse(r.ts) >= to);
  const inner = detail.points;
  const joinBefore = before.length > 0 && inner.length > 0 ? [gapRow(from - 1)] : [];
  const joinAfter = after.length > 0 && inner.length > 0 ? [gapRow(to)] : [];
  return [...before, ...joinBefore, ...inner, ...joinAfter, ...after];
}

export interface ChartData {
  value: ChartPair[];
  /** Lower edge of the min/max band and its height (stacked); empty when no row holds more than one measure. */
  bandLow: ChartPair[];
  bandSpread: ChartPair[];
  /** Rows flagged suspect (3) and failed (4), drawn as markers. */
  suspect: ChartPair[];
  failed: ChartPair[];
}

export function chartData(rows: PointSeriesRow[]): ChartData {
  const value: ChartPair[] = [];
  const bandLow: ChartPair[] = [];
  const bandSpread: ChartPair[] = [];
  const suspect: ChartPair[] = [];
  const failed: ChartPair[] = [];
  const banded = rows.some((r) => r.count > 1);
  for (const r of rows) {
    const t = Date.parse(r.ts);
    value.push([t, r.value]);
    if (banded) {
      const low = r.min;
      const spread = r.min === null || r.max === null ? null : r.max - r.min;
      bandLow.push([t, low]);
      bandSpread.push([t, spread]);
    }
    const at = r.value ?? r.max;
    if (at === null) continue;
    if (r.flag === 3) suspect.push([t, at]);
    if (r.flag === 4) failed.push([t, at]);
  }
  return { value, bandLow, bandSpread, suspect, failed };
}

export type ChartLineKind =
  | 'alertValue'
  | 'warningValue'
  | 'alertUpper'
  | 'alertLower'
  | 'warningUpper'
  | 'warningLower'
  | 'groundLevel';

export interface ChartLine {
  kind: ChartLineKind;
  value: number;
  colour: string;
  dashed: boolean;
}

const groundColour = '#8B5A2B';

/** Horizontal lines: warning yellow, alert red (docs/LIMITS.md colours), port limits dashed, ground level brown. */
export function chartLines(series: Pick<PointSeries, 'thresholds' | 'groundLevel'>): ChartLine[] {
  const t = series.thresholds;
  const candidates: [ChartLineKind, number | null, string, boolean][] = [
    ['alertValue', t.alertValue, alertColours.DANGER, false],
    ['warningValue', t.warningValue, alertColours.WARNING, false],
    ['alertUpper', t.alertUpper, alertColours.DANGER, true],
    ['alertLower', t.alertLower, alertColours.DANGER, true],
    ['warningUpper', t.warningUpper, alertColours.WARNING, true],
    ['warningLower', t.warningLower, alertColours.WARNING, true],
    ['groundLevel', series.groundLevel, groundColour, true],
  ];
  return candidates
    .filter((c): c is [ChartLineKind, number, string, boolean] => c[1] !== null)
    .map(([kind, value, colour, dashed]) => ({ kind, value, colour, dashed }));
}

/**
 * The y range: the data and every line, padded by 5 % so lines at the edge stay visible, on a round
 * tick interval (1, 2, 2.5 or 5 × 10^k, about 6 ticks) so the axis labels are regular. Lines are
 * included on purpose: how far the level is from the warning matters more than the detail of a
 * flat series. Undefined when there is nothing to draw.
 */
export function yExtent(
  rows: PointSeriesRow[],
  lines: ChartLine[],
): { min: number; max: number; interval: number } | undefined {
  const values = [
    ...rows.flatMap((r) => [r.min, r.max, r.value]).filter((v): v is number => v !== null),
    ...lines.map((l) => l.value),
  ];
  if (values.length === 0) return undefined;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || Math.max(Math.abs(high), 1);
  const pad = span * 0.05;
  const rough = (span + 2 * pad) / 6;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const interval = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= rough) ?? 10) * magnitude;
  // rounding keeps 0.1 + 0.2 style float noise out of the labels
  const round = (v: number) => Number(v.toPrecision(12));
  return {
    min: round(Math.floor((low - pad) / interval) * interval),
    max: round(Math.ceil((high + pad) / interval) * interval),
    interval: round(interval),
  };
}

/** Whether a zoom window is worth its own query: narrower than 90 % of the view. */
export function zoomWindow(view: TimeRange, startMs: number, endMs: number): TimeRange | null {
  const from = Math.max(view.from, Math.floor(startMs));
  const to = Math.min(view.to, Math.ceil(endMs));
  if (to - from <= 0 || to - from >= 0.9 * (view.to - view.from)) return null;
  // whole seconds: the server reads epoch seconds as well as ISO text
  return { from: Math.floor(from / 1000) * 1000, to: Math.ceil(to / 1000) * 1000 };
}

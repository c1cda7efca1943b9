/**
 * The point chart's range and port in the URL (docs/WEB.md: views are URLs): `range` is a preset
 * (24h, 7d, 30d, 1y; ending now) or `custom` with `from` and `to` (ISO 8601), `port` the port shown.
 * Missing or malformed values fall back to the last 7 days and the server's default port.
 */
import { chartPresets, presetRange, type ChartPreset, type TimeRange } from './point-chart-data';

export const chartRanges = [...chartPresets, 'custom'] as const;
export type ChartRange = (typeof chartRanges)[number];
export const defaultChartRange: ChartPreset = '7d';

export interface ChartUrlState {
  range: ChartRange;
  view: TimeRange;
  port: string | null;
}

const isPreset = (value: string | null): value is ChartPreset =>
  (chartPresets as readonly string[]).includes(value ?? '');

export function readChartUrl(params: URLSearchParams, now = Date.now()): ChartUrlState {
  const port = params.get('port') || null;
  const range = params.get('range');
  if (range === 'custom') {
    const from = Date.parse(params.get('from') ?? '');
    const to = Date.parse(params.get('to') ?? '');
    if (Number.isFinite(from) && Number.isFinite(to) && from < to) return { range, view: { from, to }, port };
  }
  const preset = isPreset(range) ? range : defaultChartRange;
  return { range: preset, view: presetRange(preset, now), port };
}

/** The params with the chart's state written in (other params of the page kept). */
export function writeChartUrl(
  params: URLSearchParams,
  state: { range: ChartRange; view?: TimeRange; port?: string | null },
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('range', state.range);
  if (state.range === 'custom' && state.view) {
    next.set('from', new Date(state.view.from).toISOString());
    next.set('to', new Date(state.view.to).toISOString());
  } else {
    next.delete('from');
    next.delete('to');
  }
  if (state.port !== undefined) {
    if (state.port) next.set('port', state.port);
    else next.delete('port');
  }
  return next;
}

/** The geometry of the river-level gauge: which values it spans and where each one sits. */
import type { RiverLevelView } from '@aforo/contracts/river-level';

export interface GaugeScale {
  min: number;
  max: number;
  /** The vertical pixel of a value (top = max). */
  y(value: number): number;
}

/** Every level the gauge draws, so none falls off it. */
function shownValues(level: RiverLevelView): number[] {
  const values = [
    level.current?.value,
    level.groundLevel,
    level.invertLevel,
    level.warningValue,
    level.alertValue,
    level.typical?.low,
    level.typical?.high,
    level.record?.value,
  ];
  return values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
}

/** A scale spanning the shown values plus 8 % either side, from pixel `top` to `bottom`. */
export function gaugeScale(level: RiverLevelView, top: number, bottom: number): GaugeScale {
  const values = shownValues(level);
  let min = values.length ? Math.min(...values) : 0;
  let max = values.length ? Math.max(...values) : 1;
  if (max - min < 1e-9) {
    min -= 0.5;
    max += 0.5;
  }
  const pad = (max - min) * 0.08;
  min -= pad;
  max += pad;
  const span = max - min;
  return { min, max, y: (value) => bottom - ((value - min) / span) * (bottom - top) };
}

export type TrendDirection = 'up' | 'down' | 'steady';

/** Below this many units an hour the level counts as steady (1 cm/h for a level in metres). */
export const steadyPerHour = 0.01;

export function trendDirection(perHour: number | null): TrendDirection | null {
  if (perHour === null) return null;
  if (perHour > steadyPerHour) return 'up';
  if (perHour < -steadyPerHour) return 'down';
  return 'steady';
}

/** How long ago, in the largest unit that fits, for Intl.RelativeTimeFormat. */
export function ageParts(ms: number): { value: number; unit: 'minute' | 'hour' | 'day' } {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.round(minutes / 60);
  if (hours < 48) return { value: hours, unit: 'hour' };
  return { value: Math.round(hours / 24), unit: 'day' };
}

/**
 * Label positions near their wanted ys but at least `gap` apart (in the order given, sorted by y),
 * kept inside [top, bottom]: close thresholds stay readable.
 */
export function spreadLabels(ys: number[], gap: number, top: number, bottom: number): number[] {
  const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y);
  const placed = order.map((o) => o.y);
  for (let k = 0; k < placed.length; k++) {
    placed[k] = Math.max(placed[k]!, top, k > 0 ? placed[k - 1]! + gap : top);
  }
  // pushed past the bottom: walk back up
  for (let k = placed.length - 1; k >= 0; k--) {
    placed[k] = Math.min(placed[k]!, k < placed.length - 1 ? placed[k + 1]! - gap : bottom);
  }
  const out = new Array<number>(ys.length);
  order.forEach((o, k) => (out[o.i] = placed[k]!));
  return out;
}

/**
 * One local day of one series, counted and classified (docs/REPORTS.md "Daily summaries"):
 * pure functions over the day's values in time order, so the job, the screens and the tests count
 * alike. The day's bounds (23 or 25 hours on a DST change) are the caller's: it passes the values
 * measured within them and the day's length.
 */
import {
  dayClassLimits,
  dayCriteria,
  dayJumpMetres,
  type DayClass,
  type DayCriterion,
  type DayReason,
  type ExclusionCause,
} from '@aforo/contracts/daily-summaries';

/** A stored value of the day: time in epoch ms; null = unusable (a failed reading), not counted. */
export interface DayValue {
  ts: number;
  value: number | null;
}

/** The point's levels that bound a plausible value; null = no bound on that side. */
export interface DayBounds {
  groundLevel: number | null;
  invertLevel: number | null;
}

export interface DaySummary {
  count: number;
  /** How many values the measure time asks for over the day's length. */
  expected: number;
  min: { ts: number; value: number } | null;
  max: { ts: number; value: number } | null;
  mean: number | null;
  first: { ts: number; value: number } | null;
  last: { ts: number; value: number } | null;
  outOfRange: number;
  jumps: number;
  longestEqualRun: number;
}

/** Values a measure time asks for in a day of `dayMs` (86,400,000 ms; 23 or 25 hours on DST days). */
export function expectedCount(dayMs: number, measureTimeSeconds: number): number {
  if (!(measureTimeSeconds > 0)) return 0;
  return Math.floor(dayMs / (measureTimeSeconds * 1000));
}

/** Counts a day's values (in time order). */
export function summariseDay(values: readonly DayValue[], bounds: DayBounds, expected: number): DaySummary {
  const usable = values.filter(
    (v): v is { ts: number; value: number } => v.value !== null && Number.isFinite(v.value),
  );
  let min: DaySummary['min'] = null;
  let max: DaySummary['max'] = null;
  let sum = 0;
  let outOfRange = 0;
  let jumps = 0;
  let run = 0;
  let longestEqualRun = 0;
  let previous: number | null = null;
  for (const v of usable) {
    if (!min || v.value < min.value) min = v;
    if (!max || v.value > max.value) max = v;
    sum += v.value;
    const below = bounds.invertLevel !== null && v.value < bounds.invertLevel;
    const above = bounds.groundLevel !== null && v.value > bounds.groundLevel;
    if (below || above) outOfRange += 1;
    if (previous !== null && Math.abs(v.value - previous) >= dayJumpMetres) jumps += 1;
    run = previous !== null && v.value === previous ? run + 1 : 1;
    longestEqualRun = Math.max(longestEqualRun, run);
    previous = v.value;
  }
  return {
    count: usable.length,
    expected,
    min,
    max,
    mean: usable.length > 0 ? sum / usable.length : null,
    first: usable[0] ?? null,
    last: usable.at(-1) ?? null,
    outOfRange,
    jumps,
    longestEqualRun,
  };
}

export interface DayClassification {
  class: DayClass;
  /** The criteria that made the day intermittent or incorrect (the worst level's only). */
  reasons: DayReason[];
  exclusion: ExclusionCause | null;
}

const countOf = (s: Pick<DaySummary, 'outOfRange' | 'jumps' | 'longestEqualRun'>, c: DayCriterion): number =>
  c === 'out_of_range' ? s.outOfRange : c === 'jumps' ? s.jumps : s.longestEqualRun;

/**
 * The day's class: excluded (with its cause) before anything else, then no transmission (no usable
 * value), incorrect (any criterion above its second limit), intermittent (any criterion at or over its
 * first limit), correct otherwise.
 */
export function classifyDay(
  s: Pick<DaySummary, 'count' | 'outOfRange' | 'jumps' | 'longestEqualRun'>,
  exclusion: ExclusionCause | null = null,
): DayClassification {
  if (exclusion) return { class: 'excluded', reasons: [], exclusion };
  if (s.count === 0) return { class: 'no_transmission', reasons: [], exclusion: null };
  const over = (level: 'incorrect' | 'intermittent'): DayReason[] =>
    dayCriteria.flatMap((criterion) => {
      const count = countOf(s, criterion);
      const limits = dayClassLimits[criterion];
      const limit = level === 'incorrect' ? limits.incorrectAbove + 1 : limits.intermittentFrom;
      return count >= limit ? [{ criterion, count, limit }] : [];
    });
  const incorrect = over('incorrect');
  if (incorrect.length > 0) return { class: 'incorrect', reasons: incorrect, exclusion: null };
  const intermittent = over('intermittent');
  if (intermittent.length > 0) return { class: 'intermittent', reasons: intermittent, exclusion: null };
  return { class: 'correct', reasons: [], exclusion: null };
}

/**
 * A sum without the binary noise of adding decimals (0.2 × 317 is not 63.400000000000006 mm of rain):
 * rounded to a millionth, far below any gauge's resolution.
 */
export function sumOf(values: ReadonlyArray<number | null>): number {
  let sum = 0;
  for (const v of values) if (v !== null) sum += v;
  return Math.round(sum * 1e6) / 1e6;
}

/** A stored daily summary as GET /api/daily-summaries answers it (contracts/src/daily-summaries.ts). */
import type {
  DailySummary,
  DayClass,
  DayReason,
  ExclusionCause,
  SeriesTotal,
} from '@aforo/contracts/daily-summaries';
import type { SummaryReadRow } from '../../reporting/reports.repository';

const timed = (value: number | null, at: Date | null) =>
  value === null || at === null ? null : { value, at: at.toISOString() };

export function toDailySummary(r: SummaryReadRow): DailySummary {
  return {
    pointId: r.pointId,
    port: r.port,
    day: r.day,
    main: r.main,
    class: r.class as DayClass,
    reasons: (Array.isArray(r.reasons) ? r.reasons : []) as DayReason[],
    exclusion: r.exclusion as ExclusionCause | null,
    count: r.count,
    expected: r.expected,
    hours: r.hours,
    min: timed(r.min, r.minAt),
    max: timed(r.max, r.maxAt),
    mean: r.mean,
    first: timed(r.first, r.firstAt),
    last: timed(r.last, r.lastAt),
    outOfRange: r.outOfRange,
    jumps: r.jumps,
    longestEqualRun: r.longestEqualRun,
    total: r.total,
    totalKind: r.totalKind as SeriesTotal | null,
    computedAt: r.computedAt.toISOString(),
  };
}

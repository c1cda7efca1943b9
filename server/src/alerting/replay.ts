/**
 * The replay preview of a point's alert tuning (docs/ALERTS.md "Replaying the tuning"): stored
 * measures of one series, in time order, run through the engine's own evaluator (evaluator.ts with
 * series-rules.ts) from an empty memory, and the alerts it opens counted by level. Only the threshold
 * types are replayed — the level alerts the point form tunes; jumps, flat runs and range checks are
 * left out, so they neither open nor hide anything here.
 */
import { alertTypeLevel } from '@aforo/contracts/alert-types';
import { emptySeriesState, evaluateSeries, type Sample } from './evaluator';
import { seriesRules, type RulePoint, type RulePort } from './series-rules';

export interface ReplayCounts {
  /** Alerts of level DANGER opened (DANGER, HIGH_THRESHOLD). */
  danger: number;
  /** Alerts of level WARNING opened (WARNING, LOW_THRESHOLD). */
  warning: number;
}

/** Counts the threshold alerts `samples` (oldest first) open with the point's and port's settings. */
export function replayThresholds(samples: readonly Sample[], point: RulePoint, port: RulePort): ReplayCounts {
  const rules = {
    ...seriesRules(point, port),
    jumpGap: null,
    flatSamples: null,
    rangeMin: null,
    rangeMax: null,
  };
  // every value judged as if it had just arrived: none is back-filled
  const { transitions } = evaluateSeries(emptySeriesState(), rules, samples, Number.NEGATIVE_INFINITY);
  const counts: ReplayCounts = { danger: 0, warning: 0 };
  for (const t of transitions) {
    if (t.action !== 'open') continue;
    const level = alertTypeLevel[t.type];
    if (level === 'DANGER') counts.danger += 1;
    else if (level === 'WARNING') counts.warning += 1;
  }
  return counts;
}

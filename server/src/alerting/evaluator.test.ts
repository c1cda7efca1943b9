import { describe, expect, it } from 'vitest';
import { emptySeriesState, evaluateSeries } from './evaluator';
import type { Sample, SeriesState, Transition } from './evaluator';
import { seriesRules } from './series-rules';
import type { RulePoint } from './series-rules';

const minute = 60_000;
const t0 = Date.UTC(2026, 10, 24, 10, 0);
const now = t0 + 24 * 60 * minute;

const river: RulePoint = {
  alertValue: 4,
  warningValue: 3,
  groundLevel: 6,
  invertLevel: 0,
  alertFlat: true,
  defaultAmountMeasuresFlat: 10,
  defaultAmountGapMeasureExceed: 3,
  transmissionTime: 900,
  kind: 'river',
};

/** Samples one minute apart from `start`, all valid unless the value is null (a sensor fault). */
const series = (values: (number | null)[], start = now - values.length * minute): Sample[] =>
  values.map((value, i) => ({ ts: start + i * minute, value, flag: value === null ? 4 : 1 }));

const brief = (transitions: Transition[]) => transitions.map((t) => `${t.action} ${t.type}@${t.value}`);

/** Feeds the batches one after another through JSON, the way the state is stored between them. */
function feed(point: RulePoint, batches: Sample[][], state: SeriesState = emptySeriesState()) {
  const rules = seriesRules(point);
  const all: Transition[] = [];
  for (const batch of batches) {
    const result = evaluateSeries(JSON.parse(JSON.stringify(state)) as SeriesState, rules, batch, now);
    state = result.state;
    all.push(...result.transitions);
  }
  return { state, transitions: all };
}

describe('alert evaluator', () => {
  it('a river crossing warning then danger and falling back opens each once and clears both', () => {
    const { transitions, state } = feed(river, [
      series([2, 2.5, 3.1, 3.5, 4.2, 4.6, 4.1, 3.95, 3.5, 2.9, 2.5]),
    ]);
    expect(brief(transitions)).toEqual([
      'open WARNING@3.1',
      'open DANGER@4.2',
      // 4 − 2 % = 3.92: 3.95 is inside the deadband, 3.5 is below it
      'clear DANGER@3.5',
      // 3 − 2 % = 2.94
      'clear WARNING@2.9',
    ]);
    expect(state.open).toEqual([]);
  });

  it('a value inside the deadband neither clears nor reopens', () => {
    const { transitions } = feed(river, [series([4.1, 3.95, 4.05, 3.93, 4.0])]);
    expect(brief(transitions)).toEqual(['open DANGER@4.1', 'open WARNING@4.1']);
  });

  it('on-delay: opens on the Nth consecutive sample beyond, counting across batches', () => {
    const point = { ...river, onDelay: 3, warningValue: null };
    const start = now - 10 * minute;
    const { transitions } = feed(point, [series([4.5, 4.6], start), series([4.7, 4.8], start + 2 * minute)]);
    expect(brief(transitions)).toEqual(['open DANGER@4.7']);
  });

  it('on-delay: a sample back inside restarts the count', () => {
    const point = { ...river, onDelay: 3, warningValue: null };
    const { transitions } = feed(point, [series([4.5, 4.6, 3.0, 4.5, 4.6]), series([4.7], now - 30_000)]);
    expect(brief(transitions)).toEqual(['open DANGER@4.7']);
  });

  it('off-delay: clears on the Mth consecutive sample inside the deadband', () => {
    const point = { ...river, offDelay: 2, warningValue: null };
    const { transitions } = feed(point, [series([4.5, 3.0, 4.2, 3.0, 3.9, 3.0, 3.0])]);
    // 4.2 between two insides resets the count; 3.9 < 3.92 is inside, so 3.0, 3.9 are the two in a row
    expect(brief(transitions)).toEqual(['open DANGER@4.5', 'clear DANGER@3.9']);
  });

  it('missing data never clears: no samples, no transitions, the state keeps the alert open', () => {
    const first = feed(river, [series([4.5])]);
    const after = feed(river, [[], []], first.state);
    expect(after.transitions).toEqual([]);
    expect(after.state.open.sort()).toEqual(['DANGER', 'WARNING']);
  });

  it('flat after 10 equal values, partial flat after 5, both clear on a new value', () => {
    const { transitions } = feed({ ...river, alertValue: null, warningValue: null }, [
      series([1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.21]),
    ]);
    expect(brief(transitions)).toEqual([
      'open PARTIAL_FLAT@1.2',
      'open FLAT@1.2',
      'clear PARTIAL_FLAT@1.21',
      'clear FLAT@1.21',
    ]);
    const fifth = transitions[0]!;
    expect(fifth.ts).toBe(now - 11 * minute + 4 * minute);
  });

  it('flat is off when the point says so, and for rain gauges', () => {
    const zeros = series(Array.from({ length: 12 }, () => 0));
    expect(feed({ ...river, alertFlat: false }, [zeros]).transitions).toEqual([]);
    expect(feed({ ...river, kind: 'rain_gauge', groundLevel: null }, [zeros]).transitions).toEqual([]);
  });

  it('a jump of 3 m opens JUMP, a second repeats it, a calm step clears it', () => {
    const point = { ...river, alertValue: null, warningValue: null, groundLevel: null };
    const { transitions } = feed(point, [series([1, 4.1, 0.5, 0.6])]);
    expect(brief(transitions)).toEqual(['open JUMP@4.1', 'repeat JUMP@0.5', 'clear JUMP@0.6']);
  });

  it('a 2.9 m step is no jump', () => {
    const point = { ...river, alertValue: null, warningValue: null };
    expect(feed(point, [series([1, 3.9])]).transitions).toEqual([]);
  });

  it('a sensor fault (flag 4) opens OUT_OF_RANGE and does not break a threshold', () => {
    const { transitions, state } = feed(river, [series([4.5, null, null, 4.6])]);
    expect(brief(transitions)).toEqual([
      'open DANGER@4.5',
      'open WARNING@4.5',
      'open OUT_OF_RANGE@null',
      'repeat OUT_OF_RANGE@null',
      'clear OUT_OF_RANGE@4.6',
    ]);
    expect(state.open.sort()).toEqual(['DANGER', 'WARNING']);
  });

  it('above ground and below the expected minimum are out of range', () => {
    const point = { ...river, alertValue: null, warningValue: null };
    const rules = seriesRules(point, { min_value_expected: 0.2 });
    const { transitions } = evaluateSeries(emptySeriesState(), rules, series([1, 6.5, 1, 0.1]), now);
    expect(brief(transitions)).toEqual([
      'open OUT_OF_RANGE@6.5',
      'open JUMP@6.5',
      'clear OUT_OF_RANGE@1',
      'repeat JUMP@1',
      'open OUT_OF_RANGE@0.1',
      'clear JUMP@0.1',
    ]);
  });

  it('port thresholds: alert_upper is HIGH_THRESHOLD, warning_lower LOW_THRESHOLD, alert_lower DANGER', () => {
    const point = { ...river, alertValue: null, warningValue: null, groundLevel: null, invertLevel: null };
    const rules = seriesRules(point, { alert_upper: 10, warning_lower: 2, alert_lower: 1 });
    const { transitions } = evaluateSeries(emptySeriesState(), rules, series([5, 10.5, 5, 1.9, 0.9, 5]), now);
    expect(brief(transitions).filter((t) => !t.includes('JUMP'))).toEqual([
      'open HIGH_THRESHOLD@10.5',
      'clear HIGH_THRESHOLD@5',
      'open LOW_THRESHOLD@1.9',
      'open DANGER@0.9',
      'clear DANGER@5',
      'clear LOW_THRESHOLD@5',
    ]);
  });

  it('out-of-order samples are recorded late and leave the state alone', () => {
    const first = feed(river, [series([2, 2.1, 2.2])]);
    const old = { ts: now - 60 * minute, value: 4.4, flag: 1 };
    const { transitions, state } = evaluateSeries(first.state, seriesRules(river), [old], now);
    expect(transitions).toEqual([
      { type: 'DANGER', action: 'late', ts: old.ts, value: 4.4, late: true },
      { type: 'WARNING', action: 'late', ts: old.ts, value: 4.4, late: true },
    ]);
    expect(state).toEqual(first.state);
  });

  it('a back-filled batch older than the no-transmission window runs in order but marks its alerts late', () => {
    const start = now - 10 * 60 * minute;
    const { transitions } = feed(river, [series([2, 4.5, 2], start), series([4.4], now - minute)]);
    expect(transitions.map((t) => [t.action, t.type, t.late])).toEqual([
      ['open', 'DANGER', true],
      ['open', 'WARNING', true],
      ['clear', 'DANGER', true],
      ['clear', 'WARNING', true],
      ['open', 'DANGER', false],
      ['open', 'WARNING', false],
    ]);
  });

  it('a threshold removed from the point clears its open alert at the next value', () => {
    const first = feed(river, [series([4.5], now - 5 * minute)]);
    const { transitions } = feed({ ...river, alertValue: null }, [series([4.5], now - minute)], first.state);
    expect(brief(transitions)).toEqual(['clear DANGER@4.5']);
  });

  it('a batch given out of order is evaluated by measurement time', () => {
    const samples = series([2, 4.5, 2.0]).reverse();
    expect(brief(feed({ ...river, warningValue: null }, [samples]).transitions)).toEqual([
      'open DANGER@4.5',
      'clear DANGER@2',
    ]);
  });
});

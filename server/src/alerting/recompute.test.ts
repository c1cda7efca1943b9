/**
 * The pure parts of the late-measure recompute (recompute.ts): the evaluator's memory rebuilt before
 * a moment continues exactly as the in-order evaluation did, and recomputed alerts keep the rows of
 * the stored ones they are.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlertType } from '@aforo/contracts/alert-types';
import {
  emptySeriesState,
  evaluateSeries,
  recomputeTail,
  stateBefore,
  type Sample,
  type SeriesState,
} from './evaluator';
import { episodesOf, reconcile, splitLate, recomputeWindowMs, type Episode } from './recompute';
import type { StoredAlert } from './recompute.repository';
import { seriesRules } from './series-rules';

const minute = 60_000;
const t0 = Date.UTC(2026, 10, 24, 10, 0);

/** Counters equal whether absent or 0; flat runs compared up to what a tail can show; open as a set. */
function comparable(state: SeriesState, tail: number) {
  const counts = (c: Partial<Record<AlertType, number>>) =>
    Object.fromEntries(Object.entries(c).filter(([, n]) => (n ?? 0) > 0));
  return {
    ...state,
    equalRun: Math.min(state.equalRun, tail),
    open: [...state.open].sort(),
    onCount: counts(state.onCount),
    offCount: counts(state.offCount),
  };
}

describe('stateBefore', () => {
  it('rebuilt from the samples before a moment and the alerts open then, continues as the in-order evaluation', () => {
    // levels around the danger (4) and warning (3) limits and their deadbands, repeats for flat
    // runs, faults (null) and values out of the range [0, 6]
    const value = fc.constantFrom(2, 2.9, 2.95, 3, 3.5, 3.9, 3.95, 4, 4.5, 5, 7, -1, null);
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 2, maxLength: 60 }),
        fc.nat(),
        fc.record({
          onDelay: fc.integer({ min: 1, max: 4 }),
          offDelay: fc.integer({ min: 1, max: 4 }),
          flat: fc.integer({ min: 2, max: 8 }),
          deadband: fc.constantFrom(null, 0.05, 0.5),
          jump: fc.constantFrom(1, 2.5, 100),
        }),
        (values, at, o) => {
          const rules = seriesRules({
            alertValue: 4,
            warningValue: 3,
            groundLevel: 6,
            invertLevel: 0,
            alertFlat: true,
            defaultAmountMeasuresFlat: o.flat,
            defaultAmountGapMeasureExceed: o.jump,
            transmissionTime: 900,
            kind: 'river',
            onDelay: o.onDelay,
            offDelay: o.offDelay,
            deadband: o.deadband,
          });
          const samples: Sample[] = values.map((v, i) => ({
            ts: t0 + i * minute,
            value: v,
            flag: v === null ? 4 : 1,
          }));
          const k = 1 + (at % (samples.length - 1));
          const now = t0;
          const whole = evaluateSeries(emptySeriesState(), rules, samples, now);
          const head = evaluateSeries(emptySeriesState(), rules, samples.slice(0, k), now);
          const valid = samples.slice(0, k).filter((s) => s.flag !== 4 && s.value !== null);
          const tail = valid.slice(-recomputeTail(rules));
          const rebuilt = stateBefore(rules, head.state.open, tail);
          const rest = evaluateSeries(rebuilt, rules, samples.slice(k), now);
          expect([...head.transitions, ...rest.transitions]).toEqual(whole.transitions);
          expect(comparable(rest.state, tail.length)).toEqual(comparable(whole.state, tail.length));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('splitLate', () => {
  it('takes late samples within 48 h of the evaluated time; older ones stay late records', () => {
    const last = t0;
    const stale = [last - recomputeWindowMs - 1, last - recomputeWindowMs, last - minute].map((ts) => ({
      ts,
      value: 1,
      flag: 1,
    }));
    const { recent, old } = splitLate(stale, last);
    expect(recent.map((s) => s.ts)).toEqual([last - recomputeWindowMs, last - minute]);
    expect(old.map((s) => s.ts)).toEqual([last - recomputeWindowMs - 1]);
  });
});

describe('reconcile', () => {
  const stored = (
    id: string,
    type: AlertType,
    opened: number,
    cleared: number | null,
    count = 1,
  ): StoredAlert => ({
    id,
    type,
    openedAt: t0 + opened * minute,
    openedValue: 9,
    lastAt: t0 + opened * minute,
    lastValue: 9,
    count,
    clearedAt: cleared === null ? null : t0 + cleared * minute,
    clearedValue: cleared === null ? null : 5,
    late: false,
  });
  const transition = (type: AlertType, action: 'open' | 'clear' | 'repeat', at: number) => ({
    type,
    action,
    ts: t0 + at * minute,
    value: action === 'clear' ? 5 : 9,
    late: false,
  });
  const from = t0 + 10 * minute;

  it('an alert open before the late sample keeps its row and ends where the recompute ends it', () => {
    const fresh = episodesOf(
      ['DANGER'],
      [transition('DANGER', 'clear', 10), transition('DANGER', 'open', 20)],
    );
    const plan = reconcile(from, [stored('d1', 'DANGER', 0, null)], fresh, new Map());
    expect(plan.rewrites.map((r) => [r.alert.id, r.next.openedAt, r.next.clearedAt])).toEqual([
      ['d1', t0, t0 + 10 * minute],
    ]);
    expect(plan.inserts.map((e) => [e.type, e.openedAt, e.clearedAt])).toEqual([
      ['DANGER', t0 + 20 * minute, null],
    ]);
    expect(plan.deletes).toEqual([]);
  });

  it('the same opening, or else an overlapping one, is the same alert; one found nowhere is deleted', () => {
    const rows = [
      stored('same', 'WARNING', 15, 30),
      stored('moved', 'DANGER', 25, null),
      stored('gone', 'JUMP', 40, 41),
    ];
    const fresh = episodesOf(
      [],
      [
        transition('WARNING', 'open', 15),
        transition('DANGER', 'open', 20),
        transition('WARNING', 'clear', 35),
        transition('WARNING', 'open', 50),
      ],
    );
    const plan = reconcile(from, rows, fresh, new Map());
    expect(plan.rewrites.map((r) => [r.alert.id, r.next.openedAt, r.next.clearedAt])).toEqual([
      ['same', t0 + 15 * minute, t0 + 35 * minute],
      ['moved', t0 + 20 * minute, null],
    ]);
    expect(plan.inserts.map((e) => [e.type, e.openedAt])).toEqual([['WARNING', t0 + 50 * minute]]);
    expect(plan.deletes.map((a) => a.id)).toEqual(['gone']);
  });

  it('a continuing repeat count swaps what the stored history counted from the late sample on for the recompute’s', () => {
    // stored: OUT_OF_RANGE counted 5 (2 of them after `from`); the recompute finds 1 repeat after it
    const fresh: Episode[] = episodesOf(['OUT_OF_RANGE'], [transition('OUT_OF_RANGE', 'repeat', 12)]);
    const row = { ...stored('f', 'OUT_OF_RANGE', 0, null, 5), lastAt: t0 + 14 * minute };
    const plan = reconcile(from, [row], fresh, new Map([['OUT_OF_RANGE', 2]]));
    expect(plan.rewrites.map((r) => [r.next.count, r.next.lastAt])).toEqual([[4, t0 + 12 * minute]]);
  });
});

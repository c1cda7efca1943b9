/**
 * The alert evaluator of one series (docs/ALERTS.md): pure, so that the same code runs in every ingest
 * process and its whole memory is the small state below, stored with the batch. Given that state, the
 * series' rules and the batch's samples in measurement-time order, it returns the new state and the
 * alert transitions to record. It never reads the clock: `now` is passed in.
 *
 * - Thresholds open after `onDelay` consecutive samples beyond them and clear after `offDelay`
 *   consecutive samples inside the deadband; a sample between the limit and the deadband resets both
 *   counters (hysteresis). Missing data never clears anything: only a measured value does.
 * - Samples older than the last evaluated one (out of order) cannot be replayed into the state; a
 *   threshold they cross is recorded as a `late` transition and the state is left alone. The engine
 *   hands such samples here only when they are older than its recompute window (recompute.ts):
 *   within it, it rebuilds the memory from before them (stateBefore) and evaluates the series again
 *   in time order.
 * - Samples older than `lateAfterMs` before now (a device emptying its store after an outage) run
 *   through the state normally, but their transitions are marked late: no "now" notification.
 */
import type { AlertType } from '@aforo/contracts/alert-types';
import { alertDefaults } from '@aforo/contracts/alert-types';
import type { SeriesRules, ThresholdRule } from './series-rules';

/** One committed measure of the series: epoch ms, interpreted value, QARTOD flag. */
export interface Sample {
  ts: number;
  value: number | null;
  flag: number;
}

/** Everything the evaluator remembers between batches (persisted as JSON, a few hundred bytes). */
export interface SeriesState {
  /** Epoch ms of the newest evaluated sample. */
  lastTs: number | null;
  /** The newest valid value (flag ≠ 4), for jumps and flat runs. */
  lastValue: number | null;
  /** Valid values in a row equal to lastValue (1 = just lastValue). */
  equalRun: number;
  /** Alert types the evaluator holds open for this series. */
  open: AlertType[];
  /** Consecutive samples beyond each threshold type not yet open (on-delay). */
  onCount: Partial<Record<AlertType, number>>;
  /** Consecutive samples inside the deadband of each open threshold type (off-delay). */
  offCount: Partial<Record<AlertType, number>>;
}

export type TransitionAction = 'open' | 'clear' | 'repeat' | 'late';

export interface Transition {
  type: AlertType;
  action: TransitionAction;
  ts: number;
  value: number | null;
  /** Back-filled: record it, do not notify "now". */
  late: boolean;
}

export const emptySeriesState = (): SeriesState => ({
  lastTs: null,
  lastValue: null,
  equalRun: 0,
  open: [],
  onCount: {},
  offCount: {},
});

/** Floating-point equality for flat runs: sensors repeat the same decimal, conversions add noise. */
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

function beyond(rule: ThresholdRule, value: number): boolean {
  return (rule.above !== null && value >= rule.above) || (rule.below !== null && value <= rule.below);
}

function band(limit: number, deadband: number | null): number {
  return deadband ?? Math.abs(limit) * alertDefaults.deadbandShare;
}

function insideDeadband(rule: ThresholdRule, value: number, deadband: number | null): boolean {
  const underTop = rule.above === null || value < rule.above - band(rule.above, deadband);
  const overBottom = rule.below === null || value > rule.below + band(rule.below, deadband);
  return underTop && overBottom;
}

function outOfRange(rules: SeriesRules, sample: Sample): boolean {
  if (sample.flag === 4 || sample.value === null) return true;
  return (
    (rules.rangeMin !== null && sample.value < rules.rangeMin) ||
    (rules.rangeMax !== null && sample.value > rules.rangeMax)
  );
}

class Run {
  readonly transitions: Transition[] = [];
  readonly open: Set<AlertType>;
  constructor(
    readonly state: SeriesState,
    readonly rules: SeriesRules,
  ) {
    this.open = new Set(state.open);
  }

  emit(type: AlertType, action: TransitionAction, sample: Sample, late: boolean) {
    if (action === 'open') this.open.add(type);
    if (action === 'clear') this.open.delete(type);
    this.transitions.push({ type, action, ts: sample.ts, value: sample.value, late });
  }

  /** Opens when the condition holds and the type is shut, clears when it is gone and the type open. */
  toggle(type: AlertType, holds: boolean, sample: Sample, late: boolean) {
    if (holds && !this.open.has(type)) this.emit(type, 'open', sample, late);
    else if (!holds && this.open.has(type)) this.emit(type, 'clear', sample, late);
  }

  threshold(rule: ThresholdRule, value: number, sample: Sample, late: boolean) {
    const { onCount, offCount } = this.state;
    if (!this.open.has(rule.type)) {
      offCount[rule.type] = 0;
      onCount[rule.type] = beyond(rule, value) ? (onCount[rule.type] ?? 0) + 1 : 0;
      if ((onCount[rule.type] ?? 0) >= this.rules.onDelay) {
        onCount[rule.type] = 0;
        this.emit(rule.type, 'open', sample, late);
      }
      return;
    }
    onCount[rule.type] = 0;
    offCount[rule.type] = insideDeadband(rule, value, this.rules.deadband)
      ? (offCount[rule.type] ?? 0) + 1
      : 0;
    if ((offCount[rule.type] ?? 0) >= this.rules.offDelay) {
      offCount[rule.type] = 0;
      this.emit(rule.type, 'clear', sample, late);
    }
  }

  step(sample: Sample, now: number) {
    const late = now - sample.ts > this.rules.lateAfterMs;
    const state = this.state;
    state.lastTs = sample.ts;
    const fault = outOfRange(this.rules, sample);
    if (this.open.has('OUT_OF_RANGE') && fault) this.emit('OUT_OF_RANGE', 'repeat', sample, late);
    else this.toggle('OUT_OF_RANGE', fault, sample, late);
    // a sensor fault carries no level: thresholds, jumps and flat runs skip it
    if (sample.flag === 4 || sample.value === null) return;
    const value = sample.value;
    for (const rule of this.rules.thresholds) this.threshold(rule, value, sample, late);
    const previous = state.lastValue;
    if (this.rules.jumpGap !== null && previous !== null) {
      const jumped = Math.abs(value - previous) >= this.rules.jumpGap;
      if (jumped && this.open.has('JUMP')) this.emit('JUMP', 'repeat', sample, late);
      else this.toggle('JUMP', jumped, sample, late);
    }
    state.equalRun = previous !== null && same(previous, value) ? state.equalRun + 1 : 1;
    state.lastValue = value;
    const flat = this.rules.flatSamples;
    if (flat !== null) {
      this.toggle('PARTIAL_FLAT', state.equalRun >= Math.ceil(flat / 2), sample, late);
      this.toggle('FLAT', state.equalRun >= flat, sample, late);
    }
  }

  /** An out-of-order sample: recorded if it crossed a threshold, never replayed into the state. */
  stale(sample: Sample) {
    if (sample.flag === 4 || sample.value === null) return;
    for (const rule of this.rules.thresholds)
      if (beyond(rule, sample.value))
        this.transitions.push({
          type: rule.type,
          action: 'late',
          ts: sample.ts,
          value: sample.value,
          late: true,
        });
  }
}

/** Evaluates a batch of one series. `samples` may come in any order; they are taken by time. */
export function evaluateSeries(
  previous: SeriesState,
  rules: SeriesRules,
  samples: readonly Sample[],
  now: number,
): { state: SeriesState; transitions: Transition[] } {
  const state: SeriesState = {
    ...previous,
    open: [...previous.open],
    onCount: { ...previous.onCount },
    offCount: { ...previous.offCount },
  };
  const run = new Run(state, rules);
  // types the rules no longer watch (the point's limits or flat setting changed) clear at the next
  // valid value; NO_TRANSMISSION belongs to the silence job, not to the values
  const watched = new Set<AlertType>([
    ...rules.thresholds.map((r) => r.type),
    'OUT_OF_RANGE',
    'NO_TRANSMISSION',
  ]);
  if (rules.jumpGap !== null) watched.add('JUMP');
  if (rules.flatSamples !== null) watched.add('FLAT').add('PARTIAL_FLAT');
  // the engine hands them over in order: copy and sort only when they are not
  const ordered = samples.some((x, i) => i > 0 && x.ts < samples[i - 1]!.ts)
    ? [...samples].sort((a, b) => a.ts - b.ts)
    : samples;
  for (const sample of ordered) {
    if (state.lastTs !== null && sample.ts <= state.lastTs) {
      run.stale(sample);
      continue;
    }
    if (run.open.size > 0 && sample.flag !== 4 && sample.value !== null)
      for (const type of [...run.open])
        if (!watched.has(type)) run.emit(type, 'clear', sample, now - sample.ts > rules.lateAfterMs);
    run.step(sample, now);
  }
  state.open = [...run.open];
  return { state, transitions: run.transitions };
}

/**
 * The memory the evaluator had just after `tail` (the series' samples before some moment, oldest
 * first) when the types in `open` were open then — what an in-order evaluation would have left, so
 * that samples from that moment on can be evaluated again (recompute.ts). Each counter is a trailing
 * run: the on-delay counts the last valid samples beyond a shut threshold, the off-delay the last
 * ones inside an open threshold's deadband, the flat run the last equal values; a fault (flag 4)
 * neither counts nor breaks a run, as in `step`. The tail needs as many valid samples as the longest
 * run that can matter (recomputeTail).
 */
export function stateBefore(
  rules: SeriesRules,
  open: readonly AlertType[],
  tail: readonly Sample[],
): SeriesState {
  const state = emptySeriesState();
  state.open = [...open];
  state.lastTs = tail.at(-1)?.ts ?? null;
  const values = tail.flatMap((x) => (x.flag === 4 || x.value === null ? [] : [x.value]));
  const trailing = (holds: (value: number) => boolean) => {
    let n = 0;
    while (n < values.length && holds(values[values.length - 1 - n]!)) n += 1;
    return n;
  };
  const last = values.at(-1);
  if (last !== undefined) {
    state.lastValue = last;
    state.equalRun = trailing((v) => same(v, last));
  }
  for (const rule of rules.thresholds)
    if (open.includes(rule.type))
      state.offCount[rule.type] = trailing((v) => insideDeadband(rule, v, rules.deadband));
    else state.onCount[rule.type] = trailing((v) => beyond(rule, v));
  return state;
}

/** How many valid samples before a moment stateBefore needs to rebuild every counter of `rules`. */
export const recomputeTail = (rules: SeriesRules) =>
  Math.max(rules.onDelay, rules.offDelay, rules.flatSamples ?? 1) + 1;

/**
 * What the evaluator checks for one series, derived from its point and port parameters (docs/ALERTS.md).
 *
 * Thresholds, one rule per alert type so that "one open alert per (series, type)" holds:
 *   DANGER          value ≥ the point's alert_value (its danger level) or ≤ the port's alert_lower
 *   HIGH_THRESHOLD  value ≥ the port's alert_upper                             (level DANGER)
 *   WARNING         value ≥ the point's warning_value or the port's warning_upper, the lower of both
 *   LOW_THRESHOLD   value ≤ the port's warning_lower                           (level WARNING)
 * Data checks: JUMP (|Δ| ≥ jump gap), FLAT (N equal values, when the point's alertFlat is on),
 * PARTIAL_FLAT (⌈N/2⌉ equal values), OUT_OF_RANGE (flag 4, below invert, above ground, outside the
 * port's expected min/max). Pulse ports (rain, volume) and status-pulse ports count events: long runs of
 * zeros and big steps are their normal life, so they get no FLAT, PARTIAL_FLAT or JUMP.
 */
import { alertDefaults } from '@aforo/contracts/alert-types';
import type { AlertType } from '@aforo/contracts/alert-types';

/** A limit crossed upwards (value ≥ above) and/or downwards (value ≤ below). */
export interface ThresholdRule {
  type: AlertType;
  above: number | null;
  below: number | null;
}

export interface SeriesRules {
  thresholds: ThresholdRule[];
  /** Consecutive samples beyond a threshold before it opens (≥ 1). */
  onDelay: number;
  /** Consecutive samples inside the deadband before it clears (≥ 1). */
  offDelay: number;
  /** Clear below limit − deadband (or above limit + deadband); null: a share of the limit. */
  deadband: number | null;
  jumpGap: number | null;
  /** Equal values in a row for FLAT; null: no flat checks. */
  flatSamples: number | null;
  /** Valid values lie within [min, max]; either may be open. */
  rangeMin: number | null;
  rangeMax: number | null;
  /** A sample older than this (ms before now) is back-filled: its alerts are recorded late. */
  lateAfterMs: number;
}

/** The point fields the rules read (a subset of the point row). */
export interface RulePoint {
  alertValue: number | null;
  warningValue: number | null;
  groundLevel: number | null;
  invertLevel: number | null;
  alertFlat: boolean;
  defaultAmountMeasuresFlat: number;
  defaultAmountGapMeasureExceed: number;
  transmissionTime: number;
  kind: string;
  onDelay?: number | null;
  offDelay?: number | null;
  deadband?: number | null;
}

/** The point row's columns the rules read, as drizzle names them (measurement_points). */
export type RulePointRow = Omit<RulePoint, 'onDelay' | 'offDelay' | 'deadband'> & {
  alertOnDelay: number;
  alertOffDelay: number;
  alertDeadband: number | null;
};

/** A point row as the rules read it: the demo's replay of its history and the tuning preview use it. */
export const rulePointOf = (row: RulePointRow): RulePoint => ({
  alertValue: row.alertValue,
  warningValue: row.warningValue,
  groundLevel: row.groundLevel,
  invertLevel: row.invertLevel,
  alertFlat: row.alertFlat,
  defaultAmountMeasuresFlat: row.defaultAmountMeasuresFlat,
  defaultAmountGapMeasureExceed: row.defaultAmountGapMeasureExceed,
  transmissionTime: row.transmissionTime,
  kind: row.kind,
  onDelay: row.alertOnDelay,
  offDelay: row.alertOffDelay,
  deadband: row.alertDeadband,
});

/** The port parameter fields the rules read (contracts PortParameters, possibly absent). */
export interface RulePort {
  type?: string | null;
  operation_mode?: string | null;
  alert_upper?: number | null;
  alert_lower?: number | null;
  warning_upper?: number | null;
  warning_lower?: number | null;
  min_value_expected?: number | null;
  max_value_expected?: number | null;
}

const lowest = (...values: (number | null | undefined)[]): number | null => {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return present.length === 0 ? null : Math.min(...present);
};
const highest = (...values: (number | null | undefined)[]): number | null => {
  const present = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return present.length === 0 ? null : Math.max(...present);
};

export function seriesRules(point: RulePoint, port: RulePort = {}): SeriesRules {
  const counting =
    port.type === 'pulse' || port.operation_mode === 'status pulse' || point.kind === 'rain_gauge';
  const thresholds: ThresholdRule[] = [
    { type: 'DANGER', above: lowest(point.alertValue), below: highest(port.alert_lower) },
    { type: 'HIGH_THRESHOLD', above: lowest(port.alert_upper), below: null },
    { type: 'WARNING', above: lowest(point.warningValue, port.warning_upper), below: null },
    { type: 'LOW_THRESHOLD', above: null, below: highest(port.warning_lower) },
  ];
  return {
    thresholds: thresholds.filter((rule) => rule.above !== null || rule.below !== null),
    onDelay: Math.max(1, point.onDelay ?? alertDefaults.onDelaySamples),
    offDelay: Math.max(1, point.offDelay ?? alertDefaults.offDelaySamples),
    deadband: point.deadband ?? null,
    jumpGap: counting ? null : point.defaultAmountGapMeasureExceed,
    flatSamples: counting || !point.alertFlat ? null : Math.max(2, point.defaultAmountMeasuresFlat),
    rangeMin: highest(point.invertLevel, port.min_value_expected),
    rangeMax: lowest(point.groundLevel, port.max_value_expected),
    // the no-transmission window: a value older than it is no longer news
    lateAfterMs: (2 * point.transmissionTime + 300) * 1000,
  };
}

/** Alert types, their groups and levels (docs/ALERTS.md "Transmission/alert types"). */
import type { AlertLevel } from './constants';

/** The spec's names, plus OUT_OF_RANGE for sensor faults and values outside the point's range. */
export const alertTypes = [
  'NO_TRANSMISSION',
  'FLAT',
  'DANGER',
  'WARNING',
  'JUMP',
  'PARTIAL_FLAT',
  'LOW_THRESHOLD',
  'HIGH_THRESHOLD',
  'OUT_OF_RANGE',
] as const;
export type AlertType = (typeof alertTypes)[number];

export const alertGroups = ['DANGER', 'WARNING', 'NO_TRANSMISSION', 'INVALID_DATA'] as const;
export type AlertGroup = (typeof alertGroups)[number];

/** docs/ALERTS.md table: each type has one group and one level. */
export const alertTypeGroup: Record<AlertType, AlertGroup> = {
  DANGER: 'DANGER',
  HIGH_THRESHOLD: 'DANGER',
  WARNING: 'WARNING',
  LOW_THRESHOLD: 'WARNING',
  NO_TRANSMISSION: 'NO_TRANSMISSION',
  JUMP: 'INVALID_DATA',
  FLAT: 'INVALID_DATA',
  PARTIAL_FLAT: 'INVALID_DATA',
  OUT_OF_RANGE: 'INVALID_DATA',
};

export const alertTypeLevel: Record<AlertType, Exclude<AlertLevel, 'OK'>> = {
  DANGER: 'DANGER',
  HIGH_THRESHOLD: 'DANGER',
  WARNING: 'WARNING',
  LOW_THRESHOLD: 'WARNING',
  NO_TRANSMISSION: 'NO_TRANSMISSION',
  JUMP: 'OUT_OF_RANGE',
  FLAT: 'OUT_OF_RANGE',
  PARTIAL_FLAT: 'OUT_OF_RANGE',
  OUT_OF_RANGE: 'OUT_OF_RANGE',
};

/** Worst first: a point's colour is its worst open level (docs/ALERTS.md). */
export const alertLevelRank: Record<AlertLevel, number> = {
  DANGER: 4,
  NO_TRANSMISSION: 3,
  WARNING: 2,
  OUT_OF_RANGE: 1,
  OK: 0,
};

/** The worst of some levels; OK when there are none. */
export function worstLevel(levels: Iterable<AlertLevel>): AlertLevel {
  let worst: AlertLevel = 'OK';
  for (const level of levels) if (alertLevelRank[level] > alertLevelRank[worst]) worst = level;
  return worst;
}

/** Defaults of the evaluator's point settings (docs/ALERTS.md). */
export const alertDefaults = {
  /** Consecutive samples beyond a threshold before it opens. */
  onDelaySamples: 1,
  /** Consecutive samples back inside the deadband before it clears. */
  offDelaySamples: 1,
  /** Deadband as a share of the threshold's magnitude, when the point sets none. */
  deadbandShare: 0.02,
  /** Flat: this many equal values in a row (docs/LIMITS.md). */
  flatSamples: 10,
  /** Jump: |value − previous| at least this, in the point's unit (docs/LIMITS.md "3 m jump"). */
  jumpGap: 3,
} as const;

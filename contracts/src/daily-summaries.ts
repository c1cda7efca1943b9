/**
 * A day of a series as the reports count it (docs/REPORTS.md "Daily summaries"): its class and
 * the reason for it. The limits are the product's (docs/REPORTS.md): a day is intermittent from the
 * first limit on and incorrect above the second, on any of three criteria.
 */
export const dayClasses = ['correct', 'intermittent', 'incorrect', 'no_transmission', 'excluded'] as const;
export type DayClass = (typeof dayClasses)[number];

/** What can make a day intermittent or incorrect. */
export const dayCriteria = ['out_of_range', 'jumps', 'equal_run'] as const;
export type DayCriterion = (typeof dayCriteria)[number];

/** Per criterion: intermittent from `intermittentFrom`, incorrect above `incorrectAbove`. */
export const dayClassLimits: Readonly<
  Record<DayCriterion, { intermittentFrom: number; incorrectAbove: number }>
> = {
  // values below the invert level or above the ground level
  out_of_range: { intermittentFrom: 6, incorrectAbove: 9 },
  // consecutive values |Δ| ≥ dayJumpMetres apart
  jumps: { intermittentFrom: 8, incorrectAbove: 10 },
  // the longest run of equal consecutive values
  equal_run: { intermittentFrom: 6, incorrectAbove: 9 },
};

/** A jump between two consecutive values of a day, in metres. */
export const dayJumpMetres = 3;

/** Why a day does not count: the device's state that day, or the point in test. */
export const exclusionCauses = ['device_maintenance', 'device_decommissioned', 'point_test'] as const;
export type ExclusionCause = (typeof exclusionCauses)[number];

/** One criterion that set the class: what was counted and the limit it reached. */
export interface DayReason {
  criterion: DayCriterion;
  count: number;
  /** The limit the count reached: intermittentFrom, or incorrectAbove + 1 for incorrect. */
  limit: number;
}

/**
 * Raw device value → direct, adjusted and interpreted values with a QARTOD flag (docs/MEASURES.md).
 * Pure: the ingestion path calls it per measure with the point's parameters for the port.
 */
import { isStorableValue } from '@aforo/contracts/device-protocol';
import { fluidDensities, type PortParameters } from '@aforo/contracts/point-parameters';
import type { PortType } from '@aforo/contracts/models';

export const standardGravity = 9.80665;
/** QARTOD flags: pass, suspect, fail. */
export const flags = { pass: 1, suspect: 3, fail: 4 } as const;
export type Flag = (typeof flags)[keyof typeof flags];

export interface PointLevels {
  groundLevel: number | null;
  invertLevel: number | null;
  levelDifference: number;
  /** The point's 4/20 mA values when the port has none of its own. */
  value4mA: number | null;
  value20mA: number | null;
}

export interface Converted {
  direct: number;
  /** null only when the conversion overflowed (a sensor fault) */
  adjusted: number | null;
  interpreted: number | null;
  flag: Flag;
  /** Why the flag is not "pass", for the operator (and the alert engine). */
  reason:
    | 'sensor_fault'
    | 'namur_suspect'
    | 'below_invert'
    | 'above_ground'
    | 'outside_expected'
    | 'sentinel'
    | null;
}

/** The read side's guard: a value that could not be stored today (∞, NaN, beyond ±1e12) reads as none. */
export const readable = (v: number | null): number | null => (isStorableValue(v) ? v : null);

const worst = (a: Flag, b: Flag): Flag => Math.max(a, b) as Flag;

/** NAMUR NE43: a live 4-20 mA loop stays within 3.8–20.5 mA; beyond that the sensor has failed. */
function namur(mA: number): { flag: Flag; reason: Converted['reason'] } {
  if (mA < 3.8 || mA > 20.5) return { flag: flags.fail, reason: 'sensor_fault' };
  if (mA < 4 || mA > 20) return { flag: flags.suspect, reason: 'namur_suspect' };
  return { flag: flags.pass, reason: null };
}

/**
 * The conversion of one raw value. A result that is not a finite number within
 * ±maxMeasureMagnitude (extreme parameters: a pulse factor of 1e300, a 4/20 mA span beyond a double)
 * is a sensor fault: flag 4 and no value, so nothing stored can overflow a chart's aggregates.
 */
export function convert(
  type: PortType,
  raw: number,
  port: Partial<PortParameters>,
  point: PointLevels,
  sentinels: readonly number[] = [],
): Converted {
  const c = convertValue(type, raw, port, point, sentinels);
  const adjustedOk = isStorableValue(c.adjusted);
  if (adjustedOk && (c.interpreted === null || isStorableValue(c.interpreted))) return c;
  return {
    direct: raw,
    adjusted: adjustedOk ? c.adjusted : null,
    interpreted: null,
    flag: flags.fail,
    reason: 'sensor_fault',
  };
}

function convertValue(
  type: PortType,
  raw: number,
  port: Partial<PortParameters>,
  point: PointLevels,
  sentinels: readonly number[],
): Converted & { adjusted: number } {
  let adjusted = raw;
  let level: number | null;
  let flag: Flag = flags.pass;
  let reason: Converted['reason'] = null;

  switch (type) {
    case 'current_4_20': {
      const v4 = port.value_4mA ?? point.value4mA;
      const v20 = port.value_20mA ?? point.value20mA;
      ({ flag, reason } = namur(raw));
      level =
        v4 === null || v4 === undefined || v20 === null || v20 === undefined || v4 === v20
          ? null
          : v4 + ((raw - 4) * (v20 - v4)) / 16;
      break;
    }
    case 'pressure': {
      // the device reports bar; level = P / (ρ · g)
      const density = port.fluid_density ?? fluidDensities[port.type_fluid ?? 'water_20c'];
      level = (raw * 100_000) / (density * standardGravity);
      break;
    }
    case 'ultrasonic':
    case 'radar': {
      // distance from the sensor down to the surface; the sensor sits at ground level
      if (sentinels.includes(raw))
        return { direct: raw, adjusted: raw, interpreted: null, flag: flags.fail, reason: 'sentinel' };
      level = point.groundLevel === null ? null : point.groundLevel - raw;
      break;
    }
    case 'pulse': {
      adjusted = raw * (port.factor_pulse ?? 1);
      // status pulse: 0/1 is a state (its labels come from state_zero/state_one), not an amount
      level =
        port.operation_mode === 'status pulse' ? (adjusted > 0 ? 1 : 0) : adjusted * (port.pulse_value ?? 1);
      return { direct: raw, adjusted, interpreted: level, flag, reason };
    }
  }

  if (level === null) return { direct: raw, adjusted, interpreted: null, flag, reason };
  const interpreted = level + point.levelDifference;
  if (point.invertLevel !== null && interpreted < point.invertLevel) {
    // below the bottom of the channel or well: physically impossible
    return { direct: raw, adjusted, interpreted, flag: flags.fail, reason: 'below_invert' };
  }
  if (point.groundLevel !== null && interpreted > point.groundLevel) {
    flag = worst(flag, flags.suspect);
    reason ??= 'above_ground';
  }
  const min = port.min_value_expected ?? null;
  const max = port.max_value_expected ?? null;
  if ((min !== null && interpreted < min) || (max !== null && interpreted > max)) {
    flag = worst(flag, flags.suspect);
    reason ??= 'outside_expected';
  }
  return { direct: raw, adjusted, interpreted, flag, reason };
}

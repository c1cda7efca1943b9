/**
 * What a demo device reports: the raw number for its port type (mA, bar, distance, pulse count),
 * the inverse of lib/conversion.ts convert(), and its battery and signal status.
 */
import type { PortType } from '@aforo/contracts/models';
import { fluidDensities, type PortParameters } from '@aforo/contracts/point-parameters';
import { standardGravity, type PointLevels } from '../lib/conversion';
import { hashText, normal, uniform } from './series-random';
import { day, hour, second, yearFraction } from './series-time';

export interface SeriesPort {
  key: string;
  type: PortType;
  parameters: Partial<PortParameters>;
}

// ---------------------------------------------------------------------------------------------
// Raw device values: the inverse of convert()

export const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;
/** Decimals each port type reports with. */
export const resolution: Record<PortType, number> = {
  current_4_20: 3,
  pressure: 4,
  ultrasonic: 3,
  radar: 3,
  pulse: 0,
};
/** One standard deviation of sensor noise, in the raw unit. */
export const noiseOf: Record<PortType, number> = {
  current_4_20: 0.004,
  pressure: 0.0003,
  ultrasonic: 0.004,
  radar: 0.002,
  pulse: 0,
};

/**
 * The raw value a device of this port type sends for a physical value, given the point's parameters:
 * the exact inverse of convert() (before rounding); null when the parameters cannot express it
 * (no 4/20 mA values, no ground level for a distance sensor).
 */
export function rawFromPhysical(
  type: PortType,
  physical: number,
  parameters: Partial<PortParameters>,
  levels: PointLevels,
): number | null {
  const level = physical - levels.levelDifference;
  switch (type) {
    case 'current_4_20': {
      const v4 = parameters.value_4mA ?? levels.value4mA;
      const v20 = parameters.value_20mA ?? levels.value20mA;
      if (v4 === null || v4 === undefined || v20 === null || v20 === undefined || v4 === v20) return null;
      return 4 + (16 * (level - v4)) / (v20 - v4);
    }
    case 'pressure': {
      const density = parameters.fluid_density ?? fluidDensities[parameters.type_fluid ?? 'water_20c'];
      return (level * density * standardGravity) / 100_000;
    }
    case 'ultrasonic':
    case 'radar':
      return levels.groundLevel === null ? null : levels.groundLevel - level;
    case 'pulse':
      // interpreted = count × factor_pulse × pulse_value; rain is the physical value itself
      return physical / ((parameters.pulse_value ?? 1) * (parameters.factor_pulse ?? 1));
  }
}

// ---------------------------------------------------------------------------------------------
// Device status

/** Battery voltage: a lithium pack sagging slowly over the year, a little lower in the cold. */
export function batteryAt(serial: string, t: number): number {
  const seed = hashText(serial);
  const start = 3.62 + 0.05 * uniform(seed, 1);
  // packs replaced every 18 months, each device on its own date
  const ageDays = (((t / day + 540 * uniform(seed, 3)) % 540) + 540) % 540;
  const cold = 0.03 * Math.cos(2 * Math.PI * yearFraction(t));
  return round(start - ageDays * 0.0006 - cold + 0.005 * normal(seed, Math.floor(t / hour)), 3);
}

/** Signal strength (dBm): a level per site with a few dB of jitter. */
export function rssiAt(serial: string, t: number): number {
  const seed = hashText(serial);
  return Math.round(-72 - 25 * uniform(seed, 2) + 3 * normal(seed, Math.floor(t / (5 * 60 * second))));
}

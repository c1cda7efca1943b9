/** QARTOD flags of measures (docs/MEASURES.md) with their badge colour and text key. */
import { measureFlags, type MeasureFlag } from '@aforo/contracts/measures';

export const flagColours: Record<MeasureFlag, string> = { 1: 'teal', 3: 'yellow', 4: 'red', 9: 'gray' };
export const flagKey = (flag: number) =>
  (measureFlags as readonly number[]).includes(flag) ? `telemetry.flags.${flag}` : 'telemetry.flags.other';
export const flagColour = (flag: number) => flagColours[flag as MeasureFlag] ?? 'gray';

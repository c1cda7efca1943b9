/**
 * Units of measure (docs/LIMITS.md "Unit groups"): the ten groups and the symbols a point may use. A point
 * stores the symbol only; one symbol may sit in several groups (m is a distance and a level), and
 * its group is derived where it is shown (`unitGroupOf`).
 */
import { z } from 'zod';

/**
 * A hydrometric set, SI first. Choices the spec leaves open:
 * - precipitation carries the 15-minute total besides the spec's mm/10min: 15 minutes is a common
 *   accumulation interval (the demo's rain gauges report it);
 * - pressure has mH₂O (metres of water column, "mca"), the unit level probes are calibrated in;
 * - flow rate carries m³, the totalised volume a pulse flow meter counts (a calculated unit of
 *   docs/LIMITS.md), since the spec's groups have no volume of their own;
 * - no m a.s.l.: the elevation of a point is its ground and invert level, measured levels are in m.
 */
export const unitGroups = {
  mass: ['kg', 'g', 't'],
  time: ['s', 'min', 'h'],
  force: ['N', 'kN'],
  distance: ['m', 'cm', 'mm', 'km'],
  level: ['m', 'cm', 'mm'],
  velocity: ['m/s', 'cm/s', 'km/h'],
  acceleration: ['m/s²'],
  precipitation: ['mm', 'mm/10min', 'mm/15min', 'mm/h'],
  pressure: ['bar', 'mbar', 'kPa', 'Pa', 'psi', 'mH₂O'],
  flow_rate: ['m³/s', 'L/s', 'm³/h', 'L/min', 'm³'],
} as const satisfies Record<string, readonly string[]>;

export type UnitGroup = keyof typeof unitGroups;
export type UnitSymbol = (typeof unitGroups)[UnitGroup][number];
export const unitGroupKeys = Object.keys(unitGroups) as UnitGroup[];
/** Every symbol once, in catalogue order. */
export const unitSymbols = [...new Set(Object.values(unitGroups).flat())] as UnitSymbol[];
export const unitSchema = z.enum(unitSymbols as [UnitSymbol, ...UnitSymbol[]]);

export function isUnitSymbol(value: string): value is UnitSymbol {
  return (unitSymbols as readonly string[]).includes(value);
}

/**
 * The group a stored symbol is shown in: the preferred group (e.g. level for a river point) when it
 * holds the symbol, otherwise the first group that does; undefined for a symbol outside the catalogue.
 */
export function unitGroupOf(symbol: string, preferred?: UnitGroup): UnitGroup | undefined {
  if (preferred && (unitGroups[preferred] as readonly string[]).includes(symbol)) return preferred;
  return unitGroupKeys.find((group) => (unitGroups[group] as readonly string[]).includes(symbol));
}

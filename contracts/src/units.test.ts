import { describe, expect, it } from 'vitest';
import { componentMagnitudes, componentTypeInputSchema, measureTypes } from './component-types';
import { portTypes } from './models';
import { calculatedUnits } from './point-parameters';
import { pointInputSchema, pointKindUnitGroup, pointKinds } from './points';
import { unitGroupKeys, unitGroupOf, unitGroups, unitSchema, unitSymbols } from './units';

describe('units catalogue (docs/LIMITS.md)', () => {
  it('has the ten unit groups of the spec, each with units', () => {
    expect(unitGroupKeys).toEqual([
      'mass',
      'time',
      'force',
      'distance',
      'level',
      'velocity',
      'acceleration',
      'precipitation',
      'pressure',
      'flow_rate',
    ]);
    for (const group of unitGroupKeys) expect(unitGroups[group].length, group).toBeGreaterThan(0);
  });

  it('holds the calculated units', () => {
    for (const unit of calculatedUnits) expect(unitSymbols).toContain(unit);
  });

  it('lists each symbol once and accepts only catalogue symbols, exactly', () => {
    expect(new Set(unitSymbols).size).toBe(unitSymbols.length);
    // symbols stay distinct ignoring case, so the migration's case-insensitive mapping is unambiguous
    expect(new Set(unitSymbols.map((s) => s.toLowerCase())).size).toBe(unitSymbols.length);
    for (const unit of ['m', 'mH₂O', 'L/s', 'mm/10min'])
      expect(unitSchema.safeParse(unit).success).toBe(true);
    for (const unit of ['M', 'metros', 'l/s', 'mca', '', ' m'])
      expect(unitSchema.safeParse(unit).success).toBe(false);
  });

  it('derives the group of a symbol, preferring the point kind’s', () => {
    expect(unitGroupOf('m')).toBe('distance');
    expect(unitGroupOf('m', 'level')).toBe('level');
    expect(unitGroupOf('mm', 'precipitation')).toBe('precipitation');
    expect(unitGroupOf('km', 'level')).toBe('distance');
    expect(unitGroupOf('furlong')).toBeUndefined();
    for (const kind of pointKinds) expect(unitGroupKeys).toContain(pointKindUnitGroup[kind]);
  });

  it('makes the point input refuse a free-text unit and default to m', () => {
    const base = {
      name: 'P',
      latitude: 1,
      longitude: 1,
      kind: 'river',
      measureTime: 900,
      transmissionTime: 3600,
    };
    expect(pointInputSchema.parse(base).unit).toBe('m');
    const refused = pointInputSchema.safeParse({ ...base, unit: 'metros' });
    expect(refused.success ? [] : refused.error.issues.map((i) => i.path.join('.'))).toEqual(['unit']);
  });
});

describe('component type lists (docs/VALIDATION.md)', () => {
  const input = {
    name: 'Sonda',
    magnitude: 'level',
    measureType: 'pressure',
    companyId: '11111111-1111-4111-8111-111111111111',
  };

  it('takes the magnitude from the unit groups and the measure type from a list with the port types', () => {
    expect(componentMagnitudes).toEqual(unitGroupKeys);
    for (const type of portTypes) expect(measureTypes).toContain(type);
    expect(componentTypeInputSchema.safeParse(input).success).toBe(true);
  });

  it('requires magnitude, measure type and company from their lists', () => {
    const fields = (value: object) => {
      const result = componentTypeInputSchema.safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => i.path.join('.')).sort();
    };
    expect(fields({ name: 'Sonda' })).toEqual(['companyId', 'magnitude', 'measureType']);
    expect(fields({ ...input, magnitude: 'Nivel', measureType: 'Presión', companyId: 'x' })).toEqual([
      'companyId',
      'magnitude',
      'measureType',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { convert, flags, type PointLevels } from './conversion';

const point: PointLevels = {
  groundLevel: null,
  invertLevel: null,
  levelDifference: 0,
  value4mA: null,
  value20mA: null,
};

describe('current 4-20 mA', () => {
  it('maps 12 mA on a 0 → 10 m range to 5.000 m', () => {
    const r = convert('current_4_20', 12, { value_4mA: 0, value_20mA: 10 }, point);
    expect(r.interpreted).toBeCloseTo(5, 6);
    expect([r.adjusted, r.flag]).toEqual([12, flags.pass]);
  });

  it('uses the point values when the port has none, and handles inverted ranges', () => {
    expect(convert('current_4_20', 8, {}, { ...point, value4mA: 2, value20mA: 6 }).interpreted).toBeCloseTo(
      3,
      6,
    );
    expect(convert('current_4_20', 4, { value_4mA: 10, value_20mA: 0 }, point).interpreted).toBeCloseTo(
      10,
      6,
    );
  });

  it('flags NAMUR NE43: under 3.8 or over 20.5 mA is a sensor fault, 3.8–4 and 20–20.5 suspect', () => {
    const range = { value_4mA: 0, value_20mA: 10 };
    expect(convert('current_4_20', 3.7, range, point)).toMatchObject({
      flag: flags.fail,
      reason: 'sensor_fault',
    });
    expect(convert('current_4_20', 20.6, range, point)).toMatchObject({
      flag: flags.fail,
      reason: 'sensor_fault',
    });
    expect(convert('current_4_20', 3.9, range, point)).toMatchObject({
      flag: flags.suspect,
      reason: 'namur_suspect',
    });
    expect(convert('current_4_20', 20.2, range, point)).toMatchObject({ flag: flags.suspect });
    expect(convert('current_4_20', 4, range, point).flag).toBe(flags.pass);
    expect(convert('current_4_20', 20, range, point).flag).toBe(flags.pass);
  });

  it('gives no interpreted value without a range', () => {
    expect(convert('current_4_20', 12, {}, point).interpreted).toBeNull();
  });
});

describe('pressure', () => {
  it('turns 0.35 bar of water at 20 °C into 3.5754 m', () => {
    expect(convert('pressure', 0.35, { type_fluid: 'water_20c' }, point).interpreted).toBeCloseTo(3.5754, 4);
    expect(convert('pressure', 0.35, {}, point).interpreted).toBeCloseTo(3.5754, 4);
  });

  it('uses hydraulic oil, gasoline or an explicit density', () => {
    expect(convert('pressure', 0.1, { type_fluid: 'hydraulic_oil' }, point).interpreted).toBeCloseTo(
      10_000 / (870 * 9.80665),
      6,
    );
    expect(convert('pressure', 0.1, { type_fluid: 'gasoline' }, point).interpreted).toBeCloseTo(
      10_000 / (745 * 9.80665),
      6,
    );
    expect(convert('pressure', 0.1, { fluid_density: 1025 }, point).interpreted).toBeCloseTo(
      10_000 / (1025 * 9.80665),
      6,
    );
  });
});

describe('ultrasonic and radar', () => {
  it('measure down from the ground level, and flag a sentinel as a fault', () => {
    const site = { ...point, groundLevel: 6.5 };
    expect(convert('radar', 2.25, {}, site).interpreted).toBeCloseTo(4.25, 6);
    expect(convert('ultrasonic', 1, {}, site).interpreted).toBeCloseTo(5.5, 6);
    expect(convert('radar', 9999, {}, site, [9999])).toMatchObject({
      interpreted: null,
      flag: flags.fail,
      reason: 'sentinel',
    });
  });
});

describe('pulse', () => {
  it('multiplies by the pulse factor and the pulse value (rain mm, volume m³)', () => {
    expect(convert('pulse', 7, { pulse_value: 0.2 }, point)).toMatchObject({ adjusted: 7, flag: flags.pass });
    expect(convert('pulse', 7, { pulse_value: 0.2 }, point).interpreted).toBeCloseTo(1.4, 6);
    expect(convert('pulse', 3, { factor_pulse: 10, pulse_value: 0.5 }, point)).toMatchObject({
      adjusted: 30,
      interpreted: 15,
    });
  });

  it('maps a status pulse to 0 or 1', () => {
    const mode = { operation_mode: 'status pulse' as const, state_zero: 'Cerrada', state_one: 'Abierta' };
    expect(convert('pulse', 0, mode, point).interpreted).toBe(0);
    expect(convert('pulse', 1, mode, point).interpreted).toBe(1);
  });
});

describe('level difference and out-of-range rules', () => {
  const range = { value_4mA: 0, value_20mA: 10 };
  const site: PointLevels = { ...point, groundLevel: 6, invertLevel: 0.5, levelDifference: 0.25 };

  it('adds the calibration offset', () => {
    expect(convert('current_4_20', 12, range, site).interpreted).toBeCloseTo(5.25, 6);
  });

  it('fails a level below the invert level (impossible) and marks one above the ground level suspect', () => {
    expect(convert('current_4_20', 4, range, site)).toMatchObject({
      flag: flags.fail,
      reason: 'below_invert',
    });
    expect(convert('current_4_20', 14, range, site)).toMatchObject({
      flag: flags.suspect,
      reason: 'above_ground',
    });
  });

  it('marks a value outside the expected min/max suspect', () => {
    const expected = { ...range, min_value_expected: 1, max_value_expected: 4 };
    expect(convert('current_4_20', 12, expected, site)).toMatchObject({
      flag: flags.suspect,
      reason: 'outside_expected',
    });
    expect(convert('current_4_20', 8, expected, site)).toMatchObject({ flag: flags.pass, reason: null });
  });
});

describe('results that are not numbers a chart can add up (issue 9)', () => {
  const fault = { interpreted: null, flag: flags.fail, reason: 'sensor_fault' };

  it('a 4-20 mA span beyond a double, or a value beyond ±1e12, is a sensor fault', () => {
    expect(convert('current_4_20', 12, { value_4mA: -1.7e308, value_20mA: 1.7e308 }, point)).toMatchObject({
      direct: 12,
      adjusted: 12,
      ...fault,
    });
    // 20 mA on a 0 → 1e300 range: finite, but no level is that high
    expect(convert('current_4_20', 20, { value_4mA: 0, value_20mA: 1e300 }, point)).toMatchObject(fault);
  });

  it('pressure with a huge reading, radar with a huge level difference', () => {
    expect(convert('pressure', 1e12, {}, point)).toMatchObject(fault);
    expect(
      convert('radar', 1, {}, { ...point, groundLevel: 5, levelDifference: Number.MAX_VALUE }),
    ).toMatchObject(fault);
    expect(
      convert('ultrasonic', 1, {}, { ...point, groundLevel: 5, levelDifference: -Number.MAX_VALUE * 2 }),
    ).toMatchObject(fault);
  });

  it('a pulse factor that overflows leaves no adjusted value either; a huge pulse value only the level', () => {
    expect(convert('pulse', 1e12, { factor_pulse: 1e300 }, point)).toMatchObject({
      direct: 1e12,
      adjusted: null,
      ...fault,
    });
    expect(
      convert('pulse', 1e12, { factor_pulse: 1e300, operation_mode: 'status pulse' }, point),
    ).toMatchObject({ adjusted: null, ...fault });
    expect(convert('pulse', 5, { pulse_value: 1e300 }, point)).toMatchObject({ adjusted: 5, ...fault });
  });

  it('a NaN level (∞ − ∞) never passes as a good value', () => {
    const r = convert(
      'current_4_20',
      4,
      { value_4mA: Number.MAX_VALUE, value_20mA: -Number.MAX_VALUE },
      {
        ...point,
        levelDifference: Number.MAX_VALUE,
      },
    );
    expect(r).toMatchObject(fault);
  });
});

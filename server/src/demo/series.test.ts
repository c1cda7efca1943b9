import { describe, expect, it } from 'vitest';
import { convert, flags, type PointLevels } from '../lib/conversion';
import { faultWindowStart, jumpStep, namurFault, sampleAt } from './series';
import { rawFromPhysical, type SeriesPort } from './series-device';
import { physicalValue, rainBetween, type SeriesSite } from './series-physical';
import { day, hour } from './series-time';

const levels = (over: Partial<PointLevels> = {}): PointLevels => ({
  groundLevel: null,
  invertLevel: null,
  levelDifference: 0,
  value4mA: null,
  value20mA: null,
  ...over,
});

const river: SeriesSite = {
  key: 'Ebro en Zaragoza (Puente de Piedra)',
  kind: 'river',
  latitude: 41.6563,
  longitude: -0.8773,
  groundLevel: 6.5,
  invertLevel: 0,
  warningValue: 4,
  alertValue: 5.2,
};
const site = (over: Partial<SeriesSite>): SeriesSite => ({ ...river, ...over });
const start = Date.UTC(2025, 10, 1);
/** Every 15 minutes over `days`. */
const times = (days: number, step = 15 * 60_000) =>
  Array.from({ length: Math.floor((days * day) / step) }, (_, i) => start + i * step);

/** Each kind of site with the port type and parameters the demo gives it. */
const cases: Array<{
  name: string;
  site: SeriesSite;
  port: SeriesPort;
  levels: PointLevels;
  tolerance: number;
}> = [
  {
    name: 'river, radar distance from ground level',
    site: river,
    port: { key: 'ai1', type: 'radar', parameters: {} },
    levels: levels({ groundLevel: 6.5, invertLevel: 0, levelDifference: 0.12 }),
    tolerance: 0.015, // 5 σ of 2 mm noise + rounding to mm
  },
  {
    name: 'channel, 4-20 mA on 0 → 5 m',
    site: site({
      key: 'Canal Imperial',
      kind: 'channel',
      groundLevel: 3,
      warningValue: 2.3,
      alertValue: 2.6,
    }),
    port: { key: 'ai1', type: 'current_4_20', parameters: { value_4mA: 0, value_20mA: 5 } },
    levels: levels({ groundLevel: 3, invertLevel: 0 }),
    tolerance: 0.01,
  },
  {
    name: 'well, pressure of water at 20 °C',
    site: site({ key: 'Pozo de Tauste', kind: 'well', groundLevel: null, invertLevel: null }),
    port: { key: 'ai1', type: 'pressure', parameters: { type_fluid: 'water_20c' } },
    levels: levels(),
    tolerance: 0.02, // 5 σ of 0.3 mbar ≈ 3 mm noise
  },
  {
    name: 'tank, ultrasonic distance',
    site: site({ key: 'Depósito', kind: 'tank', groundLevel: 6, warningValue: 5.2, alertValue: 5.6 }),
    port: { key: 'ai1', type: 'ultrasonic', parameters: {} },
    levels: levels({ groundLevel: 6, invertLevel: 0 }),
    tolerance: 0.025, // 5 σ of 4 mm noise
  },
];

describe('raw values invert the conversion', () => {
  it.each(cases)('$name: convert(raw) gives the physical level within the sensor noise', (c) => {
    let worst = 0;
    for (const t of times(10)) {
      const s = sampleAt(c.site, c.port, c.levels, t, 900)!;
      const back = convert(c.port.type, s.raw, c.port.parameters, c.levels);
      expect(back.flag).not.toBe(flags.fail);
      worst = Math.max(worst, Math.abs(back.interpreted! - s.physical));
    }
    expect(worst).toBeLessThan(c.tolerance);
    // the noise is there: not every value is the exact inverse
    expect(worst).toBeGreaterThan(0);
  });

  it('pressure: 3.5754 m of water at 20 °C is 0.35 bar (the worked value of conversion.test)', () => {
    expect(rawFromPhysical('pressure', 3.5754, { type_fluid: 'water_20c' }, levels())).toBeCloseTo(0.35, 4);
  });

  it('cannot express a level without the parameters the conversion needs', () => {
    expect(rawFromPhysical('current_4_20', 1, {}, levels())).toBeNull();
    expect(rawFromPhysical('radar', 1, {}, levels())).toBeNull();
    expect(sampleAt(river, { key: 'ai1', type: 'radar', parameters: {} }, levels(), start, 900)).toBeNull();
  });

  it('rain gauge: pulse counts are whole tips whose total is the rain that fell', () => {
    const gauge = site({
      key: 'Pluviómetro de Valencia (Viveros)',
      kind: 'rain_gauge',
      latitude: 39.48,
      longitude: -0.37,
    });
    const port: SeriesPort = { key: 'p1', type: 'pulse', parameters: { pulse_value: 0.2 } };
    let tips = 0;
    let zeros = 0;
    const step = 10 * 60_000;
    const all = times(365, step);
    for (const t of all) {
      const s = sampleAt(gauge, port, levels(), t, 600)!;
      expect(Number.isInteger(s.raw)).toBe(true);
      const mm = convert('pulse', s.raw, port.parameters, levels()).interpreted!;
      expect(Math.abs(mm - s.physical)).toBeLessThan(0.2 * 3); // ≤ one tip per storm under way
      tips += s.raw;
      if (s.raw === 0) zeros++;
    }
    const total = rainBetween(gauge, all[0]! - step, all.at(-1)!);
    // whole tips only: at most one tip short per storm
    expect(tips * 0.2).toBeLessThanOrEqual(total + 1e-9);
    expect(tips * 0.2).toBeGreaterThan(total - 0.2 * 60);
    // a Mediterranean year: a few hundred mm, and no rain most of the time
    expect(total).toBeGreaterThan(150);
    expect(total).toBeLessThan(900);
    expect(zeros / all.length).toBeGreaterThan(0.9);
  });
});

describe('physical series', () => {
  it('is deterministic: the same site and time give the same value; another site differs', () => {
    const port: SeriesPort = { key: 'ai1', type: 'radar', parameters: {} };
    const lv = levels({ groundLevel: 6.5, invertLevel: 0 });
    const a = times(3).map((t) => sampleAt(river, port, lv, t, 900)!.raw);
    const b = times(3).map((t) => sampleAt(river, port, lv, t, 900)!.raw);
    expect(a).toEqual(b);
    const other = times(3).map((t) => sampleAt(site({ key: 'Ebro en Tudela' }), port, lv, t, 900)!.raw);
    expect(other).not.toEqual(a);
  });

  it('a river rises after rain at its site and recedes afterwards', () => {
    // the biggest storm of the year at a rain gauge placed at the river
    const gauge = { ...river, kind: 'rain_gauge' as const };
    let wettest = { t: 0, mm: 0 };
    for (let t = start; t < start + 365 * day; t += 6 * hour) {
      const mm = rainBetween(gauge, t - 6 * hour, t);
      if (mm > wettest.mm) wettest = { t, mm };
    }
    expect(wettest.mm).toBeGreaterThan(10);
    const before = physicalValue(river, wettest.t - 12 * hour, 900);
    const peak = Math.max(
      ...Array.from({ length: 48 }, (_, i) => physicalValue(river, wettest.t + i * hour, 900)),
    );
    const weekLater = physicalValue(river, wettest.t + 10 * day, 900);
    expect(peak - before).toBeGreaterThan(0.3);
    expect(weekLater).toBeLessThan(peak - 0.2);
    expect(peak).toBeLessThan(river.groundLevel!);
  });

  it('a tank fills at night and empties by day, inside its walls', () => {
    const tank = site({ key: 'Depósito de Logroño Norte', kind: 'tank', groundLevel: 6, warningValue: 5.2 });
    const dayStart = Date.UTC(2026, 2, 10) - hour; // local midnight (UTC+1)
    const at = (h: number) => physicalValue(tank, dayStart + h * hour, 900);
    expect(at(6)).toBeGreaterThan(at(0) + 1);
    expect(at(23)).toBeLessThan(at(6) - 1);
    for (const t of times(60)) {
      const v = physicalValue(tank, t, 900);
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThan(6);
    }
  });

  it('a channel holds setpoints: mostly steady, stepping now and then', () => {
    const channel = site({
      key: 'Canal de Lodosa en Mendavia',
      kind: 'channel',
      groundLevel: 2.8,
      warningValue: 2.1,
    });
    const values = times(30).map((t) => physicalValue(channel, t, 900));
    const steps = values.slice(1).map((v, i) => Math.abs(v - values[i]!));
    const steady = steps.filter((s) => s < 0.02).length / steps.length;
    expect(steady).toBeGreaterThan(0.8);
    expect(Math.max(...steps)).toBeGreaterThan(0.05);
  });
});

describe('faults', () => {
  const port: SeriesPort = { key: 'ai1', type: 'radar', parameters: {} };
  const lv = levels({ groundLevel: 6.5, invertLevel: 0 });
  const year = times(365);

  it('flat: inside each window the raw value repeats exactly, outside it moves', () => {
    const samples = year.map((t) => sampleAt(river, port, lv, t, 900, { kind: 'flat' })!);
    const flat = samples.filter((s) => s.fault === 'flat');
    expect(flat.length).toBeGreaterThan(10 * 12); // ~21 windows of 36 h
    let longest = 0;
    let run = 1;
    for (let i = 1; i < samples.length; i++) {
      run = samples[i]!.raw === samples[i - 1]!.raw ? run + 1 : 1;
      longest = Math.max(longest, run);
    }
    expect(longest).toBeGreaterThanOrEqual(36 * 4);
    // outside the windows no run reaches the flat-alert count (10 equal values)
    let cleanRun = 1;
    for (let i = 1; i < samples.length; i++) {
      const same = samples[i]!.fault === null && samples[i]!.raw === samples[i - 1]!.raw;
      cleanRun = same ? cleanRun + 1 : 1;
      expect(cleanRun).toBeLessThan(10);
    }
  });

  it('jump: the level reads 3.2 m high inside the window and converts to that', () => {
    const samples = year.map((t) => sampleAt(river, port, lv, t, 900, { kind: 'jump' })!);
    const jumped = samples.filter((s) => s.fault === 'jump');
    expect(jumped.length).toBeGreaterThan(0);
    for (const s of jumped) {
      const back = convert('radar', s.raw, {}, lv).interpreted!;
      expect(back - s.physical).toBeCloseTo(jumpStep, 1);
    }
    // the first sample of a window steps up by more than the default jump gap (3 m)
    const i = samples.findIndex((s, k) => s.fault === 'jump' && samples[k - 1]?.fault === null);
    const step =
      convert('radar', samples[i]!.raw, {}, lv).interpreted! -
      convert('radar', samples[i - 1]!.raw, {}, lv).interpreted!;
    expect(step).toBeGreaterThan(3);
  });

  it('out of range: NAMUR failure current on 4-20 mA, below invert on distance sensors — both flag 4', () => {
    const mA: SeriesPort = { key: 'ai1', type: 'current_4_20', parameters: { value_4mA: 0, value_20mA: 5 } };
    const channel = site({ key: 'Canal de Lodosa en Mendavia', kind: 'channel', groundLevel: 2.8 });
    const loop = year.map((t) => sampleAt(channel, mA, lv, t, 900, { kind: 'out_of_range' })!);
    const bad = loop.filter((s) => s.fault === 'out_of_range');
    expect(bad.length).toBeGreaterThan(0);
    expect(bad.every((s) => s.raw === namurFault)).toBe(true);
    expect(convert('current_4_20', namurFault, mA.parameters, levels()).reason).toBe('sensor_fault');
    expect(loop.filter((s) => s.fault === null).every((s) => s.raw >= 4)).toBe(true);

    const tank = site({ key: 'Depósito de Sagunto', kind: 'tank', groundLevel: 5, warningValue: 4.2 });
    const tankLevels = levels({ groundLevel: 5, invertLevel: 0 });
    const us: SeriesPort = { key: 'ai1', type: 'ultrasonic', parameters: {} };
    const below = year
      .map((t) => sampleAt(tank, us, tankLevels, t, 900, { kind: 'out_of_range' })!)
      .filter((s) => s.fault === 'out_of_range');
    expect(below.length).toBeGreaterThan(0);
    for (const s of below) {
      const r = convert('ultrasonic', s.raw, {}, tankLevels);
      expect([r.flag, r.reason]).toEqual([flags.fail, 'below_invert']);
    }
  });

  it('windows are periodic in absolute time, so two runs agree on them', () => {
    const t = start + 123 * day;
    expect(faultWindowStart('x', 'flat', t)).toBe(faultWindowStart('x', 'flat', t));
    const inside = year.filter((u) => faultWindowStart(river.key, 'jump', u) !== null).length;
    // 10 h every 23 days ≈ 1.8 % of the time
    expect(inside / year.length).toBeGreaterThan(0.01);
    expect(inside / year.length).toBeLessThan(0.03);
  });

  it('silent: nothing from `since` on, and nothing at all without it', () => {
    const since = start + 2 * day;
    expect(sampleAt(river, port, lv, since - 1, 900, { kind: 'silent', since })).not.toBeNull();
    expect(sampleAt(river, port, lv, since, 900, { kind: 'silent', since })).toBeNull();
    expect(sampleAt(river, port, lv, start, 900, { kind: 'silent' })).toBeNull();
  });
});

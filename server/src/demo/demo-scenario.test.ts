/**
 * The live scenario through the real evaluator: each scenario device's series as the simulator
 * samples it (sampleAt at the default 10-s step), converted as ingestion converts it, evaluated by
 * evaluateSeries with the rules of its point, gives the alerts demo-scenario.ts promises, in time.
 */
import { describe, expect, it } from 'vitest';
import type { AlertType } from '@aforo/contracts/alert-types';
import { evaluateSeries, emptySeriesState, type SeriesState, type Transition } from '../alerting/evaluator';
import { seriesRules } from '../alerting/series-rules';
import { convert } from '../lib/conversion';
import { demoModels } from './demo';
import { demoEquipment, demoSites } from './demo-sites';
import { faultAt, levelsOf, portsAtPoint, type SimulatedPoint } from './device-plan';
import { liveScenario, scenarioFault } from './demo-scenario';
import { sampleAt } from './series';

const step = 10_000;
const minute = 60_000;
// a start outside every periodic fault window of these sites (checked below)
const start = Date.UTC(2026, 2, 10, 9, 0, 0);

const sites = [...demoSites.norte, ...demoSites.levante];

function pointOf(name: string) {
  const site = sites.find((s) => s.name === name)!;
  const kit = demoEquipment[site.kind];
  const point: SimulatedPoint = {
    name,
    kind: site.kind,
    latitude: site.lat,
    longitude: site.lon,
    groundLevel: site.ground ?? null,
    invertLevel: site.ground !== undefined ? 0 : null,
    warningValue: site.warning ?? null,
    alertValue: site.alert ?? null,
    levelDifference: 0,
    value4mA: null,
    value20mA: null,
    measureTime: site.measure ?? 900,
    parameters: { [kit.port]: kit.parameters },
  };
  const model = demoModels.find((m) => m.name === kit.model)!;
  return { site, point, ports: portsAtPoint(model.ports, point), model };
}

interface Seen extends Transition {
  /** minutes after the simulator's start */
  at: number;
}

/** What the engine records for this point from 10 minutes before the start to `until` after it. */
function run(name: string, until = 12 * minute, fault = scenarioFault(name, faultAt(name), start, step)) {
  const { site, point, ports, model } = pointOf(name);
  const port = ports[0]!;
  const sentinels = model.ports.find((p) => p.key === port.key)?.sentinels ?? [];
  const rules = seriesRules(
    {
      alertValue: point.alertValue,
      warningValue: point.warningValue,
      groundLevel: point.groundLevel,
      invertLevel: point.invertLevel,
      alertFlat: true,
      defaultAmountMeasuresFlat: 10,
      defaultAmountGapMeasureExceed: 3,
      transmissionTime: site.transmission ?? 3600,
      kind: point.kind,
    },
    { ...port.parameters, type: port.type },
  );
  let state: SeriesState = emptySeriesState();
  const seen: Seen[] = [];
  const sent: number[] = [];
  for (let t = start - 10 * minute; t <= start + until; t += step) {
    const s = sampleAt(port.site, port, levelsOf(point), t, step / 1000, fault);
    if (!s) continue;
    sent.push(t);
    const c = convert(port.type, s.raw, port.parameters, levelsOf(point), sentinels);
    const r = evaluateSeries(state, rules, [{ ts: t, value: c.interpreted, flag: c.flag }], t + 1000);
    state = r.state;
    seen.push(...r.transitions.map((x) => ({ ...x, at: (x.ts - start) / minute })));
  }
  return { seen, sent, state };
}

const first = (seen: Seen[], type: AlertType, action: 'open' | 'clear') =>
  seen.find((s) => s.type === type && s.action === action)?.at;

describe('the live demo scenario', () => {
  it('starts outside the periodic fault windows, so only the scenario acts (a quiet baseline)', () => {
    for (const name of Object.keys(liveScenario)) {
      const { seen } = run(name, 0);
      expect(seen, name).toEqual([]);
    }
  });

  it('the Ebro at Zaragoza rises through warning to danger and falls back: both open, then clear', () => {
    const { seen, state } = run('Ebro en Zaragoza (Puente de Piedra)');
    const warningOpen = first(seen, 'WARNING', 'open')!;
    const dangerOpen = first(seen, 'DANGER', 'open')!;
    const dangerClear = first(seen, 'DANGER', 'clear')!;
    const warningClear = first(seen, 'WARNING', 'clear')!;
    expect(warningOpen).toBeGreaterThan(1);
    expect(dangerOpen).toBeGreaterThan(warningOpen);
    expect(dangerClear).toBeGreaterThan(dangerOpen);
    expect(warningClear).toBeGreaterThan(dangerClear);
    expect(warningClear).toBeLessThan(10);
    // a flood wave, not a fault: no jump, no flat, nothing else
    expect(new Set(seen.map((s) => s.type))).toEqual(new Set(['WARNING', 'DANGER']));
    expect(seen.filter((s) => s.action === 'open')).toHaveLength(2);
    expect(state.open).toEqual([]);
  });

  it('the Arga radar sticks: PARTIAL_FLAT after 5 equal values, FLAT after 10, both clear', () => {
    const { seen, state } = run('Arga en Pamplona (Rotxapea)');
    const partial = first(seen, 'PARTIAL_FLAT', 'open')!;
    const flat = first(seen, 'FLAT', 'open')!;
    expect(partial).toBeGreaterThanOrEqual(1);
    expect(flat - partial).toBeCloseTo((5 * step) / minute, 5);
    expect(first(seen, 'FLAT', 'clear')).toBeLessThan(5);
    expect(first(seen, 'PARTIAL_FLAT', 'clear')).toBeLessThan(5);
    expect(state.open).toEqual([]);
  });

  it('3.6 mA on the Canal de Lodosa and below invert at Sagunto: OUT_OF_RANGE (flag 4), then clear', () => {
    for (const name of ['Canal de Lodosa en Mendavia', 'Depósito de Sagunto']) {
      const { seen, state } = run(name);
      expect(first(seen, 'OUT_OF_RANGE', 'open'), name).toBeGreaterThanOrEqual(1.5);
      expect(first(seen, 'OUT_OF_RANGE', 'clear'), name).toBeLessThan(6);
      expect(seen.filter((s) => s.action === 'repeat').length, name).toBeGreaterThan(5);
      expect(state.open, name).toEqual([]);
    }
  });

  it('a false echo on the Ebro at Tudela: JUMP up at 2:00 and down at 3:00 (≥ 3 m)', () => {
    const { seen } = run('Ebro en Tudela');
    const jumps = seen.filter((s) => s.type === 'JUMP' && s.action === 'open').map((s) => s.at);
    expect(jumps).toEqual([2, 3]);
    // the false echo wavers: no flat line on top of it (3.2 m up may read above warning, as a real
    // false echo would)
    expect(seen.filter((s) => s.type.includes('FLAT'))).toEqual([]);
  });

  it('Pozo de Villena goes silent: its No Transmission deadline falls within 8 minutes', () => {
    const { sent } = run('Pozo de Villena');
    const { site } = pointOf('Pozo de Villena');
    const last = Math.max(...sent.filter((t) => t < start + 5 * minute));
    const deadline = last + (2 * site.transmission! + 300) * 1000;
    expect((deadline - start) / minute).toBeLessThan(8);
    // back at 10:00: the first value clears it (the engine's clearSilence)
    expect(sent.some((t) => t >= start + 10 * minute)).toBe(true);
    expect(sent.some((t) => t > start + minute && t < start + 10 * minute)).toBe(false);
  });

  it('rain over Huesca while the river rises: tips every sample of the first 4 minutes', () => {
    const { point, ports } = pointOf('Pluviómetro de Huesca');
    const port = ports[0]!;
    const fault = scenarioFault(point.name, undefined, start, step);
    const tips = (t: number) => sampleAt(port.site, port, levelsOf(point), t, 10, fault)!.raw;
    for (let t = start; t < start + 4 * minute; t += step) expect(tips(t)).toBeGreaterThanOrEqual(3);
    expect(tips(start + 5 * minute)).toBeLessThan(3);
  });
});

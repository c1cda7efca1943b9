/** The physical quantity of a demo site at any instant: a level in m, or rain in mm per interval. */
import type { PortType } from '@aforo/contracts/models';
import { hashText, smoothstep, uniform, valueNoise } from './series-random';
import { day, hour, localDay, localHour, localOffset, second, year, yearFraction } from './series-time';

export const pointKinds = ['river', 'channel', 'well', 'tank', 'rain_gauge'] as const;
export type PointKind = (typeof pointKinds)[number];

/** What the series of a site depends on: its identity seeds every random draw. */
export interface SeriesSite {
  /** Stable identity (the point's name): the same key gives the same series on every run. */
  key: string;
  kind: PointKind;
  latitude: number;
  longitude: number;
  groundLevel: number | null;
  invertLevel: number | null;
  warningValue: number | null;
  alertValue: number | null;
}

// ---------------------------------------------------------------------------------------------
// Weather: storms shared by the sites of one region, so rain gauges and rivers nearby agree

interface Storm {
  start: number;
  duration: number;
  /** mm at the site */
  depth: number;
}

/** Sites within the same 2° square share their storms. */
const regionOf = (site: SeriesSite) =>
  hashText(`region:${Math.floor(site.latitude / 2)}:${Math.floor(site.longitude / 2)}`);

/** Rainy days peak in autumn (Mediterranean Spain), a second smaller peak in spring, dry summers. */
function stormChance(t: number): number {
  const f = yearFraction(t);
  return 0.09 + 0.07 * Math.cos(2 * Math.PI * (f - 0.83)) + 0.025 * Math.cos(4 * Math.PI * (f - 0.3));
}

/** The storm starting on day `d` at this site, if any. */
function stormOn(region: number, siteSeed: number, d: number): Storm | null {
  const t = d * day;
  if (uniform(region, d, 1) >= stormChance(t)) return null;
  // some storms miss a site of the region; the others fall harder or softer there
  if (uniform(siteSeed, d, 2) < 0.15) return null;
  const regional = -Math.log(1 - uniform(region, d, 3) * 0.985) * 14; // mean ≈ 14 mm, tail to ~60
  const depth = regional * (0.5 + uniform(siteSeed, d, 4));
  return {
    start: t - localOffset + uniform(region, d, 5) * day,
    duration: (1 + uniform(region, d, 6) * 7) * hour,
    depth,
  };
}

/** Share of a storm's rain fallen by `dt` after its start: triangular hyetograph peaking at 35 %. */
function stormShare(dt: number, duration: number): number {
  if (dt <= 0) return 0;
  if (dt >= duration) return 1;
  const c = 0.35 * duration;
  return dt <= c
    ? (dt * dt) / (duration * c)
    : 1 - ((duration - dt) * (duration - dt)) / (duration * (duration - c));
}

/**
 * Rain (mm) in (from, to]. With a quantum (a tipping bucket's mm per tip) it counts whole tips of
 * each storm, so the tips of consecutive intervals add up to the storm's rain.
 */
export function rainBetween(site: SeriesSite, from: number, to: number, quantum = 0): number {
  const region = regionOf(site);
  const seed = hashText(site.key);
  let mm = 0;
  // storms last ≤ 8 h, so only those starting the day before through the last day can fall here
  for (let d = localDay(from) - 1; d <= localDay(to); d++) {
    const s = stormOn(region, seed, d);
    if (!s) continue;
    const [a, b] = [
      s.depth * stormShare(from - s.start, s.duration),
      s.depth * stormShare(to - s.start, s.duration),
    ];
    mm += quantum > 0 ? (Math.floor(b / quantum) - Math.floor(a / quantum)) * quantum : b - a;
  }
  return Math.max(mm, 0);
}

// ---------------------------------------------------------------------------------------------
// Physical models per kind of site

/** River: base flow with its season, storm rises after rain with a recession, soft cap below ground. */
function riverLevel(site: SeriesSite, t: number): number {
  const seed = hashText(site.key);
  const region = regionOf(site);
  const ground = site.groundLevel ?? 6;
  const warning = site.warningValue ?? ground * 0.65;
  const base0 = warning * (0.22 + 0.1 * uniform(seed, 1));
  const f = yearFraction(t);
  // high water in late winter (rain and snowmelt), lowest in August
  const base =
    base0 * (1 + 0.3 * Math.cos(2 * Math.PI * (f - 0.15))) * (1 + 0.06 * valueNoise(seed, t / (3 * day))) +
    0.01 * base0 * Math.sin((2 * Math.PI * localHour(t)) / 24);
  // this river's response: time to peak and recession (bigger rivers are slower)
  const lag = (1 + 2 * uniform(seed, 2)) * hour;
  const toPeak = (4 + 10 * uniform(seed, 3)) * hour;
  const recession = (20 + 36 * uniform(seed, 4)) * hour;
  const gain = ((warning - base0) * (0.6 + 0.3 * uniform(seed, 5))) / 14; // m per mm of rain
  let rise = 0;
  // 16 days back: a recession of ≤ 56 h has faded to nothing by then
  for (let d = localDay(t) - 16; d <= localDay(t); d++) {
    const s = stormOn(region, seed, d);
    if (!s) continue;
    const dt = t - (s.start + 0.35 * s.duration + lag);
    if (dt <= 0) continue;
    const shape =
      dt < toPeak ? Math.sin((Math.PI / 2) * (dt / toPeak)) ** 2 : Math.exp(-(dt - toPeak) / recession);
    rise += gain * s.depth * shape;
  }
  // the flood plain spreads the water: the level approaches ground but does not pass it
  const room = Math.max(ground - base, 0.1) * 0.97;
  return base + room * Math.tanh(rise / room);
}

/** Channel: regulated, holding setpoints that change in steps twice a day; higher in irrigation season. */
function channelLevel(site: SeriesSite, t: number): number {
  const seed = hashText(site.key);
  const warning = site.warningValue ?? (site.groundLevel ?? 3) * 0.75;
  const block = 12 * hour;
  const setpoint = (b: number) => {
    const mid = b * block + block / 2;
    const f = yearFraction(mid);
    const season = 0.78 + 0.22 * Math.cos(2 * Math.PI * (f - 0.55)); // peak in July
    const steps = [0.6, 0.7, 0.8, 0.9];
    return warning * season * steps[Math.floor(uniform(seed, b) * steps.length)]!;
  };
  const b = Math.floor(t / block);
  const ramp = smoothstep((t - b * block) / (45 * 60 * second));
  const level = setpoint(b - 1) + (setpoint(b) - setpoint(b - 1)) * ramp;
  return level + 0.015 * valueNoise(seed, t / hour);
}

/** Well: water column over the sensor, seasonal recharge, summer pumping by day, a slow decline. */
function wellLevel(site: SeriesSite, t: number): number {
  const seed = hashText(site.key);
  const column = 8 + 6 * uniform(seed, 1);
  const f = yearFraction(t);
  const summer = Math.max(0, Math.cos(2 * Math.PI * (f - 0.58)));
  const h = localHour(t);
  const pumping = smoothstep((h - 7) / 1.5) * (1 - smoothstep((h - 19) / 2));
  const yearsSince2026 = (t - Date.UTC(2026, 0, 1)) / year;
  return (
    column +
    1.1 * Math.cos(2 * Math.PI * (f - 0.3)) -
    0.45 * summer * pumping -
    0.15 * yearsSince2026 +
    0.05 * valueNoise(seed, t / (2 * day))
  );
}

/** Tank: filled by the pumps at night, emptied by the town by day (faster at breakfast and dinner). */
function tankLevel(site: SeriesSite, t: number): number {
  const seed = hashText(site.key);
  const ground = site.groundLevel ?? 6;
  const warning = site.warningValue ?? ground * 0.85;
  const d = localDay(t);
  // each day's top and bottom vary; now and then a float switch fails and it overfills past warning
  const high = (n: number) =>
    uniform(seed, n, 1) < 0.02 ? warning + 0.15 : warning - 0.25 - 0.5 * uniform(seed, n, 2);
  const low = (n: number) => ground * (0.3 + 0.15 * uniform(seed, n, 3));
  const h = localHour(t);
  if (h < 6) return low(d) + (high(d) - low(d)) * smoothstep(h / 6);
  // cumulative share of the day's consumption from 06:00 to 24:00 (two peaks, never negative)
  const x = (h - 6) / 18;
  const consumed = x - (0.75 / (4 * Math.PI)) * Math.sin(4 * Math.PI * x);
  return high(d) + (low(d + 1) - high(d)) * consumed;
}

/**
 * The physical value of a site at `t`: a level in m, or for a rain gauge the rain (mm) fallen in the
 * interval that ends at `t`.
 */
export function physicalValue(site: SeriesSite, t: number, intervalSeconds: number): number {
  switch (site.kind) {
    case 'river':
      return riverLevel(site, t);
    case 'channel':
      return channelLevel(site, t);
    case 'well':
      return wellLevel(site, t);
    case 'tank':
      return tankLevel(site, t);
    case 'rain_gauge':
      return rainBetween(site, t - intervalSeconds * second, t);
  }
}

/** Which physical series a port carries: pulse ports count rain wherever they are. */
export function seriesKindOf(pointKind: PointKind, portType: PortType): PointKind | null {
  if (portType === 'pulse') return 'rain_gauge';
  return pointKind === 'rain_gauge' ? null : pointKind;
}

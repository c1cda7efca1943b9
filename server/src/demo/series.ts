/**
 * Synthetic hydrometric series for the demo and the device simulator. Pure and random-access: every
 * value is a function of (site, time) drawn from a seeded hash, never of the values before it, so
 * the seed's back-filled year and the live simulator produce one continuous series, and a restart
 * picks up exactly where the last run left off.
 *
 * Two layers: the *physical* quantity of the site (a level in m, or rain in mm per interval), then
 * the *raw* number the device sends for its port type (mA, bar, distance, pulse count), which is the
 * inverse of lib/conversion.ts convert() plus a little sensor noise. Faults act on either layer.
 */
import type { PortType } from '@aforo/contracts/models';
import { fluidDensities, type PortParameters } from '@aforo/contracts/point-parameters';
import { standardGravity, type PointLevels } from '../lib/conversion';

export const pointKinds = ['river', 'channel', 'well', 'tank', 'rain_gauge'] as const;
export type PointKind = (typeof pointKinds)[number];

/** `storm` is no fault of the device: a burst of rain, or the flood wave it sends down a river. */
export const faultKinds = ['flat', 'jump', 'out_of_range', 'silent', 'storm'] as const;
export type FaultKind = (typeof faultKinds)[number];

/** An interval [from, to) in epoch ms. */
export interface Span {
  from: number;
  to: number;
}

export interface Fault {
  kind: FaultKind;
  /** silent: epoch ms from which the device sends nothing (absent: never sends, unless `also`). */
  since?: number;
  /** The fault acts only between these instants (epoch ms) instead of in its periodic windows. */
  window?: Span;
  /** Further spans besides the periodic windows: the live scenario of demo-scenario.ts. */
  also?: Span[];
}

/** A silent fault without any span: the device never sends (the simulator gives it no client). */
export const neverSends = (fault: Fault | undefined): boolean =>
  fault?.kind === 'silent' && fault.since === undefined && !fault.window && !fault.also?.length;

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

export interface SeriesPort {
  key: string;
  type: PortType;
  parameters: Partial<PortParameters>;
}

export interface Sample {
  /** epoch ms */
  t: number;
  /** The clean physical value (level in m, rain in mm over the interval), before any fault. */
  physical: number;
  /** What the device sends. */
  raw: number;
  /** The fault acting on this sample, if any. */
  fault: FaultKind | null;
}

export const second = 1000;
export const hour = 3_600_000;
export const day = 86_400_000;
const year = 365.2425 * day;
/** Spain's winter offset: daily cycles (pumping, consumption) follow local time, not UTC. */
const localOffset = hour;

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** FNV-1a: a 32-bit seed from a text. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A 32-bit hash of a seed and integers (murmur3 finaliser per step). */
function mix(seed: number, ...values: number[]): number {
  let h = seed >>> 0;
  for (const v of values) {
    // fold values beyond 32 bits (day and millisecond counts) into the hash
    h ^= Math.imul((v | 0) ^ Math.floor(v / 4_294_967_296), 0x9e3779b1);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** Uniform in [0, 1), the same for the same arguments. */
export function uniform(seed: number, ...values: number[]): number {
  return mix(seed, ...values) / 4_294_967_296;
}

/** Standard normal, the same for the same arguments (Box-Muller on two hashed uniforms). */
function normal(seed: number, ...values: number[]): number {
  const u = Math.max(uniform(seed, ...values, 1), 1e-12);
  const v = uniform(seed, ...values, 2);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** mulberry32: a sequential seeded PRNG, for choices made once (not per instant). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const smoothstep = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));

/** Smooth noise in [-1, 1]: hashed values at integer x, eased in between. */
function valueNoise(seed: number, x: number): number {
  const i = Math.floor(x);
  const a = uniform(seed, i) * 2 - 1;
  const b = uniform(seed, i + 1) * 2 - 1;
  return a + (b - a) * smoothstep(x - i);
}

/** Fraction of the year (0 = 1 January) and hour of the local day. */
const yearFraction = (t: number) => (((t / year) % 1) + 1) % 1;
const localHour = (t: number) => ((((t + localOffset) % day) + day) % day) / hour;
const localDay = (t: number) => Math.floor((t + localOffset) / day);

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

// ---------------------------------------------------------------------------------------------
// Raw device values: the inverse of convert()

const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;
/** Decimals each port type reports with. */
const resolution: Record<PortType, number> = {
  current_4_20: 3,
  pressure: 4,
  ultrasonic: 3,
  radar: 3,
  pulse: 0,
};
/** One standard deviation of sensor noise, in the raw unit. */
const noiseOf: Record<PortType, number> = {
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
// Faults: periodic windows in absolute time, so the back-fill and the live simulator agree

const faultWindows: Record<Exclude<FaultKind, 'silent' | 'storm'>, { every: number; lasts: number }> = {
  // ≥ 10 equal values in a row at 15-minute steps (the point's default flat count)
  flat: { every: 17 * day, lasts: 36 * hour },
  jump: { every: 23 * day, lasts: 10 * hour },
  out_of_range: { every: 19 * day, lasts: 6 * hour },
};
/** A jump exceeds the default jump gap of 3 m (DESIGN.md §7). */
export const jumpStep = 3.2;
/** The NAMUR NE43 failure signal of a 4-20 mA loop. */
export const namurFault = 3.6;

/** Start of the fault window `t` falls in, or null outside any. */
export function faultWindowStart(siteKey: string, kind: FaultKind, t: number): number | null {
  if (kind === 'silent' || kind === 'storm') return null;
  const { every, lasts } = faultWindows[kind];
  const phase = Math.floor(uniform(hashText(siteKey), 99) * every);
  const start = Math.floor((t + phase) / every) * every - phase;
  return t - start < lasts ? start : null;
}

const within = (span: Span | undefined, t: number) => span !== undefined && t >= span.from && t < span.to;

/** The span of the fault `t` falls in: its own window, else a periodic one or one of `also`. */
function faultSpan(siteKey: string, fault: Fault, t: number): Span | null {
  if (fault.window) return within(fault.window, t) ? fault.window : null;
  const periodic = faultWindowStart(siteKey, fault.kind, t);
  if (periodic !== null) return { from: periodic, to: periodic + faultWindows[fault.kind as 'flat'].lasts };
  return fault.also?.find((span) => within(span, t)) ?? null;
}

/** Whether a silent device sends nothing at `t`. */
function silentAt(fault: Fault, t: number): boolean {
  if (fault.since !== undefined && t >= fault.since) return true;
  if (fault.window || fault.also?.length) return faultSpan('', fault, t) !== null;
  return fault.since === undefined;
}

/** How far above the danger level a demo flood crests (m), and a storm's tips per rain-gauge sample. */
export const floodOverDanger = 0.5;
export const stormTips = 3;

function cleanRaw(
  site: SeriesSite,
  port: SeriesPort,
  levels: PointLevels,
  t: number,
  intervalSeconds: number,
): { physical: number; raw: number } | null {
  const physical = physicalValue(site, t, intervalSeconds);
  if (port.type === 'pulse') {
    // a tipping bucket counts whole tips: pulse_value × factor_pulse mm each
    const quantum = (port.parameters.pulse_value ?? 1) * (port.parameters.factor_pulse ?? 1);
    const tips = rainBetween(site, t - intervalSeconds * second, t, quantum) / quantum;
    return { physical, raw: Math.round(tips) };
  }
  const raw = rawFromPhysical(port.type, physical, port.parameters, levels);
  if (raw === null) return null;
  const noisy = raw + noiseOf[port.type] * normal(hashText(`${site.key}/${port.key}`), t);
  return { physical, raw: round(Math.max(noisy, 0), resolution[port.type]) };
}

/**
 * What the device of `site` sends on `port` for the interval ending at `t` (epoch ms); null when
 * it sends nothing (a silent fault) or the point's parameters cannot express the value.
 */
export function sampleAt(
  site: SeriesSite,
  port: SeriesPort,
  levels: PointLevels,
  t: number,
  intervalSeconds: number,
  fault?: Fault,
): Sample | null {
  if (fault?.kind === 'silent' && silentAt(fault, t)) return null;
  const clean = cleanRaw(site, port, levels, t, intervalSeconds);
  if (!clean) return null;
  const span = fault ? faultSpan(site.key, fault, t) : null;
  if (!fault || span === null) return { t, ...clean, fault: null };
  const start = span.from;
  switch (fault.kind) {
    case 'flat': {
      // the sensor is stuck: the value of the window's first instant, repeated exactly
      const stuck = cleanRaw(site, port, levels, start, intervalSeconds);
      return { t, physical: clean.physical, raw: stuck?.raw ?? clean.raw, fault: 'flat' };
    }
    case 'jump': {
      const raw = rawFromPhysical(port.type, clean.physical + jumpStep, port.parameters, levels);
      if (raw === null) return { t, ...clean, fault: null };
      // the false echo wavers like a true one: a flat line is another fault
      const noisy = raw + noiseOf[port.type] * normal(hashText(`${site.key}/${port.key}`), t);
      return {
        t,
        physical: clean.physical,
        raw: round(Math.max(noisy, 0), resolution[port.type]),
        fault: 'jump',
      };
    }
    case 'out_of_range': {
      const raw = outOfRangeRaw(port, levels);
      return raw === null
        ? { t, ...clean, fault: null }
        : { t, physical: clean.physical, raw, fault: 'out_of_range' };
    }
    case 'storm': {
      if (port.type === 'pulse')
        return { t, physical: clean.physical, raw: clean.raw + stormTips, fault: 'storm' };
      // a flood wave: from the level at the span's start up to its crest above danger and back down
      const before = physicalValue(site, start, intervalSeconds);
      const crest = (site.alertValue ?? site.groundLevel ?? before + 2) + floodOverDanger;
      const wave = Math.sin((Math.PI * (t - start)) / (span.to - start)) ** 2;
      const raw = rawFromPhysical(
        port.type,
        clean.physical + (crest - before) * wave,
        port.parameters,
        levels,
      );
      if (raw === null) return { t, ...clean, fault: null };
      return {
        t,
        physical: clean.physical,
        raw: round(Math.max(raw, 0), resolution[port.type]),
        fault: 'storm',
      };
    }
    default:
      return { t, ...clean, fault: null };
  }
}

/** A raw value conversion flags as impossible: NAMUR fault current, or a level below the invert. */
function outOfRangeRaw(port: SeriesPort, levels: PointLevels): number | null {
  if (port.type === 'current_4_20') return namurFault;
  if ((port.type === 'radar' || port.type === 'ultrasonic') && levels.invertLevel !== null) {
    const raw = rawFromPhysical(port.type, levels.invertLevel - 0.35, port.parameters, levels);
    return raw === null ? null : round(raw, resolution[port.type]);
  }
  return null;
}

/** Which physical series a port carries: pulse ports count rain wherever they are. */
export function seriesKindOf(pointKind: PointKind, portType: PortType): PointKind | null {
  if (portType === 'pulse') return 'rain_gauge';
  return pointKind === 'rain_gauge' ? null : pointKind;
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

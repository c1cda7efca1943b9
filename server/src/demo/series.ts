/**
 * Synthetic hydrometric series for the demo and the device simulator. Pure and random-access: every
 * value is a function of (site, time) drawn from a seeded hash (series-random.ts), never of the
 * values before it, so the seed's back-filled year and the live simulator produce one continuous
 * series, and a restart picks up exactly where the last run left off.
 *
 * Two layers: the *physical* quantity of the site (series-physical.ts), then the *raw* number the
 * device sends for its port type (series-device.ts) plus a little sensor noise. This file applies
 * the faults, which act on either layer.
 */
import type { PointLevels } from '../lib/conversion';
import { noiseOf, rawFromPhysical, resolution, round, type SeriesPort } from './series-device';
import { physicalValue, rainBetween, type SeriesSite } from './series-physical';
import { hashText, normal, uniform } from './series-random';
import { day, hour, second } from './series-time';

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

// ---------------------------------------------------------------------------------------------
// Faults: periodic windows in absolute time, so the back-fill and the live simulator agree

const faultWindows: Record<Exclude<FaultKind, 'silent' | 'storm'>, { every: number; lasts: number }> = {
  // ≥ 10 equal values in a row at 15-minute steps (the point's default flat count)
  flat: { every: 17 * day, lasts: 36 * hour },
  jump: { every: 23 * day, lasts: 10 * hour },
  out_of_range: { every: 19 * day, lasts: 6 * hour },
};
/** A jump exceeds the default jump gap of 3 m (docs/ALERTS.md). */
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

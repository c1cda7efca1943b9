/**
 * The live scenario of the demo (issue 12 item 9): at every start of the in-process simulator, a
 * few devices act out one of each alert the engine raises, so a newcomer sees live alerts within
 * minutes of `npm start`. Offsets are from the simulator's start; at the default 10-s step (times
 * as seen in a run of `npm start` on PGlite, from the alerts table):
 *
 *   0:00–4:00  rain over Huesca (3 tips of 0.2 mm a sample, no alert: rain gauges have no limits)
 *   0:20–10:00 Pozo de Villena goes silent: it transmits every minute, so NO_TRANSMISSION at its
 *              deadline (2 × 60 s + 5 min after its last message: 7:20, raised 7:33) and cleared
 *              by its first value back (10:03)
 *   1:00–9:00  the Ebro at Zaragoza rises after the rain through warning (4.0 m) to danger (5.2 m),
 *              cresting 0.5 m above it at 5:00, and falls back to its own level: WARNING opens
 *              (1:43 to 3:10, sooner when the river is already high), DANGER opens (3:43) and clears
 *              (6:33), WARNING clears once below warning − deadband (8:33; later if the river itself
 *              stands that high)
 *   1:00–4:00  the Arga's radar echo sticks: PARTIAL_FLAT after 5 equal values (1:43), FLAT after 10
 *              (default_amount_measures_flat, 2:33), both cleared when it moves again (4:03)
 *   1:30–4:00  the Canal de Lodosa's 4-20 mA loop reads 3.6 mA (NAMUR): flag 4, OUT_OF_RANGE
 *   2:00–3:00  a false echo 3.2 m high on the Ebro at Tudela: JUMP up and JUMP down (≥ 3 m)
 *   2:00–5:00  the Sagunto tank's ultrasonic sensor reads below the invert: flag 4, OUT_OF_RANGE
 *
 * The spans act besides the periodic fault windows of the back-filled history (demo-faults.ts), and
 * only on live samples: what the simulator sends for times before its start is the plain series.
 */
import type { Fault, FaultKind } from './series';

const second = 1000;
const minute = 60 * second;

interface ScenarioStep {
  kind: FaultKind;
  from: number;
  /** The span's length; a function of the simulator's step where a count of samples matters. */
  lasts: (stepMs: number) => number;
}

/** The flat span holds at least a few more samples than FLAT needs (10 by default). */
const flatLasts = (stepMs: number) => Math.max(3 * minute, 14 * stepMs);

export const liveScenario: Record<string, ScenarioStep> = {
  'Pluviómetro de Huesca': { kind: 'storm', from: 0, lasts: () => 4 * minute },
  'Pozo de Villena': { kind: 'silent', from: 20 * second, lasts: () => 9 * minute + 40 * second },
  'Ebro en Zaragoza (Puente de Piedra)': { kind: 'storm', from: minute, lasts: () => 8 * minute },
  'Arga en Pamplona (Rotxapea)': { kind: 'flat', from: minute, lasts: flatLasts },
  'Canal de Lodosa en Mendavia': { kind: 'out_of_range', from: 90 * second, lasts: () => 150 * second },
  'Ebro en Tudela': { kind: 'jump', from: 2 * minute, lasts: () => minute },
  'Depósito de Sagunto': { kind: 'out_of_range', from: 2 * minute, lasts: () => 3 * minute },
};

/**
 * The fault of a demo device for a simulator started at `start`: its history fault (if any) plus the
 * scenario's span for its point. A scenario step of another kind than the history fault replaces it
 * while the simulator runs.
 */
export function scenarioFault(
  pointName: string,
  base: Fault | undefined,
  start: number,
  stepMs: number,
): Fault | undefined {
  const step = liveScenario[pointName];
  if (!step) return base;
  const span = { from: start + step.from, to: start + step.from + step.lasts(stepMs) };
  if (base && base.kind === step.kind) return { ...base, also: [...(base.also ?? []), span] };
  return { kind: step.kind, also: [span] };
}

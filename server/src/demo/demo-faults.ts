/**
 * The demo's faulty devices, by the name of the point they measure (serials depend on seed order,
 * names do not). The seed's back-fill and the live simulator read the same table, so a flat line
 * in the history goes on flat when the simulator takes over.
 */
import type { Fault } from './series';

export const demoFaults: Record<string, Fault> = {
  // a radar whose echo sticks: 36 h of one value every 17 days
  'Arga en Pamplona (Rotxapea)': { kind: 'flat' },
  // a radar that reads a false echo 3.2 m too high for 10 h every 23 days
  'Ebro en Tudela': { kind: 'jump' },
  // a 4-20 mA loop that drops to the NAMUR failure current (3.6 mA) for 6 h every 19 days
  'Canal de Lodosa en Mendavia': { kind: 'out_of_range' },
  // an ultrasonic sensor that sees past the bottom of the tank (below invert) now and then
  'Depósito de Sagunto': { kind: 'out_of_range' },
  // a rain gauge whose modem died a few hours ago: it sends nothing
  'Pluviómetro de Cartagena': { kind: 'silent' },
};

/** How long before the seed's "now" a silent demo device stopped sending. */
export const silentFor = 5 * 3_600_000;

/** The demo devices the in-process simulator runs: those installed at a point, read from the database. */
import type { Db } from '../db/client';
import type { measurementPoints } from '../db/schema';
import { demoDeviceKey } from './demo-keys';
import { faultAt, levelsOf, portsAtPoint, type SimulatedDevice, type SimulatedPoint } from './device-plan';
import { findInstalledDevices, newestMeasureOf } from './demo-devices.repository';
import { scenarioFault } from './demo-scenario';
import { pointKinds, type PointKind } from './series-physical';

/** States in which an installed device transmits (Maintenance and Not Operational ones are quiet). */
export const transmittingStates = new Set(['Active', 'Repaired']);

export function simulatedPointOf(row: typeof measurementPoints.$inferSelect): SimulatedPoint {
  return {
    name: row.name,
    kind: row.kind,
    latitude: row.latitude,
    longitude: row.longitude,
    groundLevel: row.groundLevel,
    invertLevel: row.invertLevel,
    warningValue: row.warningValue,
    alertValue: row.alertValue,
    levelDifference: row.levelDifference,
    value4mA: row.value4mA,
    value20mA: row.value20mA,
    measureTime: row.measureTime,
    parameters: row.parameters as SimulatedPoint['parameters'],
  };
}

const kindOf = (kind: string): PointKind | null =>
  (pointKinds as readonly string[]).includes(kind) ? (kind as PointKind) : null;

/**
 * Installed devices in a transmitting state, with their demo keys (derived from the demo password,
 * as the seed stored their hashes) and the demo fault of their point (with the live scenario's span
 * when asked). Devices whose point gives
 * them nothing to report are left out.
 */
export async function loadDemoDevices(
  db: Db,
  demoPassword: string,
  /** Plays the live scenario (demo-scenario.ts) from `start` at the simulator's step. */
  scenario?: { start: number; stepMs: number },
): Promise<SimulatedDevice[]> {
  const installed = (await findInstalledDevices(db)).filter((d) => transmittingStates.has(d.state));
  const newest = await newestMeasureOf(
    db,
    installed.map((d) => d.id),
  );
  const result: SimulatedDevice[] = [];
  for (const d of installed) {
    const point = simulatedPointOf(d.point);
    const ports = portsAtPoint(d.modelPorts, point);
    if (ports.length === 0) continue;
    const fault = scenario
      ? scenarioFault(point.name, faultAt(point.name), scenario.start, scenario.stepMs)
      : faultAt(point.name);
    const resumeFrom = newest.get(d.id);
    result.push({
      serial: d.serial,
      key: demoDeviceKey(demoPassword, d.serial),
      productCode: d.productCode,
      modelName: d.modelName,
      ...(d.firmware ? { firmware: d.firmware } : {}),
      ports,
      pointKind: kindOf(point.kind),
      levels: levelsOf(point),
      measureTime: point.measureTime,
      ...(fault ? { fault } : {}),
      ...(resumeFrom ? { resumeFrom } : {}),
    });
  }
  return result;
}

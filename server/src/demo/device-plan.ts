/**
 * A simulated device: who it is (serial, key, product, model), which ports it reports and the series
 * each port carries. Built the same way from the database (seed back-fill, in-process simulator) and
 * from the HTTP API (`npm run simulate`), so both produce the same series for the same point.
 */
import type { PortType } from '@aforo/contracts/models';
import type { PortParameters } from '@aforo/contracts/point-parameters';
import type { PointLevels } from '../lib/conversion';
import { demoFaults } from './demo-faults';
import type { Fault } from './series';
import type { SeriesPort } from './series-device';
import { pointKinds, seriesKindOf, type PointKind, type SeriesSite } from './series-physical';

/** What the simulator needs of a measurement point. */
export interface SimulatedPoint {
  name: string;
  kind: string;
  latitude: number;
  longitude: number;
  groundLevel: number | null;
  invertLevel: number | null;
  warningValue: number | null;
  alertValue: number | null;
  levelDifference: number;
  value4mA: number | null;
  value20mA: number | null;
  /** seconds between measures */
  measureTime: number;
  parameters: Record<string, Record<string, unknown>>;
}

export interface SimulatedPort extends SeriesPort {
  site: SeriesSite;
}

export interface SimulatedDevice {
  serial: string;
  /** MQTT password: the device key, or the product's provisioning key for a new serial. */
  key: string;
  productCode: string;
  modelName: string;
  firmware?: string;
  ports: SimulatedPort[];
  pointKind: PointKind | null;
  levels: PointLevels;
  /** Seconds between measures at the point (catch-up after an outage uses it). */
  measureTime: number;
  fault?: Fault;
  /** The newest stored measure: the first message sends what is due since then (store and forward). */
  resumeFrom?: Date;
}

export const levelsOf = (point: SimulatedPoint): PointLevels => ({
  groundLevel: point.groundLevel,
  invertLevel: point.invertLevel,
  levelDifference: point.levelDifference,
  value4mA: point.value4mA,
  value20mA: point.value20mA,
});

const isKind = (kind: string): kind is PointKind => (pointKinds as readonly string[]).includes(kind);

/**
 * The ports a device at `point` reports: those of its model the point configures (an active entry
 * in its parameters) whose series the point's kind defines.
 */
export function portsAtPoint(
  modelPorts: { key: string; type: PortType }[],
  point: SimulatedPoint,
): SimulatedPort[] {
  if (!isKind(point.kind)) return [];
  const ports: SimulatedPort[] = [];
  for (const port of modelPorts) {
    const parameters = point.parameters[port.key] as Partial<PortParameters> | undefined;
    if (!parameters || parameters.active === false) continue;
    const kind = seriesKindOf(point.kind, port.type);
    if (!kind) continue;
    ports.push({
      key: port.key,
      type: port.type,
      parameters,
      site: {
        key: point.name,
        kind,
        latitude: point.latitude,
        longitude: point.longitude,
        groundLevel: point.groundLevel,
        invertLevel: point.invertLevel,
        warningValue: point.warningValue,
        alertValue: point.alertValue,
      },
    });
  }
  return ports;
}

/** The demo fault of the device at this point, if the demo gives it one. */
export const faultAt = (pointName: string): Fault | undefined => demoFaults[pointName];

/**
 * A device away from any point (a new serial of `npm run simulate`): a distance sensor over a
 * river 6 m deep, so its raw values look like a real level station's.
 */
export const unplacedRiver = (serial: string): { site: SeriesSite; levels: PointLevels } => ({
  site: {
    key: serial,
    kind: 'river',
    latitude: 41.65,
    longitude: -0.88,
    groundLevel: 6,
    invertLevel: 0,
    warningValue: 4,
    alertValue: 5,
  },
  levels: { groundLevel: 6, invertLevel: 0, levelDifference: 0, value4mA: null, value20mA: null },
});

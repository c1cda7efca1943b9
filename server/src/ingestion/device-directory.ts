/**
 * What ingestion needs to know about a device, by serial: its key, product, model ports and the
 * parameters of the point it is installed at. Cached for a few seconds: ingestion asks for every
 * message, and the API invalidates an entry when it changes the device or its point.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Port, PortType } from '@aforo/contracts/models';
import type { PortParameters } from '@aforo/contracts/point-parameters';
import type { Db } from '../db/client';
import { hashKey } from '../lib/key-hash';
import {
  findDevice,
  firmwaresOf,
  modelExists,
  productExists,
  registerUnconfigured,
} from './device-directory.repository';
import type { PointLevels } from '../lib/conversion';

export interface DevicePoint {
  id: string;
  levels: PointLevels;
  parameters: Record<string, Partial<PortParameters>>;
  measureTime: number;
  transmissionTime: number;
  measuresForAvg: number;
  updatedAt: Date;
}

export interface DeviceContext {
  id: string;
  serial: string;
  state: string;
  companyId: string | null;
  keyHash: string | null;
  productCode: string | null;
  /** The provisioning key hash of the device's product (self-registered devices log in with it). */
  productKeyHash: string | null;
  modelId: string | null;
  modelName: string | null;
  /** Port key → type, from the model; empty when the device has no model yet (Unconfigured). */
  ports: Map<string, PortType>;
  /** Port key → raw values that mean "no reading" (model's sentinels). */
  sentinels: Map<string, readonly number[]>;
  /** Firmware version → id, among the model's firmwares. */
  firmwares: Map<string, string>;
  point: DevicePoint | null;
}

export interface DeviceDirectory {
  get(serial: string): Promise<DeviceContext | null>;
  /** Checks a device key (or its product's provisioning key); may register an Unconfigured device. */
  authenticate(serial: string, key: string): Promise<DeviceContext | null>;
  productExists(code: string): Promise<boolean>;
  modelExists(name: string): Promise<boolean>;
  /** Forget cached entries (after the API changed a device, its point or the catalogue). */
  invalidate(serial?: string): void;
}

function sameHash(a: string, b: string | null): boolean {
  if (b === null || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Serials a device may register itself with (they become topic levels and file names in exports). */
export const serialPattern = /^[A-Za-z0-9._-]{1,40}$/;

/** States in which a device may not talk to us at all. */
const silencedStates = new Set(['Decommissioned']);

export function createDeviceDirectory(db: Db, options: { ttlMs?: number; now?: () => number } = {}) {
  const ttl = options.ttlMs ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; value: Promise<DeviceContext | null> }>();
  const catalogue = new Map<string, { at: number; value: Promise<boolean> }>();

  async function load(serial: string): Promise<DeviceContext | null> {
    const row = await findDevice(db, serial);
    if (!row) return null;
    const fw = row.modelId ? await firmwaresOf(db, row.modelId) : [];
    const ports = (row.ports ?? []) as Port[];
    const p = row.point;
    return {
      id: row.id,
      serial: row.serial,
      state: row.state,
      companyId: row.companyId,
      keyHash: row.keyHash,
      productCode: row.productCode,
      productKeyHash: row.productKeyHash,
      modelId: row.modelId,
      modelName: row.modelName,
      ports: new Map(ports.map((x) => [x.key, x.type])),
      sentinels: new Map(ports.filter((x) => x.sentinels?.length).map((x) => [x.key, x.sentinels!])),
      firmwares: new Map(fw.map((f) => [f.version, f.id])),
      point: p
        ? {
            id: p.id,
            levels: {
              groundLevel: p.groundLevel,
              invertLevel: p.invertLevel,
              levelDifference: p.levelDifference,
              value4mA: p.value4mA,
              value20mA: p.value20mA,
            },
            parameters: (p.parameters ?? {}) as Record<string, Partial<PortParameters>>,
            measureTime: p.measureTime,
            transmissionTime: p.transmissionTime,
            measuresForAvg: p.measuresForAvg,
            updatedAt: p.updatedAt,
          }
        : null,
    };
  }

  function get(serial: string): Promise<DeviceContext | null> {
    const hit = cache.get(serial);
    if (hit && now() - hit.at < ttl) return hit.value;
    const value = load(serial);
    cache.set(serial, { at: now(), value });
    // a failed lookup (database down) must not stay cached
    value.catch(() => cache.delete(serial));
    return value;
  }

  function cachedFlag(key: string, query: () => Promise<boolean>): Promise<boolean> {
    const hit = catalogue.get(key);
    if (hit && now() - hit.at < ttl) return hit.value;
    const value = query();
    catalogue.set(key, { at: now(), value });
    value.catch(() => catalogue.delete(key));
    return value;
  }

  /** Creates an Unconfigured device for a serial that presented its product's provisioning key. */
  async function register(serial: string, keyHash: string): Promise<DeviceContext | null> {
    if (!(await registerUnconfigured(db, serial, keyHash))) return null;
    cache.delete(serial);
    return get(serial);
  }

  return {
    get,
    productExists: (code) => cachedFlag(`p:${code}`, () => productExists(db, code)),
    modelExists: (name) => cachedFlag(`m:${name}`, () => modelExists(db, name)),
    async authenticate(serial, key) {
      if (!serialPattern.test(serial) || key.length === 0 || key.length > 200) return null;
      const hash = hashKey(key);
      const device = await get(serial);
      if (!device) return register(serial, hash);
      if (silencedStates.has(device.state)) return null;
      if (sameHash(hash, device.keyHash)) return device;
      // a self-registered device keeps using the provisioning key until an operator gives it its own
      if (device.keyHash === null && sameHash(hash, device.productKeyHash)) return device;
      return null;
    },
    invalidate(serial?: string) {
      if (serial === undefined) {
        cache.clear();
        catalogue.clear();
      } else cache.delete(serial);
    },
  } satisfies DeviceDirectory;
}

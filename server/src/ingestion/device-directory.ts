/**
 * What ingestion needs to know about a device, by serial: its key, product, model ports and the
 * parameters of the point it is installed at. Cached for a few seconds: ingestion asks for every
 * message, and the API invalidates an entry when it changes the device or its point. The cache is an
 * LRU of bounded size, and a serial (or catalogue code) not found is remembered only briefly: anyone
 * can present unknown serials, and a device created meanwhile must be found soon.
 */
import { timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
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
  /** Entries cached now (devices and catalogue codes). */
  cacheSize(): number;
}

export interface DeviceDirectoryOptions {
  /** How long a device found stays cached (default 10 s). */
  ttlMs?: number;
  /** How long "no such serial / code" stays cached (default 2 s). */
  missTtlMs?: number;
  /** Devices cached at most (default 10,000); the catalogue codes have a tenth of it. */
  maxEntries?: number;
  now?: () => number;
}

function sameHash(a: string, b: string | null): boolean {
  if (b === null || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Serials a device may register itself with (they become topic levels and file names in exports). */
export const serialPattern = /^[A-Za-z0-9._-]{1,40}$/;

/** States in which a device may not talk to us at all. */
const silencedStates = new Set(['Decommissioned']);

/**
 * An LRU of pending lookups (so concurrent asks share one query): a result counted as a miss is
 * kept only `missTtl`, a failed lookup (database down) not at all.
 */
function lookupCache<V>(options: Required<DeviceDirectoryOptions>, max: number, isMiss: (v: V) => boolean) {
  const cache = new LRUCache<string, Promise<V>>({
    max,
    ttl: options.ttlMs,
    perf: { now: options.now },
    // the clock is read on every get: a test clock moves between calls
    ttlResolution: 0,
  });
  return {
    cache,
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = cache.get(key);
      if (hit) return hit;
      const value = load();
      cache.set(key, value);
      value.then(
        (v) => {
          if (isMiss(v) && cache.peek(key) === value) cache.set(key, value, { ttl: options.missTtlMs });
        },
        () => {
          if (cache.peek(key) === value) cache.delete(key);
        },
      );
      return value;
    },
  };
}

export function createDeviceDirectory(db: Db, options: DeviceDirectoryOptions = {}) {
  const settings: Required<DeviceDirectoryOptions> = {
    ttlMs: options.ttlMs ?? 10_000,
    missTtlMs: options.missTtlMs ?? 2_000,
    maxEntries: options.maxEntries ?? 10_000,
    now: options.now ?? (() => performance.now()),
  };
  const devicesCache = lookupCache<DeviceContext | null>(settings, settings.maxEntries, (d) => d === null);
  const catalogue = lookupCache<boolean>(
    settings,
    Math.max(1, Math.ceil(settings.maxEntries / 10)),
    (e) => !e,
  );

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

  const get = (serial: string) => devicesCache.get(serial, () => load(serial));

  /** Creates an Unconfigured device for a serial that presented its product's provisioning key. */
  async function register(serial: string, keyHash: string): Promise<DeviceContext | null> {
    if (!(await registerUnconfigured(db, serial, keyHash))) return null;
    devicesCache.cache.delete(serial);
    return get(serial);
  }

  return {
    get,
    productExists: (code) => catalogue.get(`p:${code}`, () => productExists(db, code)),
    modelExists: (name) => catalogue.get(`m:${name}`, () => modelExists(db, name)),
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
        devicesCache.cache.clear();
        catalogue.cache.clear();
      } else devicesCache.cache.delete(serial);
    },
    cacheSize: () => devicesCache.cache.size + catalogue.cache.size,
  } satisfies DeviceDirectory;
}

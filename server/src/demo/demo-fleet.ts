/**
 * Demo fleet: the points of demo-sites.ts for the two client companies, devices in every state of
 * docs/DEVICES.md with their state history, and layers.
 */
import { hashKey } from '../lib/key-hash';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { demoDeviceKey, demoProvisioningKey } from './demo-keys';
import { demoEquipment, demoSites, type DemoSite } from './demo-sites';
import {
  devices,
  deviceStateHistory,
  firmwares,
  layerPoints,
  layers,
  measurementPoints,
  models,
  networks,
  products,
} from '../db/schema';

type Kind = DemoSite['kind'];

/** The state of the device at each site, in order; sites past the list get an Active device. */
const siteStates = [
  'Active',
  'Active',
  'Active',
  'Not Operational',
  'Active',
  'Maintenance',
  'Active',
  'Active',
  'Active',
  'Repaired',
  'Active',
  'Active',
  'Active',
  'Maintenance',
];
/** Devices away from any point, per company: in stock, waiting or decommissioned. */
const stockStates = ['Inactive', 'Inactive', 'Decommissioned'];
/** The path each state was reached by, for the state history. */
const pathTo: Record<string, string[]> = {
  Active: ['Available', 'Inactive', 'Active'],
  'Not Operational': ['Available', 'Inactive', 'Active', 'Not Operational'],
  Maintenance: ['Available', 'Inactive', 'Active', 'Maintenance'],
  Repaired: ['Available', 'Inactive', 'Active', 'Maintenance', 'Repaired'],
  Inactive: ['Available', 'Inactive'],
  Decommissioned: ['Available', 'Inactive', 'Decommissioned'],
  Available: ['Available'],
  Unconfigured: ['Unconfigured'],
};

const dayMs = 86_400_000;
/** Days before now of the steps after installation, by final state (the history reads like one). */
const daysAfterInstall: Record<string, number[]> = {
  'Not Operational': [9],
  Maintenance: [20],
  Repaired: [41, 6],
};

/**
 * When each step of a device's path happened. Installed devices went Active more than a year ago,
 * so the back-filled year of measures (demo-history.ts) falls inside their time at the point; stock
 * devices moved in the last months.
 */
export function demoStepDates(steps: string[], now: number): Date[] {
  const active = steps.indexOf('Active');
  if (active < 0) return steps.map((_, i) => new Date(now - (steps.length - i) * 21 * dayMs));
  const after = daysAfterInstall[steps.at(-1)!] ?? [];
  return steps.map((_, i) =>
    i <= active
      ? new Date(now - (380 + (active - i) * 10) * dayMs)
      : new Date(now - after[i - active - 1]! * dayMs),
  );
}

export async function seedDemoFleet(
  tx: Db,
  companyIds: { norte: string; levante: string },
  demoPassword: string,
): Promise<void> {
  const modelRows = await tx.select().from(models);
  const productRows = await tx.select().from(products);
  // every product accepts self-registration with its demo provisioning key (`npm run simulate`)
  for (const product of productRows)
    await tx
      .update(products)
      .set({ provisioningKeyHash: hashKey(demoProvisioningKey(demoPassword, product.code)) })
      .where(eq(products.id, product.id));
  const firmwareRows = await tx.select().from(firmwares);
  const [network] = await tx.select().from(networks).where(eq(networks.name, 'Movistar 4G'));
  const modelId = (name: string) => modelRows.find((m) => m.name === name)!.id;
  const productId = (code: string) => productRows.find((p) => p.code === code)!.id;
  const firmwareOf = (model: string) => firmwareRows.find((f) => f.modelId === modelId(model))?.id ?? null;
  let serial = 1000;
  const now = Date.now();

  async function addDevice(state: string, kind: Kind, companyId: string | null, pointId: string | null) {
    const kit = demoEquipment[kind];
    serial += 1;
    const serialText = `AFR-${serial}`;
    const [device] = await tx
      .insert(devices)
      .values({
        serial: serialText,
        // self-registered devices log in with their product's key and get their own on review
        keyHash: state === 'Unconfigured' ? null : hashKey(demoDeviceKey(demoPassword, serialText)),
        manufactured: '2025-03-01',
        modelId: modelId(kit.model),
        productId: productId(kit.product),
        firmwareId: firmwareOf(kit.model),
        simNumber: `89340711000${serial}`,
        networkId: network?.id ?? null,
        companyId,
        measurementPointId: pointId,
        batteryQuantity: 2,
        batteryMaxLoad: 19,
        state,
        location: pointId ? 'Empty' : state === 'Decommissioned' ? 'Dump Site' : 'Store',
      })
      .returning({ id: devices.id });
    const steps = pathTo[state]!;
    const dates = demoStepDates(steps, now);
    await tx.insert(deviceStateHistory).values(
      steps.map((to, i) => ({
        deviceId: device!.id,
        fromState: i === 0 ? null : steps[i - 1]!,
        toState: to,
        at: dates[i]!,
        pointId: ['Active', 'Not Operational', 'Maintenance', 'Repaired'].includes(to) ? pointId : null,
        reason: to === 'Maintenance' ? 'Revisión del sensor' : null,
      })),
    );
  }

  for (const key of ['norte', 'levante'] as const) {
    const companyId = companyIds[key];
    const pointIdsByKind: Partial<Record<Kind, string[]>> = {};
    for (const [i, site] of demoSites[key].entries()) {
      const kit = demoEquipment[site.kind];
      const [point] = await tx
        .insert(measurementPoints)
        .values({
          companyId,
          name: site.name,
          latitude: site.lat,
          longitude: site.lon,
          kind: site.kind,
          groundLevel: site.ground ?? null,
          invertLevel: site.ground !== undefined ? 0 : null,
          measureTime: site.measure ?? 900, // in measureTimeOptions, contracts/src/constants.ts (600 is not)
          transmissionTime: site.transmission ?? 3600,
          alertValue: site.alert ?? null,
          warningValue: site.warning ?? null,
          unit: site.kind === 'rain_gauge' ? 'mm/15min' : 'm',
          public: site.kind === 'river',
          parameters: { [kit.port]: kit.parameters },
        })
        .returning({ id: measurementPoints.id });
      (pointIdsByKind[site.kind] ??= []).push(point!.id);
      // the last site of each company waits for its device
      if (i < demoSites[key].length - 1)
        await addDevice(siteStates[i % siteStates.length]!, site.kind, companyId, point!.id);
    }
    for (const state of stockStates) await addDevice(state, 'river', companyId, null);
    const layerDefs: Array<[string, string, Kind[]]> = [
      ['Ríos y canales', '#1C7ED6', ['river', 'channel']],
      ['Aguas subterráneas', '#8B5A2B', ['well']],
      ['Depósitos', '#2F9E44', ['tank']],
      ['Pluviometría', '#7048E8', ['rain_gauge']],
    ];
    for (const [name, colour, kinds] of layerDefs) {
      const [layer] = await tx
        .insert(layers)
        .values({ companyId, name, colour })
        .returning({ id: layers.id });
      const pointIds = kinds.flatMap((k) => pointIdsByKind[k] ?? []);
      if (pointIds.length > 0)
        await tx.insert(layerPoints).values(pointIds.map((pointId) => ({ layerId: layer!.id, pointId })));
    }
  }
  // the provider's stock: new devices, and two that registered themselves and wait for review
  for (const state of ['Available', 'Available', 'Available', 'Unconfigured', 'Unconfigured'])
    await addDevice(state, 'river', null, null);
}

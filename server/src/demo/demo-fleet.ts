/**
 * Demo fleet: real-looking river, channel, well, tank and rain-gauge sites in Spain for the two client
 * companies, devices in every state of DESIGN.md §5 with their state history, and layers.
 */
import { hashKey } from '../lib/key-hash';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { demoDeviceKey, demoProvisioningKey } from './demo-keys';
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

type Kind = 'river' | 'channel' | 'well' | 'tank' | 'rain_gauge';
export interface DemoSite {
  name: string;
  lat: number;
  lon: number;
  kind: Kind;
  ground?: number;
  alert?: number;
  warning?: number;
  /** Measure and transmission time (s); default 900 and 3600. */
  measure?: number;
  transmission?: number;
}

export const demoSites: Record<'norte' | 'levante', DemoSite[]> = {
  norte: [
    {
      name: 'Ebro en Zaragoza (Puente de Piedra)',
      lat: 41.6563,
      lon: -0.8773,
      kind: 'river',
      ground: 6.5,
      alert: 5.2,
      warning: 4.0,
    },
    {
      name: 'Ebro en Tudela',
      lat: 42.0636,
      lon: -1.6066,
      kind: 'river',
      ground: 7.0,
      alert: 5.5,
      warning: 4.3,
    },
    {
      name: 'Arga en Pamplona (Rotxapea)',
      lat: 42.8232,
      lon: -1.6519,
      kind: 'river',
      ground: 4.5,
      alert: 3.6,
      warning: 2.8,
    },
    {
      name: 'Nervión en Bilbao (La Peña)',
      lat: 43.2405,
      lon: -2.9178,
      kind: 'river',
      ground: 5.0,
      alert: 4.0,
      warning: 3.1,
    },
    {
      name: 'Aragón en Jaca',
      lat: 42.5733,
      lon: -0.5539,
      kind: 'river',
      ground: 3.5,
      alert: 2.8,
      warning: 2.1,
    },
    {
      name: 'Cinca en Monzón',
      lat: 41.9127,
      lon: 0.1934,
      kind: 'river',
      ground: 4.8,
      alert: 3.9,
      warning: 3.0,
    },
    {
      name: 'Canal Imperial en Casablanca',
      lat: 41.6187,
      lon: -0.9026,
      kind: 'channel',
      ground: 3.0,
      alert: 2.6,
      warning: 2.3,
    },
    {
      name: 'Canal de Lodosa en Mendavia',
      lat: 42.4423,
      lon: -2.1998,
      kind: 'channel',
      ground: 2.8,
      alert: 2.4,
      warning: 2.1,
    },
    { name: 'Pozo de Tauste', lat: 41.9214, lon: -1.2536, kind: 'well' },
    { name: 'Pozo de Alfaro', lat: 42.1803, lon: -1.7497, kind: 'well' },
    {
      name: 'Depósito de Logroño Norte',
      lat: 42.4791,
      lon: -2.4461,
      kind: 'tank',
      ground: 6.0,
      alert: 5.6,
      warning: 5.2,
    },
    {
      name: 'Depósito de Vitoria (Olárizu)',
      lat: 42.8305,
      lon: -2.6604,
      kind: 'tank',
      ground: 8.0,
      alert: 7.5,
      warning: 7.0,
    },
    { name: 'Pluviómetro de Huesca', lat: 42.1401, lon: -0.4089, kind: 'rain_gauge' },
    { name: 'Pluviómetro de Soria', lat: 41.7666, lon: -2.479, kind: 'rain_gauge' },
    { name: 'Pluviómetro de Calatayud', lat: 41.3536, lon: -1.6432, kind: 'rain_gauge' },
  ],
  levante: [
    {
      name: 'Júcar en Alzira',
      lat: 39.1523,
      lon: -0.4357,
      kind: 'river',
      ground: 6.0,
      alert: 4.8,
      warning: 3.6,
    },
    {
      name: 'Turia en Manises',
      lat: 39.4918,
      lon: -0.4617,
      kind: 'river',
      ground: 5.5,
      alert: 4.2,
      warning: 3.2,
    },
    {
      name: 'Segura en Murcia (Puente Viejo)',
      lat: 37.9834,
      lon: -1.1299,
      kind: 'river',
      ground: 5.0,
      alert: 4.0,
      warning: 3.0,
    },
    {
      name: 'Segura en Orihuela',
      lat: 38.0849,
      lon: -0.9448,
      kind: 'river',
      ground: 4.5,
      alert: 3.7,
      warning: 2.9,
    },
    {
      name: 'Serpis en Gandia',
      lat: 38.9669,
      lon: -0.1858,
      kind: 'river',
      ground: 3.5,
      alert: 2.7,
      warning: 2.0,
    },
    {
      name: 'Canal Júcar-Turia en Picassent',
      lat: 39.363,
      lon: -0.4597,
      kind: 'channel',
      ground: 3.2,
      alert: 2.8,
      warning: 2.5,
    },
    {
      name: 'Canal del Taibilla en Cartagena',
      lat: 37.638,
      lon: -0.996,
      kind: 'channel',
      ground: 2.5,
      alert: 2.2,
      warning: 1.9,
    },
    { name: 'Pozo de Elche (Algoda)', lat: 38.235, lon: -0.657, kind: 'well' },
    // a telemetry well transmitting every minute: silent, it shows NO_TRANSMISSION within 7 minutes
    // (the live scenario silences it at each start, demo-scenario.ts)
    {
      name: 'Pozo de Villena',
      lat: 38.6373,
      lon: -0.8651,
      kind: 'well',
      measure: 10,
      transmission: 60,
    },
    {
      name: 'Depósito de Alicante (Benalúa)',
      lat: 38.339,
      lon: -0.4929,
      kind: 'tank',
      ground: 7.0,
      alert: 6.6,
      warning: 6.2,
    },
    {
      name: 'Depósito de Sagunto',
      lat: 39.6798,
      lon: -0.2733,
      kind: 'tank',
      ground: 5.0,
      alert: 4.6,
      warning: 4.2,
    },
    { name: 'Pluviómetro de Valencia (Viveros)', lat: 39.4806, lon: -0.3669, kind: 'rain_gauge' },
    { name: 'Pluviómetro de Cartagena', lat: 37.6057, lon: -0.9863, kind: 'rain_gauge' },
    { name: 'Pluviómetro de Lorca', lat: 37.6772, lon: -1.7006, kind: 'rain_gauge' },
  ],
};

/** The model and product each kind of site uses, and its port's parameters. */
export const demoEquipment: Record<
  Kind,
  { model: string; product: string; port: string; parameters: Record<string, unknown> }
> = {
  river: {
    model: 'VEGAPULS C 21',
    product: 'LVL',
    port: 'ai1',
    parameters: { label: 'Nivel del río', operation_mode: 'level' },
  },
  channel: {
    model: 'MDS-Dipper-PT',
    product: 'LVL',
    port: 'ai1',
    parameters: { label: 'Nivel del canal', value_4mA: 0, value_20mA: 5 },
  },
  well: {
    model: 'PLS-C',
    product: 'PRS',
    port: 'ai1',
    parameters: { label: 'Nivel piezométrico', type_fluid: 'water_20c' },
  },
  tank: { model: 'ULS-200', product: 'LVL', port: 'ai1', parameters: { label: 'Nivel del depósito' } },
  rain_gauge: {
    model: 'SlimLogCom',
    product: 'RAIN',
    port: 'p1',
    // rain in mm per 15-minute measure: 'mm/10min', the only rain unit of calculatedUnits, would mislabel it
    parameters: { label: 'Lluvia', pulse_value: 0.2 },
  },
};

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
          measureTime: site.measure ?? 900, // an option of spec §9 (10 minutes is not one)
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

/** Demo seed (SEED=demo on an empty database): the provider, two client companies, a user per role. */
import type { Role } from '@aforo/contracts/roles';
import { hashPassword } from '../auth/passwords';
import { seedDemoFleet } from './demo-fleet';
import type { Db } from '../db/client';
import type { Port } from '@aforo/contracts/models';
import type { networkTypes } from '@aforo/contracts/networks';
import {
  billingPlans,
  brands,
  companies,
  countries,
  firmwares,
  models,
  networks,
  productModels,
  products,
  userProfiles,
  users,
} from '../db/schema';

export const demoDomain = 'demo.aforo.dev';

export interface DemoAccount {
  email: string;
  name: string;
  surname: string;
  /** null = global profile (provider staff); otherwise the key of a client company. */
  company: 'norte' | 'levante' | null;
  roles: Role[];
  state?: 'Active' | 'Change Password';
}

export const demoCountries = [
  { name: 'España', code: 'ES' },
  { name: 'Portugal', code: 'PT' },
  { name: 'Francia', code: 'FR' },
  { name: 'Marruecos', code: 'MA' },
] as const;

export const demoBillingPlans = [
  { name: 'Básico', monthlyApiCalls: 10_000, maxPoints: 25, maxUsers: 10 },
  { name: 'Profesional', monthlyApiCalls: 100_000, maxPoints: 200, maxUsers: 50 },
  { name: 'Corporativo', monthlyApiCalls: 1_000_000, maxPoints: 2_000, maxUsers: 500 },
] as const;

/** Device catalogue: brands by abbreviation, models by brand and name, products by code. */
export const demoBrands = [
  { abbreviation: 'SEB', description: 'SEBA Hydrometrie' },
  { abbreviation: 'OTT', description: 'OTT HydroMet' },
  { abbreviation: 'VEG', description: 'VEGA' },
  { abbreviation: 'KEL', description: 'Keller' },
] as const;

export const demoModels: {
  brand: (typeof demoBrands)[number]['abbreviation'];
  name: string;
  ports: Port[];
}[] = [
  { brand: 'OTT', name: 'PLS-C', ports: [{ key: 'ai1', type: 'pressure', label: 'Nivel (presión)' }] },
  {
    brand: 'VEG',
    name: 'VEGAPULS C 21',
    // -9999: the radar lost its echo (no reading)
    ports: [{ key: 'ai1', type: 'radar', label: 'Nivel radar', sentinels: [-9999] }],
  },
  {
    brand: 'SEB',
    name: 'MDS-Dipper-PT',
    ports: [{ key: 'ai1', type: 'current_4_20', label: 'Nivel 4-20 mA' }],
  },
  {
    brand: 'SEB',
    name: 'SlimLogCom',
    ports: [
      { key: 'ai1', type: 'current_4_20', label: 'Nivel' },
      { key: 'p1', type: 'pulse', label: 'Pluviómetro' },
    ],
  },
  {
    brand: 'SEB',
    name: 'ULS-200',
    ports: [{ key: 'ai1', type: 'ultrasonic', label: 'Nivel ultrasónico', sentinels: [-9999] }],
  },
  { brand: 'KEL', name: 'ARC-1', ports: [{ key: 'ai1', type: 'pressure', label: 'Presión' }] },
];

export const demoProducts = [
  {
    code: 'LVL',
    name: 'Estación de nivel',
    models: ['PLS-C', 'VEGAPULS C 21', 'MDS-Dipper-PT', 'ULS-200'],
  },
  { code: 'RAIN', name: 'Estación pluviométrica', models: ['SlimLogCom'] },
  { code: 'PRS', name: 'Estación de presión', models: ['ARC-1', 'PLS-C'] },
  { code: 'MULTI', name: 'Estación multiparámetro', models: ['SlimLogCom', 'ARC-1'] },
] as const;

/** Two firmware versions of each demo model. */
export const demoFirmwares: { model: string; version: string }[] = [
  { model: 'PLS-C', version: '2.3.1' },
  { model: 'PLS-C', version: '2.4.0' },
  { model: 'VEGAPULS C 21', version: '1.2.0' },
  { model: 'VEGAPULS C 21', version: '1.3.2' },
  { model: 'MDS-Dipper-PT', version: '3.0.5' },
  { model: 'MDS-Dipper-PT', version: '3.1.0' },
  { model: 'SlimLogCom', version: '4.8.2' },
  { model: 'SlimLogCom', version: '4.10.0' },
  { model: 'ULS-200', version: '1.0.0' },
  { model: 'ULS-200', version: '1.1.0-rc1' },
  { model: 'ARC-1', version: '5.2.0' },
  { model: 'ARC-1', version: '5.3.1' },
];

export const demoNetworks: { name: string; type: (typeof networkTypes)[number] }[] = [
  { name: 'Movistar 4G', type: '4G' },
  { name: 'Vodafone NB-IoT', type: 'NB-IoT' },
  { name: 'Orange LTE-M', type: 'LTE-M' },
  { name: 'TTN LoRaWAN', type: 'LoRaWAN' },
];

/** Plan of each client company (the provider has none). */
const demoPlanOf = { norte: 'Profesional', levante: 'Básico' } as const;

export const demoCompanies = {
  provider: {
    businessName: 'Aforo Hidrometría S.L.',
    slug: 'aforo',
    contactName: 'Lucía Ferrer',
    position: 'Directora de operaciones',
    email: 'operaciones@aforo.dev',
    phone: '+34 976 000 100',
    isProvider: true,
  },
  norte: {
    businessName: 'Canal del Norte S.A.',
    slug: 'canal-del-norte',
    contactName: 'Iñaki Etxeberria',
    position: 'Jefe de explotación',
    email: 'explotacion@canalnorte.example',
    phone: '+34 944 000 200',
    isProvider: false,
  },
  levante: {
    businessName: 'Aguas de Levante S.L.',
    slug: 'aguas-de-levante',
    contactName: 'Marta Soler',
    position: 'Responsable de redes',
    email: 'redes@aguaslevante.example',
    phone: '+34 963 000 300',
    isProvider: false,
  },
} as const;

const companyLabel = { norte: 'Norte', levante: 'Levante' } as const;

/** The four company roles of one client company: `<role>.<company>@demo.aforo.dev`. */
const clientAccounts = (key: 'norte' | 'levante'): DemoAccount[] => [
  {
    email: `admin-cliente.${key}@${demoDomain}`,
    name: 'Administración',
    surname: companyLabel[key],
    company: key,
    roles: ['ROLE_ADMIN_CLIENTE'],
  },
  {
    email: `chief-cliente.${key}@${demoDomain}`,
    name: 'Operación',
    surname: companyLabel[key],
    company: key,
    roles: ['ROLE_CHIEF_CLIENTE'],
  },
  {
    email: `user.${key}@${demoDomain}`,
    name: 'Consulta',
    surname: companyLabel[key],
    company: key,
    roles: ['ROLE_USER'],
  },
  {
    email: `spectator.${key}@${demoDomain}`,
    // not "Espectador": its initials EN beside the ES | EN switch read as a language
    name: 'Visitante',
    surname: companyLabel[key],
    company: key,
    roles: ['ROLE_SPECTATOR'],
  },
];

export const demoAccounts: DemoAccount[] = [
  {
    email: `admin@${demoDomain}`,
    name: 'Ana',
    surname: 'Administradora',
    company: null,
    roles: ['ROLE_ADMIN'],
  },
  {
    email: `chief@${demoDomain}`,
    name: 'Carlos',
    surname: 'Jefe de operaciones',
    company: null,
    roles: ['ROLE_CHIEF'],
  },
  {
    email: `viewer@${demoDomain}`,
    name: 'Vera',
    surname: 'Supervisora',
    company: null,
    roles: ['ROLE_VIEWER'],
  },
  ...clientAccounts('norte'),
  ...clientAccounts('levante'),
  {
    email: `change-password@${demoDomain}`,
    name: 'Pablo',
    surname: 'Nuevo',
    company: 'norte',
    roles: ['ROLE_USER'],
    state: 'Change Password',
  },
];

async function seedDemoCatalogue(tx: Db): Promise<void> {
  const brandRows = await tx
    .insert(brands)
    .values([...demoBrands])
    .returning();
  const brandId = (abbreviation: string) => brandRows.find((b) => b.abbreviation === abbreviation)!.id;
  const modelRows = await tx
    .insert(models)
    .values(demoModels.map((m) => ({ brandId: brandId(m.brand), name: m.name, ports: m.ports })))
    .returning();
  const modelId = (name: string) => modelRows.find((m) => m.name === name)!.id;
  for (const product of demoProducts) {
    const [row] = await tx
      .insert(products)
      .values({ code: product.code, name: product.name })
      .returning({ id: products.id });
    await tx
      .insert(productModels)
      .values(product.models.map((name) => ({ productId: row!.id, modelId: modelId(name) })));
  }
  await tx
    .insert(firmwares)
    .values(demoFirmwares.map((f) => ({ modelId: modelId(f.model), version: f.version })));
  await tx.insert(networks).values(demoNetworks);
}

export async function seedDemo(db: Db, password: string): Promise<void> {
  // one hash serves every demo account: the salt lives inside it
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const countryRows = await tx
      .insert(countries)
      .values([...demoCountries])
      .returning();
    const planRows = await tx
      .insert(billingPlans)
      .values([...demoBillingPlans])
      .returning();
    const spain = countryRows.find((c) => c.code === 'ES')!.id;
    const planId = (name: string) => planRows.find((p) => p.name === name)!.id;
    const ids: Record<string, string> = {};
    for (const [key, values] of Object.entries(demoCompanies)) {
      const plan = key in demoPlanOf ? planId(demoPlanOf[key as keyof typeof demoPlanOf]) : null;
      const [row] = await tx
        .insert(companies)
        .values({ ...values, countryId: spain, billingPlanId: plan })
        .returning({ id: companies.id });
      ids[key] = row!.id;
    }
    await seedDemoCatalogue(tx);
    for (const account of demoAccounts) {
      const companyId = account.company ? ids[account.company]! : null;
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          name: account.name,
          surname: account.surname,
          passwordHash,
          state: account.state ?? 'Active',
          defaultCompanyId: companyId ?? ids.provider!,
        })
        .returning({ id: users.id });
      await tx.insert(userProfiles).values({ userId: user!.id, companyId, roles: account.roles });
    }
    await seedDemoFleet(tx, { norte: ids.norte!, levante: ids.levante! }, password);
  });
}

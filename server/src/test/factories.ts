/** Factories: valid rows with overrides, written straight to the test database. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { notificationConfigInputSchema } from '@aforo/contracts/notification-configs';
import type { Port } from '@aforo/contracts/models';
import type { Role } from '@aforo/contracts/roles';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { companies, userProfiles, users } from '../db/schema';
import { createNotificationConfigsRepository } from '../modules/notification-configs/notification-configs.repository';
import { demoPassword } from './test-server';

let cachedHash: Promise<string> | undefined;
const demoHash = () => (cachedHash ??= hashPassword(demoPassword));

export async function buildCompany(db: Db, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const [row] = await db
    .insert(companies)
    .values({ businessName: `Empresa ${randomBytes(3).toString('hex')}`, ...overrides })
    .returning();
  return row!;
}

export async function buildUser(
  db: Db,
  options: {
    companyId?: string | null;
    roles?: Role[];
    state?: string;
    profileState?: string;
    email?: string;
    password?: string;
  } = {},
) {
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `user-${randomBytes(4).toString('hex')}@test.aforo.dev`,
      name: 'Test',
      surname: 'User',
      passwordHash: options.password ? await hashPassword(options.password) : await demoHash(),
      state: options.state ?? 'Active',
      defaultCompanyId: options.companyId ?? null,
    })
    .returning();
  await db.insert(userProfiles).values({
    userId: user!.id,
    companyId: options.companyId ?? null,
    roles: options.roles ?? ['ROLE_USER'],
    state: options.profileState ?? 'Active',
  });
  return user!;
}

export async function companyIdByName(db: Db, businessName: string): Promise<string> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.businessName, businessName));
  if (!row) throw new Error(`no company ${businessName}`);
  return row.id;
}

/** The provider company (its component types are shared with every company). */
export async function providerCompanyId(db: Db): Promise<string> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.isProvider, true));
  if (!row) throw new Error('no provider company');
  return row.id;
}

export async function userIdByEmail(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function setUserState(db: Db, userId: string, state: string): Promise<void> {
  await db.update(users).set({ state }).where(eq(users.id, userId));
}

/** A brand, a model (one 4-20 mA port unless `ports`), a product on it and a firmware: enough catalogue for a device. */
export async function buildCatalogue(
  db: Db,
  ports: Port[] = [{ key: 'ai1', type: 'current_4_20', label: 'Nivel' }],
) {
  const { brands, models, products, productModels, firmwares } = await import('../db/schema');
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const [brand] = await db
    .insert(brands)
    .values({ abbreviation: `B${tag}` })
    .returning();
  const [model] = await db
    .insert(models)
    .values({
      brandId: brand!.id,
      name: `M-${tag}`,
      ports,
    })
    .returning();
  const [product] = await db
    .insert(products)
    .values({ code: `P${tag}`, name: `Producto ${tag}` })
    .returning();
  await db.insert(productModels).values({ productId: product!.id, modelId: model!.id });
  const [firmware] = await db.insert(firmwares).values({ modelId: model!.id, version: '1.0.0' }).returning();
  return { brand: brand!, model: model!, product: product!, firmware: firmware! };
}

export async function buildPoint(db: Db, companyId: string, overrides: Record<string, unknown> = {}) {
  const { measurementPoints } = await import('../db/schema');
  const [row] = await db
    .insert(measurementPoints)
    .values({
      companyId,
      name: `Punto ${randomBytes(3).toString('hex')}`,
      latitude: 41.65,
      longitude: -0.88,
      kind: 'river',
      measureTime: 900,
      transmissionTime: 3600,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildDevice(
  db: Db,
  values: {
    modelId: string;
    productId: string;
    state?: string;
    companyId?: string | null;
    measurementPointId?: string | null;
  },
) {
  const { devices } = await import('../db/schema');
  const [row] = await db
    .insert(devices)
    .values({ serial: `SN-${randomBytes(5).toString('hex')}`, ...values })
    .returning();
  return row!;
}

/** A notification config of the company, written as the API would (the input parsed, a webhook secret made). */
export function buildNotificationConfig(
  db: Db,
  companyId: string,
  input: z.input<typeof notificationConfigInputSchema>,
): Promise<string> {
  return createNotificationConfigsRepository(db).insert(
    companyId,
    notificationConfigInputSchema.parse(input),
  );
}

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { companies, notificationConfigs } from '../db/schema';
import { openTestDatabase } from '../test/test-database';
import { seedDemoNotificationConfigs } from './demo-notifications';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('gives every client company one notification config (docs/VALIDATION.md: types and recipients), the provider none', async () => {
  const db = database.db;
  const clients = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.isProvider, false));
  expect(clients.length).toBeGreaterThanOrEqual(2);
  expect(await seedDemoNotificationConfigs(db)).toBe(clients.length);
  const configs = await db.select().from(notificationConfigs);
  expect(configs.map((c) => c.companyId).sort()).toEqual(clients.map((c) => c.id).sort());
  for (const config of configs) {
    expect(config.alertTypes).toContain('DANGER');
    expect(config.roles).toEqual(['ROLE_ADMIN_CLIENTE', 'ROLE_CHIEF_CLIENTE']);
    expect(config.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(config.escalationAfterMinutes).toBe(60);
  }
  // two companies never share a webhook key
  expect(new Set(configs.map((c) => c.webhookSecret)).size).toBe(configs.length);
});

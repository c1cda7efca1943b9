/**
 * Who a config's roles reach: company roles → people of the alert's company; global roles (ADMIN,
 * CHIEF, VIEWER) → provider staff holding them in their global profile. Only Active accounts with an
 * Active profile, whichever the role.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationConfigInput } from '@aforo/contracts/notification-configs';
import type { Database } from '../db/client';
import { alerts, notificationConfigs, notificationDeliveries, notifications } from '../db/schema';
import { createEventBus, type EventBus } from '../events/event-bus';
import {
  buildCompany,
  buildNotificationConfig,
  buildPoint,
  buildUser,
  userIdByEmail,
} from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { createRouter } from './router';

let database: Database;
let events: EventBus;
let companyId: string;
let pointId: string;
const people: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  events = createEventBus({ log: silentLog });
  companyId = (await buildCompany(db)).id;
  pointId = (await buildPoint(db, companyId)).id;
  const other = (await buildCompany(db)).id;
  people.chief = await userIdByEmail(db, 'chief@demo.aforo.dev');
  people.admin = await userIdByEmail(db, 'admin@demo.aforo.dev');
  people.viewer = await userIdByEmail(db, 'viewer@demo.aforo.dev');
  const user = (o: Parameters<typeof buildUser>[1]) => buildUser(db, o).then((u) => u.id);
  people.suspendedChief = await user({ companyId: null, roles: ['ROLE_CHIEF'], state: 'Suspended' });
  people.disabledChief = await user({ companyId: null, roles: ['ROLE_CHIEF'], state: 'Disabled' });
  people.chiefDisabledProfile = await user({
    companyId: null,
    roles: ['ROLE_CHIEF'],
    profileState: 'Disabled',
  });
  people.operator = await user({ companyId, roles: ['ROLE_CHIEF_CLIENTE'] });
  people.suspendedOperator = await user({ companyId, roles: ['ROLE_CHIEF_CLIENTE'], state: 'Suspended' });
  people.otherOperator = await user({ companyId: other, roles: ['ROLE_CHIEF_CLIENTE'] });
});
afterAll(async () => {
  await events?.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(notificationDeliveries);
  await database.db.delete(notifications);
  await database.db.delete(alerts);
  await database.db.delete(notificationConfigs);
});

/** Who is told of a DANGER of the company under a config with these recipients. */
async function reached(recipients: Partial<NotificationConfigInput>) {
  await buildNotificationConfig(database.db, companyId, { name: 'x', alertTypes: ['DANGER'], ...recipients });
  const openedAt = new Date(Date.now() - 60_000);
  const [a] = await database.db
    .insert(alerts)
    .values({ companyId, pointId, port: 'ai1', type: 'DANGER', level: 'DANGER', openedAt, lastAt: openedAt })
    .returning();
  await createRouter({ database, events }).route(a!.id);
  const told = await database.db.select().from(notifications).where(eq(notifications.alertId, a!.id));
  expect(told.every((n) => n.companyId === companyId)).toBe(true);
  const names = Object.fromEntries(Object.entries(people).map(([k, v]) => [v, k]));
  return told.map((n) => names[n.userId] ?? n.userId).sort();
}

describe('recipients by role', () => {
  it("a client company's config naming CHIEF reaches the provider's active chief, nobody else", async () => {
    expect(await reached({ roles: ['ROLE_CHIEF'] })).toEqual(['chief']);
  });

  it('global and company roles together; VIEWER and ADMIN are global roles too', async () => {
    expect(await reached({ roles: ['ROLE_ADMIN', 'ROLE_VIEWER', 'ROLE_CHIEF_CLIENTE'] })).toEqual(
      ['admin', 'operator', 'viewer'].sort(),
    );
  });

  it('a company role never reaches provider staff or another company', async () => {
    expect(await reached({ roles: ['ROLE_CHIEF_CLIENTE'] })).toEqual(['operator']);
  });
});

/**
 * Incident notices over the real silence job: a mass silence opens an incident and provider staff
 * holding ADMIN or CHIEF are told once (in-app in the provider company, plus e-mail); nobody else is;
 * a second run, or two runs at once, add nothing; the end is told once too.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSilence } from '../alerting/silence-job';
import type { Database } from '../db/client';
import {
  devices,
  mailOutbox,
  measurementPoints,
  notificationDeliveries,
  notifications,
  seriesLatest,
  users,
} from '../db/schema';
import { createEventBus, type EventBus } from '../events/event-bus';
import { createMailTransport } from '../mail/mail-transport';
import {
  buildCatalogue,
  buildCompany,
  buildDevice,
  buildPoint,
  buildUser,
  providerCompanyId,
  userIdByEmail,
} from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { incidentText } from './texts';
import { createDeliveryWorker } from './worker';

let database: Database;
let events: EventBus;
let provider: string;
let admin: string;
let chief: string;
let viewer: string;
let suspendedChief: string;
let clientAdmin: string;
let company: { id: string; businessName: string };
const points: string[] = [];
const minute = 60_000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);

/** `n` installed points of a company, 15-minute transmission, the first `silent` last heard an hour ago. */
async function network(companyId: string, n: number, silent: number) {
  const db = database.db;
  const catalogue = await buildCatalogue(db);
  const made: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const point = await buildPoint(db, companyId, { transmissionTime: 900, measureTime: 300 });
    const device = await buildDevice(db, {
      modelId: catalogue.model.id,
      productId: catalogue.product.id,
      companyId,
      measurementPointId: point.id,
      state: 'Active',
    });
    // silent ones crossed their 35-minute deadline two minutes ago: together, hence an outage
    const heard = i < silent ? ago(37 * minute) : ago(minute);
    await db.insert(seriesLatest).values({
      pointId: point.id,
      port: 'ai1',
      deviceId: device.id,
      ts: heard,
      interpreted: 1,
      flag: 1,
      updatedAt: heard,
    });
    made.push(point.id);
  }
  return made;
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  events = createEventBus({ log: silentLog });
  // the demo network stays out of it
  await db.update(devices).set({ measurementPointId: null, state: 'Inactive' });
  await db.update(measurementPoints).set({ test: true });
  provider = await providerCompanyId(db);
  admin = await userIdByEmail(db, 'admin@demo.aforo.dev');
  chief = await userIdByEmail(db, 'chief@demo.aforo.dev');
  viewer = await userIdByEmail(db, 'viewer@demo.aforo.dev');
  await db.update(users).set({ language: 'en' }).where(eq(users.id, chief));
  suspendedChief = (await buildUser(db, { companyId: null, roles: ['ROLE_CHIEF'], state: 'Suspended' })).id;
  company = await buildCompany(db);
  clientAdmin = (await buildUser(db, { companyId: company.id, roles: ['ROLE_ADMIN_CLIENTE'] })).id;
  points.push(...(await network(company.id, 6, 3)));
  // another company transmitting: ingestion as a whole is alive
  await network((await buildCompany(db)).id, 4, 0);
});
afterAll(async () => {
  await events?.close();
  await database?.close();
});

const incidentNotices = () =>
  database.db.select().from(notifications).where(eq(notifications.kind, 'incident'));

describe('incident notices to provider staff', () => {
  it('a mass silence: ADMIN and CHIEF staff told once in-app and by e-mail, nobody else; then its end, once', async () => {
    const runs = await Promise.all([
      checkSilence(database.db, events, now),
      checkSilence(database.db, events, now),
    ]);
    expect(runs.map((r) => r.incidentsStarted).sort()).toEqual([0, 1]);
    await checkSilence(database.db, events, now);

    const started = await incidentNotices();
    expect(started.map((n) => n.userId).sort()).toEqual([admin, chief].sort());
    expect(started.every((n) => n.companyId === provider && n.deliveredAt !== null)).toBe(true);
    for (const nobody of [viewer, suspendedChief, clientAdmin])
      expect(started.map((n) => n.userId)).not.toContain(nobody);
    const ofAdmin = started.find((n) => n.userId === admin)!;
    expect(ofAdmin.title).toBe(`Incidencia: silencio masivo · ${company.businessName}`);
    expect(ofAdmin.body).toContain('3 de 6 puntos sin transmitir');
    expect(started.find((n) => n.userId === chief)!.title).toBe(
      `Incident: mass silence · ${company.businessName}`,
    );

    // e-mail: one per person, sent by the delivery worker
    const mails = await database.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.kind, 'incident'), eq(notificationDeliveries.channel, 'email')));
    expect(mails.map((m) => m.recipientUserId).sort()).toEqual([admin, chief].sort());
    const worker = createDeliveryWorker({
      database,
      events,
      mail: createMailTransport({ db: database.db, log: silentLog }),
      log: silentLog,
    });
    await worker.runOnce();
    await worker.close();
    const outbox = await database.db.select().from(mailOutbox);
    expect(outbox.map((m) => m.subject).sort()).toEqual(
      [
        `Aforo · Incident: mass silence · ${company.businessName}`,
        `Aforo · Incidencia: silencio masivo · ${company.businessName}`,
      ].sort(),
    );

    // the points come back: the incident ends, told once
    await database.db
      .update(seriesLatest)
      .set({ updatedAt: now })
      .where(inArray(seriesLatest.pointId, points));
    expect((await checkSilence(database.db, events, now)).incidentsEnded).toBe(1);
    await checkSilence(database.db, events, now);
    const all = await incidentNotices();
    expect(all).toHaveLength(4);
    const ended = all.filter((n) => !started.some((s) => s.id === n.id));
    expect(ended.map((n) => n.userId).sort()).toEqual([admin, chief].sort());
    expect(ended.find((n) => n.userId === admin)!.title).toBe(
      `Incidencia terminada: silencio masivo · ${company.businessName}`,
    );
  });

  it('ingestion silent as a whole names no company', () => {
    const incident = {
      kind: 'ingestion_silent' as const,
      companyName: null,
      silentPoints: 10,
      watchedPoints: 10,
      startedAt: new Date('2026-03-01T10:00:00Z'),
      endedAt: new Date('2026-03-01T10:30:00Z'),
    };
    expect(incidentText('start', incident, 'en', 'Europe/Madrid')).toEqual({
      title: 'Incident: ingestion stopped',
      body: 'No data has reached Aforo for at least 10 minutes (10 of 10 points silent, since 01/03/2026, 11:00). No transmission notifications are held until it ends.',
    });
    expect(incidentText('end', incident, 'es', 'Europe/Madrid').title).toBe(
      'Incidencia terminada: ingesta detenida',
    );
  });
});

/**
 * The scheduled close on a real database (docs/REPORTS.md "Delivery"): on its day, on the company's
 * clock, the previous month is closed in the name of who set the schedule and mailed to its
 * recipients — once: a second run does nothing; not before its day; not when disabled or already
 * closed by hand.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import {
  logEntries,
  mailOutbox,
  reportClosures,
  reportDeliveries,
  reportSchedules,
  users,
} from '../db/schema';
import { transactor } from '../db/transaction';
import { createEventBus, type EventBus } from '../events/event-bus';
import { buildCompany, buildUser } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { createMonthClose } from './month-close';
import { createReportDelivery } from './report-delivery';
import { createScheduledClose, reportScheduleJob } from './report-schedule-job';

let database: Database;
let events: EventBus;
let madrid: string;
let handClosed: string;
let disabled: string;
let chief: string;
let recipient: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  events = createEventBus({ log: silentLog });
  madrid = (await buildCompany(db, { preferredTimezone: 'Europe/Madrid' })).id;
  handClosed = (await buildCompany(db, { preferredTimezone: 'Europe/Madrid' })).id;
  disabled = (await buildCompany(db, { preferredTimezone: 'Europe/Madrid' })).id;
  chief = (await buildUser(db, { companyId: null, roles: ['ROLE_CHIEF'] })).id;
  await db.update(users).set({ language: 'en' }).where(eq(users.id, chief));
  recipient = (await buildUser(db, { companyId: madrid, roles: ['ROLE_ADMIN_CLIENTE'] })).id;
  const schedule = { day: 5, recipientIds: [recipient], updatedBy: chief };
  await db.insert(reportSchedules).values([
    { companyId: madrid, enabled: true, ...schedule },
    { companyId: handClosed, enabled: true, ...schedule },
    { companyId: disabled, enabled: false, ...schedule },
  ]);
  await createMonthClose({ db }).close({
    companyId: handClosed,
    month: '2026-10',
    userId: chief,
    lang: 'es',
    recipientIds: [],
  });
});
afterAll(async () => {
  await events?.close();
  await database?.close();
});

const scheduledAt = (iso: string) =>
  createScheduledClose({
    db: database.db,
    transact: transactor(database.db, events),
    onFrozen: createReportDelivery({ publicUrl: 'http://localhost:8080' }).onFrozen,
    log: silentLog,
    clock: () => new Date(iso),
  });

describe('the scheduled close', () => {
  it('does nothing before its day on the company’s clock (4 November, 23:59 in Madrid)', async () => {
    expect(await scheduledAt('2026-11-04T22:59:00Z').runDue()).toEqual([]);
  });

  it('on its day (5 November, 00:30 in Madrid, still the 4th in UTC) closes October once, as who set it', async () => {
    const [closed, ...more] = await scheduledAt('2026-11-04T23:30:00Z').runDue();
    expect(more).toEqual([]);
    expect(closed).toMatchObject({ companyId: madrid, month: '2026-10' });
    const [closure] = await database.db
      .select()
      .from(reportClosures)
      .where(eq(reportClosures.id, closed!.closureId));
    // closed in the name of the schedule's author, its files in their language
    expect(closure).toMatchObject({ closedBy: chief, language: 'en', recipientIds: [recipient] });
    const mails = await database.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, n: reportDeliveries.n })
      .from(reportDeliveries)
      .innerJoin(mailOutbox, eq(mailOutbox.id, reportDeliveries.mailId))
      .where(eq(reportDeliveries.closureId, closed!.closureId));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('octubre de 2026: mes cerrado');
    // the history records the system closing it
    const [entry] = await database.db
      .select()
      .from(logEntries)
      .where(eq(logEntries.entityId, closed!.closureId));
    expect(entry).toMatchObject({ action: 'close_month', userId: null, companyId: madrid });
    // a second run, later that day or in another process, finds October closed
    expect(await scheduledAt('2026-11-05T10:00:00Z').runDue()).toEqual([]);
  });

  it('a month closed by hand and a disabled schedule are left alone; the job runs hourly', async () => {
    const closures = await database.db
      .select()
      .from(reportClosures)
      .where(eq(reportClosures.month, '2026-10'));
    expect(closures.map((c) => c.companyId).sort()).toEqual([madrid, handClosed].sort());
    const job = reportScheduleJob({
      db: database.db,
      transact: transactor(database.db, events),
      log: silentLog,
      clock: () => new Date('2026-11-20T12:00:00Z'),
    });
    expect(job).toMatchObject({ name: 'report-schedules', schedule: { every: 3_600_000 } });
    await job.run(new Date());
    expect(await database.db.select().from(reportClosures)).toHaveLength(2);
  });
});

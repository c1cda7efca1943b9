/**
 * The mail worker against a real SMTP server that is down and then back (test/smtp-stub.ts), on a
 * real database: requests answer without waiting for SMTP, failed attempts are kept with their error
 * and a back-off, the last one gives up, and the mail goes once the server is back.
 */
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { createEventBus } from '../events/event-bus';
import { isClusterEvent } from '../events/event-map';
import { exponentialBackoff, retryDelayMs, tableBackoff } from '../jobs/queue-worker';
import { createLogger } from '../lib/logger';
import { companyIdByName } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { startSmtpStub, type SmtpStub } from '../test/smtp-stub';
import { openTestDatabase } from '../test/test-database';
import { bearer, startTestServer, type TestServer } from '../test/test-server';
import { createMailOutboxRepository } from './mail-outbox.repository';
import { createMailWorker, mailRetry } from './mail-worker';

describe('retry schedule', () => {
  it('waits 30 s × 4 per failed attempt, at most an hour, and gives up after the eighth', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(mailRetry, n));
    expect(waits).toEqual([30_000, 120_000, 480_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000, null]);
    expect(mailRetry.maxAttempts).toBe(8);
  });

  it('takes a table as the notification deliveries do, its last wait for any later attempt', () => {
    const policy = { maxAttempts: 5, backoffMs: tableBackoff([30_000, 120_000, 600_000, 3_600_000]) };
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(policy, n))).toEqual([
      30_000,
      120_000,
      600_000,
      3_600_000,
      null,
    ]);
    expect(exponentialBackoff(1000, 2, 5000)(10)).toBe(5000);
  });

  it("'mail.queued' crosses processes, so a jobs process hears what an API process queued", () => {
    expect(isClusterEvent('mail.queued')).toBe(true);
  });
});

describe('SMTP down, then back', () => {
  let smtp: SmtpStub | undefined;
  let port: number;
  let server: TestServer;
  let admin: string;
  let norte: string;

  beforeAll(async () => {
    // a port nothing listens on once the stub is closed: connections are refused
    const first = await startSmtpStub();
    port = Number(new URL(first.url).port);
    await first.close();
    // a long poll: only 'mail.queued' and the test drive the worker
    server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailPollMs: 60 * 60_000 });
    admin = await server.login('admin@demo.aforo.dev');
    norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const rowTo = async (to: string) =>
    (await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];
  const createUser = (email: string) =>
    server.request({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin),
      payload: {
        name: 'Ana',
        surname: 'Caída',
        email,
        profiles: [{ company: { id: norte }, roles: ['ROLE_USER'] }],
      },
    });

  it('creates a user at once while SMTP is down; the failed attempt is kept with its error and a back-off', async () => {
    const started = Date.now();
    const res = await createUser('ana.down@test.dev');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'ana.down@test.dev', state: { name: 'Created' } });
    // 'mail.queued' kicked the worker after the commit
    await expect.poll(async () => (await rowTo('ana.down@test.dev'))?.attempts, { timeout: 10_000 }).toBe(1);
    const row = (await rowTo('ana.down@test.dev'))!;
    expect(row.status).toBe('outbox');
    expect(row.error).toMatch(/ECONNREFUSED/);
    expect(row.sentAt).toBeNull();
    const dueIn = (row.nextAttemptAt!.getTime() - Date.now()) / 1000;
    expect(dueIn).toBeGreaterThan(20);
    expect(dueIn).toBeLessThanOrEqual(31);
    // not due yet: the worker takes nothing
    expect(await server.mailWorker!.runOnce()).toBe(0);
  });

  it('queues nothing for a change that rolls back', async () => {
    const before = (await server.database.db.select().from(mailOutbox)).length;
    const dup = await createUser('ana.down@test.dev');
    expect(dup.statusCode).toBe(409);
    expect((await server.database.db.select().from(mailOutbox)).length).toBe(before);
  });

  it('gives up after the last attempt, keeping the error', async () => {
    const db = server.database.db;
    const mail = await createMailOutboxRepository(db).insert({
      to: 'last.try@test.dev',
      subject: 's',
      text: 't',
    });
    await db
      .update(mailOutbox)
      .set({ attempts: mailRetry.maxAttempts - 1 })
      .where(eq(mailOutbox.id, mail.id));
    expect(await server.mailWorker!.runOnce()).toBe(1);
    const row = (await rowTo('last.try@test.dev'))!;
    expect([row.status, row.attempts, row.nextAttemptAt]).toEqual(['failed', mailRetry.maxAttempts, null]);
    expect(row.error).toMatch(/ECONNREFUSED/);
  });

  it('sends the activation mail once SMTP is back, its stored copy without the link', async () => {
    smtp = await startSmtpStub({ port });
    // its back-off has passed
    await server.database.db.execute(
      sql`update mail_outbox set next_attempt_at = now() where "to" = 'ana.down@test.dev'`,
    );
    expect(await server.mailWorker!.runOnce()).toBe(1);
    const [message] = await smtp.received(1);
    expect(message).toContain('ana.down@test.dev');
    const token = /\/activate\/user\/([A-Za-z0-9_-]{20,})/.exec(message!)?.[1];
    expect(token).toBeDefined();
    const row = (await rowTo('ana.down@test.dev'))!;
    expect([row.status, row.attempts, row.error, row.nextAttemptAt]).toEqual(['sent', 2, null, null]);
    expect(row.sentAt).not.toBeNull();
    expect(row.text).toContain('/activate/user/[redacted]');
    expect(row.text).not.toContain(token);
    // the failed-for-good mail stays as it is
    expect((await rowTo('last.try@test.dev'))!.status).toBe('failed');
    // the link works: the account is activated through it
    const activated = await server.request({
      method: 'POST',
      url: `/public/activate/user/${token}`,
      payload: { password: 'ana-first-password', confirmPassword: 'ana-first-password' },
    });
    expect(activated.statusCode).toBe(200);
  });

  it('answers before a slow mail server has even greeted: the request never waits for SMTP', async () => {
    const before = smtp!.messages.length;
    smtp!.hold();
    try {
      const started = Date.now();
      const res = await createUser('ana.slow@test.dev');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(res.statusCode).toBe(201);
      expect(smtp!.messages.length).toBe(before);
    } finally {
      smtp!.release();
    }
    await smtp!.received(before + 1);
    await expect.poll(async () => (await rowTo('ana.slow@test.dev'))?.status).toBe('sent');
  });
});

describe('without SMTP_URL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('logs a queued mail, link included, and keeps it in the outbox with nothing left to do', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const events = createEventBus({ log: silentLog });
    const worker = createMailWorker({ db: database.db, events, log: createLogger('info', false, sink) });
    const mail = await createMailOutboxRepository(database.db).insert({
      to: 'kept@test.dev',
      subject: 'Active su cuenta de Aforo',
      text: 'http://h/activate/user/kept-link-token-0123456789',
    });
    expect(await worker.runOnce()).toBe(1);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect([row!.status, row!.attempts, row!.nextAttemptAt, row!.error]).toEqual(['outbox', 0, null, null]);
    expect(row!.text).toContain('kept-link-token-0123456789');
    expect(lines.join('')).toContain('mail kept in the outbox (no SMTP_URL)');
    expect(lines.join('')).toContain('kept-link-token-0123456789');
    expect(await worker.runOnce()).toBe(0);
    await worker.close();
    await events.close();
  });
});

/**
 * The notifying rules of delivery: webhook retries with back-off against a real local server, the
 * final failure, a lost worker's lease, and e-mail through the mailer. Setup: test/notifying-rules.ts.
 */
import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notificationConfigs, notificationDeliveries } from '../db/schema';
import {
  alert,
  config,
  database,
  deliveries,
  hook,
  router,
  secondsFromNow,
  timePasses,
  useNotifyingRules,
  worker,
} from '../test/notifying-rules';
import { maxAttempts } from './worker';

useNotifyingRules();

describe('webhook delivery', () => {
  it('retries with back-off (30 s, 2 min) against a receiver failing twice, same key and signature each time', async () => {
    const configId = await config({ roles: ['ROLE_ADMIN_CLIENTE'] });
    const [stored] = await database.db
      .select({ webhookSecret: notificationConfigs.webhookSecret })
      .from(notificationConfigs)
      .where(eq(notificationConfigs.id, configId));
    const secret = stored!.webhookSecret;
    hook.answers.push(500, 503);
    const a = await alert();
    await router().route(a.id);
    const webhook = async () => (await deliveries()).find((d) => d.channel === 'webhook')!;

    expect(await worker.runOnce()).toBe(1);
    let d = await webhook();
    expect([d.status, d.attempts, d.lastError]).toEqual(['queued', 1, 'HTTP 500']);
    expect(secondsFromNow(d.notBefore)).toBeGreaterThanOrEqual(28);
    expect(secondsFromNow(d.notBefore)).toBeLessThanOrEqual(31);
    // not due yet: nothing is claimed
    expect(await worker.runOnce()).toBe(0);

    await timePasses();
    await worker.runOnce();
    d = await webhook();
    expect([d.status, d.attempts, d.lastError]).toEqual(['queued', 2, 'HTTP 503']);
    expect(secondsFromNow(d.notBefore)).toBeGreaterThanOrEqual(118);
    expect(secondsFromNow(d.notBefore)).toBeLessThanOrEqual(121);

    await timePasses();
    await worker.runOnce();
    d = await webhook();
    expect([d.status, d.attempts, d.lastError, d.sentAt !== null]).toEqual(['sent', 3, null, true]);
    expect(hook.received).toHaveLength(3);
    expect(new Set(hook.received.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([d.idempotencyKey]),
    );
    for (const r of hook.received)
      expect(r.headers['x-aforo-signature']).toBe(
        `sha256=${createHmac('sha256', secret).update(r.body).digest('hex')}`,
      );
  });

  it(`fails for good after ${maxAttempts} attempts, with the reason; an unreachable receiver is a failed attempt`, async () => {
    await config({ roles: ['ROLE_ADMIN_CLIENTE'], webhookUrl: 'http://127.0.0.1:9/unreachable' });
    const a = await alert();
    await router().route(a.id);
    await worker.runOnce();
    let [d] = (await deliveries()).filter((x) => x.channel === 'webhook');
    expect(d!.status).toBe('queued');
    expect(d!.lastError).toMatch(/ECONNREFUSED/);
    await database.db
      .update(notificationDeliveries)
      .set({ attempts: maxAttempts - 1, notBefore: null })
      .where(eq(notificationDeliveries.id, d!.id));
    await worker.runOnce();
    [d] = (await deliveries()).filter((x) => x.channel === 'webhook');
    expect([d!.status, d!.attempts, d!.notBefore]).toEqual(['failed', maxAttempts, null]);
  });

  it('a delivery claimed by a worker that died is due again after its lease, not lost', async () => {
    await config({ roles: ['ROLE_ADMIN_CLIENTE'] });
    await router().route((await alert()).id);
    // claimed (attempt 1) and never finished
    await database.db.execute(sql`
      update notification_deliveries set attempts = 1, not_before = now() + interval '5 minutes'
      where channel = 'webhook'`);
    expect(await worker.runOnce()).toBe(0);
    await timePasses();
    expect(await worker.runOnce()).toBe(1);
    expect((await deliveries()).find((d) => d.channel === 'webhook')!.status).toBe('sent');
  });
});

describe('e-mail', () => {
  it('goes through the mailer: a mail in the outbox in the recipient language, delivery sent', async () => {
    await config({ webhookUrl: null, email: true });
    await router().route((await alert()).id);
    await worker.runOnce();
    const [mail] = await database.db.select().from(mailOutbox);
    expect(mail!.subject).toBe('Aforo · Alerta: Peligro · Río Ebro');
    expect(mail!.text).toMatch(/^Hola, Test User:\n\nPeligro en Río Ebro \(ai\d+\) desde /);
    const email = (await deliveries()).find((d) => d.channel === 'email')!;
    expect([email.status, email.attempts]).toEqual(['sent', 1]);
  });
});

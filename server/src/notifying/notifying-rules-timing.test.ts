/**
 * The notifying rules of timing: quiet hours across midnight on a DST night and the digest,
 * escalation of unacknowledged alerts, and the outage hold and release. Setup: test/notifying-rules.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { incidents, notificationQuietHours, notifications } from '../db/schema';
import { silentLog } from '../test/ingest-harness';
import {
  alert,
  boss,
  companyId,
  config,
  database,
  deliveries,
  events,
  hook,
  notificationsOf,
  operator,
  router,
  useNotifyingRules,
  worker,
} from '../test/notifying-rules';
import { createRouter } from './router';
import { digestFor, escalationJob, notifyingUpkeepJob } from './upkeep';

useNotifyingRules();

describe('quiet hours', () => {
  it('22:00 → 07:00 across midnight on the DST night: WARNING held until 07:00 CET, DANGER passes, then one digest', async () => {
    await config({ webhookUrl: null, email: true });
    await database.db
      .insert(notificationQuietHours)
      .values({ userId: operator, companyId, from: '22:00', to: '07:00' });
    // 23:30 CEST on 24 October 2026; the clocks go back at 03:00 that night
    const night = createRouter({ database, events, now: () => new Date('2026-10-24T21:30:00Z') });
    const warning = await alert({ type: 'WARNING', level: 'WARNING' });
    const jump = await alert({ type: 'DANGER', level: 'DANGER' });
    await night.route(warning.id);
    await night.route(jump.id);
    const rows = await deliveries();
    const ofWarning = rows.filter((d) => d.alertId === warning.id);
    expect(ofWarning.map((d) => [d.channel, d.status, d.holdReason]).sort()).toEqual([
      ['email', 'held', 'quiet_hours'],
      ['in_app', 'held', 'quiet_hours'],
    ]);
    // 07:00 CET = 06:00Z: ten hours of elapsed night, as the wall clock says
    expect(ofWarning.every((d) => d.notBefore?.toISOString() === '2026-10-25T06:00:00.000Z')).toBe(true);
    expect(
      rows
        .filter((d) => d.alertId === jump.id)
        .map((d) => [d.channel, d.status])
        .sort(),
    ).toEqual([
      ['email', 'queued'],
      ['in_app', 'sent'],
    ]);
    const shown = (await notificationsOf(operator)).filter((n) => n.deliveredAt !== null);
    expect(shown.map((n) => n.alertId)).toEqual([jump.id]);

    // the end has passed (it is in the past of the real clock): the digest job gathers them
    expect(await digestFor(database, events, companyId, operator)).toBe(true);
    expect(await digestFor(database, events, companyId, operator)).toBe(false);
    const digest = (await notificationsOf(operator)).find((n) => n.kind === 'digest')!;
    expect(digest).toMatchObject({
      alertIds: [warning.id],
      title: '1 notificación durante sus horas de silencio',
    });
    expect(digest.body).toContain('Aviso');
    const after = await deliveries();
    expect(
      after
        .filter((d) => d.alertId === warning.id)
        .every((d) => d.status === 'sent' && d.digestId === digest.id),
    ).toBe(true);
    expect(
      after
        .filter((d) => d.kind === 'digest')
        .map((d) => [d.channel, d.status])
        .sort(),
    ).toEqual([
      ['email', 'queued'],
      ['in_app', 'sent'],
    ]);
  });

  it('outside quiet hours nothing waits', async () => {
    await config({ webhookUrl: null });
    await database.db
      .insert(notificationQuietHours)
      .values({ userId: operator, companyId, from: '22:00', to: '07:00' });
    // 12:00 in Madrid
    const noon = createRouter({ database, events, now: () => new Date('2026-11-20T11:00:00Z') });
    const warning = await alert({ type: 'WARNING', level: 'WARNING' });
    await noon.route(warning.id);
    expect((await deliveries()).map((d) => d.status)).toEqual(['sent']);
  });
});

describe('escalation', () => {
  it('an alert unacknowledged T minutes after opening reaches the escalation recipients once', async () => {
    await config({ webhookUrl: null, escalation: { afterMinutes: 5, roles: ['ROLE_ADMIN_CLIENTE'] } });
    const old = await alert({ openedAt: new Date(Date.now() - 10 * 60_000) });
    await alert({ openedAt: new Date(Date.now() - 2 * 60_000) });
    await alert({ openedAt: new Date(Date.now() - 10 * 60_000), acknowledgedAt: new Date() });
    await alert({ openedAt: new Date(Date.now() - 10 * 60_000), clearedAt: new Date() });
    const job = escalationJob({ database, router: router(), kick: () => {}, log: silentLog });
    await job.run(new Date());
    await job.run(new Date());
    const escalated = await notificationsOf(boss);
    expect(escalated.map((n) => [n.alertId, n.kind])).toEqual([[old.id, 'escalation']]);
    expect(escalated[0]!.body).toContain('sin reconocer tras 5 minutos');
    expect(await notificationsOf(operator)).toEqual([]);
  });
});

describe('outages', () => {
  it('a NO_TRANSMISSION of an open incident is held, and delivered when the incident ends', async () => {
    await config({ userIds: [boss] });
    const [incident] = await database.db
      .insert(incidents)
      .values({ companyId, kind: 'mass_silence', silentPoints: 4, watchedPoints: 10 })
      .returning();
    const a = await alert({
      type: 'NO_TRANSMISSION',
      level: 'NO_TRANSMISSION',
      port: null,
      incidentId: incident!.id,
    });
    await router().route(a.id);
    const upkeep = notifyingUpkeepJob({ database, events, router: router(), kick: () => {}, log: silentLog });
    await upkeep.run(new Date());
    expect(await worker.runOnce()).toBe(0);
    expect((await deliveries()).map((d) => [d.channel, d.status, d.holdReason])).toEqual(
      expect.arrayContaining([
        ['in_app', 'held', 'incident'],
        ['webhook', 'held', 'incident'],
      ]),
    );
    expect((await database.db.select().from(notifications)).every((n) => n.deliveredAt === null)).toBe(true);

    await database.db.update(incidents).set({ endedAt: new Date() }).where(eq(incidents.id, incident!.id));
    await upkeep.run(new Date());
    expect(await worker.runOnce()).toBe(3);
    expect((await deliveries()).every((d) => d.status === 'sent')).toBe(true);
    const shown = await database.db.select().from(notifications);
    expect(shown.every((n) => n.deliveredAt !== null)).toBe(true);
    expect(hook.received.map((r) => JSON.parse(r.body).alert.type)).toEqual(['NO_TRANSMISSION']);
  });
});

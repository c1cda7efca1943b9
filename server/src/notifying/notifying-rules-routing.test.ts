/**
 * The notifying rules of routing, on alerts written straight to the database: idempotent routing
 * (two routers at once), who is reached, resolved notices, and what is never notified (muted, late,
 * shelved) or caught by the sweep. Setup: test/notifying-rules.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alerts, notificationRoutings, notifications } from '../db/schema';
import { buildUser } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { createNotifying } from './notifying';
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
  pointId,
  router,
  useNotifyingRules,
} from '../test/notifying-rules';
import { notifyingUpkeepJob } from './upkeep';

useNotifyingRules();

describe('routing', () => {
  it('the same alert routed by two processes at once and again later: one notification per recipient', async () => {
    await config({ userIds: [boss] });
    const a = await alert();
    const results = await Promise.all([router().route(a.id), router().route(a.id), router().route(a.id)]);
    await router().route(a.id);
    // one router queued the webhook; the others found the transition routed
    expect(results.sort()).toEqual([0, 0, 1]);
    expect((await notificationsOf(operator)).map((n) => [n.alertId, n.kind])).toEqual([[a.id, 'firing']]);
    expect(await notificationsOf(boss)).toHaveLength(1);
    const rows = await deliveries();
    expect(rows.map((d) => d.channel).sort()).toEqual(['in_app', 'in_app', 'webhook']);
    expect(new Set(rows.map((d) => d.idempotencyKey)).size).toBe(3);
  });

  it('alerts routed together (the alert.changed of one round) are told as each alone would be', async () => {
    await config({ userIds: [boss] });
    const firing = await alert();
    const both = await alert({ clearedAt: new Date(), clearedValue: 3.1 });
    const warning = await alert({ type: 'WARNING', level: 'WARNING' });
    const muted = await alert({ muted: true });
    const clearedShelved = await alert({
      clearedAt: new Date(),
      shelvedUntil: new Date(Date.now() + 3_600_000),
    });
    const flat = await alert({ type: 'FLAT', level: 'WARNING' });
    const ids = [firing, both, warning, muted, clearedShelved, flat].map((a) => a.id);
    // four webhook POSTs: firing, both's firing and resolved, warning (FLAT is not in the config)
    expect(await router().routeAll([...ids, firing.id])).toBe(4);
    expect(await router().routeAll(ids)).toBe(0);
    const told = (await notificationsOf(operator)).map((n) => `${n.alertId}:${n.kind}`).sort();
    expect(told).toEqual(
      [`${firing.id}:firing`, `${both.id}:firing`, `${both.id}:resolved`, `${warning.id}:firing`].sort(),
    );
    expect(await notificationsOf(boss)).toHaveLength(4);
    // what was shelved is claimed, so the sweep does not tell it later; muted: nothing recorded
    const marks = (await database.db.select().from(notificationRoutings)).map(
      (r) => `${r.alertId}:${r.transition}`,
    );
    expect(marks).toContain(`${clearedShelved.id}:resolved`);
    expect(marks.some((m) => m.startsWith(muted.id))).toBe(false);
  });

  it('the alert.changed of one turn are routed together; a batch that fails is routed alert by alert', async () => {
    await config({ webhookUrl: null });
    const notifying = createNotifying({ database, events, log: silentLog });
    notifying.start();
    try {
      const [a, b] = [await alert(), await alert({ type: 'WARNING', level: 'WARNING' })];
      events.publish('alert.changed', { alertId: a.id, pointId });
      // not an id: the batch's read fails, and each alert is then routed alone
      events.publish('alert.changed', { alertId: 'not-an-id', pointId });
      events.publish('alert.changed', { alertId: b.id, pointId });
      await events.idle();
      expect((await notificationsOf(operator)).map((n) => n.alertId).sort()).toEqual([a.id, b.id].sort());
    } finally {
      await notifying.close();
    }
  });

  it('a person named by two configs gets one notification; e-mail if either says so', async () => {
    await config({ email: false, webhookUrl: null });
    await config({ roles: [], userIds: [operator], email: true, webhookUrl: null });
    const a = await alert();
    await router().route(a.id);
    expect(await notificationsOf(operator)).toHaveLength(1);
    expect((await deliveries()).map((d) => d.channel).sort()).toEqual(['email', 'in_app']);
  });

  it('only Active people with an Active profile in the company; disabled configs and other types reach nobody', async () => {
    const suspended = await buildUser(database.db, {
      companyId,
      roles: ['ROLE_CHIEF_CLIENTE'],
      state: 'Suspended',
    });
    const inactiveProfile = await buildUser(database.db, {
      companyId,
      roles: ['ROLE_CHIEF_CLIENTE'],
      profileState: 'Inactive',
    });
    await config({ webhookUrl: null });
    await config({ enabled: false, roles: ['ROLE_ADMIN_CLIENTE'], webhookUrl: null });
    await config({ alertTypes: ['FLAT'], roles: ['ROLE_ADMIN_CLIENTE'], webhookUrl: null });
    await router().route((await alert()).id);
    const reached = (await database.db.select().from(notifications)).map((n) => n.userId);
    expect(reached).toEqual([operator]);
    expect(reached).not.toContain(suspended.id);
    expect(reached).not.toContain(inactiveProfile.id);
  });

  it('resolved: told when the alert clears, unless the config says not to', async () => {
    await config({ webhookUrl: null, userIds: [boss] });
    await config({ roles: [], userIds: [boss], notifyResolved: false, webhookUrl: hook.url });
    const a = await alert();
    await router().route(a.id);
    await database.db
      .update(alerts)
      .set({ clearedAt: new Date(), clearedValue: 3.1 })
      .where(eq(alerts.id, a.id));
    await router().route(a.id);
    expect((await notificationsOf(boss)).map((n) => n.kind).sort()).toEqual(['firing', 'resolved']);
    // the webhook config does not notify resolved: its only delivery is the firing one
    expect((await deliveries()).filter((d) => d.channel === 'webhook').map((d) => d.kind)).toEqual([
      'firing',
    ]);
  });

  it('muted and late alerts are never notified; shelved ones wait for the end of the shelving', async () => {
    await config({ webhookUrl: null });
    const muted = await alert({ muted: true });
    const late = await alert({ late: true });
    const shelved = await alert({ shelvedUntil: new Date(Date.now() + 3_600_000) });
    for (const a of [muted, late, shelved]) await router().route(a.id);
    expect(await database.db.select().from(notifications)).toEqual([]);
    expect(await database.db.select().from(notificationRoutings)).toEqual([]);

    // the sweep routes what was shelved once the shelving is over, never the muted or late
    const upkeep = notifyingUpkeepJob({ database, events, router: router(), kick: () => {}, log: silentLog });
    await upkeep.run(new Date());
    expect(await database.db.select().from(notifications)).toEqual([]);
    await database.db
      .update(alerts)
      .set({ shelvedUntil: new Date(Date.now() - 1000) })
      .where(eq(alerts.id, shelved.id));
    await upkeep.run(new Date());
    expect((await notificationsOf(operator)).map((n) => n.alertId)).toEqual([shelved.id]);
  });

  it('the sweep routes an alert whose alert.changed was lost, once', async () => {
    await config({ webhookUrl: null });
    const a = await alert();
    const upkeep = notifyingUpkeepJob({ database, events, router: router(), kick: () => {}, log: silentLog });
    await upkeep.run(new Date());
    await upkeep.run(new Date());
    expect((await notificationsOf(operator)).map((n) => n.alertId)).toEqual([a.id]);
  });
});

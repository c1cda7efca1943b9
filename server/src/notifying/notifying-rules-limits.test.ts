/**
 * A notification config limited to some points or layers (docs/ALERTS.md, "Limited to points or
 * layers") reaches its recipients only for alerts of those points: at routing and at escalation.
 * Setup: test/notifying-rules.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { layerPoints, layers } from '../db/schema';
import { buildPoint, buildUser } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import {
  alert,
  boss,
  companyId,
  config,
  database,
  deliveries,
  notificationsOf,
  operator,
  pointId,
  router,
  useNotifyingRules,
} from '../test/notifying-rules';
import { escalationJob } from './upkeep';

useNotifyingRules();

/** A second and a third point of the company, and a layer holding only the second. */
let other: string;
let third: string;
let layerId: string;
beforeAll(async () => {
  other = (await buildPoint(database.db, companyId, { name: 'Canal de Isabel' })).id;
  third = (await buildPoint(database.db, companyId, { name: 'Pozo 3' })).id;
  const [layer] = await database.db
    .insert(layers)
    .values({ companyId, name: 'Canales', colour: '#1c7ed6' })
    .returning();
  layerId = layer!.id;
  await database.db.insert(layerPoints).values({ layerId, pointId: other });
});

describe('a config limited to points or layers', () => {
  it('limited to point P: an alert of P is notified, one of Q is not', async () => {
    await config({ pointIds: [pointId] });
    const onP = await alert();
    const onQ = await alert({ pointId: other });
    await router().routeAll([onP.id, onQ.id]);
    expect((await notificationsOf(operator)).map((n) => n.alertId)).toEqual([onP.id]);
    // nor its webhook
    expect((await deliveries()).filter((d) => d.channel === 'webhook').map((d) => d.alertId)).toEqual([
      onP.id,
    ]);
  });

  it("limited to a layer: its points' alerts only; no limit: every point", async () => {
    await config({ layerIds: [layerId], webhookUrl: null });
    await config({ roles: ['ROLE_ADMIN_CLIENTE'], webhookUrl: null });
    const onP = await alert();
    const onQ = await alert({ pointId: other });
    // routed one by one and together: the configs are read per point, not once per type
    await router().route(onQ.id);
    await router().routeAll([onP.id]);
    expect((await notificationsOf(operator)).map((n) => n.alertId)).toEqual([onQ.id]);
    expect((await notificationsOf(boss)).map((n) => n.alertId).sort()).toEqual([onP.id, onQ.id].sort());
  });

  it('points and layers together: a point of either; resolved notices follow the same limit', async () => {
    await config({ pointIds: [pointId], layerIds: [layerId], webhookUrl: null });
    const alerts = [await alert(), await alert({ pointId: other }), await alert({ pointId: third })];
    const cleared = await alert({ pointId: third, clearedAt: new Date(), clearedValue: 1 });
    await router().routeAll([...alerts.map((a) => a.id), cleared.id]);
    expect((await notificationsOf(operator)).map((n) => n.alertId).sort()).toEqual(
      [alerts[0]!.id, alerts[1]!.id].sort(),
    );
  });

  it('escalation: only for alerts of the points the config covers', async () => {
    const watcher = (await buildUser(database.db, { companyId, roles: ['ROLE_USER'] })).id;
    await config({
      pointIds: [other],
      webhookUrl: null,
      escalation: { afterMinutes: 5, roles: ['ROLE_USER'] },
    });
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await alert({ openedAt: tenMinutesAgo });
    const onQ = await alert({ pointId: other, openedAt: tenMinutesAgo });
    const job = escalationJob({ database, router: router(), kick: () => {}, log: silentLog });
    await job.run(new Date());
    expect((await notificationsOf(watcher)).map((n) => [n.alertId, n.kind])).toEqual([
      [onQ.id, 'escalation'],
    ]);
  });
});

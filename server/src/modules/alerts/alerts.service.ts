/**
 * Alerts for Technical Operation → alerts, an alert's detail and the point page (docs/ALERTS.md):
 * every role that sees the company's monitoring reads them; whoever may edit points acknowledges and
 * shelves (docs/ROLES.md). Each action is audited in the history of changes and announced
 * (alert.changed) after commit. Another company's alert answers 404 AL1000, as if it did not exist —
 * except for provider staff asking with `scope=all` (the network view, core/network-scope.ts).
 */
import type {
  AlertAcknowledge,
  AlertBulkAcknowledge,
  AlertBulkShelve,
  AlertDetail,
  AlertListQuery,
  AlertScopeQuery,
  AlertShelve,
} from '@aforo/contracts/alerts';
import { maxShelveDays } from '@aforo/contracts/alerts';
import { assertCan, can } from '../../core/access';
import { AppError, NotFoundError } from '../../core/errors';
import { networkViewer } from '../../core/network-scope';
import { type RequestContext, userOf } from '../../core/request-context';
import type { Db } from '../../db/client';
import type { Scope } from '../../db/scope';
import { afterCommit } from '../../db/transaction';
import { recordChange } from '../../core/history';
import { alertState, toAlert } from '../../alerting/alerts.mapper';
import { createAlertDetailRepository } from '../../alerting/alert-detail.repository';
import { createAlertsRepository } from '../../alerting/alerts.repository';
import { createNotificationsRepository } from '../../notifying/notifications.repository';
import type { Deps } from '../../deps';
import { toAlertNotification, toTimeline } from './alerts.mapper';

type Locked = Awaited<ReturnType<ReturnType<typeof createAlertsRepository>['lockInCompany']>>[number];

export function createAlertsService({ db, transact }: Deps) {
  const repo = createAlertsRepository(db);
  const detailRepo = createAlertDetailRepository(db);
  const notificationsRepo = createNotificationsRepository(db);
  // a page of deliveries is plenty: one per recipient, channel and kind (firing, resolved, escalation)
  const deliveriesQuery = { page: 1, length: 500, dir: 'ASC' as const };

  async function get(scope: Scope, id: string) {
    const row = await repo.find(scope, id);
    if (!row) throw new NotFoundError('AL1000');
    return toAlert(row);
  }

  function audit(tx: Db, ctx: RequestContext, before: Locked, after: Locked, action: string) {
    const pick = (a: Locked) => ({
      state: alertState(a),
      acknowledgeComment: a.acknowledgeComment,
      shelvedUntil: a.shelvedUntil?.toISOString() ?? null,
      shelveReason: a.shelveReason,
    });
    afterCommit(tx, 'alert.changed', {
      alertId: after.id,
      pointId: after.pointId,
      type: after.type,
    });
    return recordChange(tx, ctx, {
      entityType: 'alert',
      entityId: after.id,
      action,
      companyId: after.companyId,
      before: pick(before),
      after: pick(after),
    });
  }

  /** Acknowledges those of `ids` not yet acknowledged; ids of other companies count as missing. */
  async function acknowledge(ctx: RequestContext, scope: Scope, ids: string[], body: AlertAcknowledge) {
    assertCan(ctx, 'alerts.acknowledge');
    return transact(async (tx) => {
      const txRepo = createAlertsRepository(tx);
      const locked = await txRepo.lockInCompany(scope, ids);
      const changed = await txRepo.acknowledge(
        locked.map((a) => a.id),
        userOf(ctx).userId,
        body.comment,
      );
      for (const after of changed)
        await audit(
          tx,
          ctx,
          locked.find((a) => a.id === after.id)!,
          after,
          'acknowledge',
        );
      return { found: locked.length, changed: changed.length };
    });
  }

  function checkUntil(until: Date) {
    const now = Date.now();
    if (until.getTime() <= now || until.getTime() > now + maxShelveDays * 86_400_000)
      throw new AppError('AL1002');
  }

  async function shelve(ctx: RequestContext, scope: Scope, ids: string[], body: AlertShelve | null) {
    assertCan(ctx, 'alerts.acknowledge');
    if (body) checkUntil(body.until);
    return transact(async (tx) => {
      const txRepo = createAlertsRepository(tx);
      const locked = await txRepo.lockInCompany(scope, ids);
      // a cleared alert has nothing left to notify: shelving it is refused (one) or skipped (bulk)
      const eligible = locked.filter((a) => (body ? a.clearedAt === null : a.shelvedUntil !== null));
      const changed = await txRepo.shelve(
        eligible.map((a) => a.id),
        body ? userOf(ctx).userId : null,
        body?.until ?? null,
        body?.reason ?? null,
      );
      for (const after of changed)
        await audit(
          tx,
          ctx,
          locked.find((a) => a.id === after.id)!,
          after,
          body ? 'shelve' : 'unshelve',
        );
      return { found: locked.length, changed: changed.length };
    });
  }

  return {
    async list(ctx: RequestContext, query: AlertListQuery) {
      assertCan(ctx, 'monitoring.read');
      const { rows, total } = await repo.list(networkViewer(ctx, query), query);
      const now = new Date();
      return { rows: rows.map((r) => toAlert(r, now)), total };
    },

    /** The alert, its timeline and the notifications sent for it (docs/ALERTS.md "Alert detail"). */
    async detail(ctx: RequestContext, id: string, query: AlertScopeQuery): Promise<AlertDetail> {
      assertCan(ctx, 'monitoring.read');
      const row = await repo.find(networkViewer(ctx, query), id);
      if (!row) throw new NotFoundError('AL1000');
      const [shelvings, deliveries] = await Promise.all([
        detailRepo.shelvings(row.id, row.companyId),
        // the alert was found in the caller's scope: its company's record holds its deliveries
        notificationsRepo.listDeliveries(
          { companyId: row.companyId },
          { ...deliveriesQuery, alertId: row.id },
        ),
      ]);
      const full = can(ctx, 'notifications.manage');
      return {
        ...toAlert(row),
        timeline: toTimeline(row, shelvings),
        // the record lists newest first
        notifications: deliveries.rows.map((d) => toAlertNotification(d, full)).reverse(),
      };
    },

    async acknowledge(ctx: RequestContext, id: string, body: AlertAcknowledge, query: AlertScopeQuery) {
      const scope = networkViewer(ctx, query);
      const { found, changed } = await acknowledge(ctx, scope, [id], body);
      if (found === 0) throw new NotFoundError('AL1000');
      if (changed === 0) throw new AppError('AL1001');
      return get(scope, id);
    },

    async shelve(ctx: RequestContext, id: string, body: AlertShelve, query: AlertScopeQuery) {
      const scope = networkViewer(ctx, query);
      const { found, changed } = await shelve(ctx, scope, [id], body);
      if (found === 0) throw new NotFoundError('AL1000');
      if (changed === 0) throw new AppError('AL1003');
      return get(scope, id);
    },

    async unshelve(ctx: RequestContext, id: string, query: AlertScopeQuery) {
      const scope = networkViewer(ctx, query);
      const { found } = await shelve(ctx, scope, [id], null);
      if (found === 0) throw new NotFoundError('AL1000');
      return get(scope, id);
    },

    async acknowledgeMany(ctx: RequestContext, body: AlertBulkAcknowledge, query: AlertScopeQuery) {
      const ids = [...new Set(body.ids)];
      const { changed } = await acknowledge(ctx, networkViewer(ctx, query), ids, body);
      return { changed, skipped: ids.length - changed };
    },

    async shelveMany(ctx: RequestContext, body: AlertBulkShelve, query: AlertScopeQuery) {
      const ids = [...new Set(body.ids)];
      const { changed } = await shelve(ctx, networkViewer(ctx, query), ids, body);
      return { changed, skipped: ids.length - changed };
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;

/**
 * Alerts for Technical Operation → alerts and the point page (docs/ALERTS.md): every role that sees the
 * company's monitoring reads them; whoever may edit points acknowledges and shelves (docs/ROLES.md).
 * Each action is audited in the history of changes and announced (alert.changed) after commit.
 * Another company's alert answers 404 AL1000, as if it did not exist.
 */
import type {
  AlertAcknowledge,
  AlertBulkAcknowledge,
  AlertBulkShelve,
  AlertListQuery,
  AlertShelve,
} from '@aforo/contracts/alerts';
import { maxShelveDays } from '@aforo/contracts/alerts';
import { assertCan } from '../../core/access';
import { AppError, NotFoundError } from '../../core/errors';
import { type RequestContext, userOf } from '../../core/request-context';
import type { Db } from '../../db/client';
import { afterCommit } from '../../db/transaction';
import { recordChange } from '../../core/history';
import { alertState, toAlert } from '../../alerting/alerts.mapper';
import { createAlertsRepository } from '../../alerting/alerts.repository';
import type { Deps } from '../../deps';

type Locked = Awaited<ReturnType<ReturnType<typeof createAlertsRepository>['lockInCompany']>>[number];

export function createAlertsService({ db, transact }: Deps) {
  const repo = createAlertsRepository(db);

  async function get(ctx: RequestContext, id: string) {
    const row = await createAlertsRepository(db).find(ctx, id);
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
  async function acknowledge(ctx: RequestContext, ids: string[], body: AlertAcknowledge) {
    assertCan(ctx, 'alerts.acknowledge');
    return transact(async (tx) => {
      const txRepo = createAlertsRepository(tx);
      const locked = await txRepo.lockInCompany(ctx, ids);
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

  async function shelve(ctx: RequestContext, ids: string[], body: AlertShelve | null) {
    assertCan(ctx, 'alerts.acknowledge');
    if (body) checkUntil(body.until);
    return transact(async (tx) => {
      const txRepo = createAlertsRepository(tx);
      const locked = await txRepo.lockInCompany(ctx, ids);
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
      const { rows, total } = await repo.list(ctx, query);
      const now = new Date();
      return { rows: rows.map((r) => toAlert(r, now)), total };
    },

    async get(ctx: RequestContext, id: string) {
      assertCan(ctx, 'monitoring.read');
      return get(ctx, id);
    },

    async acknowledge(ctx: RequestContext, id: string, body: AlertAcknowledge) {
      const { found, changed } = await acknowledge(ctx, [id], body);
      if (found === 0) throw new NotFoundError('AL1000');
      if (changed === 0) throw new AppError('AL1001');
      return get(ctx, id);
    },

    async shelve(ctx: RequestContext, id: string, body: AlertShelve) {
      const { found, changed } = await shelve(ctx, [id], body);
      if (found === 0) throw new NotFoundError('AL1000');
      if (changed === 0) throw new AppError('AL1003');
      return get(ctx, id);
    },

    async unshelve(ctx: RequestContext, id: string) {
      const { found } = await shelve(ctx, [id], null);
      if (found === 0) throw new NotFoundError('AL1000');
      return get(ctx, id);
    },

    async acknowledgeMany(ctx: RequestContext, body: AlertBulkAcknowledge) {
      const ids = [...new Set(body.ids)];
      const { changed } = await acknowledge(ctx, ids, body);
      return { changed, skipped: ids.length - changed };
    },

    async shelveMany(ctx: RequestContext, body: AlertBulkShelve) {
      const ids = [...new Set(body.ids)];
      const { changed } = await shelve(ctx, ids, body);
      return { changed, skipped: ids.length - changed };
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;

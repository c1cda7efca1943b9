/**
 * Device events (ERROR, RESTART, SYSTEM) for Technical Operation → events. An event belongs to its
 * device's company. The list covers the current company's devices; provider staff may ask for every
 * company (allCompanies) or name any device, as in the devices module. A point must belong to the
 * current company (POM1000) and a device must be visible (EQ1000).
 */
import type { EventListQuery } from '@aforo/contracts/events';
import { assertCan } from '../../auth/access';
import type { Db } from '../../db/client';
import { AppError, NotFoundError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import { toEvent } from './events.mapper';
import { createEventsRepository } from './events.repository';

export function createEventsService(db: Db) {
  const repo = createEventsRepository(db);

  return {
    async list(ctx: RequestContext, query: EventListQuery) {
      assertCan(ctx, 'monitoring.read');
      if (query.from && query.to && query.from.getTime() >= query.to.getTime()) {
        throw new AppError('ME1001');
      }
      if (query.pointId && !(await repo.pointInCompany(ctx, query.pointId))) {
        throw new NotFoundError('POM1000');
      }
      if (query.deviceId) {
        const visible = ctx.isGlobal
          ? await repo.deviceAcrossCompanies(query.deviceId)
          : await repo.deviceInCompany(ctx, query.deviceId);
        if (!visible) throw new NotFoundError('EQ1000');
      }
      // provider staff naming a device of another company read it without the company filter
      const acrossCompanies = ctx.isGlobal && (query.allCompanies || query.deviceId !== undefined);
      const { rows, total } = acrossCompanies
        ? await repo.listAcrossCompanies(query)
        : await repo.listInCompany(ctx, query);
      return { rows: rows.map(toEvent), total };
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;

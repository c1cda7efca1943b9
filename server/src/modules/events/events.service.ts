/**
 * Device events (ERROR, RESTART, SYSTEM) for Technical Operation → events. An event belongs to its
 * device's company. The list covers the current company's devices; provider staff may ask for every
 * company (allCompanies) or name any device, as in the devices module. A point must belong to the
 * current company (POM1000) and a device must be visible (EQ1000). The export streams every row of
 * the same filters under the same rules.
 */
import type { EventExportQuery, EventListQuery } from '@aforo/contracts/events';
import { assertCan } from '../../core/access';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { createTelemetrySubjects } from '../telemetry-subjects/telemetry-subjects';
import { toEvent } from './events.mapper';
import { createEventsRepository } from './events.repository';
import type { Deps } from '../../deps';

export function createEventsService({ db }: Deps) {
  const repo = createEventsRepository(db);
  const assertVisible = createTelemetrySubjects(db);

  /** The access and filter checks of list and export; true: read across companies. */
  async function check(
    ctx: RequestContext,
    query: Pick<EventExportQuery, 'from' | 'to' | 'pointId' | 'deviceId' | 'allCompanies'>,
  ): Promise<boolean> {
    assertCan(ctx, 'monitoring.read');
    if (query.from && query.to && query.from.getTime() >= query.to.getTime()) {
      throw new AppError('ME1001');
    }
    await assertVisible(ctx, query);
    // provider staff naming a device of another company read it without the company filter
    return ctx.isGlobal && (query.allCompanies || query.deviceId !== undefined);
  }

  return {
    async list(ctx: RequestContext, query: EventListQuery) {
      const acrossCompanies = await check(ctx, query);
      const { rows, total } = acrossCompanies
        ? await repo.listAcrossCompanies(query)
        : await repo.listInCompany(ctx, query);
      return { rows: rows.map(toEvent), total };
    },

    /** Every event of the filters, in batches; checked before the first row is read. */
    async export(ctx: RequestContext, query: EventExportQuery) {
      const acrossCompanies = await check(ctx, query);
      return acrossCompanies ? repo.exportAcrossCompanies(query) : repo.exportInCompany(ctx, query);
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;

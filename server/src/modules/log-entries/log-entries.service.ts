/** History of changes: company users see their company's entries, provider staff see all. */
import type { LogEntryExportQuery, LogEntryListQuery } from '@aforo/contracts/log-entries';
import { assertCan } from '../../core/access';
import type { RequestContext } from '../../core/request-context';
import { toLogEntry } from './log-entries.mapper';
import { createLogEntriesRepository } from './log-entries.repository';
import type { Deps } from '../../deps';

export function createLogEntriesService({ db }: Deps) {
  const repo = createLogEntriesRepository(db);
  return {
    async list(ctx: RequestContext, query: LogEntryListQuery) {
      assertCan(ctx, 'monitoring.read');
      const { rows, total } = ctx.isGlobal
        ? await repo.listAcrossCompanies(query)
        : await repo.listInCompany(ctx, query);
      return { rows: rows.map(toLogEntry), total };
    },

    /** Every entry of the filters the caller may read, in batches. */
    export(ctx: RequestContext, query: LogEntryExportQuery) {
      assertCan(ctx, 'monitoring.read');
      return ctx.isGlobal ? repo.exportAcrossCompanies(query) : repo.exportInCompany(ctx, query);
    },
  };
}
export type LogEntriesService = ReturnType<typeof createLogEntriesService>;

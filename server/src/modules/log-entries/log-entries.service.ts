/** History of changes: company users see their company's entries, provider staff see all. */
import type { LogEntryExportQuery, LogEntryListQuery } from '@aforo/contracts/log-entries';
import { assertCan } from '../../core/access';
import type { RequestContext } from '../../core/request-context';
import { toLogEntry } from './log-entries.mapper';
import { createLogEntriesRepository } from './log-entries.repository';
import { createLogEntryNamesRepository } from './log-entry-names.repository';
import { refsOf } from './log-entry-refs';
import type { Deps } from '../../deps';

export function createLogEntriesService({ db }: Deps) {
  const repo = createLogEntriesRepository(db);
  const namesRepo = createLogEntryNamesRepository(db);
  return {
    /** A page of entries with the names of their items and of the ids their changes hold, as the caller may read them. */
    async list(ctx: RequestContext, query: LogEntryListQuery) {
      assertCan(ctx, 'monitoring.read');
      const { rows, total } = ctx.isGlobal
        ? await repo.listAcrossCompanies(query)
        : await repo.listInCompany(ctx, query);
      const names = await namesRepo.names(ctx, refsOf(rows));
      return { rows: rows.map((row) => toLogEntry(row, names)), total };
    },

    /** Every entry of the filters the caller may read, in batches. */
    export(ctx: RequestContext, query: LogEntryExportQuery) {
      assertCan(ctx, 'monitoring.read');
      return ctx.isGlobal ? repo.exportAcrossCompanies(query) : repo.exportInCompany(ctx, query);
    },
  };
}
export type LogEntriesService = ReturnType<typeof createLogEntriesService>;

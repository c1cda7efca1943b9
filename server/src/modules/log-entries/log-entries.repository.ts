/** SQL of the history of changes' read side (core/history.ts writes it), with filters. */
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { LogEntryExportQuery, LogEntryListQuery } from '@aforo/contracts/log-entries';
import type { Db } from '../../db/client';
import { afterCursor, cursorOf, keysetBatches, keysetOrder, type KeyColumn } from '../../db/keyset';
import { logEntries, users } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';

export type LogEntryRow = typeof logEntries.$inferSelect & {
  userEmail: string | null;
  userName: string | null;
};

// the export's order: time (microseconds, from now()), then id
const exportKeys: KeyColumn[] = [
  { column: logEntries.at, type: 'timestamptz' },
  { column: logEntries.id, type: 'uuid' },
];

export function createLogEntriesRepository(db: Db) {
  function filters(query: Omit<LogEntryExportQuery, 'separator' | 'dir'>): SQL[] {
    const where: SQL[] = [];
    if (query.entityType) where.push(eq(logEntries.entityType, query.entityType));
    if (query.entityId) where.push(eq(logEntries.entityId, query.entityId));
    if (query.userId) where.push(eq(logEntries.userId, query.userId));
    if (query.from) where.push(gte(logEntries.at, query.from));
    if (query.to) where.push(lte(logEntries.at, query.to));
    return where;
  }

  const select = () =>
    db
      .select({
        id: logEntries.id,
        at: logEntries.at,
        userId: logEntries.userId,
        companyId: logEntries.companyId,
        entityType: logEntries.entityType,
        entityId: logEntries.entityId,
        action: logEntries.action,
        changes: logEntries.changes,
        userEmail: users.email,
        userName: users.name,
        cursor: cursorOf(exportKeys),
      })
      .from(logEntries)
      .leftJoin(users, eq(users.id, logEntries.userId));

  async function page(where: SQL | undefined, query: LogEntryListQuery) {
    const rows = await select()
      .where(where)
      .orderBy(query.dir === 'ASC' ? logEntries.at : desc(logEntries.at), desc(logEntries.id))
      .limit(query.length)
      .offset((query.page - 1) * query.length);
    const [total] = await db.select({ n: count() }).from(logEntries).where(where);
    return { rows: rows as LogEntryRow[], total: total?.n ?? 0 };
  }

  function exportRows(where: SQL | undefined, query: LogEntryExportQuery): AsyncGenerator<LogEntryRow[]> {
    return keysetBatches((after, limit) =>
      select()
        .where(and(where, after ? afterCursor(exportKeys, after, query.dir) : undefined))
        .orderBy(...keysetOrder(exportKeys, query.dir))
        .limit(limit),
    ) as AsyncGenerator<LogEntryRow[]>;
  }

  return {
    /** Entries of the scope's company only (company users). */
    listInCompany(scope: Scope, query: LogEntryListQuery) {
      return page(and(inCompany(scope, logEntries.companyId), ...filters(query)), query);
    },

    /** Every entry, global items included (provider staff). */
    listAcrossCompanies(query: LogEntryListQuery) {
      return page(and(...filters(query)), query);
    },

    exportInCompany(scope: Scope, query: LogEntryExportQuery) {
      return exportRows(and(inCompany(scope, logEntries.companyId), ...filters(query)), query);
    },

    exportAcrossCompanies(query: LogEntryExportQuery) {
      return exportRows(and(...filters(query)), query);
    },
  };
}
export type LogEntriesRepository = ReturnType<typeof createLogEntriesRepository>;

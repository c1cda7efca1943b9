/**
 * SQL of an alert's detail beyond its own row (docs/ALERTS.md "Alert detail"): the shelvings and
 * their ends, read from the history of changes — the row keeps only the latest shelving, the history
 * every one, with who did it. The caller has already found the alert in its scope.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { logEntries, users } from '../db/schema';

export interface ShelveEntry {
  action: 'shelve' | 'unshelve';
  at: Date;
  userId: string | null;
  userName: string | null;
  /** {field: [before, after]} as the service audited it (core/history.ts): changed fields only. */
  changes: Record<string, [unknown, unknown]>;
}

export function createAlertDetailRepository(db: Db) {
  return {
    /** The alert's shelve and unshelve entries, oldest first. */
    async shelvings(alertId: string, companyId: string): Promise<ShelveEntry[]> {
      const rows = await db
        .select({
          action: logEntries.action,
          at: logEntries.at,
          userId: logEntries.userId,
          userName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.name}, ${users.surname})), '')`,
          changes: logEntries.changes,
        })
        .from(logEntries)
        .leftJoin(users, eq(users.id, logEntries.userId))
        .where(
          and(
            eq(logEntries.entityType, 'alert'),
            eq(logEntries.entityId, alertId),
            eq(logEntries.companyId, companyId),
            inArray(logEntries.action, ['shelve', 'unshelve']),
          ),
        )
        .orderBy(asc(logEntries.at), asc(logEntries.id));
      return rows.map((r) => ({
        ...r,
        action: r.action as ShelveEntry['action'],
        changes: (r.changes ?? {}) as ShelveEntry['changes'],
      }));
    },
  };
}

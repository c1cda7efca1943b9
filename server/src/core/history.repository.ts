/** SQL of the history of changes' write side: entries inserted inside the caller's transaction. */
import type { Db } from '../db/client';
import { logEntries } from '../db/schema';
import { diffFields } from '../lib/changes';

export interface ChangeRecord {
  entityType: string;
  entityId: string;
  action: string;
  /** The company the item belongs to; null for global items. */
  companyId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export function createHistoryRepository(db: Db) {
  return {
    /** Writes the entries in one statement; an update that changed no field writes nothing. */
    async recordMany(actorId: string | null, list: ChangeRecord[]): Promise<void> {
      const rows = list.flatMap((change) => {
        const changes = diffFields(change.before, change.after);
        if (change.action === 'update' && Object.keys(changes).length === 0) return [];
        const { companyId, entityType, entityId, action } = change;
        return [{ userId: actorId, companyId, entityType, entityId, action, changes }];
      });
      if (rows.length > 0) await db.insert(logEntries).values(rows);
    },
  };
}

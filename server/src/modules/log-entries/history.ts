import type { Db } from '../../db/client';
import { createLogEntriesRepository, type ChangeRecord } from './log-entries.repository';

/** Writes a history entry inside the transaction `tx` of the change it describes. */
export function recordChange(tx: Db, actor: { userId: string } | null, change: ChangeRecord): Promise<void> {
  return createLogEntriesRepository(tx).record(actor?.userId ?? null, change);
}
/** Several entries by one actor (null: the system), in one statement. */
export function recordChanges(
  tx: Db,
  actor: { userId: string } | null,
  changes: ChangeRecord[],
): Promise<void> {
  return createLogEntriesRepository(tx).recordMany(actor?.userId ?? null, changes);
}
export type { ChangeRecord };

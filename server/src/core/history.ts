/**
 * The history of changes (docs/DATA-MODEL.md): every service and engine that changes an administered
 * item writes its entry here, inside the transaction of the change, so both commit or neither does.
 */
import type { Db } from '../db/client';
import { createHistoryRepository, type ChangeRecord } from './history.repository';

/** Writes a history entry inside the transaction `tx` of the change it describes. */
export function recordChange(tx: Db, actor: { userId: string } | null, change: ChangeRecord): Promise<void> {
  return createHistoryRepository(tx).recordMany(actor?.userId ?? null, [change]);
}
/** Several entries by one actor (null: the system), in one statement. */
export function recordChanges(
  tx: Db,
  actor: { userId: string } | null,
  changes: ChangeRecord[],
): Promise<void> {
  return createHistoryRepository(tx).recordMany(actor?.userId ?? null, changes);
}
export type { ChangeRecord };

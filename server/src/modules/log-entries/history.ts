import type { Db } from '../../db/client';
import { createLogEntriesRepository, type ChangeRecord } from './log-entries.repository';

/** Writes a history entry inside the transaction `tx` of the change it describes. */
export function recordChange(tx: Db, actor: { userId: string } | null, change: ChangeRecord): Promise<void> {
  return createLogEntriesRepository(tx).record(actor?.userId ?? null, change);
}
export type { ChangeRecord };

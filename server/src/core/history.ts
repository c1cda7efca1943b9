/**
 * The history of changes (docs/DATA-MODEL.md): every service and engine that changes an administered
 * item writes its entry here, inside the transaction of the change, so both commit or neither does.
 */
import type { Db } from '../db/client';
import { createHistoryRepository, type ChangeRecord } from './history.repository';
import { actorId, type RequestContext } from './request-context';

/** Who made a change: the call's context (its user, if a person called), a user, or null for the system. */
export type Actor = RequestContext | { userId: string } | null;

const idOf = (actor: Actor): string | null =>
  actor === null ? null : 'caller' in actor ? actorId(actor) : actor.userId;

/** Writes a history entry inside the transaction `tx` of the change it describes. */
export function recordChange(tx: Db, actor: Actor, change: ChangeRecord): Promise<void> {
  return createHistoryRepository(tx).recordMany(idOf(actor), [change]);
}
/** Several entries by one actor (null: the system), in one statement. */
export function recordChanges(tx: Db, actor: Actor, changes: ChangeRecord[]): Promise<void> {
  return createHistoryRepository(tx).recordMany(idOf(actor), changes);
}
export type { ChangeRecord };

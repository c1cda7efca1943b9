import type { EventMap, EventName, EventPublisher } from '../events/event-map';
import type { Db } from './client';

/** Runs fn in one transaction; the change and its history entry commit or roll back together. */
export type Transact = <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;

interface Queued {
  type: EventName;
  payload: EventMap[EventName];
}

/** Events waiting for the commit of the transaction (the tx object transactor handed out). */
const pending = new WeakMap<object, Queued[]>();

/**
 * What the transaction queued with `afterCommit` is published on `events` once COMMIT has returned,
 * and dropped if it rolls back: nobody hears of a change that did not happen. The bus is required,
 * so a change cannot be made without its event reaching the bus.
 */
export function transactor(db: Db, events: EventPublisher): Transact {
  return async (fn) => {
    const queued: Queued[] = [];
    const result = await db.transaction((tx) => {
      pending.set(tx, queued);
      return fn(tx as unknown as Db);
    });
    for (const event of queued) events.publish(event.type, event.payload);
    return result;
  };
}

/** Publishes the event when the transaction `tx` (opened by a transactor) commits. */
export function afterCommit<K extends EventName>(tx: Db, type: K, payload: EventMap[K]): void {
  const queued = pending.get(tx);
  if (!queued) throw new Error(`afterCommit(${type}) outside a transaction opened by transactor()`);
  queued.push({ type, payload });
}

import type { Db } from './client';

/** Runs fn in one transaction; the change and its history entry commit or roll back together. */
export type Transact = <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;

export function transactor(db: Db): Transact {
  return (fn) => db.transaction((tx) => fn(tx as unknown as Db));
}

/**
 * "Only one process at a time" on PostgreSQL: a session advisory lock held on a connection of its
 * own for as long as `fn` runs (a crashed process's connection closes and frees the lock). On PGlite
 * there is one process: `fn` just runs.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database } from './client';

/** The lock's 64-bit key, from its name (stable across versions, unlike hashtext). */
export function lockKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}

/** `{ locked: false }` when another connection holds the lock: `fn` did not run. */
export async function withAdvisoryLock<T>(
  database: Database,
  name: string,
  fn: () => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> {
  if (!database.url) return { locked: true, value: await fn() };
  const client = new pg.Client({ connectionString: database.url, application_name: 'aforo-jobs' });
  // a dropped connection already freed the lock; the error must not crash the process
  client.on('error', () => undefined);
  await client.connect();
  try {
    const key = lockKey(name);
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [
      key,
    ]);
    if (!rows[0]?.ok) return { locked: false };
    try {
      return { locked: true, value: await fn() };
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

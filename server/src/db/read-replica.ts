/**
 * Where the heavy reads go (DATABASE_READ_URL, docs/OPERATIONS.md "Read replica"). This is the one
 * place that decides; the services name which of the two reads they make:
 *
 * - `db`: charts (the measures of a point's series, public dashboard and /api/v1 buckets included)
 *   and exports (the chart's table, the measures' CSV/XLSX). On a replica they may miss the
 *   primary's last commits by the replica's replay lag.
 * - `caughtUp()`: reports, which first make their daily summaries current on the primary (a write)
 *   and must then read them: the replica once it has replayed everything the primary had committed
 *   when it was called, or the primary when the replica does not get there within `waitMs`.
 *
 * Everything else — access checks, a point's own row, lists, writes, the month close — uses the
 * primary (`Deps.db`). Without DATABASE_READ_URL both answer the primary, so nothing changes.
 */
import { sql } from 'drizzle-orm';
import type { Logger } from '../lib/logger';
import { openDatabase, type Database, type Db } from './client';
import { rowsOf } from './rows';

export interface ReadRouting {
  /** 'replica' when DATABASE_READ_URL is set. */
  target: 'primary' | 'replica';
  /** Charts and exports: reads that may lag the primary by the replica's replay delay. */
  db: Db;
  /** Reads that must see every commit the primary had when this was called (the caller's own). */
  caughtUp(): Promise<Db>;
  /** Since start: reports served by the replica, and those sent to the primary because it lagged. */
  counts(): { caughtUp: number; lagging: number };
  close(): Promise<void>;
}

/** No replica: every read on the primary. */
export function primaryReads(db: Db): ReadRouting {
  return {
    target: 'primary',
    db,
    caughtUp: async () => db,
    counts: () => ({ caughtUp: 0, lagging: 0 }),
    close: async () => undefined,
  };
}

/** How long a report waits for the replica to replay the primary's last commit before reading the primary. */
export const replicaWaitMs = 1000;

/** The connection string with its password hidden, for the log. */
export function safeUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** The pool's connections are named in the replica's pg_stat_activity (unless the URL names them). */
function named(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('application_name')) u.searchParams.set('application_name', 'aforo-read');
  return u.toString();
}

export interface ReadReplicaOptions {
  primary: Database;
  url: string;
  log: Logger;
  poolSize?: number;
  waitMs?: number;
}

/** Opens the replica's pool (PostgreSQL primaries only) and says at start where the reads go. */
export async function openReadReplica(options: ReadReplicaOptions): Promise<ReadRouting> {
  const { primary, log, waitMs = replicaWaitMs } = options;
  if (primary.kind !== 'postgres')
    throw new Error('DATABASE_READ_URL needs DATABASE_URL: the embedded PGlite has no replicas');
  const replica = await openDatabase({ url: named(options.url), poolSize: options.poolSize });
  const where = safeUrl(options.url);
  const standby = await replica.db
    .execute(sql`select pg_is_in_recovery() as standby`)
    .then((r) => rowsOf<{ standby: boolean }>(r)[0]?.standby)
    .catch(() => undefined);
  if (standby === undefined)
    log.warn(
      { replica: where },
      'read replica not reachable: charts, reports and exports fail until it answers',
    );
  else if (!standby)
    log.warn(
      { replica: where },
      'DATABASE_READ_URL is not a standby (pg_is_in_recovery() is false): reports will read the primary',
    );
  log.info({ replica: where, waitMs }, 'charts, reports and exports read from the read replica');

  let caught = 0;
  let lagging = 0;
  let lastWarning = 0;
  const onPrimary = (why: string) => {
    lagging++;
    // at most one line a minute however many reports fall back
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    log.warn({ replica: where, lagging, waitMs }, `reports read the primary: ${why}`);
  };

  return {
    target: 'replica',
    db: replica.db,
    async caughtUp() {
      try {
        const [at] = rowsOf<{ lsn: string }>(
          await primary.db.execute(sql`select pg_current_wal_lsn()::text as lsn`),
        );
        const deadline = Date.now() + waitMs;
        for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
          const [state] = rowsOf<{ standby: boolean; reached: boolean }>(
            await replica.db.execute(sql`select pg_is_in_recovery() as standby,
              coalesce(pg_last_wal_replay_lsn() >= ${at!.lsn}::pg_lsn, false) as reached`),
          );
          // a server that is not a standby (promoted, or a copy of another kind) cannot say how far it is
          if (!state!.standby) {
            onPrimary('the read replica is not a standby');
            return primary.db;
          }
          if (state!.reached) {
            caught++;
            return replica.db;
          }
          if (Date.now() + pause > deadline) {
            onPrimary(`the read replica is more than ${waitMs} ms behind`);
            return primary.db;
          }
          await new Promise((resolve) => setTimeout(resolve, pause));
        }
      } catch (err) {
        log.debug({ err }, 'read replica position unknown');
        onPrimary('the read replica does not answer');
        return primary.db;
      }
    },
    counts: () => ({ caughtUp: caught, lagging }),
    close: () => replica.close(),
  };
}

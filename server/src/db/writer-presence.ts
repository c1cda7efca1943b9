/**
 * Which processes write measures into this database. On PostgreSQL several ingest processes may
 * run; the alert engine must then confirm that the rows a batch announced are all the rows stored in
 * its range (a count per series, most of a round's database time under load). When this process is
 * the only writer — the usual deployment — its own rows are all there is, and the count is waste.
 *
 * Each writing process holds a shared session advisory lock on a connection of its own for as long
 * as it writes (a crash closes the connection and frees it) and, once it holds it, takes a number of
 * the `measures_writer_generation` sequence. `alone()` answers, in the engine's transaction, "this
 * process holds the only lock, and nobody took a number since my previous answer" — so a writer that
 * came and went between two rounds (an import that crashed, say) is not missed either. The writer
 * holds the lock before each batch it commits: a batch is never written unannounced.
 * PGlite lives inside one process: it is always alone and holds nothing.
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import pg from 'pg';
import { lockKey } from './advisory-lock';
import type { Database, Db } from './client';

export interface WriterPresence {
  /** Resolves once this process is known as a writer; rejects when the database cannot be reached. */
  held(): Promise<void>;
  /** True when this process has been the only writer since the previous call (false on the first). */
  alone(tx: Db): Promise<boolean>;
  close(): Promise<void>;
}

const key = BigInt(lockKey('aforo.measures-writer'));
// pg_locks shows a bigint advisory key as two oids (high, low half) with objsubid 1
const keyHigh = Number(BigInt.asUintN(32, key >> 32n));
const keyLow = Number(BigInt.asUintN(32, key));

export function createWriterPresence(database: Database, log: Logger): WriterPresence {
  if (!database.url)
    return {
      held: () => Promise.resolve(),
      alone: () => Promise.resolve(true),
      close: async () => undefined,
    };
  const url = database.url;
  let client: pg.Client | null = null;
  let pid: number | null = null;
  let taking: Promise<void> | null = null;
  let closed = false;
  /** The generation seen at the previous answer, when this process was alone then; else null. */
  let aloneSince: string | null = null;

  async function take(): Promise<void> {
    const c = new pg.Client({ connectionString: url, application_name: 'aforo-writer' });
    // a dropped connection frees the lock: the next batch takes it again (and a new number)
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      pid = null;
      if (!closed) log.warn('measures writer presence lost: taken again before the next batch');
    });
    try {
      await c.connect();
      await c.query('select pg_advisory_lock_shared($1::bigint)', [key.toString()]);
      // the number after the lock: an engine that saw the old number alone sees this lock too
      const { rows } = await c.query<{ pid: number }>(
        "select pg_backend_pid() as pid, nextval('measures_writer_generation')",
      );
      if (closed) throw new Error('writer presence closed');
      client = c;
      pid = rows[0]!.pid;
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
  }

  return {
    held() {
      if (client) return Promise.resolve();
      taking ??= take().finally(() => {
        taking = null;
      });
      return taking;
    },
    async alone(tx) {
      const result = await tx.execute(sql`
        select (select last_value::text from measures_writer_generation) as generation,
          coalesce((
            select array_agg(l.pid) from pg_locks l
            where l.locktype = 'advisory' and l.granted and l.objsubid = 1
              and l.classid = ${keyHigh}::oid and l.objid = ${keyLow}::oid
              and l.database = (select oid from pg_database where datname = current_database())
          ), '{}') as pids`);
      const row = (result as unknown as { rows: Array<{ generation: string; pids: number[] }> }).rows[0]!;
      const onlyMe = pid !== null && row.pids.length === 1 && row.pids[0] === pid;
      const answer = onlyMe && aloneSince === row.generation;
      aloneSince = onlyMe ? row.generation : null;
      return answer;
    },
    /** Stops being known as a writer; a later batch (a writer used after closing) takes it again. */
    async close() {
      closed = true;
      await taking?.catch(() => undefined);
      const c = client;
      client = null;
      pid = null;
      await c?.end().catch(() => undefined);
      closed = false;
    },
  };
}

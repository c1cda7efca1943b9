/** The database client: PGlite (embedded, in-process) when no URL is given, `pg` otherwise. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as liteTypes } from '@electric-sql/pglite';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Schema = typeof schema;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration of server/drizzle (same folder for both engines). */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The PGlite instance, for tests that snapshot it; undefined on PostgreSQL. */
  lite?: PGlite;
  /** The connection string on PostgreSQL (LISTEN and advisory locks need connections of their own). */
  url?: string;
  /** PostgreSQL: the pool's use now (GET /metrics); PGlite has no pool. */
  pool?: () => PoolUse;
}

export interface PoolUse {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// int8 (count(*), bigserial) is a number on both drivers; pg would give a string.
const toNumber = (v: string) => Number(v);
pg.types.setTypeParser(pg.types.builtins.INT8, toNumber);

/** True when the query succeeds: the database is reachable. */
async function answers(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}

export type DatabaseOptions =
  { url: string; poolSize?: number } | { dataDir?: string; loadDataDir?: Blob | File };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // a database that is away must answer "unavailable" within seconds, not hold the request open
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // a dropped idle connection must not crash the process; the next query reconnects
  pool.on('error', () => undefined);
  // nor one dropped while checked out between two statements (a transaction awaiting its caller):
  // pg emits that as an 'error' event with no listener — the process died when PostgreSQL stopped
  // (test:faults). The statement in progress, or the next one, still fails and is handled as such.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder }),
    ping: () => answers(() => pool.query('select 1')),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: { [liteTypes.INT8]: toNumber },
  });
  const db = drizzleLite({ client: lite, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    lite,
    migrate: () => migrateLite(drizzleLite({ client: lite }), { migrationsFolder }),
    ping: () => answers(() => lite.query('select 1')),
    close: () => lite.close(),
  };
}

import path from 'node:path';
import type { Env } from '../config/env';
import { openDatabase, type Database } from './client';

/** PostgreSQL when DATABASE_URL is set; otherwise PGlite with its data under DATA_DIR/pglite. */
export function openConfiguredDatabase(env: Env): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ url: env.DATABASE_URL });
  return openDatabase({ dataDir: path.resolve(env.DATA_DIR, 'pglite') });
}

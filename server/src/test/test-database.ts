import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { adminClient } from './database-names';

/** A private copy of the seeded template for one test file. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const pgTemplate = inject('postgresTemplate');
  if (url && pgTemplate) {
    const name = `${pgTemplate.replace(/_tpl$/, '')}_${randomBytes(4).toString('hex')}`;
    const admin = await adminClient(url);
    try {
      await createFromTemplate(admin, name, pgTemplate);
    } finally {
      await admin.end();
    }
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString(), poolSize: 4 });
    return {
      ...database,
      close: async () => {
        await database.close();
        const dropper = await adminClient(url);
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => dropper.end());
      },
    };
  }
  const tarball = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([tarball]) });
}

// Parallel copies of one template can collide ("being accessed by other users"): retry briefly.
async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (err) {
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
}

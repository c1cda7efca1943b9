/**
 * Builds one migrated and demo-seeded database template per run; each test file then gets its own
 * copy (a PGlite data-dir tarball, or CREATE DATABASE … TEMPLATE on PostgreSQL).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDemo } from '../demo/demo';
import { adminClient, templateName, testDemoPassword } from './database-names';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = await adminClient(url);
    const tpl = templateName(url);
    await admin.query(`DROP DATABASE IF EXISTS "${tpl}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${tpl}"`);
    const target = new URL(url);
    target.pathname = `/${tpl}`;
    const database = await openDatabase({ url: target.toString(), poolSize: 1 });
    await database.migrate();
    await seedDemo(database.db, testDemoPassword);
    await database.close();
    project.provide('postgresTemplate', tpl);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${tpl}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aforo-test-'));
  const database = await openDatabase({});
  await database.migrate();
  await seedDemo(database.db, testDemoPassword);
  const dump = await database.lite!.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

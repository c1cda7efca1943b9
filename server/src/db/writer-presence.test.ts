/**
 * Whether this process writes measures alone (PostgreSQL; on PGlite it always does): the alert
 * engine trusts its own rows only then. Other "processes" here are presences of their own on their
 * own connections, as another server would hold them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { createWriterPresence } from './writer-presence';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const alone = (presence: ReturnType<typeof createWriterPresence>) =>
  database.db.transaction((tx) => presence.alone(tx));

it.runIf(!onPostgres)('PGlite: the process is always the only writer', async () => {
  const presence = createWriterPresence(database, silentLog);
  await presence.held();
  expect(await alone(presence)).toBe(true);
  await presence.close();
});

describe.runIf(onPostgres)('on PostgreSQL', () => {
  it('alone from the second answer on, while no other writer is there', async () => {
    const mine = createWriterPresence(database, silentLog);
    try {
      // not yet a writer: never alone
      expect(await alone(mine)).toBe(false);
      await mine.held();
      // the first answer has nothing to compare with (a writer may have come and gone before it)
      expect(await alone(mine)).toBe(false);
      expect(await alone(mine)).toBe(true);
      expect(await alone(mine)).toBe(true);
    } finally {
      await mine.close();
    }
  });

  it('not alone while another writer holds its presence, nor at the first answer after it left', async () => {
    const mine = createWriterPresence(database, silentLog);
    const other = createWriterPresence(database, silentLog);
    try {
      await mine.held();
      await alone(mine);
      expect(await alone(mine)).toBe(true);
      await other.held();
      expect(await alone(mine)).toBe(false);
      expect(await alone(mine)).toBe(false);
      await other.close();
      expect(await alone(mine)).toBe(false);
      expect(await alone(mine)).toBe(true);
    } finally {
      await Promise.all([mine.close(), other.close()]);
    }
  });

  it('a writer that came and went between two answers is noticed (its number)', async () => {
    const mine = createWriterPresence(database, silentLog);
    try {
      await mine.held();
      await alone(mine);
      expect(await alone(mine)).toBe(true);
      const passing = createWriterPresence(database, silentLog);
      await passing.held();
      await passing.close();
      expect(await alone(mine)).toBe(false);
      expect(await alone(mine)).toBe(true);
    } finally {
      await mine.close();
    }
  });

  it('a lost connection is taken again before the next batch, and counts as a newcomer', async () => {
    const mine = createWriterPresence(database, silentLog);
    try {
      await mine.held();
      await alone(mine);
      expect(await alone(mine)).toBe(true);
      // the presence connection is killed (a network blip, a restarted pooler)
      await database.db.execute(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'aforo-writer' and datname = current_database()",
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await alone(mine)).toBe(false);
      await mine.held();
      expect(await alone(mine)).toBe(false);
      expect(await alone(mine)).toBe(true);
    } finally {
      await mine.close();
    }
  });
});

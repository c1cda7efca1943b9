/**
 * Issue 27 item 2: DATABASE_READ_URL against a real streaming replica the test makes itself — a
 * throw-away primary (initdb, pg_ctl), a hot standby copied from it with `pg_basebackup -R`, Aforo
 * started as a child process (`--role=api`) on both. WAL replay paused on the standby
 * (`pg_wal_replay_pause()`) is what tells the two apart: a measure ingested then is on the primary
 * only. PostgreSQL only, and only where the Debian server tools (/usr/lib/postgresql/N/bin) are.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env';
import { seedDemo } from '../demo/demo';
import { hashKey } from '../lib/key-hash';
import { startAforoProcess, type AforoProcess } from '../test/aforo-process';
import { testDemoPassword } from '../test/database-names';
import { buildCatalogue, buildDevice, buildPoint, companyIdByName } from '../test/factories';
import { canCreatePgCluster, createPgCluster, createStandby, type PgCluster } from '../test/pg-cluster';
import { testSecret } from '../test/test-server';
import { openDatabase, type Database } from './client';
import { rowsOf } from './rows';
import { companies, devices } from './schema';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const skipReason = !onPostgres
  ? 'PostgreSQL only (TEST_DATABASE_URL unset): the embedded PGlite has no replicas'
  : !canCreatePgCluster()
    ? 'needs the PostgreSQL server tools (Debian postgresql package: initdb, pg_ctl, pg_basebackup)'
    : null;

describe('DATABASE_READ_URL', () => {
  it('is refused at start without DATABASE_URL (PGlite has no replicas)', () => {
    expect(() => parseEnv({ DATABASE_READ_URL: 'postgres://aforo@replica:5432/aforo' })).toThrow(
      /DATABASE_READ_URL: a read replica needs PostgreSQL \(DATABASE_URL\)/,
    );
    const env = parseEnv({
      DATABASE_URL: 'postgres://aforo@primary:5432/aforo',
      DATABASE_READ_URL: 'postgres://aforo@replica:5432/aforo',
    });
    expect(env.DATABASE_READ_URL).toBe('postgres://aforo@replica:5432/aforo');
  });
});

const minute = 60_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const viewer = 'viewer@demo.aforo.dev';

describe.skipIf(skipReason !== null)(
  `charts, reports and exports on a streaming replica${skipReason ? ` — skipped: ${skipReason}` : ''}`,
  () => {
    let primary: PgCluster | undefined;
    let standby: PgCluster | undefined;
    let primaryDb: Database | undefined;
    let replicaDb: Database | undefined;
    let aforo: AforoProcess | undefined;
    let url = '';
    let token = '';
    let norte = '';
    let pointId = '';
    let device = { serial: '', key: '', product: '', model: '' };
    let seq = 0;
    const started = Date.now();

    beforeAll(async () => {
      primary = await createPgCluster({ wal_level: 'replica', max_wal_senders: '4' });
      primary.tool('createdb', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', 'aforo']);
      // copied before the schema exists: the migrations and the seed reach it by streaming
      standby = await createStandby(primary, {
        // every statement the replica runs, with the pool's name: who read what there
        log_statement: "'all'",
        log_line_prefix: "'%m [%a] '",
      });
      primaryDb = await openDatabase({ url: primary.url('aforo'), poolSize: 2 });
      await primaryDb.migrate();
      await seedDemo(primaryDb.db, testDemoPassword);
      const db = primaryDb.db;
      norte = await companyIdByName(db, 'Canal del Norte S.A.');
      // the local day is the UTC day: "yesterday" below needs no zone arithmetic
      await db.update(companies).set({ preferredTimezone: 'UTC' }).where(eq(companies.id, norte));
      const { model, product } = await buildCatalogue(db);
      const point = await buildPoint(db, norte, {
        measureTime: 60,
        parameters: { ai1: { active: true, value_4mA: 0, value_20mA: 10 } },
      });
      pointId = point.id;
      const key = randomBytes(18).toString('base64url');
      const built = await buildDevice(db, {
        modelId: model.id,
        productId: product.id,
        state: 'Active',
        companyId: norte,
        measurementPointId: point.id,
      });
      await db
        .update(devices)
        .set({ keyHash: hashKey(key) })
        .where(eq(devices.id, built.id));
      device = { serial: built.serial, key, product: product.code, model: model.name };
      replicaDb = await openDatabase({ url: standby.url('aforo'), poolSize: 2 });

      aforo = startAforoProcess('api', {
        DATABASE_URL: primary.url('aforo'),
        DATABASE_READ_URL: standby.url('aforo'),
        JWT_SECRET: testSecret,
        RATE_LIMIT_PER_MINUTE: '1000',
      });
      const listening = await aforo.waitForLog((l) => String(l.msg).startsWith('Server listening at'));
      url = String(listening.msg).slice('Server listening at '.length);
      const res = await fetch(`${url}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: viewer, password: testDemoPassword }),
      });
      expect(res.status).toBe(200);
      token = ((await res.json()) as { token: string }).token;
      console.log(`replica test: clusters, seed and Aforo ready in ${Date.now() - started} ms`);
    }, 120_000);

    afterAll(async () => {
      await aforo?.stop().catch(() => undefined);
      await primaryDb?.close().catch(() => undefined);
      await replicaDb?.close().catch(() => undefined);
      // stopped and deleted even when a test failed
      standby?.destroy();
      primary?.destroy();
      console.log(`replica test: ${Date.now() - started} ms in all`);
    }, 60_000);

    const get = (path: string) =>
      fetch(`${url}${path}`, {
        headers: { authorization: `Bearer ${token}`, 'x-current-company': norte, 'accept-language': 'en' },
      });
    async function json<T>(path: string): Promise<T> {
      const res = await get(path);
      expect(res.status, `${path}: ${res.status}`).toBe(200);
      return (await res.json()) as T;
    }
    /** Data lines of a CSV answer (its header line left out). */
    async function csvRows(path: string): Promise<number> {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      return (await res.text()).split(/\r?\n/).filter((l) => l.trim() !== '').length - 1;
    }
    /** POST /ingest/v1/up, as the device: the answer comes after the primary's commit. */
    async function ingest(atMs: number, mA: number) {
      const res = await fetch(`${url}/ingest/v1/up`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Device ${device.serial}:${device.key}`,
        },
        body: JSON.stringify({
          v: 1,
          product: device.product,
          model: device.model,
          serial: device.serial,
          msg_seq: ++seq,
          measures: [{ port: 'ai1', t: Math.floor(atMs / 1000), v: mA }],
        }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ accepted: 1 });
    }
    const replay = (what: 'pause' | 'resume') =>
      replicaDb!.db.execute(
        what === 'pause' ? sql`select pg_wal_replay_pause()` : sql`select pg_wal_replay_resume()`,
      );
    async function paused(): Promise<void> {
      await replay('pause');
      // the pause is requested; replay stops at the next record
      for (let i = 0; i < 100; i++) {
        const [row] = rowsOf<{ state: string }>(
          await replicaDb!.db.execute(sql`select pg_get_wal_replay_pause_state() as state`),
        );
        if (row!.state === 'paused') return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('replay did not pause');
    }
    /** Asks `read` every `everyMs` until `done` says yes, up to `ms`. */
    async function until<T>(
      read: () => Promise<T>,
      done: (v: T) => boolean,
      ms = 10_000,
      everyMs = 50,
    ): Promise<T> {
      const deadline = Date.now() + ms;
      let value = await read();
      while (!done(value) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, everyMs));
        value = await read();
      }
      return value;
    }
    /** What the replica's log gained while `action` ran. */
    async function replicaLogDuring(action: () => Promise<void>): Promise<string> {
      const file = standby!.logFile;
      const from = statSync(file).size;
      await action();
      return readFileSync(file).subarray(from).toString();
    }

    it('says at start that reads go to the replica', async () => {
      const line = await aforo!.waitForLog(
        (l) => l.msg === 'charts, reports and exports read from the read replica',
      );
      expect(line.replica).toBe(standby!.url('aforo'));
      const [row] = rowsOf<{ standby: boolean }>(
        await replicaDb!.db.execute(sql`select pg_is_in_recovery() as standby`),
      );
      expect(row!.standby).toBe(true);
    });

    it('a chart and the exports read the replica: a measure the replica has not replayed is missing there, the primary-only list shows it, writes still work', async () => {
      const now = Date.now();
      const range = `from=${new Date(now - 30 * minute).toISOString()}&to=${new Date(now + minute).toISOString()}`;
      const chartPath = `/api/points/${pointId}/series?port=ai1&${range}`;
      const chart = async () =>
        (await json<{ points: Array<{ count: number; value: number | null }> }>(chartPath)).points.filter(
          (p) => p.count > 0,
        );
      const listed = async () =>
        (await json<{ rows: unknown[] }>(`/api/measures?pointId=${pointId}&${range}`)).rows.length;
      const seriesCsv = () => csvRows(`/api/points/${pointId}/series/export?port=ai1&${range}&format=csv`);
      const measuresCsv = () => csvRows(`/api/measures/export?pointId=${pointId}&${range}&format=csv`);

      await ingest(now - 10 * minute, 12); // 5 m
      const first = await until(chart, (p) => p.length === 1);
      expect(first.map((p) => p.value)).toEqual([5]);

      await paused();
      await ingest(now - 5 * minute, 16); // 7.5 m, on the primary only
      expect(await listed()).toBe(2); // the list reads the primary
      const log = await replicaLogDuring(async () => {
        expect((await chart()).map((p) => p.value)).toEqual([5]);
        expect(await seriesCsv()).toBe(1);
        expect(await measuresCsv()).toBe(1);
      });
      // the chart's and the exports' measure statements ran on the replica, under the pool's name
      expect(log).toContain('[aforo-read]');
      expect(log).toMatch(/from "measures"/);

      await replay('resume');
      const caughtUp = await until(chart, (p) => p.length === 2, 5000);
      expect(caughtUp.map((p) => p.value)).toEqual([5, 7.5]);
      expect(await seriesCsv()).toBe(2);
      expect(await measuresCsv()).toBe(2);
    });

    it('a report reads the replica once it has replayed the summaries the report made, and the primary while the replica is behind', async () => {
      const yesterday = day(Date.now() - 86_400_000);
      const reportPath = `/api/reports/level?from=${yesterday}&to=${yesterday}`;
      type Level = { rows: Array<{ pointId: string; max: number | null }> };
      const ours = async () => (await json<Level>(reportPath)).rows.find((r) => r.pointId === pointId);

      // the point was made today: yesterday has no row of it yet; the summaries are made on the
      // primary by this very read, and read back on the replica once it has replayed them
      const before = await replicaLogDuring(async () => expect(await ours()).toBeUndefined());
      expect(before).toContain('[aforo-read]');
      expect(before).toMatch(/from daily_summaries ds/);

      await paused();
      try {
        // a late measure of yesterday: its day is marked stale and the next report recomputes it
        await ingest(Date.parse(`${yesterday}T12:00:00Z`), 14); // 6.25 m
        const during = await replicaLogDuring(async () => {
          const row = await until(ours, (r) => r?.max === 6.25, 8000);
          expect(row?.max).toBe(6.25);
        });
        // the replica, paused, never caught up: the summaries were read on the primary
        expect(during).not.toMatch(/from daily_summaries ds/);
        await aforo!.waitForLog((l) =>
          String(l.msg).startsWith('reports read the primary: the read replica is more than'),
        );
      } finally {
        await replay('resume');
      }

      const after = await replicaLogDuring(async () => expect((await ours())?.max).toBe(6.25));
      expect(after).toMatch(/from daily_summaries ds/);
    });

    it('the replica follows a small ingest within a fraction of a second', async () => {
      // commit on the primary (the ingest answer) → the measure readable on the replica, 20 times
      const lags: number[] = [];
      // whole seconds: a device sends epoch seconds
      const base = Math.floor(Date.now() / 1000) * 1000 - 20 * minute;
      for (let i = 0; i < 20; i++) {
        const at = base + i * 1000;
        await ingest(at, 10);
        const committed = Date.now();
        await until(
          async () =>
            rowsOf<{ n: number }>(
              await replicaDb!.db.execute(
                sql`select count(*)::int as n from measures where point_id = ${pointId} and ts = ${new Date(at)}`,
              ),
            )[0]!.n,
          (n) => n === 1,
          5000,
          2,
        );
        lags.push(Date.now() - committed);
        await new Promise((r) => setTimeout(r, 50));
      }
      const [stats] = rowsOf<{ replay_lag: string | null; state: string }>(
        await primaryDb!.db.execute(sql`select state, replay_lag::text from pg_stat_replication`),
      );
      lags.sort((a, b) => a - b);
      console.log(
        `replica lag, commit → readable on the replica, 20 measures: median ${lags[10]} ms, max ${lags[19]} ms; ` +
          `pg_stat_replication: ${stats?.state}, replay_lag ${stats?.replay_lag}`,
      );
      expect(stats?.state).toBe('streaming');
      expect(lags[19]).toBeLessThan(5000);
    });

    // last: it stops the replica
    it('with the replica down, a chart answers 503 E1001 and a report reads the primary', async () => {
      await replicaDb!.close();
      replicaDb = undefined;
      standby!.stop('fast');
      const now = Date.now();
      const range = `from=${new Date(now - 30 * minute).toISOString()}&to=${new Date(now).toISOString()}`;
      const res = await get(`/api/points/${pointId}/series?port=ai1&${range}`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }).code).toBe('E1001');
      const yesterday = day(Date.now() - 86_400_000);
      const report = await get(`/api/reports/level?from=${yesterday}&to=${yesterday}`);
      expect(report.status).toBe(200);
      // the primary and what it serves are untouched
      expect((await get(`/api/measures?pointId=${pointId}&${range}`)).status).toBe(200);
    });
  },
);

/**
 * The backup drill of docs/OPERATIONS.md "Backup and restore", run as written: a database with the
 * demo seed and its history, measures ingested through POST /ingest/v1/up and a closed month is
 * dumped with `pg_dump -Fc`, restored with `pg_restore` into a fresh database, and Aforo started on
 * it as production starts it (a child process, --role=api). A point's chart (raw, and four months
 * downsampled from the hourly rollup) and the closed month — its report and its stored PDF — read
 * the same as before the dump. PostgreSQL only: PGlite is backed up by copying DATA_DIR.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TokenService } from '../auth/jwt';
import { backfillDemoHistory } from '../demo/demo-history';
import { startAforoProcess, type AforoProcess } from '../test/aforo-process';
import { adminClient } from '../test/database-names';
import { companyIdByName } from '../test/factories';
import { startIngestHarness, type IngestHarness } from '../test/ingest-harness';
import { postgresBin } from '../test/pg-cluster';
import { demoPassword, testSecret } from '../test/test-server';
import { rowsOf } from './rows';

const run = promisify(execFile);
const bin = postgresBin();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL) && bin !== undefined;
const admin = 'admin@demo.aforo.dev';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A GET as a signed-in user acting for a company: status, JSON or bytes. */
type Get = (url: string) => Promise<{ status: number; body: Buffer }>;

async function readings(
  get: Get,
  ids: { point: string; demoPoint: string; closure: string },
  month: string,
  end: string,
) {
  const monthStart = `${month}-01T00:00:00.000Z`;
  const history = new Date(Date.parse(end) - 120 * 86_400_000).toISOString();
  const urls = {
    chart: `/api/points/${ids.point}/series?port=ai1&from=${monthStart}&to=${end}&buckets=2000`,
    history: `/api/points/${ids.demoPoint}/series?from=${history}&to=${end}&buckets=100`,
    report: `/api/reports/monthly?month=${month}`,
    revision: `/api/reports/closures/${ids.closure}/revisions/1`,
    pdf: `/api/reports/closures/${ids.closure}/revisions/1?format=pdf`,
  };
  const out: Record<string, unknown> = {};
  for (const [key, url] of Object.entries(urls)) {
    const res = await get(url);
    expect(res.status, `${key} ${res.body.toString().slice(0, 300)}`).toBe(200);
    out[key] = key === 'pdf' ? sha(res.body) : JSON.parse(res.body.toString());
  }
  return out;
}

describe.skipIf(!onPostgres)('backup and restore with pg_dump and pg_restore', () => {
  let h: IngestHarness;
  let app: FastifyInstance;
  let aforo: AforoProcess | undefined;
  const restored = `aforo_restore_${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aforo-backup-'));
  const restoredUrl = () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${restored}`;
    return url.toString();
  };

  beforeAll(async () => {
    h = await startIngestHarness();
    // the demo's history as `npm start` writes it, shortened to four months (hourly beyond a week)
    await backfillDemoHistory(h.database.db, { now: new Date(), days: 120, recentDays: 7 });
    app = await buildApp({
      database: h.database,
      tokens: new TokenService(testSecret),
      logger: false,
      ingestion: h.ingestion,
      events: h.events,
    });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await aforo?.stop();
    await app?.close();
    await h?.close();
    const client = await adminClient(process.env.TEST_DATABASE_URL!);
    await client.query(`DROP DATABASE IF EXISTS "${restored}" WITH (FORCE)`).finally(() => client.end());
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('restores into a fresh database that Aforo starts on and reads the same', async () => {
    // last month, hourly, and the last two days every 10 minutes, through the device door
    const now = new Date();
    const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1) / 1000;
    const month = new Date(from * 1000).toISOString().slice(0, 7);
    const ingest = async (times: number[], seq: number) => {
      const measures = times.map((t, i) => ({ port: 'ai1', t, v: 8 + 4 * Math.sin(i / 20) }));
      const res = await app.inject({
        method: 'POST',
        url: '/ingest/v1/up',
        headers: { authorization: `Device ${h.device.serial}:${h.device.key}` },
        payload: {
          v: 1,
          product: h.productCode,
          model: h.modelName,
          serial: h.device.serial,
          msg_seq: seq,
          measures,
        },
      });
      expect(res.json()).toMatchObject({ accepted: times.length, rejected: [] });
    };
    const hours = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) / 1000 - from) / 3600;
    await ingest(
      Array.from({ length: hours }, (_, i) => from + i * 3600),
      1,
    );
    const recent = Math.floor(now.getTime() / 600_000) * 600 - 2 * 86_400;
    await ingest(
      Array.from({ length: 288 }, (_, i) => recent + i * 600),
      2,
    );

    const login = await app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: admin, password: demoPassword },
    });
    const headers = { authorization: `Bearer ${login.json().token}`, 'x-current-company': h.companyId };
    const close = await app.inject({
      method: 'POST',
      url: '/api/reports/closures',
      headers,
      payload: { month, recipientIds: [] },
    });
    expect(close.statusCode, close.body).toBe(201);
    const norte = await companyIdByName(h.database.db, 'Canal del Norte S.A.');
    const [demo] = rowsOf<{ id: string }>(
      await h.database.db.execute(sql`
        select p.id from measurement_points p where p.company_id = ${norte}
          and exists (select 1 from measures_hourly m where m.point_id = p.id) order by p.name limit 1`),
    );
    const ids = { point: h.pointId, demoPoint: demo!.id, closure: close.json().id as string };
    const inProcess: Get = async (url) => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { ...headers, ...(url.includes(demo!.id) ? { 'x-current-company': norte } : {}) },
      });
      return { status: res.statusCode, body: res.rawPayload };
    };
    const end = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000).toISOString();
    const before = await readings(inProcess, ids, month, end);
    const chart = before.chart as { raw: boolean; points: Array<{ count: number }> };
    expect(chart.raw).toBe(true);
    expect(chart.points.reduce((n, p) => n + p.count, 0)).toBe(hours + 288);
    // four months in 2-day buckets: read from the hourly rollup
    expect(before.history).toMatchObject({ raw: false, bucketSeconds: 172_800 });
    expect((before.history as { points: unknown[] }).points.length).toBeGreaterThan(50);
    const report = before.report as { closure: { revision: number }; rows: Array<{ pointId: string }> };
    expect(report.closure.revision).toBe(1);
    expect(report.rows.map((r) => r.pointId)).toEqual([h.pointId]);
    const tables = async (url: string) => {
      const client = await adminClient(url);
      try {
        const { rows } = await client.query<{ partitions: number; measures: number; hourly: number }>(`
          select (select count(*) from pg_inherits where inhparent = 'measures'::regclass)::int as partitions,
            (select count(*) from measures)::int as measures, (select count(*) from measures_hourly)::int as hourly`);
        return rows[0]!;
      } finally {
        await client.end();
      }
    };
    const counted = await tables(h.database.url!);

    // the commands of docs/OPERATIONS.md
    const file = path.join(dir, 'aforo.dump');
    const dumpStarted = Date.now();
    await run(path.join(bin!, 'pg_dump'), ['-Fc', '-f', file, '-d', h.database.url!]);
    const dumpMs = Date.now() - dumpStarted;
    const client = await adminClient(process.env.TEST_DATABASE_URL!);
    await client.query(`CREATE DATABASE "${restored}" TEMPLATE template0`).finally(() => client.end());
    const restoreStarted = Date.now();
    await run(path.join(bin!, 'pg_restore'), ['--exit-on-error', '--no-owner', '-d', restoredUrl(), file]);
    const restoreMs = Date.now() - restoreStarted;
    // every monthly partition attached again, and the rollup not counted twice by the insert trigger
    expect(await tables(restoredUrl())).toEqual(counted);
    console.info(
      `backup drill: ${counted.measures} measures in ${counted.partitions} partitions, dump ` +
        `${(statSync(file).size / 1e6).toFixed(1)} MB in ${dumpMs} ms, restore in ${restoreMs} ms`,
    );

    aforo = startAforoProcess('api', {
      DATABASE_URL: restoredUrl(),
      JWT_SECRET: `${testSecret}-another-one`,
      DEMO_PASSWORD: demoPassword,
    });
    const listening = await aforo.waitForLog((l) => String(l.msg).startsWith('Server listening at'));
    const base = String(listening.msg).slice('Server listening at '.length);
    const signIn = await fetch(`${base}/api/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin, password: demoPassword }),
    });
    const token = ((await signIn.json()) as { token: string }).token;
    const child: Get = async (url) => {
      const res = await fetch(`${base}${url}`, {
        headers: {
          authorization: `Bearer ${token}`,
          'x-current-company': url.includes(demo!.id) ? norte : h.companyId,
        },
      });
      return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
    };
    expect(await readings(child, ids, month, end)).toEqual(before);
  }, 120_000);
});

/**
 * `npm run bench:alerts -- [--series 10000] [--silent 0.1] [--companies 10] [--spread 60]`
 *
 * The No Transmission job at scale (docs/ALERTS.md target: NO_TRANSMISSION raised ≤ 60 s after its
 * deadline with 10,000 series). `series` points with an Active device and one series_latest row
 * each, over `companies` companies; a share `silent` of them stopped transmitting so that their
 * deadlines (2 × transmission time + 5 min after the last arrival) fall within the next `spread`
 * seconds, the others were heard just now. The real scheduler then runs the check every 30 s (as
 * main.ts does) until every deadline has passed and one more tick; each run is timed, and each
 * alert's lag is measured from its deadline to the end of the run that raised it.
 *
 * Engine: a fresh PGlite data dir in /tmp by default; with DATABASE_URL, a fresh database
 * `aforo_bench_alerts` on that server (dropped and created).
 */
import { createLocalBus } from '../events/event-bus';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { createScheduler } from '../jobs/scheduler';
import { checkSilence } from '../alerting/silence-job';
import { freshDatabase } from './ingest-server';
import { latencyOf } from './ingest-report';

const { values: args } = parseArgs({
  options: {
    series: { type: 'string', default: '10000' },
    silent: { type: 'string', default: '0.1' },
    companies: { type: 'string', default: '10' },
    spread: { type: 'string', default: '60' },
  },
});
const seriesCount = Number(args.series);
const silentShare = Number(args.silent);
const companyCount = Number(args.companies);
const spreadMs = Number(args.spread) * 1000;
const transmissionTime = 300;
const windowMs = (2 * transmissionTime + 300) * 1000;
const p = sql.param;
const say = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function main() {
  const url = process.env.DATABASE_URL
    ? await freshDatabase(process.env.DATABASE_URL, 'aforo_bench_alerts')
    : undefined;
  const dataDir = url ? undefined : mkdtempSync(path.join(os.tmpdir(), 'aforo-bench-alerts-'));
  const database = await openDatabase(url ? { url } : { dataDir });
  const db = database.db;
  try {
    await database.migrate();
    say(`${url ? 'PostgreSQL' : 'PGlite'}: ${seriesCount} series over ${companyCount} companies`);
    const companyIds = Array.from({ length: companyCount }, () => randomUUID());
    await db.execute(sql`
      insert into companies (id, business_name)
      select id, 'Bench silence ' || n from unnest(${p(companyIds)}::uuid[]) with ordinality as t(id, n)`);
    const start = Date.now();
    const silentEvery = Math.round(1 / silentShare);
    let silent = 0;
    for (let i = 0; i < seriesCount; i += 2000) {
      const n = Math.min(2000, seriesCount - i);
      const points = Array.from({ length: n }, () => randomUUID());
      const devices = Array.from({ length: n }, () => randomUUID());
      const heard: string[] = [];
      for (let k = 0; k < n; k++) {
        const index = i + k;
        // every silentEvery-th series of each company went quiet: its deadline falls within the spread
        const quiet = Math.floor(index / companyCount) % silentEvery === 0;
        if (quiet) silent += 1;
        const last = quiet ? start - windowMs + 60_000 + Math.random() * spreadMs : start;
        heard.push(new Date(last).toISOString());
      }
      const company = (k: number) => companyIds[(i + k) % companyCount]!;
      await db.execute(sql`
        insert into measurement_points (id, company_id, name, latitude, longitude, kind, measure_time,
          transmission_time, parameters)
        select id, company_id, 'Bench silence ' || (${p(i)}::int + n), 41, -1, 'river', 60, ${p(transmissionTime)},
          '{"ai1": {}}'
        from unnest(${p(points)}::uuid[], ${p(points.map((_, k) => company(k)))}::uuid[])
          with ordinality as t(id, company_id, n)`);
      await db.execute(sql`
        insert into devices (id, serial, company_id, measurement_point_id, state, location)
        select id, 'BENCH-SILENCE-' || id, company_id, point_id, 'Active', 'Empty'
        from unnest(${p(devices)}::uuid[], ${p(points.map((_, k) => company(k)))}::uuid[], ${p(points)}::uuid[])
          as t(id, company_id, point_id)`);
      await db.execute(sql`
        insert into series_latest (point_id, port, device_id, ts, direct, interpreted, flag, updated_at)
        select point_id, 'ai1', device_id, heard - interval '40 seconds', 2, 2, 1, heard
        from unnest(${p(points)}::uuid[], ${p(devices)}::uuid[], ${p(heard)}::timestamptz[])
          as t(point_id, device_id, heard)`);
    }
    await db.execute(sql`analyze`);
    say(`${silent} series fall silent within ${spreadMs / 1000} s; the job runs every 30 s`);

    // a check before any deadline: the steady cost of a run that raises nothing
    const quiet: number[] = [];
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      const r = await checkSilence(db, createLocalBus(), new Date());
      quiet.push(performance.now() - t0);
      if (r.opened > 0) say(`(a quiet check opened ${r.opened})`);
    }

    const seen = new Set<string>();
    const lags: number[] = [];
    const runs: Array<{ ms: number; opened: number }> = [];
    const scheduler = createScheduler({ database, log: pino({ level: 'warn' }) });
    scheduler.add({
      name: 'no-transmission',
      schedule: { every: 30_000 },
      async run() {
        const t0 = performance.now();
        const result = await checkSilence(db, createLocalBus(), new Date());
        const done = Date.now();
        runs.push({ ms: performance.now() - t0, opened: result.opened });
        const raised = rowsOf<{ id: string; opened_at: string | Date }>(
          await db.execute(sql`select id::text, opened_at from alerts where type = 'NO_TRANSMISSION'`),
        );
        for (const a of raised) {
          if (seen.has(a.id)) continue;
          seen.add(a.id);
          lags.push(done - new Date(a.opened_at).getTime());
        }
        say(
          `  run: ${Math.round(runs.at(-1)!.ms)} ms, ${result.opened} raised, incidents +${result.incidentsStarted}`,
        );
      },
    });
    await scheduler.start();
    const until = start + 60_000 + spreadMs + 31_000;
    while (Date.now() < until || seen.size < silent) {
      if (Date.now() > until + 120_000) break;
      await sleep(1000);
    }
    await scheduler.stop();

    const runMs = latencyOf(runs.map((r) => r.ms));
    const lag = latencyOf(lags);
    const q = latencyOf(quiet);
    console.log(`engine                       ${url ? 'PostgreSQL' : 'PGlite'}`);
    console.log(`series / silent             ${seriesCount} / ${silent} (raised ${seen.size})`);
    console.log(`check, nothing to raise     median ${q.p50.toFixed(0)} ms, max ${q.max.toFixed(0)} ms`);
    console.log(
      `check runs (every 30 s)     ${runs.length}: p50 ${runMs.p50.toFixed(0)} ms, max ${runMs.max.toFixed(0)} ms; raised per run ${runs.map((r) => r.opened).join(', ')}`,
    );
    console.log(
      `deadline → raised           p50 ${(lag.p50 / 1000).toFixed(1)} s, p99 ${(lag.p99 / 1000).toFixed(1)} s, max ${(lag.max / 1000).toFixed(1)} s (target ≤ 60 s: ${lag.max <= 60_000 && seen.size === silent ? 'met' : 'NOT met'})`,
    );
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

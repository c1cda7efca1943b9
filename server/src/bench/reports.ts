/**
 * `npm run bench:reports -- [--points 1000] [--runs 5] [--reuse] [--database aforo_bench_reports]`
 * (DATABASE_URL names the PostgreSQL server; default the local one)
 *
 * The reports' targets (docs/REPORTS.md "Targets"): builds a company of `points` points with a month
 * (October 2026, Europe/Madrid) of 10-minute data in a fresh database, then times
 *  - the daily classification of points × 10 days (10,000 point-days at 1,000 points): the engine's
 *    compute, the same path as the job (read values, classify, replace the rows) — target ≤ 10 s;
 *  - the monthly report of every point, summaries computed (what a screen asks) — target ≤ 2 s;
 *    and cold (the month computed inside the read), and its PDF and XLSX renders, for information.
 * Each figure: the first run, then the median of `runs`.
 */
import { execSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { monthlyReportQuerySchema } from '@aforo/contracts/reports';
import { systemContext } from '../core/request-context';
import { openDatabase, type Database } from '../db/client';
import { primaryReads } from '../db/read-replica';
import { createReportsService } from '../modules/reports/reports.service';
import { createDailySummaryEngine } from '../reporting/daily-summaries';
import { monthlyReportPdf, monthlyReportXlsx } from '../reporting/render';

const { values: args } = parseArgs({
  options: {
    points: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
    reuse: { type: 'boolean', default: false },
    database: { type: 'string', default: 'aforo_bench_reports' },
  },
});
const pointCount = Math.max(1, Number(args.points));
const runs = Math.max(1, Number(args.runs));
const tz = 'Europe/Madrid';
const companyName = 'Bench reports';

async function open(url: string): Promise<{ database: Database; fresh: boolean }> {
  const name = args.database!;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let fresh = true;
  try {
    const exists =
      ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
    if (args.reuse && exists) fresh = false;
    else {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: target.toString(), poolSize: 4 });
  await database.migrate();
  return { database, fresh };
}

/** The company, its points and October 2026 of 10-minute values (a slow wave, a spike now and then). */
async function build(database: Database): Promise<string> {
  const { db } = database;
  const rows = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;
  const found = rows(await db.execute(sql`select id from companies where business_name = ${companyName}`));
  if (found[0] && !(await needsData(database))) return String(found[0].id);
  const t0 = performance.now();
  const company = rows(
    await db.execute(sql`
      insert into companies (business_name, preferred_timezone) values (${companyName}, ${tz}) returning id`),
  )[0]!.id as string;
  await db.execute(sql`
    insert into measurement_points (company_id, name, latitude, longitude, kind, measure_time, transmission_time,
      ground_level, invert_level, parameters, created_at)
    select ${company}, 'Punto ' || lpad(i::text, 4, '0'), 41.6, -0.9, 'river', 600, 3600, 10, 0,
      '{"ai1": {"label": "Nivel"}}'::jsonb, '2026-01-01T00:00:00Z'
    from generate_series(1, ${pointCount}) i`);
  const ids = rows(
    await db.execute(sql`select id from measurement_points where company_id = ${company} order by name`),
  );
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50).map((r) => String(r.id));
    await db.execute(sql`
      insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag)
      select p.id, 'ai1', t, p.id, v, v, v, 1
      from unnest(${sql.param(chunk)}::uuid[]) as p(id)
      cross join generate_series('2026-09-30T22:00:00Z'::timestamptz, '2026-10-31T22:50:00Z', interval '10 minutes') t
      cross join lateral (select 2 + sin(extract(epoch from t) / 20000 + length(p.id::text)) +
        case when extract(minute from t) = 0 and extract(hour from t) = 3 and extract(day from t)::int % 7 = 0
          then 4 else 0 end as v) k`);
    process.stdout.write(`\r${Math.min(i + 50, ids.length)} / ${ids.length} points stored`);
  }
  await db.execute(sql`analyze measures`);
  console.log(`\nData set built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return company;
}

async function needsData(database: Database): Promise<boolean> {
  const r = await database.db.execute(sql`
    select count(*)::int as n from measurement_points p join companies c on c.id = p.company_id
    where c.business_name = ${companyName}`);
  return Number((r as unknown as { rows: Array<{ n: number }> }).rows[0]!.n) !== pointCount;
}

async function timed<T>(label: string, target: string, limitMs: number | null, fn: () => Promise<T>) {
  const t0 = performance.now();
  const result = await fn();
  const first = performance.now() - t0;
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const verdict = limitMs === null ? '' : median <= limitMs ? 'met' : 'NOT met';
  console.log(
    `${label.padEnd(52)} ${(first / 1000).toFixed(2).padStart(7)} s ${(median / 1000).toFixed(2).padStart(7)} s  ${target} ${verdict}`,
  );
  return result;
}

async function main() {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { database } = await open(url);
  try {
    const company = await build(database);
    const engine = createDailySummaryEngine(database.db);
    const reports = createReportsService({
      db: database.db,
      reads: primaryReads(database.db),
      clock: () => new Date(),
    });
    const ctx = systemContext('bench:reports', company, 'es');
    const query = monthlyReportQuerySchema.parse({ month: '2026-10' });
    const version = (await database.db.execute(sql`show server_version`)) as unknown as {
      rows: Array<{ server_version: string }>;
    };
    console.log(
      `PostgreSQL ${version.rows[0]!.server_version}: ${pointCount} points × October 2026 of 10-minute data; ` +
        `${runs} runs after the first; load ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} on ${os.cpus().length} cores`,
    );
    console.log(`${'figure'.padEnd(52)} ${'first'.padStart(9)} ${'median'.padStart(9)}  target`);
    // cold: nothing computed yet, the month is computed inside the read
    await database.db.execute(sql`delete from daily_summaries where company_id = ${company}`);
    await database.db.execute(sql`delete from daily_summary_days where company_id = ${company}`);
    const coldStart = performance.now();
    await reports.monthly(ctx, query);
    const coldMs = performance.now() - coldStart;
    console.log(
      `${'monthly report, cold (31 days computed in the read)'.padEnd(52)} ${(coldMs / 1000).toFixed(2).padStart(7)} s`,
    );
    await timed(`daily classification, ${pointCount * 10} point-days`, '≤ 10 s', 10_000, () =>
      engine.compute(company, tz, '2026-10-01', '2026-10-10'),
    );
    const { report } = await timed(`monthly report, ${pointCount} points (computed)`, '≤ 2 s', 2_000, () =>
      reports.monthly(ctx, query),
    );
    await timed('  its PDF', '', null, () => monthlyReportPdf(report, { lang: 'es' }));
    await timed('  its XLSX', '', null, () => monthlyReportXlsx(report, { lang: 'es' }));
    console.log(`operation %: ${report.totals.percent} (${JSON.stringify(report.totals)})`);
    console.log(`uptime: ${execSync('uptime').toString().trim()}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

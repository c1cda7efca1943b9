/**
 * `npm run bench:chart -- [--interval 600] [--days 365] [--points 10] [--runs 10]`
 *
 * The chart read path (GET /api/points/:id/series without HTTP): `points` points with `days` of
 * measures every `interval` seconds each (default ten point-years of 10-minute data, 525,600 rows:
 * with a single point the planner rightly reads the whole table) in monthly partitions, then the
 * series service timed on one of them for a 1-year range (downsampled to ~1000 buckets) and a 1-day
 * range (raw measures). Prints the first (cold) run and the median of `runs`, and the plan of
 * the bucket query (it must be an index-only scan of measures_point_port_ts_idx).
 *
 * Engine: a fresh PGlite data dir in /tmp by default; with DATABASE_URL, that PostgreSQL database
 * (use a scratch one: the bench's rows are deleted at the end, its company and point stay).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { ensureMeasurePartitions } from '../db/partitions';
import { primaryReads } from '../db/read-replica';
import { companies, measurementPoints, measures, measuresHourly } from '../db/schema';
import { userContext, type RequestContext } from '../core/request-context';
import { createPointSeriesService } from '../modules/points/point-series.service';

const { values: args } = parseArgs({
  options: {
    interval: { type: 'string', default: '600' },
    days: { type: 'string', default: '365' },
    runs: { type: 'string', default: '10' },
    points: { type: 'string', default: '10' },
  },
});
const intervalSeconds = Number(args.interval);
const days = Number(args.days);
const runs = Number(args.runs);
const pointCount = Math.max(1, Number(args.points));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = url ? undefined : mkdtempSync(path.join(os.tmpdir(), 'aforo-bench-chart-'));
  const database = await openDatabase(url ? { url } : { dataDir });
  const db = database.db;
  try {
    await database.migrate();
    const end = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const start = new Date(end.getTime() - days * 86_400_000);
    await ensureMeasurePartitions(db, end, Math.ceil(days / 30) + 1, 1);

    const [company] = await db
      .insert(companies)
      .values({ businessName: `Bench chart ${randomUUID().slice(0, 8)}` })
      .returning();
    const points = await db
      .insert(measurementPoints)
      .values(
        Array.from({ length: pointCount }, (_, i) => ({
          companyId: company!.id,
          name: `Bench chart point ${i + 1}`,
          latitude: 41.65,
          longitude: -0.88,
          kind: 'river',
          measureTime: intervalSeconds,
          transmissionTime: Math.max(intervalSeconds * 6, 3600),
          warningValue: 4,
          alertValue: 5,
          parameters: { ai1: { label: 'Nivel' } },
        })),
      )
      .returning();
    const point = points[0];

    const t0 = performance.now();
    for (const p of points) {
      // a river-like level: seasonal swing, daily ripple, noise; written by the database itself
      await db.execute(sql`
        insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag)
        select ${randomUUID()}::uuid, 'ai1', g, ${p.id}::uuid, v, v, v, case when random() < 0.001 then 3 else 1 end
        from generate_series(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz - interval '1 second',
                             make_interval(secs => ${intervalSeconds})) g,
        lateral (select 1.6 + 0.4 * sin(extract(epoch from g) / 5022000.0) + 0.08 * sin(extract(epoch from g) / 13751.0)
                        + 0.02 * random() as v) x`);
    }
    const [{ rows } = { rows: 0 }] = await db
      .select({ rows: sql<number>`count(*)::int`.mapWith(Number) })
      .from(measures)
      .where(
        inArray(
          measures.pointId,
          points.map((p) => p.id),
        ),
      );
    const insertMs = performance.now() - t0;
    // the visibility map makes the chart index's scan index-only, as autovacuum would in production
    await db.execute(sql`vacuum analyze measures`);

    const userId = randomUUID();
    const ctx: RequestContext = userContext(
      {
        userId,
        email: 'bench@aforo.dev',
        state: 'Active',
        profiles: [{ companyId: company!.id, state: 'Active', roles: ['ROLE_USER'] }],
      },
      company!.id,
      'en',
    );
    const service = createPointSeriesService({ db, reads: primaryReads(db) });
    const dayStart = new Date(end.getTime() - 86_400_000);

    console.log(
      `Chart query bench on ${database.kind}: ${rows.toLocaleString('en')} measures of ${pointCount} points ` +
        `(${days} days every ${intervalSeconds} s each), inserted in ${ms(insertMs)}`,
    );
    const cases = [
      { name: `${days}-day range`, from: start, to: end },
      { name: '1-day range', from: dayStart, to: end },
    ];
    for (const c of cases) {
      const times: number[] = [];
      let shape = '';
      for (let i = 0; i <= runs; i++) {
        const t = performance.now();
        const series = await service.get(ctx, point!.id, { from: c.from, to: c.to, buckets: 1000 });
        times.push(performance.now() - t);
        shape = series.raw
          ? `${series.points.length} raw measures`
          : `${series.points.length} buckets of ${series.bucketSeconds} s`;
      }
      const [first, ...rest] = times;
      console.log(
        `  ${c.name.padEnd(16)} ${shape.padEnd(28)} first ${ms(first!)}, median of ${runs} ${ms(median(rest))}`,
      );
    }

    const plan = await db.execute(sql`
      explain select date_bin(make_interval(secs => 43200), ts, timestamptz '2000-01-01T00:00:00Z'),
        min(interpreted), max(interpreted), avg(interpreted), count(*), max(flag)
      from measures where point_id = ${point!.id}::uuid and port = 'ai1'
        and ts >= ${start.toISOString()}::timestamptz and ts < ${end.toISOString()}::timestamptz group by 1`);
    const lines = ((plan as unknown as { rows: Record<string, string>[] }).rows ?? []).map(
      (r) => Object.values(r)[0],
    );
    // one line per kind of scan, e.g. "Index Only Scan ×13 (measures_…_point_id_port_ts_…_idx)"
    const scans = new Map<string, { count: number; index: string }>();
    for (const line of lines) {
      const found = /((?:Index Only |Index |Bitmap Heap |Seq )Scan)(?: using (\S+))?/.exec(line ?? '');
      if (!found) continue;
      const kind = scans.get(found[1]!) ?? { count: 0, index: found[2] ?? '' };
      kind.count++;
      scans.set(found[1]!, kind);
    }
    const summary = [...scans].map(
      ([kind, s]) => `${kind} ×${s.count}${s.index ? ` (e.g. ${s.index})` : ''}`,
    );
    console.log(`  plan of the bucket query: ${summary.join('; ')}`);
    await db.delete(measures).where(
      inArray(
        measures.pointId,
        points.map((p) => p.id),
      ),
    );
    // the rollup the measures' trigger wrote goes with them
    await db.delete(measuresHourly).where(
      inArray(
        measuresHourly.pointId,
        points.map((p) => p.id),
      ),
    );
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

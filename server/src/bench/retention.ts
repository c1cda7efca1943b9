/**
 * What measure retention costs (docs/OPERATIONS.md "Data life"): two companies with `points` points
 * each, every 10 minutes through June and July 2024, in an empty PostgreSQL database. First one
 * company's retention expires (its rows deleted in batches from partitions the other keeps), then
 * the other's (both partitions dropped), then a run that finds nothing. The job's own log lines,
 * timestamped, say where the time goes.
 *
 *   createdb -h 127.0.0.1 -U postgres retention_bench
 *   npx tsx server/src/bench/retention.ts postgres://postgres@127.0.0.1:5432/retention_bench 200
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../db/client';
import { ensureMeasurePartitions } from '../db/partitions';
import { rowsOf } from '../db/rows';
import { removeExpiredMeasures } from '../jobs/measure-retention';
import { buildCompany, buildPoint } from '../test/factories';

const url = process.argv[2];
if (!url) throw new Error('usage: retention.ts <postgres url of an empty database> [points per company]');
const points = Number(process.argv[3] ?? 200);
const database = await openDatabase({ url, poolSize: 4 });
await database.migrate();
const { db } = database;
await ensureMeasurePartitions(db, new Date('2024-08-15T00:00:00Z'), 2, 0);
const started = Date.now();
const log = pino({ level: 'info', base: null, timestamp: () => `,"s":${(Date.now() - started) / 1000}` });

const companies: string[] = [];
for (let c = 0; c < 2; c++) {
  const company = await buildCompany(db, { preferredTimezone: 'Europe/Madrid' });
  companies.push(company.id);
  for (let i = 0; i < points; i++) {
    const point = await buildPoint(db, company.id, {
      measureTime: 600,
      parameters: { ai1: {} },
      createdAt: new Date('2024-01-01T00:00:00Z'),
    });
    await db.execute(sql`
      insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag)
      select gen_random_uuid(), 'ai1', g, ${point.id}::uuid, 1, 1, 1 + random(), 1
      from generate_series('2024-06-01T00:00Z'::timestamptz, '2024-08-01T00:00Z'::timestamptz - interval '10 minutes',
        interval '10 minutes') g`);
  }
}
await db.execute(sql`analyze`);
const count = async () =>
  rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from measures`))[0]!.n;
log.info({ rows: await count() }, 'measures written');

const options = { now: new Date('2025-01-15T12:00:00Z'), backfillDays: 90, failedMeasureDays: 3650, log };
const timed = async (what: string) => {
  const t = Date.now();
  const result = await removeExpiredMeasures(db, options);
  log.info({ ms: Date.now() - t, dropped: result.dropped, deleted: result.deleted.length }, what);
};
const expire = (id: string) =>
  db.execute(sql`update companies set measure_retention_months = 3 where id = ${id}`);
await expire(companies[0]!);
await timed('one company expired: its rows deleted');
await expire(companies[1]!);
await timed('the other expired: partitions dropped');
await timed('nothing left to remove');
log.info({ rows: await count() }, 'measures left');
await database.close();

/**
 * The data set of `npm run bench:queries`, written by the database itself (generate_series, not the
 * API) so a year of data for 210 points takes minutes: one company with 5,000 points in 5 layers,
 * 200 of them × 1 year of 10-minute data, 10 × 1 year of 1-minute data (port ai1, through the
 * measures trigger, so the hourly rollup is the one ingestion would have written), every point with
 * a series_latest row (a spread of alert levels) and 25 favourites of the bench user.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { ensureMeasurePartitions } from '../../db/partitions';
import { userContext, type RequestContext } from '../../core/request-context';
import type { BenchDataSet } from './query';

export const benchCompanyName = 'Bench queries S.A.';
export const benchUserEmail = 'bench-queries@aforo.dev';
const pointCount = 5000;
const tenMinuteCount = 200;
const oneMinuteCount = 10;
const days = 365;
/** Expected measures per point of each kind: the check `--reuse` makes. */
export const expectedMeasures = { tenMinute: (days * 86_400) / 600, oneMinute: (days * 86_400) / 60 };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const kinds = ['river', 'channel', 'well', 'tank', 'rain_gauge', 'flow'];

/** The data set's ids and context when the database holds it complete; undefined otherwise. */
export async function findDataSet(database: Database): Promise<BenchDataSet | undefined> {
  const db = database.db;
  const [company] = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text as id from companies where business_name = ${benchCompanyName}`),
  );
  const [user] = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text as id from users where email = ${benchUserEmail}`),
  );
  if (!company || !user) return undefined;
  const points = rowsOf<{ id: string; measure_time: number; measures: number | null; latest: boolean }>(
    await db.execute(sql`
      select p.id::text as id, p.measure_time,
        (select sum(count)::int from measures_hourly h where h.point_id = p.id and p.measure_time < 900) as measures,
        exists (select 1 from series_latest s where s.point_id = p.id) as latest
      from measurement_points p where p.company_id = ${company.id} order by p.name`),
  );
  const tenMinute = points.filter((p) => p.measure_time === 600);
  const oneMinute = points.filter((p) => p.measure_time === 60);
  const complete =
    points.length === pointCount &&
    points.every((p) => p.latest) &&
    tenMinute.length === tenMinuteCount &&
    oneMinute.length === oneMinuteCount &&
    tenMinute.every((p) => p.measures === expectedMeasures.tenMinute) &&
    oneMinute.every((p) => p.measures === expectedMeasures.oneMinute);
  if (!complete) return undefined;
  return {
    database,
    context: contextOf(company.id, user.id),
    companyId: company.id,
    tenMinutePointIds: tenMinute.map((p) => p.id),
    oneMinutePointIds: oneMinute.map((p) => p.id),
    allPointIds: points.map((p) => p.id),
  };
}

function contextOf(companyId: string, userId: string): RequestContext {
  const roles = ['ROLE_ADMIN_CLIENTE' as const];
  return userContext(
    { userId, email: benchUserEmail, state: 'Active', profiles: [{ companyId, state: 'Active', roles }] },
    companyId,
    'en',
  );
}

/** One year of a river-like level every `seconds` for each point, ending at `end`. */
async function insertYear(db: Db, pointIds: string[], seconds: number, end: Date, log: (s: string) => void) {
  const start = new Date(end.getTime() - days * 86_400_000);
  // ~500,000 rows a statement: big enough to be fast, small enough for the trigger's transition table
  const perStatement = Math.max(1, Math.floor(500_000 / ((days * 86_400) / seconds)));
  for (let i = 0; i < pointIds.length; i += perStatement) {
    const ids = pointIds.slice(i, i + perStatement);
    await db.execute(sql`
      insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag, received_at, topic)
      select md5(p::text)::uuid, 'ai1', g, p, v, v, v, case when random() < 0.001 then 3 else 1 end, g, 'bench'
      from unnest(${sql.param(ids)}::uuid[]) p,
        generate_series(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz - interval '1 second',
                        make_interval(secs => ${seconds})) g,
        lateral (select 1.6 + 0.4 * sin(extract(epoch from g) / 5022000.0) + 0.08 * sin(extract(epoch from g) / 13751.0)
                        + 0.02 * random() as v) x`);
    log(`  ${Math.min(i + perStatement, pointIds.length)}/${pointIds.length} points of ${seconds}-s data`);
  }
}

/** Builds the data set in an empty, migrated database. */
export async function buildDataSet(database: Database, log: (s: string) => void): Promise<BenchDataSet> {
  const db = database.db;
  const end = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  await ensureMeasurePartitions(db, end, Math.ceil(days / 30) + 1, 1);
  const [company] = rowsOf<{ id: string }>(
    await db.execute(
      sql`insert into companies (business_name) values (${benchCompanyName}) returning id::text as id`,
    ),
  );
  const companyId = company!.id;
  const [user] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into users (email, name, surname, password_hash, state, default_company_id)
      values (${benchUserEmail}, 'Bench', 'Queries', 'not-a-hash', 'Active', ${companyId}) returning id::text as id`),
  );
  await db.execute(sql`
    insert into user_profiles (user_id, company_id, roles, state)
    values (${user!.id}, ${companyId}, ${sql.param(['ROLE_ADMIN_CLIENTE'])}::text[], 'Active')`);
  await db.execute(sql`
    insert into layers (company_id, name, colour)
    select ${companyId}, 'Capa ' || i, '#3366' || lpad(to_hex(i * 40), 2, '0') from generate_series(1, 5) i`);

  // names sort as the groups: 10-minute points, then 1-minute, then the rest
  log(`${pointCount} points`);
  await db.execute(sql`
    insert into measurement_points (company_id, name, latitude, longitude, kind, measure_time, transmission_time,
      warning_value, alert_value, ground_level, invert_level, parameters)
    select ${companyId},
      case when i <= ${tenMinuteCount} then 'A ' else case when i <= ${tenMinuteCount + oneMinuteCount} then 'B ' else 'C ' end end
        || lpad(i::text, 4, '0'),
      36.2 + 7.5 * ((i * 7919) % 1000) / 1000.0, -9.0 + 12.0 * ((i * 104729) % 1000) / 1000.0,
      (${sql.param(kinds)}::text[])[1 + i % 6],
      case when i <= ${tenMinuteCount} then 600 when i <= ${tenMinuteCount + oneMinuteCount} then 60 else 900 end,
      3600, 2.1, 2.4, 3, 0, '{"ai1":{"label":"Nivel"}}'::jsonb
    from generate_series(1, ${pointCount}) i`);
  await db.execute(sql`
    insert into layer_points (layer_id, point_id)
    select l.id, p.id from measurement_points p
    join lateral (select id from layers where company_id = ${companyId}
                  order by name offset (hashtext(p.id::text) & 4) % 5 limit 1) l on true
    where p.company_id = ${companyId}`);
  const points = rowsOf<{ id: string; measure_time: number }>(
    await db.execute(sql`select id::text as id, measure_time from measurement_points
      where company_id = ${companyId} order by name`),
  );
  const tenMinutePointIds = points.filter((p) => p.measure_time === 600).map((p) => p.id);
  const oneMinutePointIds = points.filter((p) => p.measure_time === 60).map((p) => p.id);

  await insertYear(db, tenMinutePointIds, 600, end, log);
  await insertYear(db, oneMinutePointIds, 60, end, log);

  log('series_latest');
  // the measured points: their last measure; the others one value each, up to a day old
  await db.execute(sql`
    insert into series_latest (point_id, port, device_id, ts, direct, interpreted, flag, alert_level)
    select distinct on (point_id) point_id, port, device_id, ts, direct, interpreted, flag, 'OK'
    from measures where point_id = any(${sql.param([...tenMinutePointIds, ...oneMinutePointIds])}::uuid[])
      and ts >= ${new Date(end.getTime() - 86_400_000).toISOString()}::timestamptz
    order by point_id, ts desc`);
  await db.execute(sql`
    insert into series_latest (point_id, port, device_id, ts, direct, interpreted, flag, alert_level)
    select id, 'ai1', md5(id::text)::uuid, ${end.toISOString()}::timestamptz - random() * interval '1 day',
      v, v, 1, 'OK'
    from (select id, 1 + 2 * random() as v from measurement_points
          where company_id = ${companyId} and measure_time = 900) p`);
  // a spread of levels, as the alert engine would leave them (DANGER 1 %, NO_TRANSMISSION 3 %, WARNING 5 %, OUT_OF_RANGE 2 %)
  await db.execute(sql`
    update series_latest s set alert_level = case
      when h < 1 then 'DANGER' when h < 4 then 'NO_TRANSMISSION' when h < 9 then 'WARNING'
      when h < 11 then 'OUT_OF_RANGE' else 'OK' end
    from (select id, abs(hashtext(id::text)) % 100 as h from measurement_points where company_id = ${companyId}) p
    where s.point_id = p.id`);
  await db.execute(sql`
    insert into point_favourites (user_id, point_id)
    select ${user!.id}, id from measurement_points where company_id = ${companyId} order by name desc limit 25`);
  log('vacuum analyze');
  // the visibility map makes index scans index-only, as autovacuum would in production
  await db.execute(sql`vacuum analyze`);
  return {
    database,
    context: contextOf(companyId, user!.id),
    companyId,
    tenMinutePointIds,
    oneMinutePointIds,
    allPointIds: points.map((p) => p.id),
  };
}

/**
 * SQL of the No Transmission check (docs/ALERTS.md): which points should be transmitting, which have
 * been silent past 2 × transmission_time + 5 min, and the outages behind mass silence.
 *
 * A point is watched while a device is installed at it (Active, Not Operational, Maintenance or
 * Repaired). It was last heard at the newest arrival of any of its series (series_latest.updated_at,
 * the arrival time, not the measurement time: a device emptying its store after an outage is heard
 * now), or, never heard, since its device last changed. NO_TRANSMISSION is an alert of the whole
 * point (port null); the engine clears it when a value arrives.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const p = sql.param;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The watched points with their silence deadline, as a CTE body (one place for the rule; the
 * devices' transmission status of transmission-status.repository.ts reads it too).
 */
export const watched = sql`
  select p.id as point_id, p.company_id, p.test, d.id as device_id, d.state as device_state,
    coalesce((select max(sl.updated_at) from series_latest sl where sl.point_id = p.id), d.updated_at)
      + make_interval(secs => 2 * p.transmission_time + 300) as deadline
  from measurement_points p
  join devices d on d.measurement_point_id = p.id and d.deleted_at is null
    and d.state in ('Active', 'Not Operational', 'Maintenance', 'Repaired')
  where p.deleted_at is null`;

export interface SilenceCounts {
  companyId: string;
  watched: number;
  silent: number;
  /** Deadlines passed within the recent window: points that went silent together. */
  recent: number;
}

/** Per company: watched points, silent ones, and those whose deadline passed since `recentSince`. */
export async function silenceCounts(tx: Db, now: Date, recentSince: Date): Promise<SilenceCounts[]> {
  const result = await tx.execute(sql`
    with w as (${watched})
    select company_id::text, count(*)::int as watched,
      count(*) filter (where deadline <= ${p(now.toISOString())}::timestamptz)::int as silent,
      count(*) filter (where deadline <= ${p(now.toISOString())}::timestamptz
        and deadline > ${p(recentSince.toISOString())}::timestamptz)::int as recent
    from w where not w.test group by company_id`);
  return rowsOf<{ company_id: string; watched: number; silent: number; recent: number }>(result).map((r) => ({
    companyId: r.company_id,
    watched: r.watched,
    silent: r.silent,
    recent: r.recent,
  }));
}

/** The newest arrival of any measure anywhere (ingestion as a whole), or null before the first. */
export async function lastArrival(tx: Db): Promise<Date | null> {
  const result = await tx.execute(sql`select max(updated_at) as at from series_latest`);
  const at = rowsOf<{ at: string | Date | null }>(result)[0]?.at ?? null;
  return at === null ? null : new Date(at);
}

/** Incidents open now: company id (null = ingestion as a whole) → incident id. */
export async function openIncidents(tx: Db): Promise<Map<string | null, string>> {
  const result = await tx.execute(
    sql`select id::text, company_id::text from incidents where ended_at is null`,
  );
  return new Map(rowsOf<{ id: string; company_id: string | null }>(result).map((r) => [r.company_id, r.id]));
}

export async function startIncident(
  tx: Db,
  companyId: string | null,
  kind: 'ingestion_silent' | 'mass_silence',
  counts: { silent: number; watched: number },
): Promise<string | null> {
  const result = await tx.execute(sql`
    insert into incidents (company_id, kind, silent_points, watched_points)
    values (${p(companyId)}::uuid, ${p(kind)}, ${p(counts.silent)}, ${p(counts.watched)})
    on conflict do nothing returning id::text`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/** Ends an open incident; false when it had ended already (nothing to tell). */
export async function endIncident(tx: Db, id: string): Promise<boolean> {
  const result = await tx.execute(
    sql`update incidents set ended_at = now() where id = ${p(id)}::uuid and ended_at is null returning id`,
  );
  return rowsOf(result).length > 0;
}

/**
 * Opens NO_TRANSMISSION for every watched point past its deadline without one, at the deadline;
 * muted for points in test or devices in maintenance; tied to the outage of its company (or of
 * ingestion as a whole) when one is open. Returns the new alerts.
 */
export async function openSilenceAlerts(
  tx: Db,
  now: Date,
  incidentOf: Map<string | null, string>,
): Promise<Array<{ id: string; pointId: string; companyId: string }>> {
  const companies = [...incidentOf.entries()].filter(([c]) => c !== null);
  const systemIncident = incidentOf.get(null) ?? null;
  const result = await tx.execute(sql`
    with w as (${watched}),
    incident as (
      select * from unnest(${p(companies.map(([c]) => c))}::uuid[], ${p(companies.map(([, i]) => i))}::uuid[])
        as i(company_id, incident_id)
    )
    insert into alerts (company_id, point_id, port, device_id, type, level, opened_at, last_at, muted, incident_id)
    select w.company_id, w.point_id, null, w.device_id, 'NO_TRANSMISSION', 'NO_TRANSMISSION', w.deadline,
      w.deadline, w.test or w.device_state = 'Maintenance',
      coalesce(incident.incident_id, ${p(systemIncident)}::uuid)
    from w left join incident on incident.company_id = w.company_id
    where w.deadline <= ${p(now.toISOString())}::timestamptz
    on conflict (point_id, (coalesce(port, '')), type) where cleared_at is null do nothing
    returning id::text, point_id::text, company_id::text`);
  return rowsOf<{ id: string; point_id: string; company_id: string }>(result).map((r) => ({
    id: r.id,
    pointId: r.point_id,
    companyId: r.company_id,
  }));
}

/** A point no longer watched (its device left) cannot stay silent: its NO_TRANSMISSION clears. */
export async function clearUnwatched(tx: Db): Promise<Array<{ id: string; pointId: string }>> {
  const result = await tx.execute(sql`
    with w as (${watched})
    update alerts a set cleared_at = now(), updated_at = now()
    where a.type = 'NO_TRANSMISSION' and a.cleared_at is null
      and not exists (select 1 from w where w.point_id = a.point_id)
    returning a.id::text, a.point_id::text`);
  return rowsOf<{ id: string; point_id: string }>(result).map((r) => ({ id: r.id, pointId: r.point_id }));
}

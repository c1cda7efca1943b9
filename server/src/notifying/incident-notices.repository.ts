/** SQL of the incident notices: the incident as told, the provider company, and its staff. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Recipient } from './notifying.repository';

const p = sql.param;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface IncidentForNotice {
  id: string;
  kind: 'ingestion_silent' | 'mass_silence';
  /** The company whose points fell silent; null: ingestion as a whole. */
  companyName: string | null;
  silentPoints: number;
  watchedPoints: number;
  startedAt: Date;
  endedAt: Date | null;
}

export async function incidentForNotice(tx: Db, id: string): Promise<IncidentForNotice | undefined> {
  const result = await tx.execute(sql`
    select i.id::text, i.kind, c.business_name, i.silent_points, i.watched_points, i.started_at, i.ended_at
    from incidents i left join companies c on c.id = i.company_id
    where i.id = ${p(id)}::uuid`);
  const r = rowsOf<{
    id: string;
    kind: IncidentForNotice['kind'];
    business_name: string | null;
    silent_points: number;
    watched_points: number;
    started_at: string | Date;
    ended_at: string | Date | null;
  }>(result)[0];
  return (
    r && {
      id: r.id,
      kind: r.kind,
      companyName: r.business_name,
      silentPoints: r.silent_points,
      watchedPoints: r.watched_points,
      startedAt: new Date(r.started_at),
      endedAt: r.ended_at === null ? null : new Date(r.ended_at),
    }
  );
}

/** The monitoring provider's own company (its staff's notifications live there), if any. */
export async function providerCompany(tx: Db): Promise<{ id: string; timeZone: string } | undefined> {
  const result = await tx.execute(sql`
    select id::text, preferred_timezone from companies where is_provider and deleted_at is null
    order by created_at, id limit 1`);
  const r = rowsOf<{ id: string; preferred_timezone: string | null }>(result)[0];
  return r && { id: r.id, timeZone: r.preferred_timezone ?? 'UTC' };
}

/** Provider staff: Active accounts whose Active global profile (no company) holds one of `roles`. */
export async function providerStaff(tx: Db, roles: string[]): Promise<Recipient[]> {
  const result = await tx.execute(sql`
    select u.id::text, u.email, trim(concat_ws(' ', u.name, u.surname)) as name, u.language
    from users u join user_profiles up on up.user_id = u.id
    where up.company_id is null and up.state = 'Active' and up.roles && ${p(roles)}::text[]
      and u.state = 'Active' and u.deleted_at is null
    order by u.id::text`);
  return rowsOf<{ id: string; email: string; name: string; language: string }>(result).map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    language: r.language === 'en' ? 'en' : 'es',
  }));
}

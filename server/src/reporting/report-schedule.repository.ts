/**
 * SQL of the companies' delivery schedules (report_schedules, docs/REPORTS.md "Delivery"): the
 * previous month closed and sent on a chosen day of each month, in the name of who set it.
 */
import { sql } from 'drizzle-orm';
import type { Language } from '@aforo/contracts/constants';
import type { Db } from '../db/client';
import { reportSchedules } from '../db/schema';
import { rowsOf } from '../db/rows';

export interface ScheduleRow {
  companyId: string;
  enabled: boolean;
  day: number;
  recipientIds: string[];
  updatedBy: string | null;
  updatedByName: string | null;
  updatedAt: Date;
}

/** A schedule whose day has come while its previous month is still open. */
export interface DueSchedule {
  companyId: string;
  month: string;
  recipientIds: string[];
  /** Who set it (the close is made in their name and language); null: nobody left to close as. */
  updatedBy: string | null;
  language: Language;
}

export function createReportScheduleRepository(db: Db) {
  return {
    async get(companyId: string): Promise<ScheduleRow | null> {
      const result = await db.execute(sql`
        select s.company_id as "companyId", s.enabled, s.day, s.recipient_ids::text[] as "recipientIds",
          s.updated_by as "updatedBy", s.updated_at as "updatedAt",
          case when u.id is null then null else trim(concat_ws(' ', u.name, u.surname)) end as "updatedByName"
        from report_schedules s left join users u on u.id = s.updated_by
        where s.company_id = ${companyId}`);
      const row = rowsOf<ScheduleRow>(result)[0];
      return row ? { ...row, day: Number(row.day), updatedAt: new Date(row.updatedAt) } : null;
    },

    async upsert(values: {
      companyId: string;
      enabled: boolean;
      day: number;
      recipientIds: string[];
      updatedBy: string;
    }): Promise<void> {
      const set = { ...values, updatedAt: sql`now()` };
      await db
        .insert(reportSchedules)
        .values(set)
        .onConflictDoUpdate({ target: reportSchedules.companyId, set });
    },

    /**
     * Enabled schedules of live companies whose local day of the month at `now` is on or after their
     * day and whose previous month (local) has no closure yet.
     */
    async due(now: Date): Promise<DueSchedule[]> {
      const result = await db.execute(sql`
        select s.company_id as "companyId", prev.month, s.recipient_ids::text[] as "recipientIds",
          u.id as "updatedBy", coalesce(u.language, 'es') as language
        from report_schedules s
          join companies co on co.id = s.company_id and co.deleted_at is null
          cross join lateral (
            select (${now.toISOString()}::timestamptz at time zone co.preferred_timezone)::date as today) t
          cross join lateral (
            select to_char(date_trunc('month', t.today) - interval '1 month', 'YYYY-MM') as month) prev
          left join users u on u.id = s.updated_by and u.deleted_at is null
        where s.enabled and extract(day from t.today) >= s.day
          and not exists (
            select 1 from report_closures c where c.company_id = s.company_id and c.month = prev.month)
        order by s.company_id`);
      return rowsOf<DueSchedule & { language: string }>(result).map((r) => ({
        ...r,
        updatedBy: r.updatedBy ?? null,
        language: r.language === 'en' ? 'en' : 'es',
      }));
    },
  };
}

/**
 * SQL of the month close (docs/REPORTS.md "Month close and revisions"): closed months and their
 * frozen revisions. A revision is written once and never updated: its files stay byte-identical.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reportClosures, reportRevisions, users } from '../db/schema';
import { rowsOf } from '../db/rows';

export type ClosureRow = typeof reportClosures.$inferSelect & { companyName: string; closedByName: string };
export type RevisionRow = typeof reportRevisions.$inferSelect;
export type RevisionMeta = Omit<RevisionRow, 'pdf' | 'xlsx' | 'report'> & {
  createdByName: string | null;
  pdfBytes: number;
  xlsxBytes: number;
  totals: unknown;
};

const fullName = sql<string>`trim(${users.name} || ' ' || coalesce(${users.surname}, ''))`;

export function createMonthCloseRepository(db: Db) {
  return {
    async insertClosure(values: typeof reportClosures.$inferInsert): Promise<string | null> {
      const [row] = await db
        .insert(reportClosures)
        .values(values)
        .onConflictDoNothing({ target: [reportClosures.companyId, reportClosures.month] })
        .returning({ id: reportClosures.id });
      return row?.id ?? null;
    },

    async insertRevision(values: typeof reportRevisions.$inferInsert): Promise<void> {
      await db.insert(reportRevisions).values(values);
    },

    /** Closed months of some companies (all when null), newest month first. */
    async closures(companyIds: string[] | null, month?: string): Promise<ClosureRow[]> {
      const result = await db.execute(sql`
        select c.id, c.company_id as "companyId", c.month, c.closed_by as "closedBy", c.closed_at as "closedAt",
          c.language, c.recipient_ids as "recipientIds", co.business_name as "companyName",
          trim(u.name || ' ' || coalesce(u.surname, '')) as "closedByName"
        from report_closures c join companies co on co.id = c.company_id join users u on u.id = c.closed_by
        where true
          ${companyIds ? sql`and c.company_id = any(${sql.param(companyIds)}::uuid[])` : sql``}
          ${month ? sql`and c.month = ${month}` : sql``}
        order by c.month desc, co.business_name`);
      return rowsOf<ClosureRow>(result).map((r) => ({ ...r, closedAt: new Date(r.closedAt) }));
    },

    async closure(id: string): Promise<ClosureRow | null> {
      const result = await db.execute(sql`
        select c.id, c.company_id as "companyId", c.month, c.closed_by as "closedBy", c.closed_at as "closedAt",
          c.language, c.recipient_ids as "recipientIds", co.business_name as "companyName",
          trim(u.name || ' ' || coalesce(u.surname, '')) as "closedByName"
        from report_closures c join companies co on co.id = c.company_id join users u on u.id = c.closed_by
        where c.id = ${id}`);
      const row = rowsOf<ClosureRow>(result)[0];
      return row ? { ...row, closedAt: new Date(row.closedAt) } : null;
    },

    /** The revisions of some closures without their files, oldest first. */
    async revisionsOf(closureIds: string[]): Promise<RevisionMeta[]> {
      if (closureIds.length === 0) return [];
      const rows = await db
        .select({
          closureId: reportRevisions.closureId,
          n: reportRevisions.n,
          createdAt: reportRevisions.createdAt,
          createdBy: reportRevisions.createdBy,
          createdByName: fullName,
          reason: reportRevisions.reason,
          changes: reportRevisions.changes,
          totals: sql<unknown>`${reportRevisions.report} -> 'totals'`,
          pdfSha256: reportRevisions.pdfSha256,
          xlsxSha256: reportRevisions.xlsxSha256,
          pdfBytes: sql<number>`octet_length(${reportRevisions.pdf})`.mapWith(Number),
          xlsxBytes: sql<number>`octet_length(${reportRevisions.xlsx})`.mapWith(Number),
        })
        .from(reportRevisions)
        .leftJoin(users, eq(users.id, reportRevisions.createdBy))
        .where(inArray(reportRevisions.closureId, closureIds))
        .orderBy(asc(reportRevisions.closureId), asc(reportRevisions.n));
      return rows.map((r) => ({ ...r, createdByName: r.createdBy ? r.createdByName : null }));
    },

    /** One revision with its files; `n` null: the latest. */
    async revision(closureId: string, n: number | null): Promise<RevisionRow | null> {
      const [row] = await db
        .select()
        .from(reportRevisions)
        .where(
          n === null
            ? eq(reportRevisions.closureId, closureId)
            : and(eq(reportRevisions.closureId, closureId), eq(reportRevisions.n, n)),
        )
        .orderBy(desc(reportRevisions.n))
        .limit(1);
      return row ?? null;
    },

    /**
     * The closures whose month has daily summaries computed after their latest revision (or stale
     * ones waiting): the only ones a revision check must rebuild.
     */
    async closuresToCheck(): Promise<ClosureRow[]> {
      const result = await db.execute(sql`
        select c.id, c.company_id as "companyId", c.month, c.closed_by as "closedBy", c.closed_at as "closedAt",
          c.language, c.recipient_ids as "recipientIds", co.business_name as "companyName", '' as "closedByName"
        from report_closures c join companies co on co.id = c.company_id
        cross join lateral (select max(r.created_at) as at from report_revisions r where r.closure_id = c.id) last
        where exists (
            select 1 from daily_summaries ds
            where ds.company_id = c.company_id and ds.main
              and ds.day between (c.month || '-01')::date and ((c.month || '-01')::date + interval '1 month' - interval '1 day')::date
              and ds.computed_at > greatest(last.at, c.checked_at))
          or exists (
            select 1 from daily_summary_stale s join measurement_points p on p.id = s.point_id
            where p.company_id = c.company_id
              and s.day between (c.month || '-01')::date and ((c.month || '-01')::date + interval '1 month' - interval '1 day')::date)
        order by c.month, c.id`);
      return rowsOf<ClosureRow>(result);
    },

    async checked(closureId: string, at: Date): Promise<void> {
      await db.update(reportClosures).set({ checkedAt: at }).where(eq(reportClosures.id, closureId));
    },

    async userNames(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, name: fullName })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
  };
}

export type MonthCloseRepository = ReturnType<typeof createMonthCloseRepository>;

/** SQL of the agreed exclusions and notes (docs/REPORTS.md "Agreed exclusions and notes"). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportExclusions } from '../../db/schema';
import { rowsOf } from '../../db/rows';

export type ExclusionRow = typeof reportExclusions.$inferSelect & {
  pointName: string;
  createdByName: string;
  reviewedByName: string | null;
};

const columns = sql`e.id, e.company_id as "companyId", e.point_id as "pointId", e.kind, e.from_day::text as "fromDay",
  e.to_day::text as "toDay", e.cause, e.comment, e.attachment_ref as "attachmentRef", e.status,
  e.created_by as "createdBy", e.created_at as "createdAt", e.reviewed_by as "reviewedBy",
  e.reviewed_at as "reviewedAt", e.review_comment as "reviewComment", p.name as "pointName",
  trim(cu.name || ' ' || coalesce(cu.surname, '')) as "createdByName",
  case when ru.id is null then null else trim(ru.name || ' ' || coalesce(ru.surname, '')) end as "reviewedByName"`;

const joins = sql`from report_exclusions e join measurement_points p on p.id = e.point_id
  join users cu on cu.id = e.created_by left join users ru on ru.id = e.reviewed_by`;

const dated = (r: ExclusionRow): ExclusionRow => ({
  ...r,
  createdAt: new Date(r.createdAt),
  reviewedAt: r.reviewedAt ? new Date(r.reviewedAt) : null,
});

export function createReportExclusionsRepository(db: Db) {
  return {
    /** A company's exclusions and notes, those touching [from, to] when given; newest first. */
    async list(
      companyId: string,
      filter: { pointId?: string; from?: string; to?: string },
    ): Promise<ExclusionRow[]> {
      const result = await db.execute(sql`
        select ${columns} ${joins}
        where e.company_id = ${companyId}
          ${filter.pointId ? sql`and e.point_id = ${filter.pointId}` : sql``}
          ${filter.to ? sql`and e.from_day <= ${filter.to}::date` : sql``}
          ${filter.from ? sql`and e.to_day >= ${filter.from}::date` : sql``}
        order by e.created_at desc, e.id`);
      return rowsOf<ExclusionRow>(result).map(dated);
    },

    /** One of the company's; null for another company's or none. */
    async findInCompany(companyId: string, id: string): Promise<ExclusionRow | null> {
      const result = await db.execute(
        sql`select ${columns} ${joins} where e.id = ${id} and e.company_id = ${companyId}`,
      );
      const row = rowsOf<ExclusionRow>(result)[0];
      return row ? dated(row) : null;
    },

    async insert(values: typeof reportExclusions.$inferInsert): Promise<string> {
      const [row] = await db.insert(reportExclusions).values(values).returning({ id: reportExclusions.id });
      return row!.id;
    },

    async update(id: string, values: Partial<typeof reportExclusions.$inferInsert>): Promise<void> {
      await db
        .update(reportExclusions)
        .set(values)
        .where(sql`${reportExclusions.id} = ${id}`);
    },
  };
}

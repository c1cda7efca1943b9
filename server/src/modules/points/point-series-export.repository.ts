/** What the chart's export needs beyond the series: the point's name and its company's clock. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, measurementPoints } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';

export function createPointSeriesExportRepository(db: Db) {
  return {
    /** A live point of the scope's company: its name and companies.preferred_timezone. */
    async pointLabel(scope: Scope, id: string): Promise<{ name: string; timeZone: string } | undefined> {
      const [row] = await db
        .select({ name: measurementPoints.name, timeZone: companies.preferredTimezone })
        .from(measurementPoints)
        .innerJoin(companies, eq(companies.id, measurementPoints.companyId))
        .where(
          and(
            eq(measurementPoints.id, id),
            inCompany(scope, measurementPoints.companyId),
            isNull(measurementPoints.deletedAt),
          ),
        );
      return row;
    },
  };
}

/** Which of some point ids a company owns: what a layer or a notification rule may name. */
import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from './client';
import { measurementPoints } from './schema';
import { inCompany, type Scope } from './scope';

/** Of `ids`, the live (not deleted) points of the scope's company. */
export async function livePointIds(db: Db, scope: Scope, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: measurementPoints.id })
    .from(measurementPoints)
    .where(
      and(
        inArray(measurementPoints.id, ids),
        inCompany(scope, measurementPoints.companyId),
        isNull(measurementPoints.deletedAt),
      ),
    );
  return rows.map((r) => r.id);
}

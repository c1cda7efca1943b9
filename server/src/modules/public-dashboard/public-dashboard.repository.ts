/** SQL of the public dashboard: a company by its slug and the candidates among its points. */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, measurementPoints } from '../../db/schema';

/** More points than a public page can show; the access function narrows these to the public ones. */
const maxCandidates = 5000;

export interface PublicCompanyRow {
  id: string;
  businessName: string;
  slug: string;
}

export interface PublicPointRow {
  id: string;
  name: string;
  kind: string;
  latitude: number;
  longitude: number;
  unit: string;
}

export function createPublicDashboardRepository(db: Db) {
  return {
    /** A live company by its slug. */
    async companyBySlug(slug: string): Promise<PublicCompanyRow | undefined> {
      const [row] = await db
        .select({ id: companies.id, businessName: companies.businessName, slug: companies.slug })
        .from(companies)
        .where(and(eq(companies.slug, slug), isNull(companies.deletedAt)));
      return row;
    },

    /** The company's live points by name, only the columns a visitor may see. */
    async companyPoints(companyId: string): Promise<PublicPointRow[]> {
      return db
        .select({
          id: measurementPoints.id,
          name: measurementPoints.name,
          kind: measurementPoints.kind,
          latitude: measurementPoints.latitude,
          longitude: measurementPoints.longitude,
          unit: measurementPoints.unit,
        })
        .from(measurementPoints)
        .where(and(eq(measurementPoints.companyId, companyId), isNull(measurementPoints.deletedAt)))
        .orderBy(asc(measurementPoints.name), asc(measurementPoints.id))
        .limit(maxCandidates);
    },
  };
}
export type PublicDashboardRepository = ReturnType<typeof createPublicDashboardRepository>;

/** Whether a point or a device may be read by the caller: the checks the telemetry reads share. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, measurementPoints } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';

export function createTelemetrySubjectsRepository(db: Db) {
  return {
    /** The point, when it belongs to the current company (deleted ones too: their history stays). */
    async pointInCompany(scope: Scope, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: measurementPoints.id })
        .from(measurementPoints)
        .where(and(eq(measurementPoints.id, id), inCompany(scope, measurementPoints.companyId)));
      return row !== undefined;
    },

    async deviceInCompany(scope: Scope, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.id, id), inCompany(scope, devices.companyId)));
      return row !== undefined;
    },

    /** Provider staff reach every device, stock without company included. */
    async deviceAcrossCompanies(id: string): Promise<boolean> {
      const [row] = await db.select({ id: devices.id }).from(devices).where(eq(devices.id, id));
      return row !== undefined;
    },
  };
}

/**
 * The point or device a telemetry read names (measures, events) must be visible to the caller:
 * asked of the one access function (404 POM1000 / EQ1000 otherwise).
 */
import { createAccess } from '../../core/access';
import type { RequestContext } from '../../core/request-context';
import type { Db } from '../../db/client';

export function createTelemetrySubjects(db: Db) {
  const access = createAccess(db);
  return async function assertVisible(
    ctx: RequestContext,
    subjects: { pointId?: string; deviceId?: string },
  ): Promise<void> {
    if (subjects.pointId) await access.assertPoint(ctx.caller, subjects.pointId);
    if (subjects.deviceId) await access.assertDevice(ctx.caller, subjects.deviceId);
  };
}

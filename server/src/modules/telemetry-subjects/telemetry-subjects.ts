/**
 * The point or device a telemetry read names (measures, events) must be visible to the caller, as in
 * the points and devices modules: a point of the current company, for provider staff too (404
 * POM1000); a device of the current company, except for provider staff who reach every device (404
 * EQ1000).
 */
import type { Db } from '../../db/client';
import { NotFoundError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { createTelemetrySubjectsRepository } from './telemetry-subjects.repository';

export function createTelemetrySubjects(db: Db) {
  const repo = createTelemetrySubjectsRepository(db);
  return async function assertVisible(
    ctx: RequestContext,
    subjects: { pointId?: string; deviceId?: string },
  ): Promise<void> {
    if (subjects.pointId && !(await repo.pointInCompany(ctx, subjects.pointId)))
      throw new NotFoundError('POM1000');
    if (subjects.deviceId) {
      const visible = ctx.isGlobal
        ? await repo.deviceAcrossCompanies(subjects.deviceId)
        : await repo.deviceInCompany(ctx, subjects.deviceId);
      if (!visible) throw new NotFoundError('EQ1000');
    }
  };
}

/**
 * Measures of one point or one device over a time range (issue 5, Technical Operation → measures).
 * Scope follows the points and devices modules: a point must belong to the current company, for
 * provider staff too (POM1000); a device must belong to the current company, except for provider
 * staff who reach every device (EQ1000). Company users reading by device see only the measures
 * taken at their company's points: a device that moved between companies keeps its past private.
 */
import {
  defaultMeasureRangeHours,
  maxAggregatedExportRangeSeconds,
  type MeasureExportQuery,
  type MeasureList,
  type MeasureListQuery,
} from '@aforo/contracts/measures';
import type { Frequency } from '@aforo/contracts/common/frequency';
import { assertCan } from '../../core/access';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { createTelemetrySubjects } from '../telemetry-subjects/telemetry-subjects';
import { toMeasure } from './measures.mapper';
import { createMeasuresRepository, type MeasureFilter } from './measures.repository';
import type { Deps } from '../../deps';

const hour = 3_600_000;

/** Without to: now; without from: 24 hours before to. */
export function measureRange(query: Pick<MeasureListQuery, 'from' | 'to'>, now = new Date()) {
  const to = query.to ?? now;
  const from = query.from ?? new Date(to.getTime() - defaultMeasureRangeHours * hour);
  return { from, to };
}

export function createMeasuresService({ db, reads }: Deps) {
  const repo = createMeasuresRepository(db);
  // the exports' rows where the heavy reads go (a read replica may lag); the list and checks on the primary
  const exportRepo = createMeasuresRepository(reads.db);
  const assertVisible = createTelemetrySubjects(db);

  /** The checks of list and export, and the filter they read. */
  async function filterOf(
    ctx: RequestContext,
    query: Omit<MeasureListQuery, 'page' | 'length' | 'order' | 'dir'>,
  ): Promise<MeasureFilter> {
    assertCan(ctx, 'monitoring.read');
    if (!query.pointId && !query.deviceId) throw new AppError('ME1002');
    const { from, to } = measureRange(query);
    if (from.getTime() >= to.getTime()) throw new AppError('ME1001');
    await assertVisible(ctx, query);
    return {
      pointId: query.pointId,
      deviceId: query.deviceId,
      from,
      to,
      port: query.port,
      flag: query.flag,
      // by point the point check already confined the rows to the company
      onlyPointsOf: !ctx.isGlobal && !query.pointId ? ctx : undefined,
    };
  }

  return {
    async list(ctx: RequestContext, query: MeasureListQuery): Promise<MeasureList> {
      const filter = await filterOf(ctx, query);
      const { rows, total } = await repo.list(filter, query);
      const range = { from: filter.from.toISOString(), to: filter.to.toISOString() };
      return { rows: rows.map(toMeasure), total, ...range };
    },

    /**
     * Every measure of the filters, in batches, and the current company's time zone the file writes
     * times in; checked before the first row is read.
     */
    async export(ctx: RequestContext, query: MeasureExportQuery) {
      const filter = await filterOf(ctx, query);
      const { timeZone } = await repo.localClock(ctx.companyId, filter.from, filter.to);
      return { timeZone, batches: exportRepo.export(filter, query.dir) };
    },

    /**
     * The filters' measures in buckets of `frequency` on the current company's clock (the one the
     * web shows every date on), at most a year of them; checked before the first row is read.
     */
    async exportBuckets(ctx: RequestContext, query: MeasureExportQuery & { frequency: Frequency }) {
      const filter = await filterOf(ctx, query);
      const rangeSeconds = (filter.to.getTime() - filter.from.getTime()) / 1000;
      if (rangeSeconds > maxAggregatedExportRangeSeconds) throw new AppError('DR1000');
      const clock = await repo.localClock(ctx.companyId, filter.from, filter.to);
      return {
        timeZone: clock.timeZone,
        batches: exportRepo.exportBuckets(filter, query.frequency, clock, query.dir),
      };
    },
  };
}
export type MeasuresService = ReturnType<typeof createMeasuresService>;

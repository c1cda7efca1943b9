/**
 * The external read API (docs/API.md "External API"): what a company's systems read with an API
 * token, in SensorThings shapes. Every read goes through the caller's access condition (its company,
 * its layers); charts and daily summaries reuse the engines the screens use.
 */
import { fieldMessage } from '@aforo/contracts/errors';
import type { DailySummariesQuery } from '@aforo/contracts/daily-summaries';
import type { z } from 'zod';
import type { observationQuerySchema, thingQuerySchema, v1AlertQuerySchema } from '@aforo/contracts/api-v1';
import { maxLatestValues } from '@aforo/contracts/latest-values';
import { assertCan } from '../../core/access';
import { AppError, NotFoundError, ValidationError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import type { Deps } from '../../deps';
import { createDailySummaryEngine } from '../../reporting/daily-summaries';
import { assertRange } from '../../reporting/report-range';
import { toDailySummary } from '../daily-summaries/daily-summaries.mapper';
import { createReportsRepository } from '../../reporting/reports.repository';
import { createPointSeriesService } from '../points/point-series.service';
import {
  decodeCursor,
  encodeCursor,
  toBucketObservation,
  toObservation,
  toThing,
  toV1Alert,
} from './api-v1.mapper';
import { createApiV1Repository } from './api-v1.repository';

type ThingQuery = z.output<typeof thingQuerySchema>;
type ObservationQuery = z.output<typeof observationQuerySchema>;
type AlertQuery = z.output<typeof v1AlertQuerySchema>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function badCursor(ctx: RequestContext): never {
  throw new ValidationError({ cursor: fieldMessage('invalid', ctx.lang) });
}

/** The next page's link: the same path and query with the cursor after the last row. */
function nextLink(path: string, query: Record<string, unknown>, cursor: string | null): string | null {
  if (!cursor) return null;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && k !== 'cursor') params.set(k, v instanceof Date ? v.toISOString() : String(v));
  params.set('cursor', cursor);
  return `${path}?${params.toString()}`;
}

export function createApiV1Service(deps: Pick<Deps, 'db' | 'reads'>) {
  const { db } = deps;
  const repo = createApiV1Repository(db);
  const series = createPointSeriesService(deps);
  const engine = createDailySummaryEngine(db);
  const reports = createReportsRepository(db);

  async function readablePoint(ctx: RequestContext, pointId: string) {
    if (!(await repo.canRead(ctx.caller, pointId))) throw new NotFoundError('POM1000');
  }

  return {
    async things(ctx: RequestContext, query: ThingQuery) {
      assertCan(ctx, 'monitoring.read');
      const after = decodeCursor(query.cursor);
      if (after && !uuidPattern.test(after[0] ?? '')) badCursor(ctx);
      const rows = await repo.things(ctx.caller, after?.[0] ?? null, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const more = rows.length > query.limit ? encodeCursor([page.at(-1)!.id]) : null;
      return { value: page.map(toThing), '@iot.nextLink': nextLink('/api/v1/points', query, more) };
    },

    async latest(ctx: RequestContext) {
      assertCan(ctx, 'monitoring.read');
      const rows = await repo.latest(ctx.caller, maxLatestValues);
      return { value: rows.map((r) => ({ ...toObservation(r), Thing: { '@iot.id': r.pointId } })) };
    },

    async observations(ctx: RequestContext, pointId: string, query: ObservationQuery) {
      assertCan(ctx, 'monitoring.read');
      await readablePoint(ctx, pointId);
      if (query.from.getTime() >= query.to.getTime()) throw new AppError('ME1001');
      if (query.buckets !== undefined) {
        // the chart's own engine: rollups for whole-hour buckets, the same gaps and flags
        const chart = await series.get(ctx, pointId, {
          from: query.from,
          to: query.to,
          buckets: query.buckets,
          port: query.port,
        });
        const port = chart.port;
        const value =
          port === null
            ? []
            : chart.points
                .filter((p) => p.count > 0)
                .map((p) =>
                  chart.raw
                    ? toObservation({ pointId, port, ts: new Date(p.ts), value: p.value, flag: p.flag ?? 2 })
                    : toBucketObservation(pointId, port, p, chart.bucketSeconds),
                );
        return { value, '@iot.nextLink': null };
      }
      const port =
        query.port ?? (await series.get(ctx, pointId, { from: query.from, to: query.to, buckets: 10 })).port;
      if (port === null) return { value: [], '@iot.nextLink': null };
      const after = decodeCursor(query.cursor);
      const afterTs = after ? new Date(after[0] ?? '') : null;
      if (afterTs && Number.isNaN(afterTs.getTime())) badCursor(ctx);
      const rows = await repo.observations(
        { pointId, port, from: query.from, to: query.to },
        afterTs,
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      const more = rows.length > query.limit ? encodeCursor([page.at(-1)!.ts.toISOString()]) : null;
      return {
        value: page.map(toObservation),
        '@iot.nextLink': nextLink(`/api/v1/points/${pointId}/observations`, { ...query, port }, more),
      };
    },

    async alerts(ctx: RequestContext, query: AlertQuery) {
      assertCan(ctx, 'monitoring.read');
      const after = decodeCursor(query.cursor);
      const cursor = after ? { openedAt: new Date(after[0] ?? ''), id: after[1] ?? '' } : null;
      if (cursor && (Number.isNaN(cursor.openedAt.getTime()) || !uuidPattern.test(cursor.id))) badCursor(ctx);
      const rows = await repo.alerts(ctx.caller, { from: query.from, to: query.to }, cursor, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const more =
        rows.length > query.limit && last ? encodeCursor([last.openedAt.toISOString(), last.id]) : null;
      return { value: page.map(toV1Alert), '@iot.nextLink': nextLink('/api/v1/alerts', query, more) };
    },

    /** The daily summaries of one point (docs/REPORTS.md), made current first like every read. */
    async dailySummaries(ctx: RequestContext, query: DailySummariesQuery) {
      assertCan(ctx, 'monitoring.read');
      assertRange(query.from, query.to);
      await readablePoint(ctx, query.pointId);
      const company = await reports.companyOfPoint(query.pointId);
      if (!company) throw new NotFoundError('POM1000');
      await engine.ensure(company.id, company.timeZone, query.from, query.to);
      const rows = await reports.pointSummaries(query.pointId, query.from, query.to);
      return { rows: rows.map(toDailySummary) };
    },
  };
}
export type ApiV1Service = ReturnType<typeof createApiV1Service>;

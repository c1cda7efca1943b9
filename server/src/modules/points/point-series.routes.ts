import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { pointSeriesQuerySchema, pointSeriesSchema } from '@aforo/contracts/point-series';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { PointSeriesService } from './point-series.service';

// same route group as the other point reads; the service checks monitoring.read
const config = { access: 'general' as const };

export function pointSeriesRoutes(series: PointSeriesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/points/:id/series',
      {
        config,
        schema: {
          tags: ['points'],
          summary: 'Chart series of a port: raw measures, or min/max/avg per bucket when there are more',
          params: idParamsSchema,
          querystring: pointSeriesQuerySchema,
          response: { 200: pointSeriesSchema, ...authErrorResponses },
        },
      },
      async (request) => series.get(contextOf(request), request.params.id, request.query),
    );
  };
}

/**
 * GET /metrics: this process's metrics in Prometheus text (observability/metrics.ts), for a
 * Prometheus that presents METRICS_TOKEN or connects straight from an internal address
 * (observability/metrics-access.ts); anyone else gets 401 OP1000. Outside /api: no session involved.
 */
import type { FastifyPluginAsync } from 'fastify';
import { errorMessage } from '@aforo/contracts/errors';
import { languageOf } from '../../http/language';
import { mayReadMetrics, type MetricsAccess } from '../../observability/metrics-access';
import { collectProcessMetrics, metricsText } from '../../observability/metrics';

export function metricsRoutes(access: MetricsAccess): FastifyPluginAsync {
  collectProcessMetrics();
  return async (app) => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!mayReadMetrics(access, { peer: request.socket.remoteAddress, headers: request.headers }))
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ code: 'OP1000', message: errorMessage('OP1000', languageOf(request)) });
      const { contentType, text } = await metricsText();
      return reply.header('cache-control', 'no-store').type(contentType).send(text);
    });
  };
}

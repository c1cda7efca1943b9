/**
 * HTTP latency for GET /metrics (observability/metrics.ts): every answer observed by method, the
 * pattern of the route that answered (`/api/points/:id`, never the URL) and status class. Requests
 * no route matched share the label `unmatched`, so made-up paths cannot multiply the series.
 */
import type { FastifyInstance } from 'fastify';
import { httpMetrics } from '../observability/metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An answer that lasts as long as its connection (the live stream): not an HTTP latency. */
    longLived?: boolean;
  }
}

export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (request.routeOptions.config.longLived !== true)
      httpMetrics.answer(
        request.method,
        request.is404 ? undefined : request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    done();
  });
}

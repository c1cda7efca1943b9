import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@aforo/contracts/health';

/** For load balancers: 200 when the database answers, 503 otherwise. */
export function healthRoutes(ping: () => Promise<boolean>, version: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: { tags: ['operations'], response: { 200: healthResponseSchema, 503: healthResponseSchema } },
      },
      async (_request, reply) => {
        const up = await ping();
        return reply
          .status(up ? 200 : 503)
          .send({ status: up ? 'ok' : 'error', database: up ? 'up' : 'down', version });
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, type HealthResponse } from '@aforo/contracts/health';

export interface HealthParts {
  ping: () => Promise<boolean>;
  version: string;
  /** The LISTEN connection to the other processes (PostgreSQL). */
  events?: () => boolean;
  /** This process's connection to the external MQTT broker. */
  broker?: () => boolean;
}

const state = (up: boolean) => (up ? 'up' : 'down');

/**
 * For load balancers and operators: 503 when the database is away (nothing can be served), 200
 * otherwise; `degraded` names a part that is down while the node still answers — a load balancer
 * keeps it, an operator's monitoring sees which part to look at.
 */
export function healthRoutes(parts: HealthParts): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: { tags: ['operations'], response: { 200: healthResponseSchema, 503: healthResponseSchema } },
      },
      async (_request, reply) => {
        const database = await parts.ping();
        const answer: HealthResponse = {
          status: 'ok',
          database: state(database),
          ...(parts.events ? { events: state(parts.events()) } : {}),
          ...(parts.broker ? { broker: state(parts.broker()) } : {}),
          version: parts.version,
        };
        if (!database) answer.status = 'error';
        else if (answer.events === 'down' || answer.broker === 'down') answer.status = 'degraded';
        return reply.status(database ? 200 : 503).send(answer);
      },
    );
  };
}

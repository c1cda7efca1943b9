import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventListQuerySchema, eventListSchema } from '@aforo/contracts/events';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { EventsService } from './events.service';

const tags = ['events'];
// events are a Technical Operation screen (spec §6: the general group); the service checks
// monitoring.read and scopes by the device's company
const read = { access: 'general' as const };

export function eventsRoutes(events: EventsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/events',
      {
        config: read,
        schema: {
          tags,
          summary: 'Device events (ERROR, RESTART, SYSTEM) of the current company',
          querystring: eventListQuerySchema,
          response: { 200: eventListSchema, ...authErrorResponses },
        },
      },
      async (request) => events.list(contextOf(request), request.query),
    );
  };
}

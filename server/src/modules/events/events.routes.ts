import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventExportQuerySchema, eventListQuerySchema, eventListSchema } from '@aforo/contracts/events';
import { csvExportResponse, sendCsv } from '../../http/csv-reply';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import { eventCsvHeader, toEventCsv } from './events.mapper';
import type { EventsService } from './events.service';

const tags = ['events'];
// events are a Technical Operation screen (docs/ROLES.md: the general group); the service checks
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
    app.get(
      '/api/events/export',
      {
        config: read,
        schema: {
          tags,
          summary: 'Every event of the list filters as CSV, streamed (the list pages at most 1000 rows)',
          querystring: eventExportQuerySchema,
          response: { 200: csvExportResponse, ...authErrorResponses },
        },
      },
      async (request, reply) => {
        const batches = await events.export(contextOf(request), request.query);
        return sendCsv(reply, {
          filename: 'events.csv',
          header: eventCsvHeader,
          cells: toEventCsv,
          batches,
          separator: request.query.separator,
        });
      },
    );
  };
}

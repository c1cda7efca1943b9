import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapPayloadSchema, mapQuerySchema } from '@aforo/contracts/map';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { MapService } from './map.service';

// the dashboard's map: any signed-in user; the service checks dashboard.read
const config = { access: 'signedIn' as const };

export function mapRoutes(map: MapService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/map/points',
      {
        config,
        schema: {
          tags: ['map'],
          summary:
            'Every live point of the current company (provider staff: of every company with scope=all) with its worst level, the layers and the tile URL',
          querystring: mapQuerySchema,
          response: { 200: mapPayloadSchema, ...authErrorResponses },
        },
      },
      async (request) => map.payload(contextOf(request), request.query),
    );
  };
}

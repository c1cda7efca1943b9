import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceImportResultSchema, deviceImportSchema } from '@aforo/contracts/devices';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { DeviceImportService } from './device-import.service';

export function deviceImportRoutes(imports: DeviceImportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/devices/import',
      {
        config: { access: 'catalogue' },
        // a few thousand rows of CSV inside JSON
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          tags: ['devices'],
          summary: 'Bulk import from CSV: dryRun checks every row; a real run imports all rows or none',
          body: deviceImportSchema,
          response: { 200: deviceImportResultSchema, ...authErrorResponses },
        },
      },
      async (request) => imports.run(contextOf(request), request.body),
    );
  };
}

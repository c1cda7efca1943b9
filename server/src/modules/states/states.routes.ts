/** Fixed lists for selectors: device states (docs/DEVICES.md) and operation modes; the product defines them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceStates, namedListSchema, operationModes } from '@aforo/contracts/device-states';
import { authErrorResponses } from '../../http/responses';

const namedList = (names: readonly string[]) => ({
  rows: names.map((name) => ({ id: name, name })),
  total: names.length,
});

export function statesRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/states',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['devices'],
          summary: 'The device states',
          response: { 200: namedListSchema, ...authErrorResponses },
        },
      },
      async () => namedList(deviceStates),
    );
    app.get(
      '/api/operation-modes',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['devices'],
          summary: 'The operation modes of a port',
          response: { 200: namedListSchema, ...authErrorResponses },
        },
      },
      async () => namedList(operationModes),
    );
  };
}

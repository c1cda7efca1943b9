import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { mailListQuerySchema, mailListSchema, mailSchema } from '@aforo/contracts/mail-outbox';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { MailOutboxService } from './mail-outbox.service';

export function mailOutboxRoutes(outbox: MailOutboxService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/mail-outbox',
      {
        config: { access: 'system' },
        schema: {
          tags: ['mail'],
          querystring: mailListQuerySchema,
          response: { 200: mailListSchema, ...authErrorResponses },
        },
      },
      async (request) => outbox.list(contextOf(request), request.query),
    );
    app.get(
      '/api/mail-outbox/:id',
      {
        config: { access: 'system' },
        schema: {
          tags: ['mail'],
          params: idParamsSchema,
          response: { 200: mailSchema, ...authErrorResponses },
        },
      },
      async (request) => outbox.get(contextOf(request), request.params.id),
    );
  };
}

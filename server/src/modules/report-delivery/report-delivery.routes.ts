import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import {
  reportDeliveryListSchema,
  reportScheduleBodySchema,
  reportScheduleQuerySchema,
  reportScheduleSchema,
} from '@aforo/contracts/report-delivery';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { ReportDeliveryService } from './report-delivery.service';

const tags = ['reports'];
// reports are a supervision screen (docs/ROLES.md: ADMIN, CHIEF, VIEWER); the service checks the right
const config = { access: 'supervision' as const };

export function reportDeliveryRoutes(delivery: ReportDeliveryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/reports/closures/:id/deliveries',
      {
        config,
        schema: {
          tags,
          summary:
            "A closed month's mails per revision and recipient with the mail worker's status (outbox, sent, " +
            'failed), attempts and, for notifications.manage or outbox.read holders, the last error',
          params: idParamsSchema,
          response: { 200: reportDeliveryListSchema, ...authErrorResponses },
        },
      },
      async (request) => delivery.deliveries(contextOf(request), request.params.id),
    );
    app.get(
      '/api/reports/schedule',
      {
        config,
        schema: {
          tags,
          summary:
            "A company's delivery schedule (the current one; provider staff any): not set reads as disabled",
          querystring: reportScheduleQuerySchema,
          response: { 200: reportScheduleSchema, ...authErrorResponses },
        },
      },
      async (request) => delivery.schedule(contextOf(request), request.query),
    );
    app.put(
      '/api/reports/schedule',
      {
        config,
        schema: {
          tags,
          summary:
            'Set the delivery schedule (ADMIN, CHIEF): on `day` (1–28) the previous month is closed in your ' +
            'name and mailed to the recipients; RP1007 for a recipient outside the company and provider staff',
          body: reportScheduleBodySchema,
          response: { 200: reportScheduleSchema, ...authErrorResponses },
        },
      },
      async (request) => delivery.setSchedule(contextOf(request), request.body),
    );
  };
}

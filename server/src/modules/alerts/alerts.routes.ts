import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import {
  alertAcknowledgeSchema,
  alertBulkAcknowledgeSchema,
  alertBulkResultSchema,
  alertBulkShelveSchema,
  alertDetailSchema,
  alertListQuerySchema,
  alertListSchema,
  alertSchema,
  alertScopeQuerySchema,
  alertShelveSchema,
} from '@aforo/contracts/alerts';
import { contextOf } from '../../http/request-context';
import { authErrorResponses } from '../../http/responses';
import type { AlertsService } from './alerts.service';

const tags = ['alerts'];
// Technical Operation → alerts (docs/ROLES.md general group); the service checks the finer rights
const config = { access: 'general' as const };
const errors = { ...authErrorResponses, 409: apiErrorSchema };

export function alertsRoutes(alerts: AlertsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/alerts',
      {
        config,
        schema: {
          tags,
          summary:
            'Alerts of the current company, filtered (newest first by default); provider staff: scope=all for every company (companyId: one)',
          querystring: alertListQuerySchema,
          response: { 200: alertListSchema, ...errors },
        },
      },
      async (request) => alerts.list(contextOf(request), request.query),
    );
    app.get(
      '/api/alerts/:id',
      {
        config,
        schema: {
          tags,
          summary:
            'One alert with its timeline and the notifications sent for it (scope=all: any company, provider staff)',
          params: idParamsSchema,
          querystring: alertScopeQuerySchema,
          response: { 200: alertDetailSchema, ...errors },
        },
      },
      async (request) => alerts.detail(contextOf(request), request.params.id, request.query),
    );
    app.post(
      '/api/alerts/:id/acknowledge',
      {
        config,
        schema: {
          tags,
          summary: 'Acknowledge an alert, with an optional comment (409 AL1001 when already acknowledged)',
          params: idParamsSchema,
          querystring: alertScopeQuerySchema,
          body: alertAcknowledgeSchema,
          response: { 200: alertSchema, ...errors },
        },
      },
      async (request) =>
        alerts.acknowledge(contextOf(request), request.params.id, request.body, request.query),
    );
    app.post(
      '/api/alerts/:id/shelve',
      {
        config,
        schema: {
          tags,
          summary:
            'Shelve an active alert until a time (at most 30 days) with a reason: no notifications meanwhile',
          params: idParamsSchema,
          querystring: alertScopeQuerySchema,
          body: alertShelveSchema,
          response: { 200: alertSchema, ...errors },
        },
      },
      async (request) => alerts.shelve(contextOf(request), request.params.id, request.body, request.query),
    );
    app.post(
      '/api/alerts/:id/unshelve',
      {
        config,
        schema: {
          tags,
          summary: 'End a shelving early',
          params: idParamsSchema,
          querystring: alertScopeQuerySchema,
          response: { 200: alertSchema, ...errors },
        },
      },
      async (request) => alerts.unshelve(contextOf(request), request.params.id, request.query),
    );
    app.post(
      '/api/alerts/acknowledge',
      {
        config,
        schema: {
          tags,
          summary: 'Acknowledge many alerts (already acknowledged or unknown ones are skipped)',
          querystring: alertScopeQuerySchema,
          body: alertBulkAcknowledgeSchema,
          response: { 200: alertBulkResultSchema, ...errors },
        },
      },
      async (request) => alerts.acknowledgeMany(contextOf(request), request.body, request.query),
    );
    app.post(
      '/api/alerts/shelve',
      {
        config,
        schema: {
          tags,
          summary: 'Shelve many alerts (cleared or unknown ones are skipped)',
          querystring: alertScopeQuerySchema,
          body: alertBulkShelveSchema,
          response: { 200: alertBulkResultSchema, ...errors },
        },
      },
      async (request) => alerts.shelveMany(contextOf(request), request.body, request.query),
    );
  };
}

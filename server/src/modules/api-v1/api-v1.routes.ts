/**
 * /api/v1: the external read API (docs/API.md "External API"). Every route has access `apiToken`:
 * only an API token opens it (auth/api-token-auth.ts counts the call), never a session; and a token
 * opens nothing else. Read-only by construction: GET routes only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  latestPageSchema,
  observationPageSchema,
  observationQuerySchema,
  thingPageSchema,
  thingQuerySchema,
  v1AlertPageSchema,
  v1AlertQuerySchema,
  v1DailySummariesSchema,
  v1DailySummaryQuerySchema,
} from '@aforo/contracts/api-v1';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import { idParamsSchema } from '@aforo/contracts/common/ids';
import { contextOf } from '../../http/request-context';
import type { ApiV1Service } from './api-v1.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const tags = ['external API (v1)'];
const config = { access: 'apiToken' as const };
const security = [{ apiToken: [] }];

export function apiV1Routes(v1: ApiV1Service): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/points',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            "The token's points as SensorThings Things, with Locations and Datastreams (paged by cursor)",
          querystring: thingQuerySchema,
          response: { 200: thingPageSchema, ...errors },
        },
      },
      async (request) => v1.things(contextOf(request), request.query),
    );
    app.get(
      '/api/v1/latest',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'The latest Observation of every Datastream of the token’s points',
          response: { 200: latestPageSchema, ...errors },
        },
      },
      async (request) => v1.latest(contextOf(request)),
    );
    app.get(
      '/api/v1/points/:id/observations',
      {
        config,
        schema: {
          tags,
          security,
          summary:
            'Observations of a Datastream in [from, to): raw and paged by cursor, or downsampled with buckets=N',
          params: idParamsSchema,
          querystring: observationQuerySchema,
          response: { 200: observationPageSchema, ...errors },
        },
      },
      async (request) => v1.observations(contextOf(request), request.params.id, request.query),
    );
    app.get(
      '/api/v1/alerts',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Alerts of the token’s points opened in the range, newest first (paged by cursor)',
          querystring: v1AlertQuerySchema,
          response: { 200: v1AlertPageSchema, ...errors },
        },
      },
      async (request) => v1.alerts(contextOf(request), request.query),
    );
    app.get(
      '/api/v1/daily-summaries',
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Daily summaries of a point (counts, min/max/mean, class, exclusions)',
          querystring: v1DailySummaryQuerySchema,
          response: { 200: v1DailySummariesSchema, ...errors },
        },
      },
      async (request) => v1.dailySummaries(contextOf(request), request.query),
    );
  };
}

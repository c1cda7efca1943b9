import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@aforo/contracts/common/api-error';
import {
  publicDashboardCacheSeconds,
  publicDashboardParamsSchema,
  publicDashboardSchema,
  publicPointParamsSchema,
  publicSeriesQuerySchema,
  publicSeriesSchema,
} from '@aforo/contracts/public-dashboard';
import { RateLimitedError } from '../../core/errors';
import { languageOf } from '../../http/language';
import { isPublicPageRequest } from '../../http/web-page';
import { addressKey, RateLimiter, retryAfterSeconds } from '../../lib/rate-limiter';
import type { PublicDashboardService } from './public-dashboard.service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const tags = ['public'];
const cacheControl = `public, max-age=${publicDashboardCacheSeconds}`;
// the page shares these addresses (http/web-page.ts): a shared cache keys on Accept too
const cacheHeaders = { 'cache-control': cacheControl, vary: 'accept' };
// the dashboard's texts are in the asked language: a cache (the browser's first) keeps one per language,
// or an English reader would be served the Spanish answer for a minute after switching
const textCacheHeaders = { ...cacheHeaders, vary: 'accept, accept-language' };

/** GET /public/dashboard/{slug}[/points/{id}/series]: no sign-in, limited per client address. */
export function publicDashboardRoutes(
  dashboards: PublicDashboardService,
  perIpPerMinute = 120,
): FastifyPluginAsyncZod {
  return async (app) => {
    const byIp = new RateLimiter(perIpPerMinute, 60_000);
    app.addHook('onRequest', async (request, reply) => {
      // a browser opening /public/dashboard/{slug} wants the page: the web app answers it
      if (isPublicPageRequest(request)) {
        reply.callNotFound();
        return reply;
      }
      const address = addressKey(request.ip);
      if (!byIp.hit(address)) throw new RateLimitedError(retryAfterSeconds(byIp.retryAfterMs(address)));
    });

    app.get(
      '/public/dashboard/:slug',
      {
        schema: {
          tags,
          summary: "A company's public points with their river-level widgets and the datum explained",
          security: [],
          params: publicDashboardParamsSchema,
          response: { 200: publicDashboardSchema, ...errors },
        },
      },
      async (request, reply) => {
        const dashboard = await dashboards.dashboard(request.params.slug, languageOf(request));
        return reply.headers(textCacheHeaders).send(dashboard);
      },
    );
    app.get(
      '/public/dashboard/:slug/points/:id/series',
      {
        schema: {
          tags,
          summary: 'The last 7 days of a public point, downsampled (PD1000 for any point not shown)',
          security: [],
          params: publicPointParamsSchema,
          querystring: publicSeriesQuerySchema,
          response: { 200: publicSeriesSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { slug, id } = request.params;
        const series = await dashboards.series(slug, id, request.query.range);
        return reply.headers(cacheHeaders).send(series);
      },
    );
  };
}
